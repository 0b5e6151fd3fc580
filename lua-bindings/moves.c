/* moves.c -- a seat's legal moves (the moves hook, its list interned and
 * cached until the state changes; a phase's declared moves are walked by
 * declmoves.c) and applying one all or nothing (the
 * play hook, then the log and the events), or trying it. */
#include <lauxlib.h>
#include "engine_impl.h"

int fuda_engine_bad_seat(fuda_engine *e, int seat) {
    if (!e->play.started) {
        fuda_engine_seterr(e, "no match is running");
        return 1;
    }
    if (seat < 1 || seat > e->st.nseats) {
        fuda_engine_seterr(e, "bad seat %d (seats are 1..%d)", seat, e->st.nseats);
        return 1;
    }
    return 0;
}

/* Push the Lua string of move id. */
static void push_move(fuda_engine *e, int id) {
    lua_rawgeti(e->L, LUA_REGISTRYINDEX, e->ref_mvstrs);
    lua_rawgeti(e->L, -1, id + 1);
    lua_remove(e->L, -2);
}

/* The length of the moves hook's result at index list: a list of at most
 * FUDA_MAX_MOVES entries, else -1 with the message. */
long fuda_moves_list_length(fuda_engine *e, int list) {
    if (!lua_istable(e->L, list)) {
        fuda_engine_seterr(e, "%s: moves must return a list of strings, got %s", fuda_call_place(e),
                           luaL_typename(e->L, list));
        return -1;
    }
    lua_Unsigned n = lua_rawlen(e->L, list);
    if (n > FUDA_MAX_MOVES) {
        fuda_engine_seterr(e, "%s: moves listed %llu moves (at most %d)", fuda_call_place(e), (unsigned long long)n,
                           FUDA_MAX_MOVES);
        return -1;
    }
    return (long)n;
}

/* Push entry i of that list: 0 when it is a string, else -1 with the message. */
int fuda_moves_push_entry(fuda_engine *e, int list, int i) {
    if (lua_rawgeti(e->L, list, i) == LUA_TSTRING) return 0;
    fuda_engine_seterr(e, "%s: moves returned a %s at index %d, not a string", fuda_call_place(e),
                       luaL_typename(e->L, -1), i);
    return -1;
}

/* Inside a body, the list on top of the stack: check it, and keep it as ids
 * in e->mvids (the strings are interned: see fuda_moves_id). */
static int take_moves(fuda_engine *e) {
    lua_State *L = e->L;
    int list = lua_gettop(L);
    long n = fuda_moves_list_length(e, list);
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
        if (fuda_moves_push_entry(e, list, i) < 0) return -1;
        int id = fuda_moves_id(e, ids, i);
        if (id < 0) return -1;
        e->mvids[i - 1] = id;
    }
    lua_settop(L, list);
    e->nmoves = (int)n;
    return 0;
}

/* Inside a body: the moves hook for seat, its list kept in e->mvids. */
int fuda_moves_list(fuda_engine *e, int seat) {
    e->nmoves = 0;
    e->moves_valid = 0;
    fuda_engine_push_hook(e, FUDA_HOOK_MOVES);
    lua_pushinteger(e->L, seat);
    fuda_engine_call_hook(e, "moves", 1, 1);
    /* a phase's declared moves: the engine lists them (declmoves.c) */
    if ((fuda_decl_is(e->L, -1) ? fuda_decl_list(e, seat) : take_moves(e)) < 0) return -1;
    lua_pop(e->L, 1);
    e->moves_seat = seat;
    e->moves_valid = 1;
    return 0;
}

static int moves_body(fuda_engine *e, void *ud) {
    return fuda_moves_list(e, *(int *)ud);
}

/* Does the seat need the moves hook: it must act, and the list is not known? */
int fuda_moves_needed(fuda_engine *e, int seat) {
    return !(e->moves_valid && e->moves_seat == seat) &&
           (fuda_state_actors(&e->st) & (1u << (seat - 1)));
}

/* Fill e->mvids from the moves hook for seat. */
int fuda_moves_load(fuda_engine *e, int seat) {
    if (e->moves_valid && e->moves_seat == seat) return e->nmoves;
    e->nmoves = 0;
    e->moves_valid = 0;
    if (!(fuda_state_actors(&e->st) & (1u << (seat - 1)))) return 0;
    if (e->var.ref_hook[FUDA_HOOK_MOVES] == LUA_NOREF) {
        fuda_engine_seterr(e, "%s: no moves hook", e->var.file);
        return -1;
    }
    fuda_txn t;
    fuda_txn_begin(e, &t);
    if (fuda_engine_pcall(e, moves_body, &seat) < 0) {
        fuda_txn_undo(e, &t);
        e->nmoves = 0;
        return -1;
    }
    if (e->paranoid && fuda_txn_changed(e, &t)) {
        fuda_txn_undo(e, &t);
        e->nmoves = 0;
        fuda_engine_seterr(e, "%s: the moves hook changed the game state (it must only list moves)", fuda_call_place(e));
        return -1;
    }
    e->moves_seat = seat;
    e->moves_valid = 1;
    return e->nmoves;
}

