/* game_impl.h -- what the files of the game object share (lgame.c: the
 * game object, its fields, events and life; lvars.c: g.var, g.seat[k] and
 * the match's symbols; lpile.c: pile handles and fuda.Pile; lresult.c:
 * scores, hand results and the end of a match; ldeal.c: the standard deal).
 * Private to them: the rest of lua-bindings sees game.h. They see of the
 * engine only what its headers give (engine.h, record.h, hooks.h,
 * engine_access.h, budget.h) and the match through struct fuda_play
 * (play_data.h), never struct fuda_engine: a method reaches its match from
 * its cell with no call (fuda_play_of), then reads the state through it. */
#ifndef FUDA_GAME_IMPL_H
#define FUDA_GAME_IMPL_H

#include <string.h>
#include <lua.h>
#include <lauxlib.h>
#include "engine.h"
#include "budget.h"
#include "engine_access.h"
#include "hooks.h"
#include "record.h"
#include "loader.h"
#include "lcard.h"
#include "game.h"
#include "play_data.h"

/* Upvalue 1 of every closure of a match: its cell (fuda_cell, game.h),
 * which forgets the engine when the match ends. */
#define UV_ENGINE lua_upvalueindex(1)

/* The match of a cell, if it is on and being played (its engine current on
 * the state: other matches may share it, current.c). */
static inline fuda_play *cell_play(const fuda_cell *c) {
    fuda_engine *e = c->e;
    if (!e) return NULL;
    fuda_play *pl = fuda_play_of(e);
    return pl->started && fuda_limits_of(e)->vm->current == e ? pl : NULL;
}

/* Raise for an object (`what`) of a match that is not being played. */
static inline void not_played(lua_State *L, const fuda_cell *c, const char *what) {
    if (c->e && fuda_play_of(c->e)->started) luaL_error(L, "%s " FUDA_OTHER_MATCH, what);
    luaL_error(L, "%s belongs to a match that has ended", what);
}

/* The match of the running closure, which must be the match being played. */
static inline fuda_play *play_up(lua_State *L) {
    const fuda_cell *c = (const fuda_cell *)lua_touserdata(L, UV_ENGINE);
    fuda_play *pl = cell_play(c);
    if (!pl) not_played(L, c, "this game object");
    return pl;
}

/* Argument 1 is not the game of this match: an older game, or no game. */
static inline void not_game(lua_State *L) {
    if (lua_type(L, 1) == LUA_TTABLE && luaL_getmetafield(L, 1, "__name") == LUA_TSTRING &&
        strcmp(lua_tostring(L, -1), FUDA_GAME_T) == 0)
        luaL_error(L, "this game object belongs to a match that has ended");
    luaL_typeerror(L, 1, FUDA_GAME_T);
}

/* For a method: its match must be the one being played and self must be
 * that match's game (one pointer comparison). Raises an error otherwise. */
static inline fuda_play *check_game(lua_State *L) {
    const fuda_cell *c = (const fuda_cell *)lua_touserdata(L, UV_ENGINE);
    fuda_play *pl = cell_play(c);
    if (!pl) not_played(L, c, "this game object"); /* a method of another match, or of an ended one */
    if (lua_topointer(L, 1) != pl->game_ptr) not_game(L);
    return pl;
}

static inline int check_seat(lua_State *L, const fuda_play *pl, int idx) {
    lua_Integer s = luaL_checkinteger(L, idx);
    if (s < 1 || s > pl->st->nseats)
        luaL_error(L, "bad seat %I (seats are 1..%d)", (LUAI_UACINT)s, pl->st->nseats);
    return (int)s - 1;
}

static inline int intern(lua_State *L, fuda_play *pl, int idx) {
    size_t len;
    const char *s = lua_tolstring(L, idx, &len);
    return fuda_game_intern(L, fuda_play_engine(pl), s, len);
}

/* The Lua state of the match (its engine's). */
static inline lua_State *play_lua(fuda_play *pl) {
    return fuda_limits_of(fuda_play_engine(pl))->vm->L;
}

/* The seat (from 1) at place p (from 1) of the table being played; p itself
 * when the match has one table or the header is being played. */
static inline int seat_of(fuda_play *pl, int p) {
    return fuda_tables_seat(fuda_engine_tables_of(fuda_play_engine(pl)), p);
}

/* The slot being played of a match of several tables (0: the header, or a
 * match of one table). */
static inline int table_active(fuda_play *pl) {
    const fuda_tables *tb = fuda_engine_tables_of(fuda_play_engine(pl));
    return tb ? tb->active : 0;
}

/* Push the match table (registry[pl->ref_piles]): pile index -> fuda.Pile;
 * "cell", the match's cell; "gmeta", the game's metatable; "metas" and
 * "slots", the variable proxies' metatables and slots tables (game first,
 * then seat 1..n); "named", "owned" and "hands", the caches of g:pile and
 * g:hand; "syms", string -> symbol id for variable writes; "lock", the
 * match's objects and their metatables (registry[pl->ref_lock] too). */
static inline void push_match_table(lua_State *L, const fuda_play *pl) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, pl->ref_piles);
}

/* Remove every key of the table at t. */
static inline void clear_table(lua_State *L, int t) {
    t = lua_absindex(L, t);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, t);
    }
}

/* Push a closure of fn over the match's cell (in the match table at mt)
 * and the `extra` values below it on the stack (popped). */
static inline void push_closure(lua_State *L, int mt, lua_CFunction fn, int extra) {
    lua_getfield(L, mt, "cell");
    lua_rotate(L, -extra - 1, 1);
    lua_pushcclosure(L, fn, 1 + extra);
}

/* Add the object at idx and its metatable to the match's lock list (in the
 * match table at mt): current.c locks them while another match is played. */
static inline void note_lock(lua_State *L, int mt, int idx) {
    idx = lua_absindex(L, idx);
    lua_getfield(L, mt, "lock");
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    lua_pushvalue(L, idx);
    lua_rawseti(L, -2, n + 1);
    lua_getmetatable(L, idx);
    lua_rawseti(L, -2, n + 2);
    lua_pop(L, 1);
}

/* Once g:end_match() was called the result is final: what would change it
 * (a score, a seat to act, a claim window) raises "file:line: g:CALL after
 * g:end_match: ...", so the hook fails and the move is refused. */
static inline void check_not_over(lua_State *L, const fuda_play *pl, const char *call) {
    if (pl->st->phase == FUDA_PHASE_MATCH_OVER)
        luaL_error(L, "%s after g:end_match: the match is over and its result is final", call);
}

/* lvars.c: push a new variables proxy of seat (-1: the game's), its values
 * table filled; its metatable and slots table are appended to the match
 * table's lists "metas" and "slots" (at mt). Raises on memory errors. */
void fuda_vars_new(lua_State *L, fuda_play *pl, int seat, int mt);

/* lpile.c: push the fuda.Pile for pile index idx, made once per match
 * (raises on memory errors); register the pile type (fuda_game_types);
 * put g:new_pile, g:new_deck, g:piles and the cached g:pile and g:hand
 * into the game's method table M at m (mt: the match table's index). */
void fuda_pile_push(lua_State *L, fuda_play *pl, int idx);
void fuda_pile_type(lua_State *L);
void fuda_pile_game_methods(lua_State *L, int m, int mt);

/* lresult.c: g:score, g:total, g:end_hand, g:end_match, g:result (methods
 * with the match's cell as upvalue 1). */
extern const luaL_Reg fuda_game_result_methods[];

/* ldeal.c: g:gather, g:deal (the same). */
extern const luaL_Reg fuda_game_deal_methods[];

#endif
