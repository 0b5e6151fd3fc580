/* call.c -- calling the variant's hooks: a transaction around each (the
 * state and the lengths of rows and events, put back when the hook fails),
 * the hook cache, protected calls under the sandbox limits with the
 * message naming the script's place, and the checks after a hook (the
 * variant's invariant, someone to act). */
#include <lauxlib.h>
#include "engine_impl.h"

/* ---- a transaction around hook calls ---- */

void fuda_txn_begin(fuda_engine *e, fuda_txn *t) {
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
int fuda_txn_changed(const fuda_engine *e, const fuda_txn *t) {
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
            e->play.stale_slot[i / 64] |= (uint64_t)1 << (i % 64);
            e->play.vars_stale = 1;
        }
    if (e->st.npiles != back->npiles) e->play.stale_piles = e->play.vars_stale = 1;
    if (e->st.nseats != back->nseats) e->play.seats_stale = e->play.vars_stale = 1;
}

void fuda_engine_mark_stale(fuda_engine *e, const fuda_state *back) { mark_stale(e, back); }

void fuda_txn_undo(fuda_engine *e, fuda_txn *t) {
    mark_stale(e, &t->st);
    fuda_state_copy(&e->st, &t->st);
    if (fuda_tb_active(e)) {
        memcpy(e->tb->slot[0].total, t->total, sizeof t->total);
        e->tb->res[fuda_tb_active(e) - 1] = t->res;
    }
    fuda_record_rows_drop(e, t->nrows);
    fuda_record_events_drop(e, t->nevs);
    e->moves_valid = 0;
}

/* Call hook `name` of the variant with the game and nargs more values on the
 * stack (pushed by the caller after this returns 1... see call_hook). */

/* ---- protected calls ---- */

typedef int (*engine_body)(fuda_engine *e, void *ud);
typedef struct body_call { fuda_engine *e; engine_body fn; void *ud; int rc; } body_call;

static int run_body(lua_State *L) {
    body_call *c = (body_call *)lua_touserdata(L, 1);
    lua_settop(L, 0);
    if (c->e->play.vars_stale) {
        fuda_game_sync(c->e);
        c->e->play.vars_stale = 0;
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
    e->play.in_result = 0;
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
void fuda_call_simple(fuda_engine *e, int h) {
    if (fuda_engine_push_hook(e, h)) call_hook(e, fuda_hook_names[h], 0, 0);
}

static int simple_body(fuda_engine *e, void *ud) {
    fuda_call_simple(e, *(int *)ud);
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
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->var.ref_invariant);
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
    if (e->count_hooks) fuda_record_tally(e, "hook check.invariant");
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
const char *fuda_call_place(const fuda_engine *e) {
    if (e->lim.noted < 1 || e->lim.noted > FUDA_NOTED) return e->var.file;
    const char *p = e->lim.vm->noted_place[e->lim.noted - 1];
    if (!p[0] || strncmp(p, "author:", 7) == 0 || strncmp(p, "loader:", 7) == 0) return e->var.file;
    return p;
}

/* After a hook ran inside a hand: somebody must be able to act; a paranoid
 * engine also verifies the core state and the variant's invariant. */
static int check_progress(fuda_engine *e, const char *after) {
    if (e->st.phase == FUDA_PHASE_PLAYING && fuda_state_actors(&e->st) == 0) {
        fuda_engine_seterr(e, "%s: after %s the hand goes on but no seat is to act (set g.turn, "
                           "open a claim window, or call g:end_hand())", fuda_call_place(e), after);
        return -1;
    }
    char msg[256];
    if (e->paranoid && fuda_state_check(&e->st, msg, sizeof msg) < 0) {
        fuda_engine_seterr(e, "%s: the game state is inconsistent after %s: %s", e->var.file, after, msg);
        return -1;
    }
    if (e->paranoid && e->var.ref_invariant != LUA_NOREF) return run_invariant(e, after);
    return 0;
}

int fuda_engine_progress(fuda_engine *e, const char *after) { return check_progress(e, after); }
void fuda_engine_drop(fuda_engine *e, int nrows, int nevs, long nlog) {
    fuda_record_rows_drop(e, nrows);
    fuda_record_events_drop(e, nevs);
    fuda_record_log_cut(e, nlog);
}
