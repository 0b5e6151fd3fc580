/* loader.h -- loading a variant: loader.c (a loaded definition taken into
 * the engine), path.c (from a variant's name to its file: the search
 * folders, confinement) and lloader.c (the loader's Lua side: loader.lua,
 * loader_check.lua, author.lua, fuda.variant and fuda.import). Included by
 * engine.c (fuda_engine_load), lfuda.c (the loader's part of `fuda`),
 * surface_walk.c and those files themselves. */
#ifndef FUDA_LOADER_H
#define FUDA_LOADER_H

#include <stddef.h>
#include <lua.h>
#include "engine.h"

/* ---- loader.c ---- */
/* Load a variant into e (loader.lua, then the definition taken in): 0, or
 * -1 with e's error. */
int fuda_loader_load(fuda_engine *e, const char *variant);

/* ---- path.c ---- */
/* The file of a name the user gives (0, the path in path[n]; -1 when none);
 * fn(dir, ud) for each search folder until it returns 1 (then 1, else 0);
 * loader.lua's C.find(name, sub, fromdir, trusted) -> path, real path |
 * nil, message. */
int fuda_loader_find(fuda_engine *e, const char *name, const char *sub, char *path, size_t n);
int fuda_loader_each_dir(fuda_engine *e, int (*fn)(const char *, void *), void *ud);
int fuda_path_find(lua_State *L);

/* ---- lloader.c ---- */
void fuda_open_loader(lua_State *L);  /* fuda.variant, fuda.import */
void fuda_loader_push_code(lua_State *L); /* the loader module and the authoring pieces (raises) */
void fuda_open_author(lua_State *L);  /* fuda.moves (author.lua, loaded at first use), fuda.plural */
/* Push the loader module, made once per state until fuda_loader_forget
 * drops it and the texts it kept (raises on errors of its own code). */
void fuda_loader_push(lua_State *L);
void fuda_loader_forget(lua_State *L);

#endif
