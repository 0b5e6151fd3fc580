/* module.h -- lfuda.c: the `fuda` table a game's scripts see (cards, rules,
 * show, variant/import) and its part common to host scripts. Included by
 * share.c (an engine's state gets fuda_open_game_libs) and host.c. */
#ifndef FUDA_MODULE_H
#define FUDA_MODULE_H

#include <lua.h>

/* Push the module table; with `host` 1, the part common to host scripts
 * (host.c adds fuda.match): 1 (one value pushed). fuda_open_game_libs is
 * the fuda_libs_fn of an engine's state. Raise only on memory errors. */
int fuda_open_module(lua_State *L, int host);
void fuda_open_game_libs(lua_State *L);

#endif
