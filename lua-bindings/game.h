/* game.h -- the game object's API used outside its files (lgame.c: the
 * game object `g`, its fields, events and life; lvars.c: g.var, g.seat[k]
 * and the match's symbols; lpile.c: piles; lresult.c: scores and results).
 * What those files share among themselves is game_impl.h, and what they
 * see of the match is play_data.h. Included by the engine's files
 * (engine_impl.h: a match's game made, pushed, synced, retired),
 * play_data.h (the cell), game_impl.h, host.c and lfuda.c (the types),
 * lmatch.c and tables_view.c (a symbol's text), surface_walk.c. */
#ifndef FUDA_GAME_H
#define FUDA_GAME_H

#include <stddef.h>
#include <lua.h>
#include "engine.h"

/* A match's cell (lgame.c): upvalue 1 of the match's closures, held by its
 * piles, so that they reach its engine; e is NULL once the match ended. */
typedef struct fuda_cell { fuda_engine *e; } fuda_cell;

/* ---- lgame.c ---- */
void fuda_game_types(lua_State *L);   /* registers the fuda.Pile type, the game's field names */
void fuda_game_push(fuda_engine *e);  /* pushes the game table of e's match */
/* New match: the old match's game, piles and variable tables go stale, a
 * new game is made. Allocates: call it inside a protected call. */
void fuda_game_reset(fuda_engine *e);
/* The match ends for good (its engine leaves the state): its objects go
 * stale and its references are dropped. Allocates nothing, but call it
 * inside a protected call (it sets table fields). */
void fuda_game_retire(fuda_engine *e);

/* ---- lvars.c ---- */
/* Rewrite the variable tables Lua reads from the core state of e's match
 * (after the engine restored a state) and forget the pile caches.
 * Allocates: call it inside a protected call. Nothing happens when no match
 * was made. */
void fuda_game_sync(fuda_engine *e);
/* The text of symbol id ("" for none); never fails. */
const char *fuda_sym_text(fuda_engine *e, int id);
/* The symbol id of s[0..len) in the match's table, a new one charged to the
 * script's memory; raises when too long or over the cap. */
int fuda_game_intern(lua_State *L, fuda_engine *e, const char *s, size_t len);

/* ---- lpile.c ---- */
/* The index in e's state of the fuda.Pile at stack index idx, or -1 when
 * the value there is no pile of e's running match. */
int fuda_game_pile_index(lua_State *L, fuda_engine *e, int idx);

/* ---- lresult.c ---- */
/* Add pts to seat s (from 0, of the state held) in column col with a
 * scoresheet line (note may be NULL); raises on a limit or memory error. */
void fuda_game_add_score(lua_State *L, fuda_engine *e, int s, lua_Integer pts, const char *note, int col);

#endif
