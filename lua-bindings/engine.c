/* engine.c -- one match of one variant (see engine.h): calling the variant's
 * hooks under the sandbox limits, applying moves all or nothing, the claim
 * window protocol, bots, the event stream, the scoresheet and the log (its
 * text and replaying it: log.c).
 *
 * Every entry point that touches the Lua state does all of it inside one
 * protected call under the sandbox limits (engine_pcall): reading what a hook
 * returned, its metamethods, running out of memory or time all end in a
 * message, never in Lua's panic. What the engine keeps of a hook's results
 * (the move list, a bot's choice, a view) is copied into its own memory
 * before the call returns, so a script that keeps and changes the tables it
 * returned changes nothing the engine decided.
 *
 * All-or-nothing: before a hook may change anything, the engine copies the
 * core state (a memcpy) and remembers how long the scoresheet and the event
 * list are; if the hook fails, or leaves a hand with nobody to act (or, in
 * a paranoid engine, breaks the core state or the variant's check.invariant),
 * both are put back and the message is kept for fuda_engine_error. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <limits.h>
#include <math.h>
#include "lfuda.h"
#include "search.h"
#include "text_term.h"
#include "movetext.h"

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

static int grow(void **arr, int *cap, int n, size_t size) {
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
    if (grow((void **)&e->evs, &e->capevs, e->nevs, sizeof *e->evs) < 0) {
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
    if (grow((void **)&e->rows, &e->caprows, e->nrows, sizeof *e->rows) < 0) return -1;
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
        long ncap = e->caplog ? e->caplog * 2 : 256;
        void *p = realloc(e->log, (size_t)ncap * sizeof *e->log);
        if (!p) { free(text); return -1; }
        e->log = (fuda_logmove *)p;
        e->caplog = ncap;
    }
    e->log[e->nlog].seat = seat;
    e->log[e->nlog].id = id;
    e->log[e->nlog].serial = ++e->log_serial;
    e->log[e->nlog++].text = text;
    e->cmem_used += sizeof *e->log + (text ? strlen(text) + 1 : 0);
    return 0;
}

static int log_move(fuda_engine *e, int seat, int id) { return log_push(e, fuda_seat_of(e, seat), id, NULL); }

static int log_add(fuda_engine *e, const char *line) {
    char *t = strdup(line);
    return t ? log_push(e, 0, -1, t) : -1;
}

const char *fuda_log_text(const fuda_engine *e, long i) {
    return e->log[i].text ? e->log[i].text : e->mvtab[e->log[i].id];
}

/* Drop events from index n on (a failed move's), or deliver them all. */
static void events_drop(fuda_engine *e, int n) {
    while (e->nevs > n) {
        fuda_ev *ev = &e->evs[--e->nevs];
        fuda_sandbox_cfree(e, ev->size);
        if (ev->text) free(ev->text);
    }
}

/* Count one more of `name` in the coverage tallies. */
static void tally_add(fuda_engine *e, const char *name) {
    if (e->quiet || e->no_tallies) return; /* a search's playouts, check's trials count nothing */
    int i = find_tally(e, name);
    if (i >= 0) {
        e->tallies[i].count++;
        return;
    }
    if (grow((void **)&e->tallies, &e->captallies, e->ntallies, sizeof *e->tallies) < 0) return;
    char *n = strdup(name);
    if (!n) return;
    e->tallies[e->ntallies].name = n;
    e->tallies[e->ntallies++].count = 1;
}

/* Deliver the events of a move that succeeded (seat -1 marks a tally). */
static void events_flush(fuda_engine *e) {
    for (int i = 0; i < e->nevs; i++) {
        if (e->evs[i].seat < 0) tally_add(e, e->evs[i].text);
        else if (e->ev_fn && !e->quiet && e->evs[i].text) e->ev_fn(e->ev_ud, e->evs[i].seat, e->evs[i].text);
    }
    events_drop(e, 0);
}

int fuda_engine_tallies(const fuda_engine *e, const fuda_tally **out) {
    *out = e->tallies;
    return e->ntallies;
}

void fuda_engine_clear_tallies(fuda_engine *e) {
    for (int i = 0; i < e->ntallies; i++) free((char *)e->tallies[i].name);
    e->ntallies = 0;
}

static void rows_drop(fuda_engine *e, int n) {
    while (e->nrows > n) {
        char *t = e->rows[--e->nrows].note;
        fuda_sandbox_cfree(e, kept_size(t, sizeof *e->rows));
        free(t);
    }
}

/* Drop log entries from index n on. */
static void log_cut(fuda_engine *e, long n) {
    while (e->nlog > n) {
        fuda_logmove *l = &e->log[--e->nlog];
        fuda_sandbox_cfree(e, sizeof *e->log + (l->text ? strlen(l->text) + 1 : 0));
        free(l->text);
    }
}

static void log_clear(fuda_engine *e) { log_cut(e, 0); }

/* C-side bytes kept for one interned move (its text, its slot, and about
 * what the two Lua tables hold for it, which Lua counts itself). */
static size_t move_size(const char *text) { return strlen(text) + 1 + sizeof(char *); }

/* Forget the match's moves (a new match starts). */
static void moves_clear(fuda_engine *e) {
    for (int i = 0; i < e->nmvtab; i++) {
        fuda_sandbox_cfree(e, move_size(e->mvtab[i]));
        free(e->mvtab[i]);
    }
    e->nmvtab = 0;
    e->nmoves = 0;
    e->moves_valid = 0;
    e->bot_id = -1;
}

/* ---- a transaction around hook calls ---- */

/* At a table of several, what a hook there may also change: the match's
 * totals (g:score) and the table's kept result (g:result). */
typedef struct txn {
    fuda_state st;
    int nrows, nevs;
    int32_t total[FUDA_MAX_COLS][FUDA_MAX_SEATS];
    fuda_table_result res;
} txn;

static void txn_begin(fuda_engine *e, txn *t) {
    fuda_state_copy(&t->st, &e->st);
    if (fuda_tb_active(e)) {
        memcpy(t->total, e->tb->slot[0].total, sizeof t->total);
        t->res = e->tb->res[fuda_tb_active(e) - 1];
    }
    t->nrows = e->nrows;
    t->nevs = e->nevs;
    e->moves_valid = 0;
}

/* Did the hooks since t change the game: the state, and at a table of
 * several, the match's totals and the table's kept result too? */
static int txn_changed(const fuda_engine *e, const txn *t) {
    if (memcmp(&t->st, &e->st, sizeof t->st) != 0) return 1;
    if (!fuda_tb_active(e)) return 0;
    const fuda_table_result *a = &t->res, *b = &e->tb->res[fuda_tb_active(e) - 1];
    return memcmp(t->total, e->tb->slot[0].total, sizeof t->total) != 0 || a->done != b->done ||
           a->winner != b->winner || a->loser != b->loser || a->kind != b->kind || a->note != b->note ||
           a->points != b->points || a->boxes != b->boxes;
}

/* Lua's copy of the variables (and the pile caches) must follow a state put
 * back (lgame.c): mark the slots that differ between the two. */
static void mark_stale(fuda_engine *e, const fuda_state *back) {
    for (int i = 0; i < FUDA_MAX_VARS; i++)
        if (e->st.var[i] != back->var[i] || e->st.var_type[i] != back->var_type[i]) {
            e->stale_slot[i / 64] |= (uint64_t)1 << (i % 64);
            e->vars_stale = 1;
        }
    if (e->st.npiles != back->npiles) e->stale_piles = e->vars_stale = 1;
    if (e->st.nseats != back->nseats) e->seats_stale = e->vars_stale = 1;
}

void fuda_engine_mark_stale(fuda_engine *e, const fuda_state *back) { mark_stale(e, back); }

static void txn_undo(fuda_engine *e, txn *t) {
    mark_stale(e, &t->st);
    fuda_state_copy(&e->st, &t->st);
    if (fuda_tb_active(e)) {
        memcpy(e->tb->slot[0].total, t->total, sizeof t->total);
        e->tb->res[fuda_tb_active(e) - 1] = t->res;
    }
    rows_drop(e, t->nrows);
    events_drop(e, t->nevs);
    e->moves_valid = 0;
}

/* Call hook `name` of the variant with the game and nargs more values on the
 * stack (pushed by the caller after this returns 1... see call_hook). */
static const char *const hook_names[FUDA_NHOOKS] = {
    "setup", "deal", "moves", "play", "resolve", "view", "result", "match", "prompt", "why_not", "confirm"
};

/* Remember the variant's hook functions (after loading). */
void fuda_engine_cache_hooks(fuda_engine *e) {
    e->info.nhooks = 0;
    for (int h = 0; h < FUDA_NHOOKS; h++) {
        lua_rawgeti(e->L, LUA_REGISTRYINDEX, e->ref_variant);
        if (lua_getfield(e->L, -1, hook_names[h]) == LUA_TFUNCTION) {
            e->info.hooks[e->info.nhooks++] = hook_names[h];
            e->ref_hook[h] = luaL_ref(e->L, LUA_REGISTRYINDEX);
        } else {
            e->ref_hook[h] = LUA_NOREF;
            lua_pop(e->L, 1);
        }
        lua_pop(e->L, 1);
    }
}