int fuda_table_moves(fuda_engine *e, int seat, const char *const **moves) {
    if (fuda_engine_bad_seat(e, seat)) return -1;
    int n = fuda_moves_load(e, seat);
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

int fuda_moves_listed(const fuda_engine *e, int id) {
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
int fuda_moves_play(fuda_engine *e, int seat, int id) {
    if (!e->st.claim_open) {
        if (!fuda_engine_push_hook(e, FUDA_HOOK_PLAY)) return -1;
        lua_pushinteger(e->L, seat);
        push_move(e, id);
        fuda_engine_call_hook(e, "play", 2, 0);
        return 0;
    }
    const char *text = e->mvtab[id];
    int sym = fuda_symtab_intern(e->play.syms, text, strlen(text));
    if (sym < 0 && strlen(text) > FUDA_SYMTAB_MAXLEN) { /* a move may be longer than a claim's word */
        char where[128];
        fuda_moves_hook_place(e, FUDA_HOOK_MOVES, where, sizeof where);
        fuda_engine_seterr(e, "%s: seat %d's answer to the claim window is %lu bytes (a claim's answer is at most %d)",
                           where, seat, (unsigned long)strlen(text), FUDA_SYMTAB_MAXLEN);
        return -1;
    }
    if (sym < 0 || fuda_claim_decide(&e->st, seat - 1, sym) < 0) {
        fuda_engine_seterr(e, "%s: cannot record the decision of seat %d", e->var.file, seat);
        return -1;
    }
    if (e->st.claim_pending) return 0;
    fuda_state closing;
    fuda_state_copy(&closing, &e->st);
    fuda_claim_close(&e->st);
    if (!fuda_engine_push_hook(e, FUDA_HOOK_RESOLVE)) {
        fuda_engine_seterr(e, "%s: a claim window ('%s') closed but the variant has no resolve hook",
                           e->var.file, fuda_sym_text(e, closing.claim_kind));
        return -1;
    }
    push_choices(e, &closing);
    lua_pushstring(e->L, fuda_sym_text(e, closing.claim_kind));
    fuda_engine_call_hook(e, "resolve", 2, 0);
    return 0;
}

typedef struct apply_args { int seat, id; } apply_args;

static int apply_body(fuda_engine *e, void *ud) {
    const apply_args *a = (const apply_args *)ud;
    return fuda_moves_play(e, a->seat, a->id);
}

/* Can seat move now? 0, or -1 with the message. */
int fuda_moves_may_act(fuda_engine *e, int seat) {
    if (fuda_engine_bad_seat(e, seat)) return -1;
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
int fuda_moves_finish(fuda_engine *e, fuda_txn *t, int rc, int seat, int id, int keep) {
    if (rc == 0) rc = fuda_engine_progress(e, e->mvtab[id]);
    if (rc == 0 && keep) {
        e->st.move_no++;
        fuda_state_observe(&e->st);
        rc = fuda_record_log_move(e, seat, id);
        if (rc < 0) fuda_engine_seterr(e, "out of memory");
    }
    if (rc == 0 && !keep && e->tried_fn) { /* fuda_engine_try_see: show what the move did */
        fuda_state_observe(&e->st);
        for (int i = t->nevs; i < e->nevs; i++)
            if (e->evs[i].seat >= 0 && e->evs[i].text && e->ev_fn) e->ev_fn(e->ev_ud, e->evs[i].seat, e->evs[i].text);
        e->tried_fn(e->tried_ud, e);
    }
    if (rc < 0 || !keep) {
        fuda_txn_undo(e, t);
        return rc;
    }
    fuda_engine_flush(e);
    return 0;
}

/* Apply, or with keep 0 only try: run the move and put everything back. */
static int apply_or_try(fuda_engine *e, int seat, const char *move, int keep) {
    if (fuda_moves_may_act(e, seat) < 0 || fuda_moves_load(e, seat) < 0) return -1;
    int id = find_move(e, move);
    if (id < 0) {
        fuda_engine_seterr(e, "'%.*s' is not a legal move of seat %d now", FUDA_MAX_MOVE_LEN, move,
                           fuda_seat_of(e, seat));
        return -1;
    }
    fuda_txn t;
    fuda_txn_begin(e, &t);
    apply_args a = {seat, id};
    int rc = fuda_engine_pcall(e, apply_body, &a);
    rc = fuda_moves_finish(e, &t, rc, seat, id, keep);
    if (!keep || rc < 0) {
        e->moves_seat = seat; /* the state is back as it was: so is the list */
        e->moves_valid = 1;
    }
    return rc;
}

int fuda_table_apply(fuda_engine *e, int seat, const char *move) {
    return apply_or_try(e, seat, move, 1);
}

int fuda_table_try(fuda_engine *e, int seat, const char *move) {
    return apply_or_try(e, seat, move, 0);
}
