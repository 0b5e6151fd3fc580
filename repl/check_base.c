/* check_base.c -- what every part of `fuda check` uses: named counts, the
 * failure of a match, the bots of an action, and the events each seat was
 * shown (captured per seat, or streamed as a trace of the whole match). */
#include "check.h"

static count *counts_find(counts *c, const char *name, size_t len) {
    for (int i = 0; i < c->n; i++)
        if (strlen(c->v[i].name) == len && memcmp(c->v[i].name, name, len) == 0) return &c->v[i];
    if (c->n == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 16;
        c->v = fuda_xrealloc(c->v, (size_t)c->cap * sizeof *c->v);
    }
    count *k = &c->v[c->n++];
    k->name = fuda_xrealloc(NULL, len + 1);
    memcpy(k->name, name, len);
    k->name[len] = '\0';
    k->n = 0;
    return k;
}

void fuda_check_counts_add(counts *c, const char *name, size_t len, long n) { counts_find(c, name, len)->n += n; }

long fuda_check_counts_get(const counts *c, const char *name) {
    for (int i = 0; i < c->n; i++)
        if (strcmp(c->v[i].name, name) == 0) return c->v[i].n;
    return 0;
}

static int cmp_count(const void *a, const void *b) {
    return strcmp(((const count *)a)->name, ((const count *)b)->name);
}

void fuda_check_counts_sort(counts *c) {
    if (c->n) qsort(c->v, (size_t)c->n, sizeof *c->v, cmp_count);
}

void fuda_check_counts_free(counts *c) {
    for (int i = 0; i < c->n; i++) free(c->v[i].name);
    free(c->v);
    c->v = NULL;
    c->n = c->cap = 0;
}

/* The first word of a move. */
size_t fuda_check_verb_len(const char *move) { return strcspn(move, " "); }

/* A hash of a list of moves, in order (FNV-1a, a 0 byte after each). */
uint64_t fuda_check_list_hash(const char *const *mv, int n) {
    uint64_t h = FUDA_FNV_BASIS;
    for (int i = 0; i < n; i++) h = fuda_fnv1a(h, mv[i], strlen(mv[i]) + 1);
    return h;
}

/* Record the failure of the current match; returns -1. The log is saved by
 * the caller (finish_failure). `at_fault_applied`: the action at fault was
 * the last one applied (else it is the next one). */
int fuda_check_fail_at(checker *c, int at_fault_applied, const char *fmt, ...) {
    char msg[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    long played = fuda_engine_move_count(c->e);
    c->failed = 1;
    c->f.message = fuda_xstrdup(msg);
    c->f.match = c->match;
    c->f.seed = c->seed;
    c->f.seats = c->nseats;
    c->f.move = at_fault_applied ? played : played + 1;
    c->f.to = at_fault_applied && played > 0 ? played - 1 : played;
    return -1;
}

/* The engine's last error, copied (the next call may overwrite it). */
char *fuda_check_engine_err(const checker *c) { return fuda_xstrdup(fuda_engine_error(c->e)); }

/* fail_at with the engine's last error after the message: "...: error". */
int fuda_check_fail_engine(checker *c, int at_fault_applied, const char *fmt, ...) {
    char *err = fuda_check_engine_err(c), msg[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fuda_check_fail_at(c, at_fault_applied, "%s: %s", msg, err);
    free(err);
    return -1;
}

/* The bot of `seat` for the next action of engine e. In a random round of a
 * variant whose check.random is below 1 (random play alone does not end a
 * gin-only game), each action is random with that chance, else the
 * variant's own bot: drawn from the seed, the move number and the seat, so a
 * replay asks the same bots. */
const char *fuda_check_bot_for(const checker *c, fuda_engine *e, int seat) {
    if (!c->mixed) return c->bots[seat];
    uint64_t z = c->seed * 0x9e3779b97f4a7c15u + (uint64_t)fuda_engine_move_count(e) * 0xbf58476d1ce4e5b9u +
                 (uint64_t)seat;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    z ^= z >> 31;
    if ((double)(z >> 11) * (1.0 / 9007199254740992.0) < c->info->check_random) return "random";
    return c->own[(uint64_t)seat % (uint64_t)c->nown];
}

/* Is a capped match at its last hand (the hand just over)? */
int fuda_check_capped_now(const checker *c, const fuda_engine *e) {
    return c->cap && fuda_engine_state(e)->hand_no >= CHECK_QUICK_HANDS;
}

/* Are the actions at this move of a thorough match checked for leaks: every
 * one of the first CHECK_VIEW_MOVES, and one in CHECK_LATE_SHARE after,
 * drawn from the seed and the move (a script cannot wait them out). */
int fuda_check_leak_checked(const checker *c, long move) {
    if (move <= CHECK_VIEW_MOVES) return 1;
    uint64_t z = (c->seed ^ 0x5851f42d4c957f2dULL) * 0x9e3779b97f4a7c15ULL + (uint64_t)move * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 31)) * 0x94d049bb133111ebULL;
    return (z >> 33) % CHECK_LATE_SHARE == 0;
}

