/* lmatch_impl.h -- what the two files of fuda.Match share: lmatch.c (the
 * fuda.Match type: its methods, its events) and lmatch_make.c (fuda.match,
 * fuda.replay, fuda.list: making one, with the host's limits). Private to
 * them. */
#ifndef FUDA_LMATCH_IMPL_H
#define FUDA_LMATCH_IMPL_H

#include <lua.h>
#include "engine.h"

/* An event, and the readers (bit 0: m:events(), bit k: m:events(k)) that
 * have had it already. */
typedef struct match_ev { int seat; unsigned read; char *text; } match_ev;

typedef struct match_ud {
    unsigned tag;
    fuda_engine *e;
    match_ev *evs;
    int nevs, capevs;
    size_t evbytes;    /* the events' texts kept */
    int overflow;      /* more than MAX_KEPT_EVENTS / _EVENT_BYTES came: m:events raises */
} match_ud;

/* lmatch.c. fuda_lmatch_push: a fuda.Match with no engine yet, pushed on
 * the stack (raises when out of memory). fuda_lmatch_set_engine: m owns
 * engine e from now on, its events kept for its readers (e NULL: raises
 * "out of memory"). fuda_lmatch_free: m's engine and events freed (the
 * handle stays, "match was freed" to any later call). fuda_lmatch_int_arg:
 * the integer at idx (def when absent), raises "bad argument #idx (what
 * out of range)" outside lo..hi. fuda_lmatch_types: registers the
 * fuda.Match and fuda.Mark metatables (once per state). */
match_ud *fuda_lmatch_push(lua_State *L);
void fuda_lmatch_set_engine(lua_State *L, match_ud *m, fuda_engine *e);
void fuda_lmatch_free(match_ud *m);
int fuda_lmatch_int_arg(lua_State *L, int idx, lua_Integer def, lua_Integer lo, lua_Integer hi, const char *what);
void fuda_lmatch_types(lua_State *L);

#endif
