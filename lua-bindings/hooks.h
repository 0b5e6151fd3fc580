/* hooks.h -- hooks.c: a variant's hooks as the engine holds them (their
 * names, the cache of their functions, pushing one) and the message
 * handler that gives an error the script's place. Included by the engine's
 * files (engine_impl.h) and the game object's (game_impl.h), loader.h (the
 * variant's hook references), lloader.c and tables.c. */
#ifndef FUDA_HOOKS_H
#define FUDA_HOOKS_H

#include <lua.h>
#include "engine.h"

/* The hooks, cached as registry references when a variant loads. */
enum { FUDA_HOOK_SETUP, FUDA_HOOK_DEAL, FUDA_HOOK_MOVES, FUDA_HOOK_PLAY, FUDA_HOOK_RESOLVE,
       FUDA_HOOK_VIEW, FUDA_HOOK_RESULT, FUDA_HOOK_MATCH, FUDA_HOOK_PROMPT, FUDA_HOOK_WHY_NOT,
       FUDA_HOOK_CONFIRM, FUDA_NHOOKS };

/* The hooks' names by FUDA_HOOK_* ("setup", "deal", ...). */
extern const char *const fuda_hook_names[FUDA_NHOOKS];
/* Cache the loaded variant's hook functions (registry references, and
 * their names in e's info); raises only on memory errors. */
void fuda_engine_cache_hooks(fuda_engine *e);
/* Push hook h of the variant (FUDA_HOOK_*): 1; 0, nothing pushed, if the
 * variant has none. */
int fuda_engine_push_hook(fuda_engine *e, int h);
/* A message handler: an error that names no place gets "file:line: " of the
 * innermost script function on the stack; the loader's too. */
int fuda_place_error(lua_State *L);

#endif
