/* sandbox.h -- what a variant's script can reach, the layer that knows no
 * game: sandbox.c (the state, its environments and safe libraries),
 * lpattern.c (metered string patterns), lstock.c (metered stock functions)
 * and surface.c / surface_walk.c (the audited list of what a script can
 * reach, and the walk that proves it complete). The limits on each call are
 * budget.h's. Included by whoever makes a state (share.c, host.c), by the
 * loader's Lua side (lloader.c, for environments and load) and by those
 * files themselves. */
#ifndef FUDA_SANDBOX_H
#define FUDA_SANDBOX_H

#include <stddef.h>
#include <lua.h>
#include "budget.h"

/* What a state's scripts see as `fuda`: push that table (and register any
 * type it needs first). The sandbox knows no game: its caller says. */
typedef void (*fuda_libs_fn)(lua_State *L);

/* ---- sandbox.c ---- */
/* A sandboxed state counting its memory for vm (and its running engine),
 * `fuda` made by libs; a host state (no vm, no limits) the same way. NULL
 * when out of memory. */
lua_State *fuda_sandbox_state(fuda_vm *vm, fuda_libs_fn libs);
lua_State *fuda_sandbox_host_state(fuda_libs_fn libs);
void fuda_sandbox_env(lua_State *L);  /* pushes a fresh strict environment table */
/* Load text as a chunk (text only) in pieces under the limits; like lua_load,
 * but a limit hit while parsing is raised, not returned. */
int fuda_sandbox_load(lua_State *L, const char *text, size_t len, const char *name);

/* ---- lpattern.c ---- */
/* With the string library table on top of the stack, replace its find,
 * match, gmatch and gsub by fuda's metered ones (same semantics). */
void fuda_open_patterns(lua_State *L);

/* ---- lstock.c ---- */
/* Put fuda's metered versions of the stock functions that loop in C
 * (table.concat/insert/remove/move/unpack/sort, string.rep/lower/upper/
 * reverse) and the pre-paying wrappers (string.format, pack, utf8.len, ...)
 * into the global library tables. Raises only on memory errors. */
void fuda_open_stock(lua_State *L);

/* ---- surface.c: the audited list; surface_walk.c: its walk ---- */
/* fuda_surface_engine walks e's state (a variant's surface) under the
 * limits: malloc'd lines "reached PATH", "unlisted PATH", "stale NAME" (NULL
 * with e's error on failure). fuda_surface_host walks a host state (raises
 * on memory errors). fuda_surface_entry gives entry i (0 past the end):
 * scope 'v' variant, 'h' host, 'b' both. */
char *fuda_surface_engine(fuda_engine *e);
char *fuda_surface_host(lua_State *L);
int fuda_surface_entry(int i, char *scope, const char **name, const char **bound);

#endif
