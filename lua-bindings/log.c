/* log.c -- the log of a match as text (variant, options, seats, seed, every
 * move) and replaying such a text into an engine (see engine.h:
 * fuda_engine_log, fuda_engine_replay*).
 *
 * A log may come from anywhere, so it is read strictly, in two passes. The
 * first only reads: the header ("fuda-log 1"), then variant, option, practice
 * (the match is a practice one: fuda play --practice), seats and seed lines,
 * then the actions ("SEAT MOVE", "next", "arrange ..."); a NUL byte, a
 * control character, a number that overflows or is out of range, a line of
 * another shape, is refused as "NAME:LINE: message" before the engine
 * is touched. The second pass loads the variant, starts the match and applies
 * the actions; what the engine refuses (an unknown variant or option, a seat
 * that cannot act, a move that is not legal) is placed at its line, and the
 * engine is put back to no variant loaded with its tallies as they were. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "budget.h"
#include "record.h"
#include "sbuf.h"
#include "file.h"
#include "engine_impl.h"

char *fuda_engine_log(const fuda_engine *e) {
    fuda_sbuf b = {NULL, 0, 0};
    fuda_sb_add(&b, "fuda-log 1\n");
    if (!e->var.loaded) return b.s;
    fuda_sb_add(&b, "variant %s\n", e->var.name); /* by name only: see the reader's load() */
    for (int i = 0; i < e->var.noptset; i++) fuda_sb_add(&b, "option %s\n", e->var.optset[i]);
    if (!e->play.started) return b.s;
    if (e->practice) fuda_sb_add(&b, "practice\n");
    fuda_sb_add(&b, "seats %d\nseed %llu\n", fuda_engine_state(e)->nseats, (unsigned long long)e->seed);
    for (long i = 0; i < e->nlog; i++) {
        if (e->log[i].seat) fuda_sb_add(&b, "%d %s\n", e->log[i].seat, fuda_log_text(e, i));
        else fuda_sb_add(&b, "%s\n", fuda_log_text(e, i));
    }
    return b.s;
}

/* ---- reading ---- */

typedef struct line { const char *s; size_t len; long no; } line;

enum { L_SKIP, L_VARIANT, L_OPTION, L_PRACTICE, L_SEATS, L_SEED, L_MOVE, L_NEXT, L_ARRANGE };

typedef struct entry {      /* one line, read */
    int kind;
    const char *text;       /* L_VARIANT, L_OPTION: the value; L_MOVE: the move */
    size_t len;
    uint64_t num;           /* L_SEATS, L_SEED: the number; L_MOVE: the seat */
    char pile[64];          /* L_ARRANGE */
    int owner, top, ncards;
    fuda_card cards[FUDA_MAX_CARDS];
} entry;

typedef struct reader {
    fuda_engine *e;
    const char *name;       /* of the log, in messages */
    const char *as;         /* the variant as the user named it, or NULL: the log's name */
    const char *text, *p, *end;
    long no;                /* the line last read */
    int header_done;        /* the seed line was read */
    long variant_no, seats_no, seed_no, opt_no[FUDA_MAX_OPTS];
    char *variant, *opts[FUDA_MAX_OPTS];
    int nopts, seats;
    int practice;           /* a practice line was read */
    uint64_t seed;
    entry en;
} reader;