/* Push hook h; 0 (nothing pushed) if the variant has none. */
int fuda_engine_push_hook(fuda_engine *e, int h) {
    if (e->ref_hook[h] == LUA_NOREF) return 0;
    lua_rawgeti(e->L, LUA_REGISTRYINDEX, e->ref_hook[h]);
    if (e->count_hooks) {
        char tag[64];
        snprintf(tag, sizeof tag, "hook %s", hook_names[h]);
        tally_add(e, tag);
    }
    return 1;
}

/* ---- protected calls ---- */

typedef int (*engine_body)(fuda_engine *e, void *ud);
typedef struct body_call { fuda_engine *e; engine_body fn; void *ud; int rc; } body_call;

/* Does msg name a place, "NAME:LINE:" (a script's, a load's chunk)? */
static int names_place(const char *msg) {
    for (const char *p = msg; (p = strchr(p, ':')) != NULL; p++) {
        if (p == msg || p[-1] == ' ' || p[-1] == '\n') continue;
        const char *q = p + 1;
        if (*q < '0' || *q > '9') continue;
        while (*q >= '0' && *q <= '9') q++;
        if (*q == ':') return 1;
    }
    return 0;
}

/* Push "where: the error object as text" (no script code runs: an object
 * that is no string becomes "(error object is a table value)"). */
static void push_placed(lua_State *L, const char *where, int t) {
    if (t == LUA_TSTRING || t == LUA_TNUMBER) lua_pushfstring(L, "%s: %s", where, lua_tostring(L, 1));
    else lua_pushfstring(L, "%s: (error object is a %s value)", where, luaL_typename(L, 1));
}

/* The message handler of a body: an error that names no place -- raised
 * with error(x, 0), an error object that is no string, an error raised in a
 * C function that another C function called (a sort comparator, a gsub
 * callback) -- gets the place of the innermost script function on the stack
 * where it was raised, "file:line: " (fuda's own loader and authoring code
 * are not scripts). When the stack holds none (a __close that cannot be
 * called, found while unwinding), the place where the hook being called is
 * defined, or, for a hook that is a C function, the variant's file; a
 * message of the engine's own that names the variant's file is left as it
 * is. */
int fuda_place_error(lua_State *L) {
    int t = lua_type(L, 1);
    if (t == LUA_TSTRING && names_place(lua_tostring(L, 1))) return 1;
    lua_Debug ar;
    char where[sizeof ar.short_src + 24];
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) continue;
        if (strcmp(ar.source, "=loader") == 0 || strcmp(ar.source, "=author") == 0) continue;
        snprintf(where, sizeof where, "%s:%d", ar.short_src, ar.currentline);
        push_placed(L, where, t);
        return 1;
    }
    fuda_engine *e = fuda_engine_of(L);
    if (!e || !e->file) return 1;
    if (t == LUA_TSTRING && strncmp(lua_tostring(L, 1), e->file, strlen(e->file)) == 0) return 1;
    if (e->noted >= 1 && e->noted <= FUDA_NOTED && e->noted_place[e->noted - 1][0])
        push_placed(L, e->noted_place[e->noted - 1], t);
    else /* a hook that is a C function (view = tostring): only its file is known */
        push_placed(L, e->file, t);
    return 1;
}

static int run_body(lua_State *L) {
    body_call *c = (body_call *)lua_touserdata(L, 1);
    lua_settop(L, 0);
    if (c->e->vars_stale) {
        fuda_game_sync(c->e);
        c->e->vars_stale = 0;
    }
    c->rc = c->fn(c->e, c->ud);
    return 0;
}

/* Run fn(e, ud) as one call under the sandbox limits: every Lua API call in
 * it may raise (a hook's error, a metamethod's, a limit, out of memory).
 * Returns fn's result (0, or -1 with e->err set by fn), or -1 after an error,
 * with e->err "<message> (in <hook>)" naming what was being called. The Lua
 * stack is left as it was. */
static int engine_pcall(fuda_engine *e, engine_body fn, void *ud) {
    lua_State *L = e->L;
    int top = lua_gettop(L);
    body_call c = {e, fn, ud, -1};
    e->calling = NULL;
    e->in_result = 0;
    lua_pushcfunction(L, fuda_place_error); /* the message handler: an error gets a place */
    lua_pushcfunction(L, run_body);
    lua_pushlightuserdata(L, &c);
    if (fuda_sandbox_xpcall(e, 1, 0, top + 1) != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        if (e->calling) fuda_engine_seterr(e, "%s (in %s)", msg, e->calling);
        else fuda_engine_seterr(e, "%s", msg);
        c.rc = -1;
    }
    lua_settop(L, top);
    return c.rc;
}

/* Inside a body: call the function below nargs values, with the game
 * inserted as its first argument; `name` names it in messages. */
static void call_hook(fuda_engine *e, const char *name, int nargs, int nres) {
    fuda_game_push(e);
    lua_insert(e->L, -nargs - 1);
    fuda_sandbox_note_function(e, -nargs - 2);
    e->calling = name;
    lua_call(e->L, nargs + 1, nres);
}

/* Inside a body: call hook h (if the variant has it) with the game alone. */
static void call_simple(fuda_engine *e, int h) {
    if (fuda_engine_push_hook(e, h)) call_hook(e, hook_names[h], 0, 0);
}

static int simple_body(fuda_engine *e, void *ud) {
    call_simple(e, *(int *)ud);
    return 0;
}

/* Run hook h with only the game as argument, protected. */
static int run_simple(fuda_engine *e, int h) {
    return engine_pcall(e, simple_body, &h);
}

int fuda_engine_pcall(fuda_engine *e, fuda_body fn, void *ud) { return engine_pcall(e, fn, ud); }
void fuda_engine_call_hook(fuda_engine *e, const char *name, int nargs, int nres) {
    call_hook(e, name, nargs, nres);
}
int fuda_engine_run_hook(fuda_engine *e, int h) { return run_simple(e, h); }

/* The variant's check.invariant(g), under the limits of a hook: 0 when it
 * returns anything but false, else -1 with "file:line: message" (the line
 * of the error it raised, or where the function is defined when it returned
 * false, with the text it returned second). It may not change the game. */
typedef struct invariant_args { const char *after; char where[96], label[160]; } invariant_args;

/* The body of check.invariant(g) -> ok [, reason]: false refuses the action. */
static int invariant_body(fuda_engine *e, void *ud) {
    invariant_args *a = (invariant_args *)ud;
    lua_State *L = e->L;
    lua_Debug ar;
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_invariant);
    lua_pushvalue(L, -1);
    lua_getinfo(L, ">S", &ar);
    snprintf(a->where, sizeof a->where, "%s:%d", ar.short_src, ar.linedefined);
    call_hook(e, a->label, 0, 2);
    if (lua_type(L, -2) == LUA_TBOOLEAN && !lua_toboolean(L, -2)) {
        const char *why = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "it returned false";
        fuda_engine_seterr(e, "%s: check.invariant does not hold after %s: %s", a->where, a->after, why);
        return -1;
    }
    return 0;
}

/* Run the variant's check.invariant, protected, under the limits; it may only
 * look at the game. */
static int run_invariant(fuda_engine *e, const char *after) {
    fuda_state before;
    fuda_state_copy(&before, &e->st);
    int nrows = e->nrows, nevs = e->nevs;
    invariant_args a = {after, "", ""};
    snprintf(a.label, sizeof a.label, "check.invariant, after %.120s", after);
    if (e->count_hooks) tally_add(e, "hook check.invariant");
    if (engine_pcall(e, invariant_body, &a) < 0) return -1;
    if (memcmp(&before, &e->st, sizeof before) != 0 || e->nrows != nrows || e->nevs != nevs) {
        fuda_engine_seterr(e, "%s: check.invariant changed the game (it may only look at it)", a.where);
        return -1;
    }
    return 0;
}

/* Where a hook's wrong result is blamed: "file:line" of the hook the
 * engine called last in this call (its first line), or the variant's file
 * when that is unknown (a hook that is a C function, no hook called yet) or
 * is fuda's own code (a hook author.lua made; fuda_place_error skips the
 * loader's and author's chunks the same way). */
static const char *called_place(const fuda_engine *e) {
    if (e->noted < 1 || e->noted > FUDA_NOTED) return e->file;
    const char *p = e->noted_place[e->noted - 1];
    if (!p[0] || strncmp(p, "author:", 7) == 0 || strncmp(p, "loader:", 7) == 0) return e->file;
    return p;
}

/* After a hook ran inside a hand: somebody must be able to act; a paranoid
 * engine also verifies the core state and the variant's invariant. */
static int check_progress(fuda_engine *e, const char *after) {
    if (e->st.phase == FUDA_PHASE_PLAYING && fuda_state_actors(&e->st) == 0) {
        fuda_engine_seterr(e, "%s: after %s the hand goes on but no seat is to act (set g.turn, "
                           "open a claim window, or call g:end_hand())", called_place(e), after);
        return -1;
    }
    char msg[256];
    if (e->paranoid && fuda_state_check(&e->st, msg, sizeof msg) < 0) {
        fuda_engine_seterr(e, "%s: the game state is inconsistent after %s: %s", e->file, after, msg);
        return -1;
    }
    if (e->paranoid && e->ref_invariant != LUA_NOREF) return run_invariant(e, after);
    return 0;
}

