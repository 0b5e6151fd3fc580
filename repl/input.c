/* input.c -- split typed lines into words and match typed moves against the
 * legal moves. No Lua and no engine here: tests/c/test_input.c includes this
 * file directly. See input.h for the rules. */
#include "input.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "card.h"

#define MAX_TOKENS 32
#define MAX_LISTED 24 /* moves named in an "ambiguous" message */

/* ---- words ---- */

static int is_blank(int ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; }

/* Read one word at *ps into b (quotes removed), advancing *ps past it. */
static void read_word(const char **ps, fuda_buf *b) {
    const char *s = *ps;
    while (*s && !is_blank((unsigned char)*s)) {
        if (*s == '\'' || *s == '"') {
            char q = *s++;
            while (*s && *s != q) fuda_buf_addc(b, *s++);
            if (*s) s++;
        } else {
            fuda_buf_addc(b, *s++);
        }
    }
    *ps = s;
}

/* Linear in the length of the line: one buffer for the word being read,
 * each word then copied at its size, the array grown by doubling. */
int fuda_split_words(const char *line, char ***words) {
    size_t cap = 8;
    char **v = fuda_xrealloc(NULL, cap * sizeof *v);
    int n = 0;
    const char *s = line;
    fuda_buf b = FUDA_BUF_INIT;
    for (;;) {
        while (is_blank((unsigned char)*s)) s++;
        if (!*s) break;
        b.len = 0;
        if (b.p) b.p[0] = '\0';
        read_word(&s, &b);
        if ((size_t)n + 2 > cap) {
            cap *= 2;
            v = fuda_xrealloc(v, cap * sizeof *v);
        }
        v[n++] = fuda_xstrdup(b.p ? b.p : "");
    }
    fuda_buf_free(&b);
    v[n] = NULL;
    *words = v;
    return n;
}

void fuda_words_free(char **words) {
    if (!words) return;
    for (char **w = words; *w; w++) free(*w);
    free(words);
}

/* ---- tokens ---- */

typedef struct token {
    const char *s;
    size_t len;
    int card; /* the card it names, or -1 */
} token;

static int lower(int ch) { return (ch >= 'A' && ch <= 'Z') ? ch - 'A' + 'a' : ch; }

/* Split s into at most max tokens (pointing into s); returns the count. */
static int tokenize(const char *s, token *t, int max) {
    int n = 0;
    for (;;) {
        while (is_blank((unsigned char)*s)) s++;
        if (!*s || n == max) return n;
        const char *start = s;
        while (*s && !is_blank((unsigned char)*s)) s++;
        fuda_card c;
        t[n].s = start;
        t[n].len = (size_t)(s - start);
        t[n].card = fuda_card_parse(start, t[n].len, &c) == 0 ? c : -1;
        n++;
    }
}

/* Is a[0..n) equal to b[0..n) ignoring ASCII case? */
static int same_text(const char *a, const char *b, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (lower((unsigned char)a[i]) != lower((unsigned char)b[i])) return 0;
    return 1;
}

/* Does typed token `in` stand for move token `mv` exactly? */
static int tok_equal(const token *in, const token *mv) {
    if (in->card >= 0 && mv->card >= 0) return in->card == mv->card;
    return in->len == mv->len && same_text(in->s, mv->s, in->len);
}

/* Is `in` the same card as `mv`, or, when `mv` is a word and not a card, a
 * prefix of it? A card is typed whole: "k" is no king, nor "a" an ace (a
 * stray letter must not play a card). */
static int tok_prefix(const token *in, const token *mv) {
    if (mv->card >= 0) return in->card == mv->card;
    return in->len <= mv->len && same_text(in->s, mv->s, in->len);
}

/* Does a typed token look like a card that is not one ("7x", "11h", "zz3")?
 * Short, with a digit and something that is not a digit. */
static int bad_card(const token *t) {
    if (t->card >= 0 || t->len < 2 || t->len > 6) return 0;
    int digits = 0;
    for (size_t i = 0; i < t->len; i++) digits += t->s[i] >= '0' && t->s[i] <= '9';
    return digits > 0 && (size_t)digits < t->len;
}

/* ---- matching ---- */

/* Does the typed input fit move mv? exact: token for token; else as a
 * subsequence, each typed token a prefix of its move token. */
