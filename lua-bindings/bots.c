/* bots.c -- choosing a move for a place at the table being played: the
 * variant's Lua bots and random (the search is above: match.c picks it by
 * name, search.c plays these in its playouts); a bot's move applied in one
 * call for playouts; the variant's evaluate and likely for the
 * search. */
#include <lauxlib.h>
#include "engine_impl.h"

typedef struct bot_args { int seat; const char *name; char label[80]; } bot_args;

/* Inside a body: Lua bot bots[name](g, seat, moves) chooses among e->mvids;
 * its choice (a fuda_moves_listed move, else an error) goes to e->bot_id. */
static int run_lua_bot(fuda_engine *e, bot_args *a) {
    lua_State *L = e->L;
    e->bot_id = -1;
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->var.ref_variant);
    lua_getfield(L, -1, "bots");
    if (!lua_istable(L, -1) || lua_getfield(L, -1, a->name) != LUA_TFUNCTION) {
        fuda_engine_seterr(e, "%s has no bot '%s'", e->var.name, a->name);
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
    fuda_engine_call_hook(e, a->label, 2, 1);
    int id = -1;
    if (lua_type(L, -1) == LUA_TSTRING) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_mvids);
        lua_pushvalue(L, -2);
        if (lua_rawget(L, -2) == LUA_TNUMBER) id = (int)lua_tointeger(L, -1);
        lua_pop(L, 2);
    }
    if (id < 0 || !fuda_moves_listed(e, id)) {
        size_t len = 0;
        const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
        fuda_engine_seterr(e, "%s: bot '%s' chose %s%.*s%s, which is not a legal move", fuda_call_place(e), a->name,
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
    fuda_txn t;
    fuda_txn_begin(e, &t);
    int rc = fuda_engine_pcall(e, bot_body, &a);
    int changed = fuda_txn_changed(e, &t);
    fuda_txn_undo(e, &t); /* a bot may not change the game */
    e->moves_valid = 1; /* same state, same list */
    if (rc < 0) return -1;
    if (changed) {
        fuda_engine_seterr(e, "%s: bot '%s' changed the game state", fuda_call_place(e), name);
        return -1;
    }
    return 0;
}


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

const char *fuda_variant_others_bot(const fuda_variant_info *info) {
    if (info && info->search_others >= 0 && info->search_others < info->nbots) return info->bots[info->search_others];
    return fuda_variant_first_bot(info);
}

static int is_random(const char *name) { return !name || strcmp(name, fuda_builtin_bots[0]) == 0; }

int fuda_table_bot(fuda_engine *e, int seat, const char *name, const char **move) {
    if (fuda_engine_bad_seat(e, seat)) return -1;
    int n = fuda_moves_load(e, seat);
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
    fuda_engine_call_hook(e, "moves", 1, 1);
    if (fuda_decl_is(L, -1)) { /* a phase's declared moves: one drawn (declmoves.c) */
        int rc = fuda_decl_pick(e, seat, id);
        lua_pop(L, 1);
        return rc;
    }
    int list = lua_gettop(L);
    long n = fuda_moves_list_length(e, list);
    if (n < 0) return -1;
    if (n == 0) {
        fuda_engine_seterr(e, "seat %d has nothing to do now", seat);
        return -1;
    }
    int k = (int)fuda_rng_below(&e->bot_rng, (uint32_t)n) + 1;
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_mvids);
    if (fuda_moves_push_entry(e, list, k) < 0) return -1;
    *id = fuda_moves_id(e, list + 1, k);
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
        return fuda_moves_play(e, seat, a->id);
    }
    if (!(e->moves_valid && e->moves_seat == seat) && fuda_moves_list(e, seat) < 0) return -1;
    if (e->nmoves == 0) {
        fuda_engine_seterr(e, "seat %d has nothing to do now", seat);
        return -1;
    }
    if (is_random(a->bot.name)) {
        a->id = e->mvids[fuda_rng_below(&e->bot_rng, (uint32_t)e->nmoves)];
    } else {
        fuda_txn before;
        fuda_txn_begin(e, &before);
        int nrows = e->nrows, nevs = e->nevs;
        if (run_lua_bot(e, &a->bot) < 0) return -1;
        if (fuda_txn_changed(e, &before)) {
            fuda_engine_seterr(e, "%s: bot '%s' changed the game state", fuda_call_place(e), a->bot.name);
            return -1;
        }
        fuda_record_rows_drop(e, nrows);
        fuda_record_events_drop(e, nevs);
        a->id = e->bot_id;
    }
    e->moves_valid = 0;
    return fuda_moves_play(e, seat, a->id);
}