int fuda_engine_progress(fuda_engine *e, const char *after) { return check_progress(e, after); }
void fuda_engine_flush(fuda_engine *e) { events_flush(e); }
void fuda_engine_drop(fuda_engine *e, int nrows, int nevs, long nlog) {
    rows_drop(e, nrows);
    events_drop(e, nevs);
    log_cut(e, nlog);
}
int fuda_engine_log_line(fuda_engine *e, const char *line) { return log_add(e, line); }

/* ---- life cycle ---- */

static void free_variant(fuda_engine *e) {
    for (int i = 0; i < e->nopts; i++) {
        free(e->opts[i].name); free(e->opts[i].doc); free(e->opts[i].text);
        free(e->opts[i].sval); free(e->opts[i].one_of);
    }
    e->nopts = 0;
    free(e->opts);
    free(e->optinfo);
    e->opts = NULL, e->optinfo = NULL;
    for (int i = 0; i < e->nbotnames; i++) free(e->botnames[i]);
    free(e->botnames);
    e->botnames = NULL, e->nbotnames = 0;
    for (int i = 0; i < e->nexpect; i++) free(e->expect[i]);
    free(e->expect);
    e->expect = NULL, e->nexpect = 0;
    for (int i = 0; i < e->ncols; i++) free(e->colnames[i]);
    e->ncols = 0;
    for (int i = 0; i < e->nverbs; i++) free(e->verbusage[i]), free(e->verbdoc[i]);
    free(e->verbusage), free(e->verbdoc);
    e->verbusage = e->verbdoc = NULL, e->nverbs = 0;
    free(e->name); free(e->title); free(e->file); free(e->extends); free(e->round);
    e->name = e->title = e->file = e->extends = e->round = NULL;
    fuda_sandbox_cfree(e, e->variant_bytes);
    e->variant_bytes = 0;
    memset(&e->info, 0, sizeof e->info);
    e->loaded = 0;
    e->started = 0;
}

static void free_match(fuda_engine *e) {
    rows_drop(e, 0);
    events_drop(e, 0);
    log_clear(e);
    moves_clear(e);
    e->started = 0;
}

static void close_state(fuda_engine *e) {
    free_match(e);
    free_variant(e);
    if (e->L) lua_close(e->L);
    e->L = NULL;
    e->ref_game = e->ref_piles = e->ref_variant = e->ref_options = e->ref_invariant = LUA_NOREF;
    e->ref_mvids = e->ref_mvstrs = LUA_NOREF;
    for (int h = 0; h < FUDA_NHOOKS; h++) e->ref_hook[h] = LUA_NOREF;
    e->mem_used = 0;
}

static char *exe_dir(const char *exe) {
    char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n > 0) buf[n] = 0;
    else if (exe) snprintf(buf, sizeof buf, "%s", exe);
    else return NULL;
    char *slash = strrchr(buf, '/');
    if (!slash) return strdup(".");
    *slash = 0;
    return strdup(buf);
}

fuda_engine *fuda_engine_new(const fuda_config *cfg) {
    fuda_engine *e = (fuda_engine *)calloc(1, sizeof *e);
    if (!e) return NULL;
    e->mem_limit = cfg && cfg->mem_limit ? cfg->mem_limit : FUDA_DEFAULT_MEM;
    e->instr_limit = cfg && cfg->instr_limit ? cfg->instr_limit : FUDA_DEFAULT_INSTR;
    e->time_limit = cfg && cfg->time_limit ? cfg->time_limit : FUDA_DEFAULT_TIME;
    e->match_time_limit = !cfg || !cfg->match_time_limit ? FUDA_DEFAULT_MATCH_TIME
                          : cfg->match_time_limit < 0 ? 0 : cfg->match_time_limit;
    e->match_epoch = 1; /* match_over (0) names no epoch: no budget is spent */
    e->paranoid = cfg ? cfg->paranoid : 0;
    int n = 0;
    while (cfg && cfg->search_path && cfg->search_path[n]) n++;
    e->search = (char **)calloc((size_t)n + 1, sizeof(char *));
    for (int i = 0; e->search && i < n; i++) e->search[i] = strdup(cfg->search_path[i]);
    e->exe = exe_dir(cfg ? cfg->exe : NULL);
    e->syms = fuda_symtab_new();
    e->ref_game = e->ref_piles = e->ref_variant = e->ref_options = e->ref_invariant = LUA_NOREF;
    e->ref_mvids = e->ref_mvstrs = LUA_NOREF;
    e->bot_id = -1;
    for (int h = 0; h < FUDA_NHOOKS; h++) e->ref_hook[h] = LUA_NOREF;
    if (!e->search || !e->syms || fuda_sandbox_watch(e) < 0) {
        fuda_engine_free(e);
        return NULL;
    }
    return e;
}

void fuda_engine_free(fuda_engine *e) {
    if (!e) return;
    fuda_sandbox_unwatch(e);
    close_state(e);
    free(e->tb);
    for (int i = 0; i < FUDA_MAX_SEATS; i++) free(e->search_memo[i]);
    for (char **d = e->search; d && *d; d++) free(*d);
    free(e->search);
    free(e->exe);
    free(e->variant_arg);
    for (int i = 0; i < e->noptset; i++) free(e->optset[i]);
    free(e->optset);
    fuda_symtab_free(e->syms);
    fuda_engine_clear_tallies(e);
    free(e->tallies);
    free(e->err); free(e->rows); free(e->evs); free(e->log); free(e->moves); free(e->mvids); free(e->mvtab);
    free(e);
}

/* Loading, and then collecting what loading left behind before matches
 * keep the state: under the limits, like every touch of the state that may
 * run the collector (its work on a script's weak tables can be long). */
static int load_body(fuda_engine *e, void *ud) {
    if (fuda_loader_load(e, (const char *)ud) < 0) return -1;
    fuda_engine_cache_hooks(e);
    fuda_sandbox_blame(e, e->file);
    lua_gc(e->L, LUA_GCCOLLECT, 0);
    return 0;
}

int fuda_engine_load(fuda_engine *e, const char *variant, const char *const *options, int nopts) {
    close_state(e);
    if (e->err) e->err[0] = 0;
    e->err_oom = 0;
    for (int i = 0; i < e->noptset; i++) free(e->optset[i]);
    free(e->optset);
    e->optset = (char **)calloc((size_t)nopts + 1, sizeof(char *));
    e->noptset = 0;
    for (int i = 0; e->optset && i < nopts; i++) e->optset[e->noptset++] = strdup(options[i]);
    e->L = fuda_sandbox_state(e, fuda_open_game_libs);
    if (!e->L) {
        fuda_engine_seterr(e, "out of memory");
        return -1;
    }
    __atomic_store_n(&e->match_epoch, e->match_epoch + 1, __ATOMIC_RELEASE); /* loading: a budget of its own */
    if (engine_pcall(e, load_body, (void *)variant) < 0) {
        close_state(e);
        return -1;
    }
    free(e->variant_arg);
    e->variant_arg = strdup(variant);
    e->loaded = 1;
    return 0;
}

void fuda_engine_unload(fuda_engine *e) { close_state(e); }

const fuda_variant_info *fuda_engine_info(const fuda_engine *e) {
    return e->loaded ? &e->info : NULL;
}

void fuda_engine_on_event(fuda_engine *e, fuda_event_fn fn, void *ud) {
    e->ev_fn = fn;
    e->ev_ud = ud;
}

/* ---- the variant list ---- */

struct list_ctx { char **names; int n, cap; };

static int add_name(struct list_ctx *c, const char *name) {
    for (int i = 0; i < c->n; i++)
        if (strcmp(c->names[i], name) == 0) return 0;
    if (grow((void **)&c->names, &c->cap, c->n + 1, sizeof(char *)) < 0) return -1;
    c->names[c->n++] = strdup(name);
    return 0;
}

#include <dirent.h>
static int list_dir(const char *dir, void *ud) {
    DIR *d = opendir(dir);
    if (!d) return 0;
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        size_t n = strlen(ent->d_name);
        if (n > 4 && strcmp(ent->d_name + n - 4, ".lua") == 0 && ent->d_name[0] != '.') {
            char name[256];
            snprintf(name, sizeof name, "%.*s", (int)(n - 4), ent->d_name);
            add_name((struct list_ctx *)ud, name);
        }
    }
    closedir(d);
    return 0;
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}


int fuda_engine_list(fuda_engine *e, char ***names) {
    struct list_ctx c = {NULL, 0, 0};
    fuda_loader_each_dir(e, list_dir, &c);
    if (grow((void **)&c.names, &c.cap, c.n + 1, sizeof(char *)) < 0) return -1;
    qsort(c.names, (size_t)c.n, sizeof(char *), cmp_str);
    c.names[c.n] = NULL;
    *names = c.names;
    return c.n;
}

void fuda_free_names(char **names) {
    for (char **p = names; p && *p; p++) free(*p);
    free(names);
}

/* ---- a match ---- */

