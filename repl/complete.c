/* complete.c -- the candidates of Tab completion for the REPL and the match
 * prompt. See complete.h. No readline, Lua or engine here: tests/c/
 * test_complete.c includes this file (and input.c) directly. */
#include "complete.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "card.h"
#include "input.h"

#define MAX_CANDS 10000 /* more are dropped: a list nobody would read */
#define MAX_WORDS 32    /* words of a move looked at */

/* ---- the list ---- */

static int fold(int ch) { return (ch >= 'A' && ch <= 'Z') ? ch - 'A' + 'a' : ch; }

/* Does s[0..len) start with prefix p? */
static int starts(const char *s, int len, const char *p, int nocase) {
    for (int i = 0; p && p[i]; i++) {
        if (i >= len) return 0;
        if (nocase ? fold((unsigned char)s[i]) != fold((unsigned char)p[i]) : s[i] != p[i]) return 0;
    }
    return 1;
}

void fuda_cands_addn(fuda_cands *c, const char *s, int len) {
    if (c->n >= MAX_CANDS || !starts(s, len, c->prefix, c->nocase)) return;
    for (int i = 0; i < c->n; i++)
        if ((int)strlen(c->v[i]) == len && memcmp(c->v[i], s, (size_t)len) == 0) return;
    if (c->n + 1 >= c->cap) {
        c->cap = c->cap ? 2 * c->cap : 16;
        c->v = fuda_xrealloc(c->v, (size_t)c->cap * sizeof *c->v);
    }
    char *copy = fuda_xrealloc(NULL, (size_t)len + 1);
    memcpy(copy, s, (size_t)len);
    copy[len] = '\0';
    c->v[c->n++] = copy;
    c->v[c->n] = NULL;
}

void fuda_cands_add(fuda_cands *c, const char *s) { fuda_cands_addn(c, s, (int)strlen(s)); }

