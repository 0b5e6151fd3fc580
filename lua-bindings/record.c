/* record.c -- what a match keeps besides its state: the engine's error
 * message, the events of the move being made (delivered when it succeeds),
 * the coverage tallies, the scoresheet rows and the log of moves. */
#include <lauxlib.h>
#include "engine_impl.h"

/* ---- small helpers ---- */

/* The message is kept in a buffer grown to fit (at most FUDA_ERRLEN bytes,
 * longer ones cut), so an engine that never fails keeps none. */
static int keep_err(fuda_engine *e, size_t want) {
    if (want > FUDA_ERRLEN) want = FUDA_ERRLEN;
    if (want > e->caperr) {
        char *p = (char *)realloc(e->err, want);
        if (!p) { /* keep what fits, or say why there is no message */
            e->err_oom = 1;
            return -1;
        }
        e->err = p;
        e->caperr = want;
    }
    e->err_oom = 0;
    return 0;
}

/* A message carries text a script chose (error("..."), a move, a name), and
 * whoever shows it shows it inside a line of its own: it is kept as the
 * terminal sink shows it (core/text_term.h), in one line (FUDA_TERM_LINE) or,
 * for a list of problems each made one line where it was written, in lines
 * (FUDA_TERM_BLOCK). Valid printable text, every message of fuda's own and of
 * a well-behaved script, is kept as it is. */
static void err_shown(fuda_engine *e, int mode) {
    size_t n = e->err ? strlen(e->err) : 0;
    if (e->err_oom || fuda_term_clean(e->err, n, mode)) return;
    char *t = (char *)malloc(FUDA_TERM_SIZE(n));
    if (!t || keep_err(e, FUDA_TERM_SIZE(n)) != 0) {
        free(t);
        e->err_oom = 1;
        return;
    }
    size_t m = fuda_term_escape(t, e->err, n, mode);
    if (m >= e->caperr) /* cut, at a character's start */
        for (m = e->caperr - 1; m > 0 && ((unsigned char)t[m] & 0xc0) == 0x80; m--) {}
    memcpy(e->err, t, m);
    e->err[m] = '\0';
    free(t);
}

void fuda_engine_seterr(fuda_engine *e, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int need = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (keep_err(e, need < 0 ? 1 : (size_t)need + 1) != 0) return;
    va_start(ap, fmt);
    vsnprintf(e->err, e->caperr, fmt, ap);
    va_end(ap);
    err_shown(e, FUDA_TERM_LINE);
}

void fuda_engine_seterr_lines(fuda_engine *e, const char *text) {
    if (keep_err(e, strlen(text) + 1) != 0) return;
    snprintf(e->err, e->caperr, "%s", text);
    err_shown(e, FUDA_TERM_BLOCK);
}

const char *fuda_engine_error(const fuda_engine *e) {
    if (e->err_oom) return "out of memory";
    return e->err ? e->err : "";
}

int fuda_record_grow(void **arr, int *cap, int n, size_t size) {
    if (n < *cap) return 0;
    int ncap = *cap ? *cap * 2 : 16;
    void *p = realloc(*arr, (size_t)ncap * size);
    if (!p) return -1;
    *arr = p;
    *cap = ncap;
    return 0;
}

/* C-side bytes kept for one row: its text and its slot. */
static size_t kept_size(const char *text, size_t slot) { return strlen(text) + 1 + slot; }

static int find_tally(const fuda_engine *e, const char *name) {
    for (int i = 0; i < e->ntallies; i++)
        if (strcmp(e->tallies[i].name, name) == 0) return i;
    return -1;
}

/* A tally name is short, and a match cannot grow the coverage report without
 * bound (it lives as long as the engine). */
static void check_tally(fuda_engine *e, const char *name) {
    if (strlen(name) > FUDA_MAX_TALLY_LEN)
        luaL_error(e->L, "tally: name longer than %d bytes", FUDA_MAX_TALLY_LEN);
    if (e->ntallies + e->nevs >= FUDA_MAX_TALLIES && find_tally(e, name) < 0)
        luaL_error(e->L, "tally: too many different names (at most %d)", FUDA_MAX_TALLIES);
}

int fuda_engine_event_room(fuda_engine *e, int seat, size_t len, char **text) {
    *text = NULL;
    seat = fuda_seat_of(e, seat); /* a table's place: its seat */
    /* counted whether anybody listens or not: a script must not play
     * otherwise when nobody reads its events */
    if (e->nevs >= FUDA_MAX_EVENTS)
        luaL_error(e->L, "too many events in one move (at most %d)", FUDA_MAX_EVENTS);
    size_t size = len + 1 + sizeof *e->evs;
    fuda_sandbox_cmem(e->L, e, size);
    if (fuda_record_grow((void **)&e->evs, &e->capevs, e->nevs, sizeof *e->evs) < 0) {
        fuda_sandbox_cfree(e, size);
        return -1;
    }
    char *t = NULL;
    if (seat < 0 || (e->ev_fn && !e->quiet)) { /* kept: a tally, or an event somebody reads */
        if (!(t = (char *)malloc(len + 1))) {
            fuda_sandbox_cfree(e, size);
            return -1;
        }
        t[0] = '\0';
    }
    e->evs[e->nevs].seat = seat;
    e->evs[e->nevs].size = size;
    e->evs[e->nevs++].text = t;
    *text = t;
    return 0;
}