/* Set the declared variables to their initial values. */
static int init_vars(fuda_engine *e) {
    lua_State *L = e->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_varinit);
    int n = (int)luaL_len(L, -1);
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, -1, i);
        lua_rawgeti(L, -1, 1);
        int slot = (int)lua_tointeger(L, -1);
        lua_rawgeti(L, -2, 3);
        int per_seat = lua_toboolean(L, -1);
        lua_rawgeti(L, -3, 2);
        for (int s = 0; s < (per_seat ? FUDA_MAX_SEATS : 1); s++) {
            int k = per_seat ? e->nvars + slot * FUDA_MAX_SEATS + s : slot;
            switch (lua_type(L, -1)) {
            case LUA_TBOOLEAN: e->st.var_type[k] = FUDA_VAR_BOOL; e->st.var[k] = lua_toboolean(L, -1); break;
            case LUA_TSTRING: {
                size_t len;
                const char *str = lua_tolstring(L, -1, &len);
                e->st.var_type[k] = FUDA_VAR_SYM;
                e->st.var[k] = fuda_symtab_intern(e->syms, str, len);
                if (e->st.var[k] < 0) { lua_pop(L, 5); return -1; }
                break;
            }
            default: e->st.var_type[k] = FUDA_VAR_INT; e->st.var[k] = (int32_t)lua_tointeger(L, -1);
            }
        }
        lua_pop(L, 4);
    }
    lua_pop(L, 1);
    return 0;
}

/* A match starts with an empty symbol table: the strings a script stored in
 * earlier matches do not pile up over a long simulation. */
static int new_symbols(fuda_engine *e) {
    fuda_symtab *t = fuda_symtab_new();
    if (!t) {
        fuda_engine_seterr(e, "out of memory");
        return -1;
    }
    fuda_sandbox_cfree(e, e->sym_bytes);
    e->sym_bytes = 0;
    fuda_symtab_free(e->syms);
    e->syms = t;
    return 0;
}

/* Replace the Lua table at registry ref *ref by a new empty one. */
static void new_ref_table(lua_State *L, int *ref) {
    if (*ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, *ref);
    *ref = LUA_NOREF;
    lua_newtable(L);
    *ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

static int start_body(fuda_engine *e, void *ud) {
    (void)ud;
    new_ref_table(e->L, &e->ref_mvids);
    new_ref_table(e->L, &e->ref_mvstrs);
    if (fuda_tables_configure(e) < 0) return -1;
    if (init_vars(e) < 0) {
        fuda_engine_seterr(e, "out of memory");
        return -1;
    }
    if (fuda_tb_n(e)) fuda_tables_prepare(e);
    fuda_game_reset(e); /* after init_vars: the game's variable tables copy them */
    if (fuda_tb_n(e)) return 0; /* setup and deal per table: fuda_tables_begin */
    e->in_setup = 1;
    call_simple(e, FUDA_HOOK_SETUP);
    e->in_setup = 0;
    e->st.phase = FUDA_PHASE_PLAYING;
    e->st.hand_no = 1;
    call_simple(e, FUDA_HOOK_DEAL);
    return 0;
}

int fuda_engine_start(fuda_engine *e, int nseats, uint64_t seed) {
    if (!e->loaded) {
        fuda_engine_seterr(e, "no variant loaded");
        return -1;
    }
    if (nseats == 0) nseats = e->info.default_seats;
    if (nseats < e->info.min_seats || nseats > e->info.max_seats ||
        (e->info.seat_step > 1 && (nseats - e->info.min_seats) % e->info.seat_step)) {
        if (e->info.min_seats == e->info.max_seats)
            fuda_engine_seterr(e, "%s is for %d players, not %d", e->name, e->info.min_seats, nseats);
        else if (e->info.seat_step > 1)
            fuda_engine_seterr(e, "%s is for %d to %d players, every %d (%d, %d, ...), not %d", e->name,
                               e->info.min_seats, e->info.max_seats, e->info.seat_step, e->info.min_seats,
                               e->info.min_seats + e->info.seat_step, nseats);
        else
            fuda_engine_seterr(e, "%s is for %d to %d players, not %d", e->name, e->info.min_seats,
                               e->info.max_seats, nseats);
        return -1;
    }
    free_match(e);
    if (new_symbols(e) < 0) return -1;
    if (e->tb) memset(e->tb, 0, offsetof(fuda_tables, slot));
    e->tb_inner = e->seats_stale = e->nteams = 0;
    if (fuda_state_init(&e->st, nseats, seed, e->syms) < 0) { /* the loader keeps the counts in range */
        fuda_engine_seterr(e, "%s: cannot seat %d players (at most %d)", e->name, nseats, FUDA_MAX_SEATS);
        return -1;
    }
    fuda_rng_seed(&e->bot_rng, seed, 1);
    e->seed = seed;
    e->practice = 0;
    static uint64_t matches; /* every match of the process gets its own id, for marks */
    e->match_id = __atomic_add_fetch(&matches, 1, __ATOMIC_RELAXED);
    __atomic_store_n(&e->match_epoch, e->match_epoch + 1, __ATOMIC_RELEASE); /* a new script-time budget */
    e->started = 1;
    int rc = engine_pcall(e, start_body, NULL);
    e->in_setup = 0;
    if (rc == 0 && fuda_tb_n(e)) rc = fuda_tables_begin(e);
    else if (rc == 0) rc = check_progress(e, "deal");
    e->empty_run = 0;
    if (rc == 0 && !fuda_tb_n(e)) fuda_engine_count_empty_hand(e, &e->st);
    fuda_state_observe(&e->st);
    if (rc < 0) {
        e->started = 0;
        events_drop(e, 0);
        rows_drop(e, 0);
        return -1;
    }
    events_flush(e);
    return 0;
}

int fuda_engine_phase(const fuda_engine *e) {
    return e->started ? fuda_engine_state(e)->phase : FUDA_PHASE_IDLE;
}

/* A hand that ended in its deal counts as a move (one more in the state's
 * move count, as a move would): every loop that plays a match bounds its
 * moves (check.max_moves, FUDA_MAX_MOVES). And FUDA_MAX_EMPTY_HANDS such
 * hands in a row end the match with an error: a variant whose deal ends
 * every hand at once cannot make anybody deal for ever. st: the match's
 * state (at several tables, the header's). */
void fuda_engine_count_empty_hand(fuda_engine *e, fuda_state *st) {
    if (st->phase == FUDA_PHASE_HAND_OVER) {
        st->move_no++;
        e->empty_run++;
    } else {
        e->empty_run = 0;
    }
}

/* Too many hands in a row ended in their deal: -1 with the message. */
static int empty_hands(fuda_engine *e) {
    if (e->empty_run < FUDA_MAX_EMPTY_HANDS) return 0;
    fuda_engine_seterr(e, "%s: %d hands in a row ended in their deal, without a move (the deal "
                       "hook ends every hand): the match is stopped", e->file, FUDA_MAX_EMPTY_HANDS);
    return -1;
}

int fuda_engine_next_hand(fuda_engine *e) {
    if (e->started && empty_hands(e) < 0) return -1;
    if (e->started && fuda_tb_n(e)) return fuda_tables_next_hand(e);
    if (!e->started || e->st.phase != FUDA_PHASE_HAND_OVER) {
        fuda_engine_seterr(e, "no hand to deal: the %s", e->started && e->st.phase == FUDA_PHASE_MATCH_OVER
                           ? "match is over" : "current hand is not over");
        return -1;
    }
    txn t;
    txn_begin(e, &t);
    e->st.phase = FUDA_PHASE_PLAYING;
    e->st.hand_no++;
    if (run_simple(e, FUDA_HOOK_DEAL) < 0 || check_progress(e, "deal") < 0) {
        txn_undo(e, &t);
        return -1;
    }
    fuda_engine_count_empty_hand(e, &e->st);
    fuda_state_observe(&e->st);
    log_add(e, "next");
    events_flush(e);
    return 0;
}

unsigned fuda_engine_actors(const fuda_engine *e) {
    if (e->started && fuda_tb_n(e) && !e->tb_inner) return fuda_tables_actors(e->tb, &e->st);
    return e->started ? fuda_state_actors(&e->st) : 0;
}

const char *fuda_engine_claim(const fuda_engine *e) {
    if (e->started && fuda_tb_n(e) && !e->tb_inner) {
        for (int t = 1; t <= fuda_tb_n(e); t++) {
            const fuda_state *s = fuda_tables_slot(e->tb, &e->st, t);
            if (s->claim_open) return fuda_sym_text((fuda_engine *)e, s->claim_kind);
        }
        return NULL;
    }
    if (!e->started || !e->st.claim_open) return NULL;
    return fuda_sym_text((fuda_engine *)e, e->st.claim_kind);
}

static int bad_seat(fuda_engine *e, int seat) {
    if (!e->started) {
        fuda_engine_seterr(e, "no match is running");
        return 1;
    }
    if (seat < 1 || seat > e->st.nseats) {
        fuda_engine_seterr(e, "bad seat %d (seats are 1..%d)", seat, e->st.nseats);
        return 1;
    }
    return 0;
}

/* "file:line" of hook h's function (where it is defined), or the variant's
 * file when fuda's own code made the hook (phases: author.lua). */
static void hook_place(fuda_engine *e, int h, char *buf, size_t size) {
    lua_Debug ar;
    snprintf(buf, size, "%s", e->file ? e->file : "?");
    if (e->ref_hook[h] == LUA_NOREF) return;
    lua_rawgeti(e->L, LUA_REGISTRYINDEX, e->ref_hook[h]);
    if (lua_getinfo(e->L, ">S", &ar) && ar.source[0] == '@')
        snprintf(buf, size, "%s:%d", ar.short_src, ar.linedefined);
}

/* Inside a body: the id of the move string on top of the stack (popped),
 * interning it on first sight; the match's id table is at index ids. -1
 * (with the message) when the text is no fit move; `index` names its place
 * in the hook's list. */
static int move_id(fuda_engine *e, int ids, int index) {
    lua_State *L = e->L;
    lua_pushvalue(L, -1);
    if (lua_rawget(L, ids) == LUA_TNUMBER) {
        int id = (int)lua_tointeger(L, -1);
        lua_pop(L, 2);
        return id;
    }
    lua_pop(L, 1);
    size_t len, at;
    const char *m = lua_tolstring(L, -1, &len), *why;
    if (fuda_move_text_check(m, len, &why, &at) < 0) { /* the grammar a log replays (movetext.h) */
        char where[128];
        hook_place(e, FUDA_HOOK_MOVES, where, sizeof where);
        fuda_engine_seterr(e, "%s: move %d is not a valid move text (%s, at byte %lu; a move is 1 to "
                           "%d bytes of UTF-8, no control characters, single spaces between words)",
                           where, index, why, (unsigned long)at + 1, FUDA_MOVE_TEXT_MAX);
        return -1;
    }
    if (grow((void **)&e->mvtab, &e->capmvtab, e->nmvtab, sizeof *e->mvtab) < 0) {
        fuda_engine_seterr(e, "out of memory");
        return -1;
    }
    fuda_sandbox_cmem(L, e, move_size(m)); /* may raise: nothing is kept yet */
    if (!(e->mvtab[e->nmvtab] = strdup(m))) {
        fuda_sandbox_cfree(e, move_size(m));
        fuda_engine_seterr(e, "out of memory");
        return -1;
    }
    int id = e->nmvtab++; /* kept (and freed with the match) even if Lua fails below */
    lua_pushvalue(L, -1);
    lua_pushinteger(L, id);
    lua_rawset(L, ids);
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_mvstrs);
    lua_insert(L, -2);
    lua_rawseti(L, -2, id + 1);
    lua_pop(L, 1);
    return id;
}

