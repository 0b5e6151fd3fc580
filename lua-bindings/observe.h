/* observe.h -- what one seat may see of a match, as one JSON object: the
 * act line of the agent protocol (repl/agent.h) and the observation of the
 * Python module (python/env.c) are both this text, so the two never differ
 * in what they show.
 *
 *   {"type":"act","seat":K,"seats":N,"hand":H,"move_no":M,"turn":T|null,
 *    "claim":KIND|null,"actors":[..],"scores":[..],("columns":{NAME:[..]},)
 *    "piles":[{"name":..,"owner":S|null,"vis":..,"size":N,
 *              "cards":[the cards seat sees],"hidden":N},..],
 *    "view":"the variant's view for seat","moves":[legal moves],"events":[..]}
 *
 * Nothing in it comes from a card the seat cannot see: the piles list only
 * visible cards (fuda_pile_visible), the view is the variant's view hook for
 * that seat, and the events are the caller's (those shown to the seat).
 * The tensor (tensor.c) is the same promise as numbers. */
#ifndef FUDA_OBSERVE_H
#define FUDA_OBSERVE_H

#include "engine.h"

/* The object above for seat (1..nseats) of e's running match, with the
 * nevents texts of events (may be NULL when nevents is 0) as "events". A
 * malloc'd NUL-terminated string the caller frees; NULL with the engine's
 * error set when the moves or the view cannot be had (a hook failed, no
 * match), or "out of memory". The game is left as it was either way. */
char *fuda_engine_observe(fuda_engine *e, int seat, const char *const *events, int nevents);

/* The same as numbers, for learning programs: the variant's tensor(g, seat)
 * hook (tensor.c says what it may return: numbers, and planes of the cards
 * the seat sees or knows). 0 with *out (malloc'd, the caller frees it) and
 * *n values; 1 with *out NULL when the variant declares no tensor; -1 with
 * the engine's error ("file:line: ..." when the hook is at fault). The game
 * is left as it was. */
int fuda_engine_tensor(fuda_engine *e, int seat, float **out, int *n);

#endif