static int by_bytes(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

void fuda_cands_sort(fuda_cands *c) {
    if (c->n > 1) qsort(c->v, (size_t)c->n, sizeof *c->v, by_bytes);
}

char *fuda_cands_common(const fuda_cands *c) {
    if (c->n == 0) return fuda_xstrdup("");
    size_t len = strlen(c->v[0]);
    for (int i = 1; i < c->n; i++) {
        size_t k = 0;
        while (k < len && c->v[i][k] &&
               (c->nocase ? fold((unsigned char)c->v[i][k]) == fold((unsigned char)c->v[0][k])
                          : c->v[i][k] == c->v[0][k]))
            k++;
        len = k;
    }
    char *s = fuda_xrealloc(NULL, len + 1);
    memcpy(s, c->v[0], len);
    s[len] = '\0';
    return s;
}

void fuda_cands_free(fuda_cands *c) {
    for (int i = 0; i < c->n; i++) free(c->v[i]);
    free(c->v);
    c->v = NULL;
    c->n = c->cap = 0;
}

/* ---- words of the line ---- */

static int is_gap(int ch) { return ch == ' ' || ch == '\t'; }

/* Where the word ending at `point` begins (after the last blank). */
static int word_start(const char *line, int point) {
    int i = point;
    while (i > 0 && !is_gap((unsigned char)line[i - 1])) i--;
    return i;
}

/* The words of line[0..end) (see fuda_split_words); returns the count. */
static int words_before(const char *line, int end, char ***w) {
    char *head = fuda_xrealloc(NULL, (size_t)end + 1);
    memcpy(head, line, (size_t)end);
    head[end] = '\0';
    int n = fuda_split_words(head, w);
    free(head);
    return n;
}

/* ---- the REPL ---- */

static int is_ident(int ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}

/* Where the Lua name chain ("fuda.sh", "s:up") ending at `point` begins. */
static int lua_start(const char *line, int point) {
    int i = point;
    while (i > 0 && (is_ident((unsigned char)line[i - 1]) || line[i - 1] == '.' || line[i - 1] == ':')) i--;
    while (i < point && !is_ident((unsigned char)line[i])) i++; /* "..x": no chain before x */
    if (i < point && line[i] >= '0' && line[i] <= '9') return point; /* a number */
    return i;
}

static int is_flag_char(int ch) { return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-'; }

/* Each flag named in usage text `base` ("[--seed N]", "-j, --jobs N") in
 * turn, from s on: returns the position after it, its start and length in *at, *len, and in
 * *value whether it is followed by a value (an uppercase word); NULL when
 * there are no more. */
static const char *next_flag(const char *base, const char *s, const char **at, int *len, int *value) {
    for (; *s; s++) {
        int after_gap = s == base || strchr(" [|(\n", s[-1]) != NULL;
        if (s[0] != '-' || !after_gap || !(s[1] == '-' || (s[1] >= 'a' && s[1] <= 'z'))) continue;
        const char *e = s + 1;
        while (is_flag_char((unsigned char)*e)) e++;
        if (e - s < 2 || e[-1] == '-') continue;
        *at = s;
        *len = (int)(e - s);
        const char *v = e;
        while (*v == ' ' || *v == '=') v++;
        *value = *v >= 'A' && *v <= 'Z';
        return e;
    }
    return NULL;
}

/* Is `flag` a flag of the usage text that takes a value? */
static int flag_takes_value(const char *usage, const char *flag) {
    const char *s = usage, *at;
    int len, value, takes = 0;
    while ((s = next_flag(usage, s, &at, &len, &value)) != NULL)
        if ((size_t)len == strlen(flag) && strncmp(at, flag, (size_t)len) == 0) takes |= value;
    return takes;
}

static void add_flags(const char *usage, fuda_cands *out) {
    const char *s = usage, *at;
    int len, value;
    while ((s = next_flag(usage, s, &at, &len, &value)) != NULL) fuda_cands_addn(out, at, len);
    fuda_cands_add(out, "--help");
}

/* The variant among the arguments w[1..n) (the first that is neither a
 * flag nor a flag's value), or NULL. */
static const char *find_variant(char **w, int n, const char *usage) {
    for (int i = 1; i < n; i++) {
        if (w[i][0] != '-') return w[i];
        if (!strchr(w[i], '=') && flag_takes_value(usage, w[i])) i++;
    }
    return NULL;
}

/* The arguments of command w[0]; `cur` is the word being typed. */
static void complete_args(char **w, int n, const char *cur, const fuda_repl_source *src, fuda_cands *out) {
    const char *cmd = w[0];
    if (strcmp(cmd, "help") == 0) {
        for (const char *const *c = src->commands; n == 1 && c && *c; c++) fuda_cands_add(out, *c);
        return;
    }
    if (strcmp(cmd, "run") == 0) {
        out->files = 1;
        return;
    }
    const char *usage = src->usage ? src->usage(src->ud, cmd) : NULL;
    if (!usage) return;
    const char *prev = w[n - 1];
    if (n > 1 && (strcmp(prev, "--option") == 0 || strcmp(prev, "--vs-option") == 0)) {
        const char *variant = find_variant(w, n - 1, usage);
        out->append = '\0';
        if (variant && src->options) src->options(src->ud, variant, out);
    } else if (n > 1 && prev[0] == '-' && !strchr(prev, '=') && flag_takes_value(usage, prev)) {
        return; /* a value: a number, a list of bots, a file */
    } else if (cur[0] == '-') {
        add_flags(usage, out);
    } else if (!find_variant(w, n, usage) && strstr(usage, "VARIANT") && src->variants) {
        src->variants(src->ud, out);
    }
}

/* Is word one of the NULL-terminated list (which may be NULL)? */
static int in_list(const char *const *list, const char *word) {
    for (const char *const *c = list; c && *c; c++)
        if (strcmp(*c, word) == 0) return 1;
    return 0;
}

/* Is this the first word of a command line ("play gin", not "list = 3")? */
static int is_command(char **w, int n, const fuda_repl_source *src) {
    if (n == 0 || (n > 1 && w[1][0] == '=')) return 0;
    return in_list(src->commands, w[0]);
}

/* The word before point (from its start ws), malloc'd; the words before it in *w, their count
 * returned in *n. */
static char *word_at(const char *line, int point, int *ws, char ***w, int *n) {
    *ws = word_start(line, point);
    *n = words_before(line, *ws, w);
    char *cur = fuda_xrealloc(NULL, (size_t)(point - *ws) + 1);
    memcpy(cur, line + *ws, (size_t)(point - *ws));
    cur[point - *ws] = '\0';
    return cur;
}

void fuda_complete_repl(const char *line, int point, int first, const fuda_repl_source *src, fuda_cands *out) {
    int ws, n;
    char **w;
    char *cur = word_at(line, point, &ws, &w, &n);
    if (first && is_command(w, n, src)) {
        out->start = ws;
        out->prefix = cur;
        complete_args(w, n, cur, src, out);
    } else {
        int ls = lua_start(line, point);
        char *word = fuda_xrealloc(NULL, (size_t)(point - ls) + 1);
        memcpy(word, line + ls, (size_t)(point - ls));
        word[point - ls] = '\0';
        out->start = ls;
        out->prefix = word;
        out->append = '\0';
        if (first && n == 0 && ls == ws && !strpbrk(word, ".:")) {
            for (const char *const *c = src->commands; c && *c; c++) fuda_cands_add(out, *c);
            if (out->n) out->append = ' ';
        }
        int before = out->n;
        if (src->lua) src->lua(src->ud, word, out);
        if (out->n > before) out->append = '\0';
        free(word);
    }
    out->prefix = NULL;
    free(cur);
    fuda_words_free(w);
    fuda_cands_sort(out);
}

/* ---- the match prompt ---- */

/* One word of a move: its text and the card it names (-1: none). */
typedef struct mword {
    const char *s;
    int len;
    int card;
} mword;

static int split_move(const char *move, mword *mw, int max) {
    int n = 0;
    const char *s = move;
    while (n < max) {
        while (is_gap((unsigned char)*s)) s++;
        if (!*s) break;
        const char *b = s;
        while (*s && !is_gap((unsigned char)*s)) s++;
        fuda_card c;
        mw[n].s = b;
        mw[n].len = (int)(s - b);
        mw[n].card = fuda_card_parse(b, (size_t)(s - b), &c) == 0 ? (int)c : -1;
        n++;
    }
    return n;
}

/* Does typed word `typed` stand for move word mw: the same card, or a prefix
 * of a word that is not a card (as fuda_input_match takes them)? */
static int fits_word(const char *typed, const mword *mw) {
    fuda_card c;
    size_t len = strlen(typed);
    if (mw->card >= 0) return fuda_card_parse(typed, len, &c) == 0 && (int)c == mw->card;
    return (int)len <= mw->len && starts(mw->s, mw->len, typed, 1);
}

/* The first word: the commands, the verbs, the cards of the legal moves. */
static void first_word(const fuda_play_source *src, fuda_cands *out) {
    for (const char *const *c = src->commands; c && *c; c++) fuda_cands_add(out, *c);
    for (int m = 0; m < src->nmoves; m++) {
        mword mw[MAX_WORDS];
        int k = split_move(src->moves[m], mw, MAX_WORDS);
        for (int i = 0; i < k; i++)
            if (i == 0 || mw[i].card >= 0) fuda_cands_addn(out, mw[i].s, mw[i].len);
    }
}

/* The next word of the legal moves whose first n words the typed words fit. */
static void next_word(char **w, int n, const fuda_play_source *src, fuda_cands *out) {
    for (int m = 0; m < src->nmoves; m++) {
        mword mw[MAX_WORDS];
        int k = split_move(src->moves[m], mw, MAX_WORDS), ok = k > n;
        for (int i = 0; i < n && ok; i++) ok = fits_word(w[i], &mw[i]);
        if (ok) fuda_cands_addn(out, mw[n].s, mw[n].len);
    }
}

void fuda_complete_play(const char *line, int point, const fuda_play_source *src, fuda_cands *out) {
    int ws, n;
    char **w;
    char *cur = word_at(line, point, &ws, &w, &n);
    out->start = ws;
    out->prefix = cur;
    out->nocase = 1;
    if (n == 0 && !*cur) {
        for (int m = 0; m < src->nmoves; m++) fuda_cands_add(out, src->moves[m]);
    } else if (n == 0) {
        first_word(src, out);
    } else if (n == 1 && strcmp(w[0], "pile") == 0) {
        for (int p = 0; p < src->npiles; p++) fuda_cands_add(out, src->piles[p]);
    } else if (!in_list(src->commands, w[0])) {
        next_word(w, n, src, out);
    }
    out->prefix = NULL;
    free(cur);
    fuda_words_free(w);
    fuda_cands_sort(out);
}