/* Push the Lua string of move id. */
static void push_move(fuda_engine *e, int id) {
    lua_rawgeti(e->L, LUA_REGISTRYINDEX, e->ref_mvstrs);
    lua_rawgeti(e->L, -1, id + 1);
    lua_remove(e->L, -2);
}

/* The length of the moves hook's result at index list: a list of at most
 * FUDA_MAX_MOVES entries, else -1 with the message. */
static long list_length(fuda_engine *e, int list) {
    if (!lua_istable(e->L, list)) {
        fuda_engine_seterr(e, "%s: moves must return a list of strings, got %s", called_place(e),
                           luaL_typename(e->L, list));
        return -1;
    }
    lua_Unsigned n = lua_rawlen(e->L, list);
    if (n > FUDA_MAX_MOVES) {
        fuda_engine_seterr(e, "%s: moves listed %llu moves (at most %d)", called_place(e), (unsigned long long)n,
                           FUDA_MAX_MOVES);
        return -1;
    }
    return (long)n;
}

/* Push entry i of that list: 0 when it is a string, else -1 with the message. */
static int push_entry(fuda_engine *e, int list, int i) {
    if (lua_rawgeti(e->L, list, i) == LUA_TSTRING) return 0;
    fuda_engine_seterr(e, "%s: moves returned a %s at index %d, not a string", called_place(e),
                       luaL_typename(e->L, -1), i);
    return -1;
}

/* Inside a body, the list on top of the stack: check it, and keep it as ids
 * in e->mvids (the strings are interned: see move_id). */
static int take_moves(fuda_engine *e) {
    lua_State *L = e->L;
    int list = lua_gettop(L);
    long n = list_length(e, list);
    if (n < 0) return -1;
    if ((int)n > e->capmvids) {
        int *p = (int *)realloc(e->mvids, (size_t)n * sizeof *p);
        if (!p) {
            fuda_engine_seterr(e, "out of memory");
            return -1;
        }
        e->mvids = p;
        e->capmvids = (int)n;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_mvids);
    int ids = lua_gettop(L);
    for (int i = 1; i <= (int)n; i++) {
        if (push_entry(e, list, i) < 0) return -1;
        int id = move_id(e, ids, i);
        if (id < 0) return -1;
        e->mvids[i - 1] = id;
    }
    lua_settop(L, list);
    e->nmoves = (int)n;
    return 0;
}

/* Inside a body: the moves hook for seat, its list kept in e->mvids. */
static int list_moves(fuda_engine *e, int seat) {
    e->nmoves = 0;
    e->moves_valid = 0;
    fuda_engine_push_hook(e, FUDA_HOOK_MOVES);
    lua_pushinteger(e->L, seat);
    call_hook(e, "moves", 1, 1);
    if (take_moves(e) < 0) return -1;
    lua_pop(e->L, 1);
    e->moves_seat = seat;
    e->moves_valid = 1;
    return 0;
}

static int moves_body(fuda_engine *e, void *ud) {
    return list_moves(e, *(int *)ud);
}

/* Does the seat need the moves hook: it must act, and the list is not known? */
static int moves_needed(fuda_engine *e, int seat) {
    return !(e->moves_valid && e->moves_seat == seat) &&
           (fuda_state_actors(&e->st) & (1u << (seat - 1)));
}

/* Fill e->mvids from the moves hook for seat. */
static int load_moves(fuda_engine *e, int seat) {
    if (e->moves_valid && e->moves_seat == seat) return e->nmoves;
    e->nmoves = 0;
    e->moves_valid = 0;
    if (!(fuda_state_actors(&e->st) & (1u << (seat - 1)))) return 0;
    if (e->ref_hook[FUDA_HOOK_MOVES] == LUA_NOREF) {
        fuda_engine_seterr(e, "%s: no moves hook", e->file);
        return -1;
    }
    txn t;
    txn_begin(e, &t);
    if (engine_pcall(e, moves_body, &seat) < 0) {
        txn_undo(e, &t);
        e->nmoves = 0;
        return -1;
    }
    if (e->paranoid && txn_changed(e, &t)) {
        txn_undo(e, &t);
        e->nmoves = 0;
        fuda_engine_seterr(e, "%s: the moves hook changed the game state (it must only list moves)", called_place(e));
        return -1;
    }
    e->moves_seat = seat;
    e->moves_valid = 1;
    return e->nmoves;
}

int fuda_engine_moves(fuda_engine *e, int seat, const char *const **moves) {
    if (e->started && fuda_tb_n(e) && !e->tb_inner) return fuda_tables_moves(e, seat, moves);
    if (bad_seat(e, seat)) return -1;
    int n = load_moves(e, seat);
    if (n < 0) return -1;
    if (n > e->capmoves) {
        const char **p = (const char **)realloc(e->moves, (size_t)n * sizeof *p);
        if (!p) {
            fuda_engine_seterr(e, "out of memory");
            return -1;
        }
        e->moves = p;
        e->capmoves = n;
    }
    for (int i = 0; i < n; i++) e->moves[i] = e->mvtab[e->mvids[i]];
    *moves = e->moves;
    return n;
}

/* The id of `move` if it is in the current list, else -1. */
static int find_move(fuda_engine *e, const char *move) {
    for (int i = 0; i < e->nmoves; i++)
        if (strcmp(e->mvtab[e->mvids[i]], move) == 0) return e->mvids[i];
    return -1;
}

static int listed(const fuda_engine *e, int id) {
    for (int i = 0; i < e->nmoves; i++)
        if (e->mvids[i] == id) return 1;
    return 0;
}

/* Push the choices of a closing window: { [seat] = move, ... }. */
static void push_choices(fuda_engine *e, const fuda_state *s) {
    lua_createtable(e->L, s->nseats, 0);
    for (int k = 0; k < s->nseats; k++)
        if (s->claim_eligible & (1u << k)) {
            lua_pushstring(e->L, fuda_sym_text(e, s->claim_choice[k]));
            lua_rawseti(e->L, -2, k + 1);
        }
}

/* Inside a body: move `id` of seat, a listed one: the play hook, or a claim
 * decision (and the resolve hook when it was the last one awaited). */
static int play_move(fuda_engine *e, int seat, int id) {
    if (!e->st.claim_open) {
        if (!fuda_engine_push_hook(e, FUDA_HOOK_PLAY)) return -1;
        lua_pushinteger(e->L, seat);
        push_move(e, id);
        call_hook(e, "play", 2, 0);
        return 0;
    }
    const char *text = e->mvtab[id];
    int sym = fuda_symtab_intern(e->syms, text, strlen(text));
    if (sym < 0 && strlen(text) > FUDA_SYMTAB_MAXLEN) { /* a move may be longer than a claim's word */
        char where[128];
        hook_place(e, FUDA_HOOK_MOVES, where, sizeof where);
        fuda_engine_seterr(e, "%s: seat %d's answer to the claim window is %lu bytes (a claim's answer is at most %d)",
                           where, seat, (unsigned long)strlen(text), FUDA_SYMTAB_MAXLEN);
        return -1;
    }
    if (sym < 0 || fuda_claim_decide(&e->st, seat - 1, sym) < 0) {
        fuda_engine_seterr(e, "%s: cannot record the decision of seat %d", e->file, seat);
        return -1;
    }
    if (e->st.claim_pending) return 0;
    fuda_state closing;
    fuda_state_copy(&closing, &e->st);
    fuda_claim_close(&e->st);
    if (!fuda_engine_push_hook(e, FUDA_HOOK_RESOLVE)) {
        fuda_engine_seterr(e, "%s: a claim window ('%s') closed but the variant has no resolve hook",
                           e->file, fuda_sym_text(e, closing.claim_kind));
        return -1;
    }
    push_choices(e, &closing);
    lua_pushstring(e->L, fuda_sym_text(e, closing.claim_kind));
    call_hook(e, "resolve", 2, 0);
    return 0;
}

