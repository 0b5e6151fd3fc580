/* loader.h -- loading a variant: loader.c (a loaded definition taken into
 * the engine), path.c (from a variant's name to its file: the search
 * folders, confinement) and lloader.c (the loader's Lua side: loader.lua,
 * loader_check.lua, author.lua, fuda.variant and fuda.import), and the
 * loaded variant's part of an engine (fuda_variant). Included by
 * engine_impl.h, engine_access.h and game_impl.h (that part), engine.c
 * (fuda_engine_load), lfuda.c (the loader's part of `fuda`), surface_walk.c
 * and those files themselves. */
#ifndef FUDA_LOADER_H
#define FUDA_LOADER_H

#include <stddef.h>
#include <lua.h>
#include "engine.h"
#include "hooks.h"

/* A variant's option, as loaded. */
typedef struct fuda_opt {
    char *name;
    char *doc;
    int type;        /* LUA_TNUMBER, LUA_TBOOLEAN, LUA_TSTRING */
    int has_min, has_max;
    lua_Integer min, max;
    lua_Integer ival;
    int bval;
    char *sval;
    char *one_of;    /* "low|high|corner" or NULL */
    char *text;      /* value as text (for info) */
} fuda_opt;

/* The loaded variant: what loader.c takes into an engine, the same in
 * every engine sharing its state (copied whole by share.c; registry
 * references into the state, texts owned by the state's last engine:
 * engine.c's free_variant). A member of struct fuda_engine; loader.c
 * reaches it through fuda_engine_variant (engine_access.h). */
typedef struct fuda_variant {
    int loaded;                /* 1 while a variant is loaded */
    int ref_variant;           /* merged variant table */
    int ref_hook[FUDA_NHOOKS]; /* its hook functions, LUA_NOREF if absent */
    int ref_options;           /* option values table (read by g.options) */
    int ref_varidx;            /* name -> var index */
    int ref_seatvaridx;        /* name -> seat var number */
    int nvars, nseatvars;
    int ref_varinit;           /* list of {index, value} */
    int nopts;
    fuda_opt *opts;             /* nopts of them (at most FUDA_MAX_OPTS), owned */
    fuda_option_info *optinfo;  /* the same, as fuda_engine_info shows them */
    fuda_variant_info info;
    char *name, *title, *file, *extends, *round;
    char *variant_arg;         /* the name or path given to load */
    char **optset; int noptset;  /* the "name=value" overrides of this load */
    char **botnames;
    int nbotnames;
    char **expect;
    int nexpect;
    int ref_invariant;         /* check.invariant, LUA_NOREF if none: run by a paranoid engine */
    size_t variant_bytes;      /* the variant's texts the engine copied (in cmem_used) */
    char *colnames[FUDA_MAX_COLS]; /* the variant's `columns`, owned; ncols of them */
    int ncols;
    char **verbusage, **verbdoc; /* the declared verbs' usage and doc lines, owned; nverbs */
    int nverbs;
} fuda_variant;

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