int fuda_table_bot_apply(fuda_engine *e, int seat, const char *name, const char **move) {
    if (fuda_moves_may_act(e, seat) < 0) return -1;
    if (e->paranoid || (fuda_moves_needed(e, seat) && e->var.ref_hook[FUDA_HOOK_MOVES] == LUA_NOREF)) {
        const char *mv;
        if (fuda_table_bot(e, seat, name, &mv) < 0 || fuda_table_apply(e, seat, mv) < 0) return -1;
        *move = mv;
        return 0;
    }
    bot_apply_args a = {{seat, name, ""}, -1};
    if (!is_random(name)) snprintf(a.bot.label, sizeof a.bot.label, "bot '%.60s'", name);
    fuda_txn t;
    fuda_txn_begin(e, &t);
    int rc = fuda_engine_pcall(e, bot_apply_body, &a);
    if (rc < 0) {
        fuda_txn_undo(e, &t);
        return -1;
    }
    if (fuda_moves_finish(e, &t, 0, seat, a.id, 1) < 0) return -1;
    *move = e->mvtab[a.id];
    return 0;
}

/* ---- the search's estimate and deals: the variant's evaluate(g, seat), likely(g, seat) ---- */

typedef struct eval_args { int seat; double v; const char *name; } eval_args;

static int eval_body(fuda_engine *e, void *ud) {
    eval_args *a = (eval_args *)ud;
    lua_rawgeti(e->L, LUA_REGISTRYINDEX, e->var.ref_variant);
    if (lua_getfield(e->L, -1, a->name) != LUA_TFUNCTION) return 1;
    lua_pushinteger(e->L, a->seat);
    fuda_engine_call_hook(e, a->name, 1, 1);
    int isnum = 0;
    a->v = lua_tonumberx(e->L, -1, &isnum);
    if (!isnum || !isfinite(a->v)) {
        fuda_engine_seterr(e, "%s: %s gave %s, not a number", fuda_call_place(e), a->name, luaL_typename(e->L, -1));
        return -1;
    }
    return 0;
}

/* The variant's hook `name` (evaluate or likely) for seat: its number in *v. */
static int number_hook(fuda_engine *e, int seat, const char *name, double *v) {
    if (fuda_engine_bad_seat(e, seat)) return -1;
    eval_args a = {seat, 0, name};
    fuda_txn t;
    fuda_txn_begin(e, &t);
    int rc = fuda_engine_pcall(e, eval_body, &a);
    int changed = fuda_txn_changed(e, &t);
    fuda_txn_undo(e, &t); /* an estimate may not change the game */
    if (rc == 0 && changed) {
        fuda_engine_seterr(e, "%s: %s changed the game state", fuda_call_place(e), name);
        return -1;
    }
    if (rc == 0) *v = a.v;
    return rc;
}

int fuda_engine_evaluate(fuda_engine *e, int seat, double *v) { return number_hook(e, seat, "evaluate", v); }

int fuda_engine_likely(fuda_engine *e, int seat, double *w) {
    int rc = number_hook(e, seat, "likely", w);
    if (rc == 0 && !(*w >= 0 && *w <= 1)) {
        fuda_engine_seterr(e, "%s: likely gave %g, not a number from 0 to 1", fuda_call_place(e), *w);
        return -1;
    }
    return rc;
}