typedef struct apply_args { int seat, id; } apply_args;

static int apply_body(fuda_engine *e, void *ud) {
    const apply_args *a = (const apply_args *)ud;
    return play_move(e, a->seat, a->id);
}

/* Can seat move now? 0, or -1 with the message. */
static int may_act(fuda_engine *e, int seat) {
    if (bad_seat(e, seat)) return -1;
    if (e->st.phase != FUDA_PHASE_PLAYING) {
        fuda_engine_seterr(e, e->st.phase == FUDA_PHASE_HAND_OVER ? "the hand is over" : "the match is over");
        return -1;
    }
    if (!(fuda_state_actors(&e->st) & (1u << (seat - 1)))) {
        fuda_engine_seterr(e, "seat %d is not to act now", fuda_seat_of(e, seat));
        return -1;
    }
    return 0;
}

/* After the hooks of move id of seat ran without error (rc 0) in transaction
 * t: check the hand can go on, and keep the move (log, events) or, on
 * failure or when only trying (keep 0), put everything back. */
static int finish_move(fuda_engine *e, txn *t, int rc, int seat, int id, int keep) {
    if (rc == 0) rc = check_progress(e, e->mvtab[id]);
    if (rc == 0 && keep) {
        e->st.move_no++;
        fuda_state_observe(&e->st);
        rc = log_move(e, seat, id);
        if (rc < 0) fuda_engine_seterr(e, "out of memory");
    }
    if (rc == 0 && !keep && e->tried_fn) { /* fuda_engine_try_see: show what the move did */
        fuda_state_observe(&e->st);
        for (int i = t->nevs; i < e->nevs; i++)
            if (e->evs[i].seat >= 0 && e->evs[i].text && e->ev_fn) e->ev_fn(e->ev_ud, e->evs[i].seat, e->evs[i].text);
        e->tried_fn(e->tried_ud, e);
    }
    if (rc < 0 || !keep) {
        txn_undo(e, t);
        return rc;
    }
    events_flush(e);
    return 0;
}

/* Apply, or with keep 0 only try: run the move and put everything back. */
static int apply_or_try(fuda_engine *e, int seat, const char *move, int keep) {
    if (may_act(e, seat) < 0 || load_moves(e, seat) < 0) return -1;
    int id = find_move(e, move);
    if (id < 0) {
        fuda_engine_seterr(e, "'%.*s' is not a legal move of seat %d now", FUDA_MAX_MOVE_LEN, move,
                           fuda_seat_of(e, seat));
        return -1;
    }
    txn t;
    txn_begin(e, &t);
    apply_args a = {seat, id};
    int rc = engine_pcall(e, apply_body, &a);
    rc = finish_move(e, &t, rc, seat, id, keep);
    if (!keep || rc < 0) {
        e->moves_seat = seat; /* the state is back as it was: so is the list */
        e->moves_valid = 1;
    }
    return rc;
}

int fuda_engine_apply(fuda_engine *e, int seat, const char *move) {
    if (e->started && fuda_tb_n(e) && !e->tb_inner) return fuda_tables_apply(e, seat, move, 1);
    return apply_or_try(e, seat, move, 1);
}

int fuda_engine_try(fuda_engine *e, int seat, const char *move) {
    if (e->started && fuda_tb_n(e) && !e->tb_inner) return fuda_tables_apply(e, seat, move, 0);
    return apply_or_try(e, seat, move, 0);
}

int fuda_engine_try_see(fuda_engine *e, int seat, const char *move, fuda_tried_fn fn, void *ud) {
    e->tried_fn = fn, e->tried_ud = ud;
    int rc = fuda_engine_try(e, seat, move);
    e->tried_fn = NULL, e->tried_ud = NULL;
    return rc;
}

typedef struct bot_args { int seat; const char *name; char label[80]; } bot_args;

/* Inside a body: Lua bot bots[name](g, seat, moves) chooses among e->mvids;
 * its choice (a listed move, else an error) goes to e->bot_id. */
static int run_lua_bot(fuda_engine *e, bot_args *a) {
    lua_State *L = e->L;
    e->bot_id = -1;
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_variant);
    lua_getfield(L, -1, "bots");
    if (!lua_istable(L, -1) || lua_getfield(L, -1, a->name) != LUA_TFUNCTION) {
        fuda_engine_seterr(e, "%s has no bot '%s'", e->name, a->name);
        return -1;
    }
    lua_pushinteger(L, a->seat);
    lua_createtable(L, e->nmoves, 0);
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_mvstrs);
    for (int i = 0; i < e->nmoves; i++) {
        lua_rawgeti(L, -1, e->mvids[i] + 1);
        lua_rawseti(L, -3, i + 1);
    }
    lua_pop(L, 1);
    call_hook(e, a->label, 2, 1);
    int id = -1;
    if (lua_type(L, -1) == LUA_TSTRING) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_mvids);
        lua_pushvalue(L, -2);
        if (lua_rawget(L, -2) == LUA_TNUMBER) id = (int)lua_tointeger(L, -1);
        lua_pop(L, 2);
    }
    if (id < 0 || !listed(e, id)) {
        size_t len = 0;
        const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
        fuda_engine_seterr(e, "%s: bot '%s' chose %s%.*s%s, which is not a legal move", called_place(e), a->name,
                           s ? "'" : "", FUDA_MAX_MOVE_LEN, s ? s : "no move", s ? "'" : "");
        return -1;
    }
    e->bot_id = id;
    return 0;
}

static int bot_body(fuda_engine *e, void *ud) {
    return run_lua_bot(e, (bot_args *)ud);
}

static int lua_bot(fuda_engine *e, int seat, const char *name) {
    bot_args a = {seat, name, ""};
    snprintf(a.label, sizeof a.label, "bot '%.60s'", name);
    txn t;
    txn_begin(e, &t);
    int rc = engine_pcall(e, bot_body, &a);
    int changed = txn_changed(e, &t);
    txn_undo(e, &t); /* a bot may not change the game */
    e->moves_valid = 1; /* same state, same list */
    if (rc < 0) return -1;
    if (changed) {
        fuda_engine_seterr(e, "%s: bot '%s' changed the game state", called_place(e), name);
        return -1;
    }
    return 0;
}

const char *const fuda_builtin_bots[] = {"random", "search", NULL};

int fuda_engine_builtin_bot(const char *name) {
    for (int i = 0; name && fuda_builtin_bots[i]; i++)
        if (strcmp(fuda_builtin_bots[i], name) == 0) return 1;
    return 0;
}

const char *fuda_variant_first_bot(const fuda_variant_info *info) {
    return info && info->nbots > 0 ? info->bots[0] : fuda_builtin_bots[0];
}

const char *fuda_variant_search_bot(const fuda_variant_info *info) {
    if (info && info->search_bot >= 0 && info->search_bot < info->nbots) return info->bots[info->search_bot];
    return fuda_variant_first_bot(info);
}

static int is_random(const char *name) { return !name || strcmp(name, fuda_builtin_bots[0]) == 0; }
static int is_search(const char *name) { return name && strcmp(name, fuda_builtin_bots[1]) == 0; }

int fuda_engine_bot(fuda_engine *e, int seat, const char *name, const char **move) {
    if (e->started && fuda_tb_n(e) && !e->tb_inner) return fuda_tables_bot(e, seat, name, move, 0);
    if (bad_seat(e, seat)) return -1;
    if (is_search(name)) return fuda_search_move(e, seat, move, NULL);
    int n = load_moves(e, seat);
    if (n < 0) return -1;
    if (n == 0) {
        fuda_engine_seterr(e, "seat %d has nothing to do now", fuda_seat_of(e, seat));
        return -1;
    }
    if (is_random(name)) {
        *move = e->mvtab[e->mvids[fuda_rng_below(&e->bot_rng, (uint32_t)n)]];
        return 0;
    }
    if (lua_bot(e, seat, name) < 0) return -1;
    *move = e->mvtab[e->bot_id];
    return 0;
}

/* ---- a bot's move in one call, for playouts ---- */

typedef struct bot_apply_args { bot_args bot; int id; } bot_apply_args;

/* Inside a body: the random bot's move for seat, straight from the list the
 * moves hook returns: only the chosen entry is read and checked (a paranoid
 * engine, as in fuda check, checks every entry of every list). */
static int random_pick(fuda_engine *e, int seat, int *id) {
    lua_State *L = e->L;
    fuda_engine_push_hook(e, FUDA_HOOK_MOVES);
    lua_pushinteger(L, seat);
    call_hook(e, "moves", 1, 1);
    int list = lua_gettop(L);
    long n = list_length(e, list);
    if (n < 0) return -1;
    if (n == 0) {
        fuda_engine_seterr(e, "seat %d has nothing to do now", seat);
        return -1;
    }
    int k = (int)fuda_rng_below(&e->bot_rng, (uint32_t)n) + 1;
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_mvids);
    if (push_entry(e, list, k) < 0) return -1;
    *id = move_id(e, list + 1, k);
    lua_settop(L, list - 1);
    return *id < 0 ? -1 : 0;
}

