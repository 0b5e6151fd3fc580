/* render.c -- render the {card} marks of variant text (events, views) for the
 * terminal. See render.h. */
#include "render.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "card.h"

#define RED "\033[31m"
#define RESET "\033[0m"
#define MAX_MARK 16 /* longest text between braces worth trying to parse */

int fuda_render_style_for(FILE *f) {
    const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");
    if (nc && *nc) return FUDA_RENDER_PLAIN;
    if (!isatty(fileno(f))) return FUDA_RENDER_PLAIN;
    return term && strcmp(term, "dumb") == 0 ? FUDA_RENDER_UNICODE : FUDA_RENDER_COLOR;
}

/* Append card c in style to b. */
static void add_card(fuda_buf *b, fuda_card c, int style) {
    if (style == FUDA_RENDER_PLAIN || fuda_card_is_joker(c)) {
        char name[8];
        fuda_card_name(c, name);
        fuda_buf_adds(b, name);
        return;
    }
    int suit = fuda_card_suit(c);
    int red = style == FUDA_RENDER_COLOR && fuda_suit_red(suit);
    if (red) fuda_buf_adds(b, RED);
    fuda_buf_adds(b, fuda_rank_name(fuda_card_rank(c)));
    fuda_buf_adds(b, fuda_suit_symbol(suit));
    if (red) fuda_buf_adds(b, RESET);
}

/* The suit a one-letter mark names ("{h}": hearts), or -1. */
static int suit_mark(const char *s, size_t len) {
    static const char letters[] = "shdc"; /* in suit order (card.h) */
    if (len != 1) return -1;
    const char *p = strchr(letters, s[0] >= 'A' && s[0] <= 'Z' ? s[0] - 'A' + 'a' : s[0]);
    return p && *p ? (int)(p - letters) : -1;
}

/* Append suit in style to b: its letter, or its symbol (red for hearts and
 * diamonds in colour). */
static void add_suit(fuda_buf *b, int suit, int style) {
    if (style == FUDA_RENDER_PLAIN) {
        fuda_buf_addc(b, "shdc"[suit]);
        return;
    }
    int red = style == FUDA_RENDER_COLOR && fuda_suit_red(suit);
    if (red) fuda_buf_adds(b, RED);
    fuda_buf_adds(b, fuda_suit_symbol(suit));
    if (red) fuda_buf_adds(b, RESET);
}

/* If s starts with "{card}" or a suit "{h}", append it and return the length
 * of the mark; else return 0. */
static size_t add_mark(fuda_buf *b, const char *s, int style) {
    const char *end = s + 1;
    while (*end && *end != '}' && *end != '{' && end - s <= MAX_MARK) end++;
    if (*end != '}') return 0;
    size_t len = (size_t)(end - s - 1);
    fuda_card c;
    int suit = suit_mark(s + 1, len);
    if (suit >= 0) add_suit(b, suit, style);
    else if (fuda_card_parse(s + 1, len, &c) == 0) add_card(b, c, style);
    else return 0;
    return (size_t)(end - s) + 1;
}

char *fuda_render_cards(const char *text, int style) {
    fuda_buf b = FUDA_BUF_INIT;
    const char *s = text;
    while (*s) {
        const char *open = strchr(s, '{');
        if (!open) {
            fuda_buf_adds(&b, s);
            break;
        }
        fuda_buf_addn(&b, s, (size_t)(open - s));
        size_t used = add_mark(&b, open, style);
        if (used == 0) {
            fuda_buf_addc(&b, '{');
            used = 1;
        }
        s = open + used;
    }
    return fuda_buf_take(&b);
}
