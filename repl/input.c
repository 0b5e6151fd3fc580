/* input.c -- split typed lines into words and match typed moves against the
 * legal moves. No Lua and no engine here: tests/c/test_input.c includes this
 * file directly. See input.h for the rules. */
#include "input.h"
#include "suggest.h"

#include <stdlib.h>
#include <ctype.h>
#include <string.h>

#include "buf.h"
#include "card.h"

static void add_move(fuda_buf *b, const char *move);

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
 * subsequence, each typed token a prefix of its move token. at[i] (when not
 * NULL) gets the move token typed token i stands for: the input's reading. */
static int fits(const token *in, int nin, const token *mv, int nmv, int exact, int *at) {
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
        if (at) at[i] = j;
        j++;
    }
    return 1;
}

/* ---- readings: what each typed word stands for ---- */

/* One way to read the input: the move tokens its words stand for. */
typedef struct reading {
    token tok[MAX_TOKENS];
    int n;
} reading;

static void read_as(reading *r, const token *mv, const int *at, int nin) {
    r->n = nin;
    for (int i = 0; i < nin; i++) r->tok[i] = mv[at[i]];
}

static int same_reading(const reading *a, const reading *b) {
    if (a->n != b->n) return 0;
    for (int i = 0; i < a->n; i++)
        if (!tok_equal(&a->tok[i], &b->tok[i])) return 0;
    return 1;
}

/* The rank a lone letter would be if cards could be shortened ("k": king),
 * or 0. Such a letter is never read as a card, but it must not act as a verb
 * when the legal moves hold a card of that rank: the user may mean either. */
static int rank_letter(const token *t) {
    if (t->len != 1) return 0;
    switch (lower((unsigned char)t->s[0])) {
    case 'a': return 1;
    case 't': return 10;
    case 'j': return 11;
    case 'q': return 12;
    case 'k': return 13;
    default: return 0;
    }
}

static const char *rank_word(int rank) {
    switch (rank) {
    case 1: return "ace";
    case 10: return "ten";
    case 11: return "jack";
    case 12: return "queen";
    default: return "king";
    }
}

/* Indexes of the moves the input fits with the fewest tokens into hit[],
 * identical move strings once; returns the count. */