int fuda_engine_event(fuda_engine *e, int seat, const char *text) {
    if (seat < 0) check_tally(e, text);
    size_t len = strlen(text);
    char *t;
    if (fuda_engine_event_room(e, seat, len, &t) < 0) return -1;
    if (t) memcpy(t, text, len + 1);
    return 0;
}

int fuda_engine_record(fuda_engine *e, int seat, int col, int points, const char *note) {
    if (!note) note = "";
    fuda_sandbox_cmem(e->L, e, kept_size(note, sizeof *e->rows));
    if (fuda_record_grow((void **)&e->rows, &e->caprows, e->nrows, sizeof *e->rows) < 0) return -1;
    char *n = strdup(note);
    if (!n) return -1;
    fuda_row *r = &e->rows[e->nrows++];
    r->hand = (int)e->st.hand_no, r->col = col, r->seat = fuda_seat_of(e, seat), r->points = points, r->note = n;
    return 0;
}

/* Append a log entry: a move (seat, id), or with seat 0 a whole line such as
 * "next" whose text (malloc'd) the log then owns; on failure text is freed. */
static int log_push(fuda_engine *e, int seat, int id, char *text) {
    if (e->nlog >= e->caplog) {
        long ncap = e->caplog ? e->caplog * 2 : 16; /* small: a live match costs little */
        void *p = realloc(e->log, (size_t)ncap * sizeof *e->log);
        if (!p) { free(text); return -1; }
        e->log = (fuda_logmove *)p;
        e->caplog = ncap;
    }
    e->log[e->nlog].seat = seat;
    e->log[e->nlog].id = id;
    e->log[e->nlog].serial = ++e->log_serial;
    e->log[e->nlog++].text = text;
    e->lim.cmem_used += sizeof *e->log + (text ? strlen(text) + 1 : 0);
    return 0;
}

int fuda_record_log_move(fuda_engine *e, int seat, int id) { return log_push(e, fuda_seat_of(e, seat), id, NULL); }

static int log_add(fuda_engine *e, const char *line) {
    char *t = strdup(line);
    return t ? log_push(e, 0, -1, t) : -1;
}

const char *fuda_log_text(const fuda_engine *e, long i) {
    return e->log[i].text ? e->log[i].text : e->mvtab[e->log[i].id];
}

/* Drop events from index n on (a failed move's), or deliver them all. */
void fuda_record_events_drop(fuda_engine *e, int n) {
    while (e->nevs > n) {
        fuda_ev *ev = &e->evs[--e->nevs];
        fuda_sandbox_cfree(e, ev->size);
        if (ev->text) free(ev->text);
    }
}

/* Count one more of `name` in the coverage tallies. */
void fuda_record_tally(fuda_engine *e, const char *name) {
    if (e->quiet || e->no_tallies) return; /* a search's playouts, check's trials count nothing */
    int i = find_tally(e, name);
    if (i >= 0) {
        e->tallies[i].count++;
        return;
    }
    if (fuda_record_grow((void **)&e->tallies, &e->captallies, e->ntallies, sizeof *e->tallies) < 0) return;
    char *n = strdup(name);
    if (!n) return;
    e->tallies[e->ntallies].name = n;
    e->tallies[e->ntallies++].count = 1;
}

/* Deliver the events of a move that succeeded (seat -1 marks a tally). */
static void events_flush(fuda_engine *e) {
    for (int i = 0; i < e->nevs; i++) {
        if (e->evs[i].seat < 0) fuda_record_tally(e, e->evs[i].text);
        else if (e->ev_fn && !e->quiet && e->evs[i].text) e->ev_fn(e->ev_ud, e->evs[i].seat, e->evs[i].text);
    }
    fuda_record_events_drop(e, 0);
}

int fuda_engine_tallies(const fuda_engine *e, const fuda_tally **out) {
    *out = e->tallies;
    return e->ntallies;
}

void fuda_engine_clear_tallies(fuda_engine *e) {
    for (int i = 0; i < e->ntallies; i++) free((char *)e->tallies[i].name);
    e->ntallies = 0;
}

void fuda_record_rows_drop(fuda_engine *e, int n) {
    while (e->nrows > n) {
        char *t = e->rows[--e->nrows].note;
        fuda_sandbox_cfree(e, kept_size(t, sizeof *e->rows));
        free(t);
    }
}

/* Drop log entries from index n on. */
void fuda_record_log_cut(fuda_engine *e, long n) {
    while (e->nlog > n) {
        fuda_logmove *l = &e->log[--e->nlog];
        fuda_sandbox_cfree(e, sizeof *e->log + (l->text ? strlen(l->text) + 1 : 0));
        free(l->text);
    }
}

void fuda_record_log_clear(fuda_engine *e) { fuda_record_log_cut(e, 0); }

/* C-side bytes kept for one interned move (its text, its slot, and about
 * what the two Lua tables hold for it, which Lua counts itself). */
size_t fuda_record_move_size(const char *text) { return strlen(text) + 1 + sizeof(char *); }

/* Forget the match's moves (a new match starts). */
void fuda_record_moves_clear(fuda_engine *e) {
    for (int i = 0; i < e->nmvtab; i++) {
        fuda_sandbox_cfree(e, fuda_record_move_size(e->mvtab[i]));
        free(e->mvtab[i]);
    }
    e->nmvtab = 0;
    e->nmoves = 0;
    e->moves_valid = 0;
    e->bot_id = -1;
}

void fuda_engine_flush(fuda_engine *e) { events_flush(e); }
int fuda_engine_log_line(fuda_engine *e, const char *line) { return log_add(e, line); }