/* The body of fuda_engine_bot_apply: the moves hook (unless the list is
 * known), the bot's choice, the move. A Lua bot's changes are not kept: a
 * changed core state refuses the move, and what it said or scored is
 * dropped, as fuda_engine_bot's transaction does. */
static int bot_apply_body(fuda_engine *e, void *ud) {
    bot_apply_args *a = (bot_apply_args *)ud;
    int seat = a->bot.seat;
    if (is_random(a->bot.name) && !(e->moves_valid && e->moves_seat == seat)) {
        if (random_pick(e, seat, &a->id) < 0) return -1;
        return play_move(e, seat, a->id);
    }
    if (!(e->moves_valid && e->moves_seat == seat) && list_moves(e, seat) < 0) return -1;
    if (e->nmoves == 0) {
        fuda_engine_seterr(e, "seat %d has nothing to do now", seat);
        return -1;
    }
    if (is_random(a->bot.name)) {
        a->id = e->mvids[fuda_rng_below(&e->bot_rng, (uint32_t)e->nmoves)];
    } else {
        txn before;
        txn_begin(e, &before);
        int nrows = e->nrows, nevs = e->nevs;
        if (run_lua_bot(e, &a->bot) < 0) return -1;
        if (txn_changed(e, &before)) {
            fuda_engine_seterr(e, "%s: bot '%s' changed the game state", called_place(e), a->bot.name);
            return -1;
        }
        rows_drop(e, nrows);
        events_drop(e, nevs);
        a->id = e->bot_id;
    }
    e->moves_valid = 0;
    return play_move(e, seat, a->id);
}

int fuda_engine_bot_apply(fuda_engine *e, int seat, const char *name, const char **move) {
    if (e->started && fuda_tb_n(e) && !e->tb_inner) return fuda_tables_bot(e, seat, name, move, 1);
    if (may_act(e, seat) < 0) return -1;
    if (e->paranoid || is_search(name) || (moves_needed(e, seat) && e->ref_hook[FUDA_HOOK_MOVES] == LUA_NOREF)) {
        const char *mv;
        if (fuda_engine_bot(e, seat, name, &mv) < 0 || fuda_engine_apply(e, seat, mv) < 0) return -1;
        *move = mv;
        return 0;
    }
    bot_apply_args a = {{seat, name, ""}, -1};
    if (!is_random(name)) snprintf(a.bot.label, sizeof a.bot.label, "bot '%.60s'", name);
    txn t;
    txn_begin(e, &t);
    int rc = engine_pcall(e, bot_apply_body, &a);
    if (rc < 0) {
        txn_undo(e, &t);
        return -1;
    }
    if (finish_move(e, &t, 0, seat, a.id, 1) < 0) return -1;
    *move = e->mvtab[a.id];
    return 0;
}

/* ---- the search's estimate: the variant's evaluate(g, seat) ---- */

typedef struct eval_args { int seat; double v; } eval_args;

static int eval_body(fuda_engine *e, void *ud) {
    eval_args *a = (eval_args *)ud;
    lua_rawgeti(e->L, LUA_REGISTRYINDEX, e->ref_variant);
    if (lua_getfield(e->L, -1, "evaluate") != LUA_TFUNCTION) return 1;
    lua_pushinteger(e->L, a->seat);
    call_hook(e, "evaluate", 1, 1);
    int isnum = 0;
    a->v = lua_tonumberx(e->L, -1, &isnum);
    if (!isnum || !isfinite(a->v)) {
        fuda_engine_seterr(e, "%s: evaluate gave %s, not a number", called_place(e), luaL_typename(e->L, -1));
        return -1;
    }
    return 0;
}

int fuda_engine_evaluate(fuda_engine *e, int seat, double *v) {
    if (bad_seat(e, seat)) return -1;
    eval_args a = {seat, 0};
    txn t;
    txn_begin(e, &t);
    int rc = engine_pcall(e, eval_body, &a);
    int changed = txn_changed(e, &t);
    txn_undo(e, &t); /* an estimate may not change the game */
    if (rc == 0 && changed) {
        fuda_engine_seterr(e, "%s: evaluate changed the game state", called_place(e));
        return -1;
    }
    if (rc == 0) *v = a.v;
    return rc;
}

/* ---- marks: going back to an earlier point of the match ---- */

int fuda_engine_mark(const fuda_engine *e, fuda_mark *m) {
    if (!e->started) {
        fuda_engine_seterr((fuda_engine *)e, "no match is running");
        return -1;
    }
    fuda_state_copy(&m->st, &e->st);
    if (fuda_tb_n(e)) m->tb = *e->tb;
    else m->tb.n = m->tb.active = 0;
    m->bot_rng = e->bot_rng;
    m->empty_run = e->empty_run;
    m->nrows = e->nrows;
    m->nlog = e->nlog;
    m->log_serial = e->nlog ? e->log[e->nlog - 1].serial : 0;
    m->match_id = e->match_id;
    return 0;
}

/* Is the match now a continuation of the point m marked: the same match,
 * and its log (hence its rows) the mark's with entries added? */
static int mark_reachable(const fuda_engine *e, const fuda_mark *m) {
    if (!e->started || m->match_id != e->match_id) return 0;
    if (m->nlog > e->nlog || m->nrows > e->nrows) return 0;
    return m->nlog == 0 || e->log[m->nlog - 1].serial == m->log_serial;
}

int fuda_engine_undo_to(fuda_engine *e, const fuda_mark *m) {
    if (!mark_reachable(e, m)) {
        fuda_engine_seterr(e, e->started ? "that mark is not a point of this match's history"
                                         : "no match is running");
        return -1;
    }
    mark_stale(e, &m->st);
    fuda_state_copy(&e->st, &m->st);
    if (m->tb.n && e->tb) *e->tb = m->tb;
    e->bot_rng = m->bot_rng;
    e->empty_run = m->empty_run;
    rows_drop(e, m->nrows);
    events_drop(e, 0);
    log_cut(e, m->nlog);
    e->moves_valid = 0;
    return 0;
}

int fuda_engine_rewind_state(fuda_engine *e, const fuda_mark *m) {
    if (!mark_reachable(e, m) || m->nrows != e->nrows || fuda_tb_n(e)) {
        fuda_engine_seterr(e, "that mark is not a point of this hand's history");
        return -1;
    }
    mark_stale(e, &m->st);
    fuda_state_copy(&e->st, &m->st);
    e->bot_rng = m->bot_rng;
    e->empty_run = m->empty_run;
    events_drop(e, 0);
    e->moves_valid = 0;
    return 0;
}

/* ---- views ---- */

/* Append printf-style text to b (on failure to grow, the text is dropped;
 * b->s stays a valid string once anything was added). */
