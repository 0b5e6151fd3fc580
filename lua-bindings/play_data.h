/* play_data.h -- struct fuda_play: what the game object reads and writes of
 * the match being played (the state of the table, the match's symbols, the
 * game's registry references and caches, the flags its methods check), the
 * part of an engine the game object's files (game_impl.h's) see instead of
 * struct fuda_engine. It is the engine's second member, right after its
 * limits (engine_impl.h checks it), so that fuda_play_of is an addition,
 * not a call: every method of `g` starts there, the hottest path of the
 * program. Included by engine_impl.h (the engine's files keep these fields
 * up) and game_impl.h. */
#ifndef FUDA_PLAY_DATA_H
#define FUDA_PLAY_DATA_H

#include <stdint.h>
#include "state.h"
#include "symtab.h"
#include "budget.h"
#include "game.h"

typedef struct fuda_play {
    fuda_state *st;            /* the state of the table being played, the engine's own (set
                                * when the engine is made; tables.c swaps the tables through it) */
    int started;               /* a match was started and goes on (0 after a failed start, a new
                                * variant, the match freed) */
    int in_setup;              /* the setup hook runs: g:new_deck may make cards */
    int in_result;             /* g:result is running its hooks (no g:result inside them) */
    fuda_symtab *syms;         /* the match's symbols (the state's strings), owned by the engine */
    size_t sym_bytes;          /* bytes of symbols the script stored (in the limits' cmem_used) */
    int nsymcache;             /* strings in the match's string -> symbol cache (lvars.c) */
    fuda_cell *cell;           /* the match's cell (lgame.c), NULL when no match was made */
    int ref_game;              /* registry: the game table of this match */
    int ref_piles;             /* registry: the match table (lgame.c): pile index -> fuda.Pile,
                                * the values tables, the g:pile and g:hand caches */
    int ref_lock;              /* registry: the match's objects and their metatables, in pairs
                                * (share.c, current.c) */
    const void *game_ptr;      /* lua_topointer of the game: a method's self check */
    int vars_stale;            /* the engine put back a state with other variables or piles:
                                * fuda_game_sync before Lua runs again */
    uint64_t stale_slot[(FUDA_MAX_VARS + 63) / 64]; /* ... these variable slots */
    int stale_piles;           /* ... and the pile caches (another pile count) */
    int seats_stale;           /* g.seats must follow st->nseats (another table is played) */
} fuda_play;

/* An engine's match as the game object sees it, and back: the struct
 * follows the limits (budget.h) in struct fuda_engine. */
static inline fuda_play *fuda_play_of(fuda_engine *e) {
    return (fuda_play *)(void *)((char *)e + sizeof(fuda_limits));
}
static inline fuda_engine *fuda_play_engine(fuda_play *pl) {
    return (fuda_engine *)(void *)((char *)pl - sizeof(fuda_limits));
}

#endif