/* Set the engine's error to "NAME:LINE: message"; returns -1. */
static int fail(reader *r, long no, const char *fmt, ...) {
    char msg[FUDA_ERRLEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fuda_engine_seterr(r->e, "%s:%ld: %s", r->name, no, msg);
    return -1;
}

/* The line's text for a message: at most 60 bytes. */
static const char *shown(const line *ln, char *buf, size_t size) {
    if (ln->len <= 60) snprintf(buf, size, "%.*s", (int)ln->len, ln->s);
    else snprintf(buf, size, "%.57s...", ln->s);
    return buf;
}

/* The next line (without its newline, and trailing CRs and blanks); 0 at the end. */
static int next_line(reader *r, line *ln) {
    if (r->p >= r->end && !(r->no == 0)) return 0;
    const char *nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
    const char *stop = nl ? nl : r->end;
    ln->s = r->p;
    ln->len = (size_t)(stop - r->p);
    ln->no = ++r->no;
    r->p = nl ? nl + 1 : r->end;
    while (ln->len && (ln->s[ln->len - 1] == '\r' || ln->s[ln->len - 1] == ' ' || ln->s[ln->len - 1] == '\t'))
        ln->len--;
    return 1;
}

/* A whole decimal number in s[0..len), no sign: 0, -1 (not a number), or -2
 * (above max). */
static int parse_num(const char *s, size_t len, uint64_t max, uint64_t *out) {
    uint64_t v = 0;
    if (len == 0) return -1;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') return -1;
        unsigned d = (unsigned)(s[i] - '0');
        if (d > max || v > (max - d) / 10) {
            for (size_t j = i + 1; j < len; j++)
                if (s[j] < '0' || s[j] > '9') return -1;
            return -2;
        }
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

/* Does the line start with word followed by a space? Then *rest is after it. */
static int starts(const line *ln, const char *word, const char **rest, size_t *restlen) {
    size_t n = strlen(word);
    if (ln->len <= n || memcmp(ln->s, word, n) != 0 || ln->s[n] != ' ') return 0;
    *rest = ln->s + n + 1;
    *restlen = ln->len - n - 1;
    return 1;
}

/* The next blank-separated word of s[0..len) from *i. */
static int word(const char *s, size_t len, size_t *i, const char **w, size_t *wlen) {
    while (*i < len && s[*i] == ' ') (*i)++;
    if (*i == len) return 0;
    *w = s + *i;
    while (*i < len && s[*i] != ' ') (*i)++;
    *wlen = (size_t)(s + *i - *w);
    return 1;
}

/* "arrange PILE OWNER TOP CARD..." (what fuda_engine_arrange logs). */
static int read_arrange(reader *r, const line *ln, const char *s, size_t len) {
    entry *en = &r->en;
    size_t i = 0, wl;
    const char *w;
    uint64_t owner, top;
    if (!word(s, len, &i, &w, &wl) || wl >= sizeof en->pile)
        return fail(r, ln->no, "arrange: a pile name (at most 63 characters) must follow");
    memcpy(en->pile, w, wl);
    en->pile[wl] = '\0';
    if (!word(s, len, &i, &w, &wl) || parse_num(w, wl, FUDA_MAX_SEATS, &owner) != 0)
        return fail(r, ln->no, "arrange: the owner must be a seat number 0 to %d", FUDA_MAX_SEATS);
    if (!word(s, len, &i, &w, &wl) || parse_num(w, wl, 1, &top) != 0)
        return fail(r, ln->no, "arrange: 0 (bottom) or 1 (top) must follow the owner");
    en->owner = (int)owner, en->top = (int)top, en->ncards = 0;
    while (word(s, len, &i, &w, &wl)) {
        if (en->ncards == FUDA_MAX_CARDS) return fail(r, ln->no, "arrange: more than %d cards", FUDA_MAX_CARDS);
        if (fuda_card_parse(w, wl, &en->cards[en->ncards]) < 0)
            return fail(r, ln->no, "arrange: '%.*s' is not a card", wl > 20 ? 20 : (int)wl, w);
        en->ncards++;
    }
    en->kind = L_ARRANGE;
    return 0;
}

/* A line of the header (before the seed line ends it). */
static int read_header_line(reader *r, const line *ln) {
    entry *en = &r->en;
    const char *rest;
    size_t n;
    char buf[80];
    if (starts(ln, "variant", &rest, &n)) {
        if (r->variant_no) return fail(r, ln->no, "a second variant line (the first is line %ld)", r->variant_no);
        en->kind = L_VARIANT, en->text = rest, en->len = n;
        return 0;
    }
    if (starts(ln, "option", &rest, &n)) {
        const char *eq = memchr(rest, '=', n);
        if (!eq || eq == rest) return fail(r, ln->no, "option '%s' is not name=value", shown(&(line){rest, n, 0}, buf, sizeof buf));
        en->kind = L_OPTION, en->text = rest, en->len = n;
        return 0;
    }
    if (ln->len == 8 && memcmp(ln->s, "practice", 8) == 0) {
        en->kind = L_PRACTICE;
        return 0;
    }
    if (starts(ln, "seats", &rest, &n)) {
        int rc = parse_num(rest, n, FUDA_MAX_SEATS, &en->num);
        if (rc == 0 && en->num == 0) rc = -2;
        if (rc == -1) return fail(r, ln->no, "seats: '%s' is not a number", shown(&(line){rest, n, 0}, buf, sizeof buf));
        if (rc == -2) return fail(r, ln->no, "seats: %s is out of range (1 to %d)", shown(&(line){rest, n, 0}, buf, sizeof buf), FUDA_MAX_SEATS);
        en->kind = L_SEATS;
        return 0;
    }
    if (starts(ln, "seed", &rest, &n)) {
        int rc = parse_num(rest, n, UINT64_MAX, &en->num);
        if (rc == -1) return fail(r, ln->no, "seed: '%s' is not a number", shown(&(line){rest, n, 0}, buf, sizeof buf));
        if (rc == -2) return fail(r, ln->no, "seed: %s is out of range (0 to %llu)", shown(&(line){rest, n, 0}, buf, sizeof buf), (unsigned long long)UINT64_MAX);
        if (!r->variant_no) return fail(r, ln->no, "the seed line comes before any variant line");
        en->kind = L_SEED;
        return 0;
    }
    return fail(r, ln->no, "unexpected '%s' before the seed line (the header holds variant, option, practice, "
                "seats and seed lines)", shown(ln, buf, sizeof buf));
}

/* Read line ln into r->en: 0, or -1 with the error set. */
static int read_line(reader *r, const line *ln) {
    entry *en = &r->en;
    char buf[80];
    en->kind = L_SKIP;
    const char *nul = memchr(ln->s, '\0', ln->len);
    if (nul) return fail(r, ln->no, "a NUL byte (a log is text)");
    for (size_t i = 0; i < ln->len; i++) {
        unsigned char c = (unsigned char)ln->s[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f) return fail(r, ln->no, "a control character (byte 0x%02x)", c);
    }
    if (ln->no == 1) {
        if (ln->len != 10 || memcmp(ln->s, "fuda-log 1", 10) != 0)
            return fail(r, 1, "not a fuda log (the first line must be 'fuda-log 1')");
        return 0;
    }
    if (ln->len == 0 || ln->s[0] == '#') return 0;
    if (!r->header_done) return read_header_line(r, ln);
    const char *rest;
    size_t n;
    if (ln->len == 4 && memcmp(ln->s, "next", 4) == 0) {
        en->kind = L_NEXT;
        return 0;
    }
    if (starts(ln, "arrange", &rest, &n)) return read_arrange(r, ln, rest, n);
    size_t digits = 0;
    while (digits < ln->len && ln->s[digits] >= '0' && ln->s[digits] <= '9') digits++;
    if (digits > 0 && digits < ln->len && ln->s[digits] == ' ') {
        if (parse_num(ln->s, digits, FUDA_MAX_SEATS, &en->num) != 0 || en->num == 0)
            return fail(r, ln->no, "seat %.*s is out of range (1 to %d)", digits > 20 ? 20 : (int)digits, ln->s, FUDA_MAX_SEATS);
        if (digits + 1 == ln->len) return fail(r, ln->no, "seat %d: the move is missing", (int)en->num);
        en->kind = L_MOVE, en->text = ln->s + digits + 1, en->len = ln->len - digits - 1;
        const char *why;
        size_t at;
        if (fuda_move_text_check(en->text, en->len, &why, &at) < 0) /* the engine's grammar (movetext.h) */
            return fail(r, ln->no, "the move is not a valid move text (%s, at byte %lu)", why,
                        (unsigned long)at + 1);
        return 0;
    }
    return fail(r, ln->no, "cannot read '%s' (after the seed line: 'SEAT MOVE', 'next' or 'arrange ...')",
                shown(ln, buf, sizeof buf));
}

static char *dup_text(const char *s, size_t n) {
    char *p = (char *)malloc(n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}

/* Pass 1: read every line, keep the header. */
static int read_all(reader *r) {
    line ln;
    r->p = r->text, r->no = 0;
    while (next_line(r, &ln)) {
        if (read_line(r, &ln) < 0) return -1;
        entry *en = &r->en;
        if (en->kind == L_VARIANT) {
            r->variant_no = ln.no;
            if (!(r->variant = dup_text(en->text, en->len))) return fail(r, ln.no, "out of memory");
        } else if (en->kind == L_OPTION) {
            if (r->nopts == FUDA_MAX_OPTS) return fail(r, ln.no, "more than %d option lines", FUDA_MAX_OPTS);
            r->opt_no[r->nopts] = ln.no;
            if (!(r->opts[r->nopts++] = dup_text(en->text, en->len))) return fail(r, ln.no, "out of memory");
        } else if (en->kind == L_PRACTICE) {
            r->practice = 1;
        } else if (en->kind == L_SEATS) {
            if (r->seats_no) return fail(r, ln.no, "a second seats line (the first is line %ld)", r->seats_no);
            r->seats_no = ln.no, r->seats = (int)en->num;
        } else if (en->kind == L_SEED) {
            r->seed_no = ln.no, r->seed = en->num, r->header_done = 1;
        }
    }
    if (!r->header_done) return fail(r, r->no ? r->no : 1, "the log ends before its seed line");
    return 0;
}

/* ---- applying ---- */

/* Load the variant; on failure place the loader's message at the variant
 * line, or at the first option line that makes it fail. */
static int plain_name(const char *s) {
    if (!*s) return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '-' ||
              *s == '_'))
            return 0;
    return 1;
}

/* The name a variant line gives: itself, or (a path, in logs written before
 * logs named variants by name) its file's name without ".lua". */
static const char *line_name(const char *v, char *buf, size_t size) {
    const char *base = strrchr(v, '/') ? strrchr(v, '/') + 1 : v;
    size_t n = strlen(base);
    if (n > 4 && strcmp(base + n - 4, ".lua") == 0) n -= 4;
    snprintf(buf, size, "%.*s", (int)n, base);
    return buf;
}

/* Load the variant: the one the user named (r->as), which must be the one
 * the log names; else the log's name, looked up on the search path only --
 * a log is a stranger's text too, and never makes fuda load a file by its
 * path. On failure place the loader's message at the variant line, or at
 * the first option line that makes it fail. */
static int load(reader *r) {
    fuda_engine *e = r->e;
    char buf[256];
    const char *v = r->as ? r->as : r->variant;
    if (!r->as && !plain_name(r->variant))
        return fail(r, r->variant_no, "the log names its variant by a path or an odd name ('%s'); a log may only "
                    "name a variant of the search path: name the variant yourself (fuda play VARIANT --replay LOG)",
                    line_name(r->variant, buf, sizeof buf));
    if (fuda_engine_load(e, v, (const char *const *)r->opts, r->nopts) == 0) {
        if (!r->as || strcmp(fuda_engine_info(e)->name, line_name(r->variant, buf, sizeof buf)) == 0) return 0;
        fail(r, r->variant_no, "this is a log of %s, not of %s", buf, fuda_engine_info(e)->name);
        fuda_engine_unload(e);
        return -1;
    }
    /* the first failure's message, unless a load with fewer options tells which
     * one fails (a failure that does not come again -- a time limit -- keeps
     * its own message, at the variant line) */
    long at = r->variant_no;
    char *msg = strdup(fuda_engine_error(e));
    if (r->nopts > 0 && fuda_engine_load(e, v, NULL, 0) == 0) {
        for (int k = 1; k <= r->nopts; k++)
            if (fuda_engine_load(e, v, (const char *const *)r->opts, k) != 0) {
                at = r->opt_no[k - 1];
                free(msg);
                msg = strdup(fuda_engine_error(e));
                break;
            }
    }
    fail(r, at, "%s", msg ? msg : "out of memory");
    free(msg);
    return -1;
}

/* Place the engine's message at line no. */
static int engine_fail(reader *r, long no) {
    char *msg = strdup(fuda_engine_error(r->e));
    fail(r, no, "%s", msg ? msg : "out of memory");
    free(msg);
    return -1;
}

/* Pass 2: load, start, apply the actions (the moves up to `upto`). */
static int apply_all(reader *r, long upto) {
    fuda_engine *e = r->e;
    if (load(r) < 0) return -1;
    if (fuda_engine_start(e, r->seats, r->seed) < 0) return engine_fail(r, r->seats_no ? r->seats_no : r->seed_no);
    if (r->practice) fuda_engine_set_practice(e);
    line ln;
    long moves = 0;
    char *move = NULL;
    int rc = 0;
    r->p = r->text, r->no = 0;
    while (rc == 0 && next_line(r, &ln)) {
        if (ln.no <= r->seed_no) continue;
        read_line(r, &ln); /* read once already: cannot fail */
        entry *en = &r->en;
        if (en->kind == L_SKIP) continue;
        if (en->kind == L_MOVE && upto >= 0 && moves >= upto) break;
        if (en->kind == L_NEXT) {
            if (fuda_engine_next_hand(e) < 0) rc = engine_fail(r, ln.no);
        } else if (en->kind == L_ARRANGE) {
            if (fuda_engine_arrange(e, en->pile, en->owner, en->cards, en->ncards, en->top) < 0)
                rc = engine_fail(r, ln.no);
        } else if (fuda_engine_phase(e) == FUDA_PHASE_HAND_OVER) {
            rc = fail(r, ln.no, "a move after the hand ended, without a 'next' line before it");
        } else {
            free(move);
            move = dup_text(en->text, en->len);
            if (!move) rc = fail(r, ln.no, "out of memory");
            else if (fuda_engine_apply(e, (int)en->num, move) < 0) rc = engine_fail(r, ln.no);
            moves++;
        }
    }
    free(move);
    return rc;
}

void fuda_engine_set_practice(fuda_engine *e) {
    if (e->play.started) e->practice = 1;
}

int fuda_engine_practice(const fuda_engine *e) { return e->play.started && e->practice; }

/* The tallies as they were, to put back after a failed replay. */
typedef struct tally_mark { int n; long *count; } tally_mark;

static int tally_save(const fuda_engine *e, tally_mark *m) {
    m->n = e->ntallies;
    m->count = (long *)malloc((size_t)(m->n ? m->n : 1) * sizeof *m->count);
    if (!m->count) return -1;
    for (int i = 0; i < m->n; i++) m->count[i] = e->tallies[i].count;
    return 0;
}

static void tally_restore(fuda_engine *e, const tally_mark *m) {
    while (e->ntallies > m->n) free((char *)e->tallies[--e->ntallies].name);
    for (int i = 0; i < m->n; i++) e->tallies[i].count = m->count[i];
}

int fuda_engine_replay_as(fuda_engine *e, const char *variant, const char *name, const char *text, size_t len,
                          long upto) {
    reader *r = (reader *)calloc(1, sizeof *r);
    tally_mark m = {0, NULL};
    if (!r || tally_save(e, &m) < 0) {
        free(r);
        fuda_engine_seterr(e, "out of memory");
        return -1;
    }
    r->e = e, r->name = name ? name : "log", r->as = variant;
    r->text = text, r->end = text + len;
    int rc = read_all(r);
    if (rc == 0) {
        rc = apply_all(r, upto);
        if (rc < 0) {
            fuda_engine_unload(e);
            tally_restore(e, &m);
        }
    }
    free(r->variant);
    for (int i = 0; i < r->nopts; i++) free(r->opts[i]);
    free(r);
    free(m.count);
    return rc;
}

int fuda_engine_replay_text(fuda_engine *e, const char *name, const char *text, size_t len, long upto) {
    return fuda_engine_replay_as(e, NULL, name, text, len, upto);
}

int fuda_engine_replay(fuda_engine *e, const char *log, long upto) {
    return fuda_engine_replay_as(e, NULL, "log", log, strlen(log), upto);
}

int fuda_engine_replay_file_as(fuda_engine *e, const char *variant, const char *path, long upto) {
    char why[128];
    size_t len;
    char *text = fuda_file_read(path, FUDA_MAX_LOG_BYTES, &len, why, sizeof why);
    if (!text) {
        fuda_engine_seterr(e, "cannot read log '%s': %s", path, why);
        return -1;
    }
    int rc = fuda_engine_replay_as(e, variant, path, text, len, upto);
    free(text);
    return rc;
}

int fuda_engine_replay_file(fuda_engine *e, const char *path, long upto) {
    return fuda_engine_replay_file_as(e, NULL, path, upto);
}