void fuda_sb_add(fuda_sbuf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int need = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (need < 0) return;
    if (b->n + (size_t)need + 1 > b->cap) {
        size_t cap = (b->cap + (size_t)need + 1) * 2;
        char *p = (char *)realloc(b->s, cap);
        if (!p) return;
        b->s = p, b->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
    va_end(ap);
    b->n += (size_t)need;
}

static char *generic_view(fuda_engine *e, int seat) {
    fuda_sbuf b = {NULL, 0, 0};
    fuda_sb_add(&b, "");
    const fuda_state *s = &e->st;
    for (int p = 0; p < s->npiles; p++) {
        const fuda_pile *pl = &s->piles[p];
        if (pl->owner >= 0) fuda_sb_add(&b, "%s (seat %d):", pl->name, pl->owner + 1);
        else fuda_sb_add(&b, "%s:", pl->name);
        int shown = 0;
        for (int i = 0; i < pl->len; i++)
            if (fuda_pile_visible(s, p, i, seat - 1)) {
                char nm[8];
                fuda_card_name(fuda_pile_at(s, p, i), nm);
                fuda_sb_add(&b, " {%s}", nm);
                shown++;
            }
        if (shown < pl->len) fuda_sb_add(&b, " (%d card%s)", pl->len, pl->len == 1 ? "" : "s");
        fuda_sb_add(&b, "\n");
    }
    if (s->turn >= 0) fuda_sb_add(&b, "turn: seat %d\n", s->turn + 1);
    return b.s;
}

typedef struct view_args { int seat; char *text; } view_args;

static int view_body(fuda_engine *e, void *ud) {
    view_args *a = (view_args *)ud;
    fuda_engine_push_hook(e, FUDA_HOOK_VIEW);
    lua_pushinteger(e->L, a->seat);
    call_hook(e, "view", 1, 1);
    int t = lua_type(e->L, -1);
    if (t != LUA_TSTRING && t != LUA_TNUMBER && t != LUA_TNIL) {
        fuda_engine_seterr(e, "%s: view must return a string, got %s", called_place(e), luaL_typename(e->L, -1));
        return -1;
    }
    size_t len = 0;
    const char *s = lua_tolstring(e->L, -1, &len);
    /* the copy must fit under the cap with the state (it is the caller's after) */
    fuda_sandbox_cmem(e->L, e, len + 1);
    fuda_sandbox_cfree(e, len + 1);
    a->text = strdup(s ? s : "");
    if (!a->text) {
        fuda_engine_seterr(e, "out of memory");
        return -1;
    }
    return 0;
}

char *fuda_engine_view(fuda_engine *e, int seat) {
    if (!e->started) {
        fuda_engine_seterr(e, "no match is running");
        return NULL;
    }
    if (fuda_tb_n(e) && !e->tb_inner) return fuda_tables_view(e, seat);
    if (seat < 0 || seat > e->st.nseats) {
        fuda_engine_seterr(e, "bad seat %d", seat);
        return NULL;
    }
    if (e->ref_hook[FUDA_HOOK_VIEW] == LUA_NOREF) return generic_view(e, seat);
    txn t;
    txn_begin(e, &t);
    view_args a = {seat, NULL};
    int rc = engine_pcall(e, view_body, &a);
    txn_undo(e, &t); /* a view never changes the game */
    if (rc < 0) {
        free(a.text);
        return NULL;
    }
    return a.text;
}

/* ---- a line of text from a hook: the claim question's reason (prompt), why
 * a typed move is refused (why_not), what a legal move throws away (confirm) ---- */

typedef struct ask_args {
    int hook;          /* FUDA_HOOK_PROMPT, FUDA_HOOK_WHY_NOT or FUDA_HOOK_CONFIRM */
    int seat;
    const char *typed; /* the typed move (why_not), the move (confirm), or NULL */
    char *text;        /* the answer, malloc'd; NULL: none */
} ask_args;

static int ask_body(fuda_engine *e, void *ud) {
    ask_args *a = (ask_args *)ud;
    const char *name = hook_names[a->hook];
    fuda_engine_push_hook(e, a->hook);
    lua_pushinteger(e->L, a->seat);
    if (a->typed) lua_pushstring(e->L, a->typed);
    call_hook(e, name, a->typed ? 2 : 1, 1);
    int t = lua_type(e->L, -1);
    if (t == LUA_TNIL) return 0;
    if (t != LUA_TSTRING) {
        fuda_engine_seterr(e, "%s: %s must return a string or nil, got %s", called_place(e), name,
                           luaL_typename(e->L, -1));
        return -1;
    }
    size_t len;
    const char *s = lua_tolstring(e->L, -1, &len);
    if (len == 0) return 0;
    if (len > 1000) len = 1000; /* one line of text, not a page */
    a->text = strndup(s, len);
    if (!a->text) {
        fuda_engine_seterr(e, "out of memory");
        return -1;
    }
    return 0;
}

/* Ask hook h (which the variant has) for the line of seat (a seat of the
 * match); 0 with *text set (malloc'd, or NULL for none), or -1. The game is
 * put back as it was. */
static int ask(fuda_engine *e, int h, int seat, const char *typed, char **text) {
    txn t;
    txn_begin(e, &t);
    ask_args a = {h, seat, typed, NULL};
    int rc = engine_pcall(e, ask_body, &a);
    txn_undo(e, &t); /* asking never changes the game */
    if (rc < 0) {
        free(a.text);
        return -1;
    }
    *text = a.text;
    return 0;
}

int fuda_engine_prompt(fuda_engine *e, int seat, char **text) {
    *text = NULL;
    if (e->started && fuda_tb_n(e) && !e->tb_inner) return fuda_tables_ask(e, FUDA_HOOK_PROMPT, seat, NULL, text);
    if (!e->started || !e->st.claim_open || e->ref_hook[FUDA_HOOK_PROMPT] == LUA_NOREF) return 0;
    if (seat < 1 || seat > e->st.nseats) {
        fuda_engine_seterr(e, "bad seat %d", seat);
        return -1;
    }
    return ask(e, FUDA_HOOK_PROMPT, seat, NULL, text);
}

int fuda_engine_why_not(fuda_engine *e, int seat, const char *typed, char **text) {
    *text = NULL;
    if (!e->started) {
        fuda_engine_seterr(e, "no match is running");
        return -1;
    }
    if (fuda_tb_n(e) && !e->tb_inner) {
        if (e->ref_hook[FUDA_HOOK_WHY_NOT] == LUA_NOREF) return 0;
        return fuda_tables_ask(e, FUDA_HOOK_WHY_NOT, seat, typed, text);
    }
    if (seat < 1 || seat > e->st.nseats) {
        fuda_engine_seterr(e, "bad seat %d", seat);
        return -1;
    }
    if (e->ref_hook[FUDA_HOOK_WHY_NOT] == LUA_NOREF) return 0;
    return ask(e, FUDA_HOOK_WHY_NOT, seat, typed, text);
}

int fuda_engine_confirm(fuda_engine *e, int seat, const char *move, char **text) {
    *text = NULL;
    if (!e->started) {
        fuda_engine_seterr(e, "no match is running");
        return -1;
    }
    if (e->ref_hook[FUDA_HOOK_CONFIRM] == LUA_NOREF) return 0;
    if (fuda_tb_n(e) && !e->tb_inner) return fuda_tables_ask(e, FUDA_HOOK_CONFIRM, seat, move, text);
    if (seat < 1 || seat > e->st.nseats) {
        fuda_engine_seterr(e, "bad seat %d", seat);
        return -1;
    }
    return ask(e, FUDA_HOOK_CONFIRM, seat, move, text);
}

unsigned fuda_engine_winners(const fuda_engine *e) { return e->started ? fuda_engine_state(e)->winners : 0; }

int fuda_engine_total(const fuda_engine *e, int seat, int col) {
    const fuda_state *s = fuda_engine_state(e);
    if (!e->started || seat < 1 || seat > s->nseats || col < 1 || col > FUDA_MAX_COLS) return 0;
    return s->total[col - 1][seat - 1];
}

int fuda_engine_teams(const fuda_engine *e, const unsigned **masks) {
    *masks = e->team;
    return e->started ? e->nteams : 0;
}

int fuda_engine_team_total(const fuda_engine *e, int team, int col) {
    if (!e->started || team < 1 || team > e->nteams) return 0;
    long long sum = 0; /* totals are 32-bit: a team's sum may not be */
    for (int s = 0; s < FUDA_MAX_SEATS; s++)
        if (e->team[team - 1] & (1u << s)) sum += fuda_engine_total(e, s + 1, col);
    return sum > INT_MAX ? INT_MAX : sum < INT_MIN ? INT_MIN : (int)sum;
}

const fuda_state *fuda_engine_state(const fuda_engine *e) {
    return fuda_tb_n(e) && !e->tb_inner ? fuda_tables_slot(e->tb, &e->st, 0) : &e->st;
}

uint64_t fuda_engine_hash(const fuda_engine *e) {
    return fuda_tb_n(e) ? fuda_tables_hash(e->tb, &e->st) : fuda_state_hash(&e->st);
}

long fuda_engine_move_count(const fuda_engine *e) { return e->started ? (long)fuda_engine_state(e)->move_no : 0; }

/* ---- arranging piles (tests) ---- */

/* Put `cards` into pile (name, owner) at its bottom (or top) positions by
 * swapping each with wherever it is now. */
int fuda_engine_arrange(fuda_engine *e, const char *name, int owner, const fuda_card *cards, int n,
                        int from_top) {
    if (!e->started) { fuda_engine_seterr(e, "no match is running"); return -1; }
    if (fuda_tb_n(e) && !e->tb_inner) return fuda_tables_arrange(e, name, owner, cards, n, from_top);
    fuda_state *s = &e->st;
    int T = fuda_pile_find(s, name, owner - 1);
    if (T < 0) { fuda_engine_seterr(e, "arrange: no pile '%s'%s", name, owner ? " of that seat" : ""); return -1; }
    if (n > s->piles[T].len) { fuda_engine_seterr(e, "arrange: pile '%s' holds only %d cards", name, s->piles[T].len); return -1; }
    fuda_state save;
    fuda_state_copy(&save, s);
    for (int k = 0; k < n; k++) {
        int t = from_top ? s->piles[T].len - 1 - k : k;
        int S = -1, si = -1;
        /* the card's current place, not among those already arranged */
        for (int p = 0; p < s->npiles && S < 0; p++)
            for (int i = 0; i < s->piles[p].len; i++) {
                if (fuda_pile_at(s, p, i) != cards[k]) continue;
                if (p == T && (from_top ? i > t : i < t)) continue;
                S = p, si = i;
                break;
            }
        if (S < 0) {
            fuda_state_copy(s, &save);
            char nm[8];
            fuda_card_name(cards[k], nm);
            fuda_engine_seterr(e, "arrange: card %s is not in the game (or listed twice)", nm);
            return -1;
        }
        if (S == T && si == t) continue;
        if (S == T) {
            fuda_pile_move(s, T, si, T, t);
            continue;
        }
        fuda_pile_move(s, S, si, T, t);          /* the card goes in at t */
        fuda_pile_move(s, T, t + 1, S, si);      /* the card that was at t goes back */
    }
    e->moves_valid = 0;
    char line[1024];
    int len = snprintf(line, sizeof line, "arrange %s %d %d", name, owner, from_top);
    for (int k = 0; k < n && len < (int)sizeof line - 8; k++) {
        char nm[8];
        fuda_card_name(cards[k], nm);
        len += snprintf(line + len, sizeof line - (size_t)len, " %s", nm);
    }
    if (!e->tb_inner) log_add(e, line); /* at a table: logged as the match's (tables.c) */
    return 0;
}

void fuda_engine_count_hooks(fuda_engine *e, int on) { e->count_hooks = on; }
void fuda_engine_count_tallies(fuda_engine *e, int on) { e->no_tallies = !on; }
