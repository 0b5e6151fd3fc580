/* call.h -- call.c as the rest of lua-bindings uses it: a body run as one
 * protected call under the sandbox limits, a hook called inside one, the
 * checks after a hook, and putting a match's records back. The engine's
 * transactions (fuda_txn) are engine_impl.h's. Included by the engine's
 * files (engine_impl.h), surface_walk.c and infer.c. */
#ifndef FUDA_CALL_H
#define FUDA_CALL_H

#include "engine.h"

/* A body: the work of one protected call, 0 or -1 with e's error set. */
typedef int (*fuda_body)(fuda_engine *e, void *ud);
/* Run fn(e, ud) as one call under the sandbox limits: every Lua API call in
 * it may raise (a hook's error, a metamethod's, a limit, out of memory).
 * Returns fn's result, or -1 after an error, with e's error "<message> (in
 * <hook>)" naming what was being called. The Lua stack is left as it was. */
int fuda_engine_pcall(fuda_engine *e, fuda_body fn, void *ud);
/* Inside a body: call the function below nargs values, with the game
 * inserted as its first argument; `name` names it in messages (raises what
 * it raises). */
void fuda_engine_call_hook(fuda_engine *e, const char *name, int nargs, int nres);
/* Run hook h (FUDA_HOOK_*, if the variant has it) with the game alone,
 * protected: 0, or -1 with the message. */
int fuda_engine_run_hook(fuda_engine *e, int h);
/* After a hook ran inside a hand (`after` names it): somebody must be able
 * to act; a paranoid engine also verifies the core state and the variant's
 * invariant. 0, or -1 with the message. */
int fuda_engine_progress(fuda_engine *e, const char *after);
/* Lua's copy of the variables (and the pile caches) must follow a state put
 * back: mark what differs between the state held and `back`. */
void fuda_engine_mark_stale(fuda_engine *e, const fuda_state *back);
/* Back to these lengths of the scoresheet, the events and the log (a step
 * undone). */
void fuda_engine_drop(fuda_engine *e, int nrows, int nevs, long nlog);

#endif