double fuda_check_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void fuda_check_trace_reset(ev_trace *t) {
    t->b.len = 0;
    if (t->b.p) t->b.p[0] = 0;
    t->rest = FUDA_FNV_BASIS;
    t->rest_from = -1;
}

/* One event into the trace: as text while the first TRACE_KEEP bytes last,
 * then into the hash. */
static void trace_add(ev_trace *t, long move, int seat, const char *text) {
    char head[48];
    int n = snprintf(head, sizeof head, "%ld %d ", move, seat);
    size_t len = strlen(text);
    if (t->rest_from < 0 && t->b.len + (size_t)n + len + 1 <= TRACE_KEEP) {
        fuda_buf_addn(&t->b, head, (size_t)n);
        fuda_buf_addn(&t->b, text, len);
        fuda_buf_addc(&t->b, '\n');
        return;
    }
    if (t->rest_from < 0) t->rest_from = move;
    t->rest = fuda_fnv1a(fuda_fnv1a(fuda_fnv1a(t->rest, head, (size_t)n), text, len), "\n", 1);
}

/* The event callback of the match's engine: while capturing, every event
 * goes to the buffer of each seat it is shown to (0: every seat). The
 * engine of a match played again has none: nobody reads its events. */
void fuda_check_on_event(void *ud, int seat, const char *text) {
    checker *c = ud;
    if (c->streaming) trace_add(&c->stream, fuda_engine_move_count(c->e), seat, text);
    if (!c->capturing) return;
    for (int s = 1; s <= c->nseats; s++)
        if (seat == 0 || seat == s) {
            fuda_buf_adds(&c->ev[s], text);
            fuda_buf_addc(&c->ev[s], '\n');
        }
}

void fuda_check_on_replay_event(void *ud, int seat, const char *text) {
    replay_events *r = ud;
    trace_add(&r->b, fuda_engine_move_count(r->e), seat, text);
}

void fuda_check_clear_events(checker *c) {
    for (int s = 1; s <= c->nseats; s++) c->ev[s].len = 0;
}

/* Move the captured events of every seat into out[seat] (malloc'd; NULL:
 * none), freeing what out held. */
void fuda_check_take_events(checker *c, char **out) {
    for (int s = 1; s <= c->nseats; s++) {
        free(out[s]);
        out[s] = c->ev[s].len ? fuda_xstrdup(c->ev[s].p) : NULL;
        c->ev[s].len = 0;
    }
}

void fuda_check_free_texts(char **t) {
    for (int s = 0; s <= FUDA_MAX_SEATS; s++) {
        free(t[s]);
        t[s] = NULL;
    }
}

int fuda_check_same_text(const char *a, const char *b) { return strcmp(a ? a : "", b ? b : "") == 0; }

/* "'line' / 'line'": the first line each of two texts shows that the other
 * does not (or nothing), for a message (malloc'd). */
char *fuda_check_texts_apart(const char *a, const char *b) {
    char *x = fuda_check_first_missing(a ? a : "", b ? b : ""), *y = fuda_check_first_missing(b ? b : "", a ? a : "");
    fuda_buf m = FUDA_BUF_INIT;
    if (x) fuda_buf_addf(&m, "'%s'", x);
    else fuda_buf_adds(&m, "nothing more");
    fuda_buf_adds(&m, " / ");
    if (y) fuda_buf_addf(&m, "'%s'", y);
    else fuda_buf_adds(&m, "nothing more");
    free(x);
    free(y);
    return fuda_buf_take(&m);
}

/* Is the game state still the one of snapshot `before`? Byte for byte, or
 * else by the hash (which ignores where piles sit in the card array). */
int fuda_check_unchanged(const checker *c, const fuda_state *before) {
    const fuda_state *now = fuda_engine_state(c->e);
    return memcmp(before, now, sizeof *now) == 0 || fuda_state_hash(before) == fuda_state_hash(now);
}

int fuda_check_listed(const checker *c, const char *move) {
    for (int i = 0; i < c->nmv; i++)
        if (strcmp(c->mv[i], move) == 0) return 1;
    return 0;
}

/* The first line of a that b lacks (malloc'd), or NULL when there is none. */
char *fuda_check_first_missing(const char *a, const char *b) {
    const char *p = a;
    while (*p) {
        size_t len = strcspn(p, "\n");
        const char *q = b;
        int found = 0;
        while (*q && !found) {
            size_t ql = strcspn(q, "\n");
            found = ql == len && memcmp(p, q, len) == 0;
            q += ql + (q[ql] == '\n');
        }
        if (!found) {
            char *line = fuda_xrealloc(NULL, len + 1);
            memcpy(line, p, len);
            line[len] = '\0';
            return line;
        }
        p += len + (p[len] == '\n');
    }
    return NULL;
}
