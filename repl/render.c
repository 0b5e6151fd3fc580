/* render.c -- render the {card} marks of variant text (events, views) for the
 * terminal. See render.h. */
#include "render.h"

#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "buf.h"
#include "card.h"
#include "width.h"

#define RED "\033[31m"
#define RESET "\033[0m"
#define MAX_MARK 16 /* longest text between braces worth trying to parse */

/* The file descriptor of f: stdout and stderr are fuda's filtered streams
 * (out.h), which have none of their own. */
static int fd_of(FILE *f) {
    int fd = fileno(f);
    if (fd >= 0) return fd;
    return f == stdout ? STDOUT_FILENO : f == stderr ? STDERR_FILENO : -1;
}

int fuda_render_style_for(FILE *f) {
    const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");
    if (nc && *nc) return FUDA_RENDER_PLAIN;
    if (!isatty(fd_of(f))) return FUDA_RENDER_PLAIN;
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

/* Append one line (no newline in it) to b, broken between words to width;
 * a continuation line starts with two spaces. */
static void wrap_line(fuda_buf *b, const char *s, size_t n, int width) {
    size_t at = 0;
    int avail = width;
    while (at < n) {
        size_t len, next = fuda_break_line(s + at, n - at, avail, &len);
        if (at > 0) fuda_buf_adds(b, "\n  ");
        fuda_buf_addn(b, s + at, len);
        at += next;
        avail = width - 2;
    }
}

void fuda_fill(fuda_buf *b, const char *text, int width, int first, int indent) {
    size_t n = strlen(text), at = 0;
    int avail = width > 0 ? width - first : 1 << 30;
    do {
        size_t len, next = fuda_break_line(text + at, n - at, avail, &len);
        if (at > 0) fuda_buf_addf(b, "%*s", indent, "");
        fuda_buf_addn(b, text + at, len);
        fuda_buf_addc(b, '\n');
        at += next;
        avail = width > 0 ? width - indent : 1 << 30;
    } while (at < n);
}

char *fuda_wrap(const char *text, int width) {
    fuda_buf b = FUDA_BUF_INIT;
    const char *s = text;
    while (*s) {
        size_t n = strcspn(s, "\n");
        if (width > 0 && fuda_columns(s, n) > width) wrap_line(&b, s, n, width);
        else fuda_buf_addn(&b, s, n);
        s += n;
        if (*s == '\n') fuda_buf_addc(&b, *s++);
    }
    return fuda_buf_take(&b);
}

int fuda_term_width(FILE *f) {
    struct winsize ws;
    int w = 0;
    if (isatty(fd_of(f)) && ioctl(fd_of(f), TIOCGWINSZ, &ws) == 0) w = ws.ws_col;
    const char *cols = getenv("COLUMNS");
    if (w <= 0 && cols && *cols) {
        char *end;
        long n = strtol(cols, &end, 10);
        if (*end == '\0' && n > 0 && n <= FUDA_WIDTH_MAX) w = (int)n;
    }
    if (w <= 0) return FUDA_WIDTH_DEFAULT;
    return w < FUDA_WIDTH_MIN ? FUDA_WIDTH_MIN : w;
}