static int fits(const token *in, int nin, const token *mv, int nmv, int exact) {
    if (exact) {
        if (nin != nmv) return 0;
        for (int i = 0; i < nin; i++)
            if (!tok_equal(&in[i], &mv[i])) return 0;
        return 1;
    }
    int j = 0; /* greedy: the earliest fit leaves the most room for the rest */
    for (int i = 0; i < nin; i++) {
        while (j < nmv && !tok_prefix(&in[i], &mv[j])) j++;
        if (j == nmv) return 0;
        j++;
    }
    return 1;
}

/* Indexes of the moves the input fits with the fewest tokens into hit[],
 * identical move strings once; returns the count. */
static int collect(const token *in, int nin, const char *const *moves, int n, int exact, int *hit) {
    int nhit = 0, fewest = MAX_TOKENS + 1;
    for (int m = 0; m < n; m++) {
        token mv[MAX_TOKENS];
        int nmv = tokenize(moves[m], mv, MAX_TOKENS);
        if (nmv > fewest || !fits(in, nin, mv, nmv, exact)) continue;
        if (nmv < fewest) {
            fewest = nmv;
            nhit = 0;
        }
        int dup = 0;
        for (int k = 0; k < nhit && !dup; k++) dup = strcmp(moves[hit[k]], moves[m]) == 0;
        if (!dup) hit[nhit++] = m;
    }
    return nhit;
}

char *fuda_moves_join(const char *const *moves, int n, const char *sep) {
    fuda_buf b = FUDA_BUF_INIT;
    for (int i = 0; i < n; i++) {
        if (i) fuda_buf_adds(&b, sep);
        fuda_buf_adds(&b, moves[i]);
    }
    return fuda_buf_take(&b);
}

/* "ambiguous: a, b or c" */
static char *ambiguous(const char *const *moves, const int *hit, int nhit) {
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_adds(&b, "ambiguous: ");
    int shown = nhit > MAX_LISTED ? MAX_LISTED : nhit;
    for (int k = 0; k < shown; k++) {
        if (k) fuda_buf_adds(&b, (k == nhit - 1) ? " or " : ", ");
        fuda_buf_adds(&b, moves[hit[k]]);
    }
    if (shown < nhit) fuda_buf_addf(&b, " ... (%d moves)", nhit);
    return fuda_buf_take(&b);
}

/* The message when nothing matches. */
static char *no_match(const char *line, const token *in, int nin, const char *const *moves, int n) {
    fuda_buf b = FUDA_BUF_INIT;
    for (int i = 0; i < nin; i++) {
        if (!bad_card(&in[i])) continue;
        fuda_buf_addc(&b, '\'');
        fuda_buf_addn(&b, in[i].s, in[i].len);
        fuda_buf_adds(&b, "' is not a card (cards are typed like 7h, H7, 10s, Ts, Qd)");
        return fuda_buf_take(&b);
    }
    while (is_blank((unsigned char)*line)) line++;
    size_t len = strlen(line);
    while (len && is_blank((unsigned char)line[len - 1])) len--;
    char *list = fuda_moves_join(moves, n, ", ");
    if (len == 0)
        fuda_buf_addf(&b, "type a move; legal moves: %s", list);
    else
        fuda_buf_addf(&b, "'%.*s' is not a legal move now; legal moves: %s", (int)len, line, list);
    free(list);
    return fuda_buf_take(&b);
}

int fuda_input_match(const char *line, const char *const *moves, int n, char **msg) {
    token in[MAX_TOKENS];
    int nin = tokenize(line, in, MAX_TOKENS);
    int *hit = fuda_xrealloc(NULL, (size_t)(n > 0 ? n : 1) * sizeof *hit);
    int nhit = 0;
    *msg = NULL;
    if (nin > 0) nhit = collect(in, nin, moves, n, 1, hit);
    if (nin > 0 && nhit == 0) nhit = collect(in, nin, moves, n, 0, hit);
    int found = nhit == 1 ? hit[0] : -1;
    if (nhit > 1) *msg = ambiguous(moves, hit, nhit);
    if (nhit == 0) *msg = no_match(line, in, nin, moves, n);
    free(hit);
    return found;
}