static int collect(const token *in, int nin, const char *const *moves, int n, int exact, int *hit) {
    int nhit = 0, fewest = MAX_TOKENS + 1;
    for (int m = 0; m < n; m++) {
        token mv[MAX_TOKENS];
        int nmv = tokenize(moves[m], mv, MAX_TOKENS);
        if (nmv > fewest || !fits(in, nin, mv, nmv, exact, NULL)) continue;
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

/* Does move m fit the input with a reading other than `want`? */
static int other_reading(const token *in, int nin, const char *move, const reading *want) {
    token mv[MAX_TOKENS];
    int at[MAX_TOKENS];
    int nmv = tokenize(move, mv, MAX_TOKENS);
    if (!fits(in, nin, mv, nmv, 0, at)) return 0;
    reading r;
    read_as(&r, mv, at, nin);
    return !same_reading(&r, want);
}

/* The cards of rank `rank` in the moves, once each, into cards[]; the count. */
static int cards_of_rank(const char *const *moves, int n, int rank, int *cards, int max) {
    int nc = 0;
    for (int m = 0; m < n; m++) {
        token mv[MAX_TOKENS];
        int nmv = tokenize(moves[m], mv, MAX_TOKENS);
        for (int j = 0; j < nmv; j++) {
            int c = mv[j].card;
            if (c < 0 || fuda_card_is_joker((fuda_card)c) || fuda_card_rank((fuda_card)c) != rank) continue;
            int dup = 0;
            for (int k = 0; k < nc && !dup; k++) dup = cards[k] == c;
            if (!dup && nc < max) cards[nc++] = c;
        }
    }
    return nc;
}

/* "'d' could be: draw, or discard 7h, discard 10d" -- the chosen move, the
 * moves the input reads otherwise, and the cards a lone rank letter names. */
static char *could_be(const char *line, const char *const *moves, int n, int chosen, const token *in,
                      int nin, const reading *want, const int *cards, int ncards, int rank) {
    fuda_buf b = FUDA_BUF_INIT;
    while (is_blank((unsigned char)*line)) line++;
    size_t len = strlen(line);
    while (len && is_blank((unsigned char)line[len - 1])) len--;
    fuda_buf_addf(&b, "'%.*s' could be: ", (int)len, line);
    add_move(&b, moves[chosen]);
    int shown = 1, first = 1;
    for (int m = 0; m < n && shown < MAX_LISTED; m++) {
        if (!other_reading(in, nin, moves[m], want)) continue;
        int dup = 0;
        for (int k = 0; k < m && !dup; k++) dup = strcmp(moves[k], moves[m]) == 0;
        if (dup) continue;
        fuda_buf_adds(&b, first ? ", or " : ", ");
        add_move(&b, moves[m]);
        first = 0;
        shown++;
    }
    if (ncards > 0) {
        fuda_buf_addf(&b, ", or the %s%s", rank_word(rank), ncards > 1 ? "s" : "");
        for (int k = 0; k < ncards; k++) {
            char nm[8];
            fuda_card_name((fuda_card)cards[k], nm);
            fuda_buf_addf(&b, "%s{%s}", k ? ", " : " ", nm);
        }
    }
    return fuda_buf_take(&b);
}

/* The one move found by prefix, hit, may not be what the user meant: another
 * move reads the input with other words ("d": draw, or discard 7h), or a lone
 * rank letter could be a card of the moves ("k": knock 7h, or the king Kd).
 * Returns the question to ask instead of acting, or NULL: the move is safe. */
static char *unsafe(const char *line, const token *in, int nin, const char *const *moves, int n, int hit) {
    token mv[MAX_TOKENS];
    int at[MAX_TOKENS];
    int nmv = tokenize(moves[hit], mv, MAX_TOKENS);
    if (!fits(in, nin, mv, nmv, 0, at)) return NULL;
    reading want;
    read_as(&want, mv, at, nin);
    int other = 0;
    for (int m = 0; m < n && !other; m++) other = other_reading(in, nin, moves[m], &want);
    int cards[MAX_LISTED], ncards = 0, rank = nin == 1 ? rank_letter(&in[0]) : 0;
    if (rank) ncards = cards_of_rank(moves, n, rank, cards, MAX_LISTED);
    if (!other && ncards == 0) return NULL;
    return could_be(line, moves, n, hit, in, nin, &want, cards, ncards, rank);
}

/* Append move to b with its cards marked: "discard {7h}". A word after the
 * verb is a card when it is a card's own name as the engine writes it ("as"
 * or "10H" are not). */
static void add_move(fuda_buf *b, const char *move) {
    const char *s = move;
    for (int word = 0; *s; word++) {
        size_t gap = strspn(s, " "), len = strcspn(s + gap, " ");
        fuda_card c;
        char name[8];
        fuda_buf_addn(b, s, gap);
        s += gap;
        int card = word > 0 && len < sizeof name && fuda_card_parse(s, len, &c) == 0 && fuda_card_name(c, name) > 0 &&
                   strlen(name) == len && memcmp(name, s, len) == 0;
        if (card) fuda_buf_addc(b, '{');
        fuda_buf_addn(b, s, len);
        if (card) fuda_buf_addc(b, '}');
        s += len;
    }
}

char *fuda_move_marked(const char *move) {
    fuda_buf b = FUDA_BUF_INIT;
    add_move(&b, move);
    return fuda_buf_take(&b);
}

char *fuda_moves_join(const char *const *moves, int n, const char *sep) {
    fuda_buf b = FUDA_BUF_INIT;
    for (int i = 0; i < n; i++) {
        if (i) fuda_buf_adds(&b, sep);
        add_move(&b, moves[i]);
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
        add_move(&b, moves[hit[k]]);
    }
    if (shown < nhit) fuda_buf_addf(&b, " ... (%d moves)", nhit);
    return fuda_buf_take(&b);
}

/* The line without its blanks around: its start, and length in *len. */
static const char *trimmed(const char *line, size_t *len) {
    while (is_blank((unsigned char)*line)) line++;
    size_t n = strlen(line);
    while (n && is_blank((unsigned char)line[n - 1])) n--;
    *len = n;
    return line;
}

char *fuda_input_refusal(const char *line, const char *reason, const char *const *moves, int n) {
    fuda_buf b = FUDA_BUF_INIT;
    size_t len;
    line = trimmed(line, &len);
    char *list = fuda_moves_join(moves, n, ", ");
    if (len == 0)
        fuda_buf_addf(&b, "type a move; legal moves: %s", list);
    else if (reason)
        fuda_buf_addf(&b, "'%.*s' is not a legal move now: %s; legal moves: %s", (int)len, line, reason, list);
    else
        fuda_buf_addf(&b, "'%.*s' is not a legal move now; legal moves: %s", (int)len, line, list);
    free(list);
    return fuda_buf_take(&b);
}

/* The message when nothing matches. */
static char *no_match(const char *line, const token *in, int nin, const char *const *moves, int n) {
    for (int i = 0; i < nin; i++) {
        if (!bad_card(&in[i])) continue;
        fuda_buf b = FUDA_BUF_INIT;
        fuda_buf_addc(&b, '\'');
        fuda_buf_addn(&b, in[i].s, in[i].len);
        fuda_buf_adds(&b, "' is not a card (cards are typed like 7h, H7, 10s, Ts, Qd)");
        return fuda_buf_take(&b);
    }
    return fuda_input_refusal(line, NULL, moves, n);
}

/* ---- why not ---- */

/* Does any move name card c? */
static int moves_name(const char *const *moves, int n, int c) {
    for (int m = 0; m < n; m++) {
        token mv[MAX_TOKENS];
        int nmv = tokenize(moves[m], mv, MAX_TOKENS);
        for (int j = 0; j < nmv; j++)
            if (mv[j].card == c) return 1;
    }
    return 0;
}

static int holds(const fuda_why_facts *f, int c) {
    for (int i = 0; i < f->nheld; i++)
        if (f->held[i] == c) return 1;
    return 0;
}

/* The moves whose first word the typed word t is a prefix of, into b as
 * "a, b" (at most MAX_LISTED); their count. The verb goes into *verb. */
static int moves_of_verb(const token *t, const char *const *moves, int n, fuda_buf *b, token *verb) {
    int count = 0;
    for (int m = 0; m < n; m++) {
        token mv[MAX_TOKENS];
        if (tokenize(moves[m], mv, MAX_TOKENS) < 1 || mv[0].card >= 0 || !tok_prefix(t, &mv[0])) continue;
        if (count > 0 && !tok_equal(&mv[0], verb)) return -1; /* two verbs: no one reason */
        *verb = mv[0];
        if (count < MAX_LISTED) {
            fuda_buf_adds(b, count ? ", " : "");
            add_move(b, moves[m]);
        }
        count++;
    }
    return count;
}

/* A first word that is no verb of the match nor the start of one: the
 * closest verb, when it is close enough to be a typo ("discrad"). NULL else. */
static char *suggest_verb(const token *t, const fuda_why_facts *f) {
    char word[65];
    if (t->len == 0 || t->len >= sizeof word || f->nverbs <= 0) return NULL;
    memcpy(word, t->s, t->len);
    word[t->len] = 0;
    for (size_t i = 0; i < t->len; i++) word[i] = (char)tolower((unsigned char)word[i]);
    const char *best = fuda_suggest(word, f->verbs, (size_t)f->nverbs);
    if (!best) return NULL;
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_addf(&b, "there is no move '%s' (did you mean '%s'?)", word, best);
    return fuda_buf_take(&b);
}

char *fuda_input_why_not(const char *line, const char *const *moves, int n, const fuda_why_facts *f) {
    token in[MAX_TOKENS];
    int nin = tokenize(line, in, MAX_TOKENS);
    fuda_buf b = FUDA_BUF_INIT;
    if (nin == 0) return NULL;
    if (f->turn > 0 && f->turn != f->seat) {
        fuda_buf_addf(&b, "it is seat %d's turn", f->turn);
        return fuda_buf_take(&b);
    }
    for (int i = 0; i < nin && f->nheld >= 0; i++) {
        if (in[i].card < 0 || holds(f, in[i].card) || moves_name(moves, n, in[i].card)) continue;
        char nm[8];
        fuda_card_name((fuda_card)in[i].card, nm);
        fuda_buf_addf(&b, "you hold no {%s}", nm);
        return fuda_buf_take(&b);
    }
    if (in[0].card >= 0) return NULL;
    token verb;
    fuda_buf list = FUDA_BUF_INIT;
    int count = moves_of_verb(&in[0], moves, n, &list, &verb);
    if (count > 0) fuda_buf_addf(&b, "you may %.*s only as: %s", (int)verb.len, verb.s, list.p);
    fuda_buf_free(&list);
    if (count > 0) return fuda_buf_take(&b);
    const char *named = NULL; /* the one verb of the match the word begins */
    for (int v = 0; count == 0 && v < f->nverbs; v++) {
        token vt = { f->verbs[v], strlen(f->verbs[v]), -1 };
        if (!tok_prefix(&in[0], &vt)) continue;
        if (named) return NULL; /* "d": draw or discard? no one reason */
        named = f->verbs[v];
    }
    if (!named) return suggest_verb(&in[0], f);
    fuda_buf_addf(&b, "you cannot %s now", named);
    return fuda_buf_take(&b);
}

/* A move typed without its verb ("8d" for "play 8d") that longer moves fit
 * too ("play 8d name s"): the shortest is not taken silently, the user is
 * asked to say which (malloc'd message), NULL when none. hit has room for n. */
static char *longer(const token *in, int nin, const char *const *moves, int n, int found, int *hit, int exact) {
    token mv[MAX_TOKENS];
    int nfound = tokenize(moves[found], mv, MAX_TOKENS);
    if (nfound <= nin || nfound > nin + 1) return NULL; /* the whole move, or more than its verb left out */
    int nhit = 0;
    hit[nhit++] = found;
    for (int m = 0; m < n; m++) {
        int nmv = tokenize(moves[m], mv, MAX_TOKENS);
        if (m != found && strcmp(moves[m], moves[found]) != 0 && fits(in, nin, mv, nmv, exact, NULL)) hit[nhit++] = m;
    }
    if (nhit == 1) return NULL;
    char *list = ambiguous(moves, hit, nhit);
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_addf(&b, "%s; type the whole move (%s alone is '", list, nin == 1 ? "this" : "these");
    add_move(&b, moves[found]);
    fuda_buf_adds(&b, "')");
    free(list);
    return fuda_buf_take(&b);
}

int fuda_input_match(const char *line, const char *const *moves, int n, char **msg) {
    token in[MAX_TOKENS];
    int nin = tokenize(line, in, MAX_TOKENS);
    int *hit = fuda_xrealloc(NULL, (size_t)(n > 0 ? n : 1) * sizeof *hit);
    int nhit = 0;
    *msg = NULL;
    int exact = 1;
    if (nin > 0) nhit = collect(in, nin, moves, n, 1, hit);
    if (nin > 0 && nhit == 0) nhit = collect(in, nin, moves, n, exact = 0, hit);
    int found = nhit == 1 ? hit[0] : -1;
    if (found >= 0 && (*msg = longer(in, nin, moves, n, found, hit, exact)) != NULL) found = -1;
    if (found >= 0 && !exact && (*msg = unsafe(line, in, nin, moves, n, found)) != NULL) found = -1;
    if (nhit > 1) *msg = ambiguous(moves, hit, nhit);
    if (nhit == 0) {
        *msg = no_match(line, in, nin, moves, n);
        found = FUDA_INPUT_NOT_LEGAL;
        for (int i = 0; i < nin; i++)
            if (bad_card(&in[i])) found = -1;
        if (nin == 0) found = -1;
    }
    free(hit);
    return found;
}
