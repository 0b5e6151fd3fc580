/* lmatch.h -- fuda.Match for host scripts: lmatch.c (the type and its
 * methods), lmatch_make.c (fuda.match, fuda.replay, fuda.list) and
 * host_share.c (the loaded variants the matches of one kind share). What
 * lmatch.c and lmatch_make.c share between them is lmatch_impl.h. Included
 * by host.c, lrepl.c and those files. */
#ifndef FUDA_LMATCH_H
#define FUDA_LMATCH_H

#include <lua.h>
#include "engine.h"

/* lmatch_make.c: the fuda.Match type, and fuda.match, fuda.replay,
 * fuda.list added to the table on top (raises only on memory errors);
 * fuda_hostcfg_key: the registry key of the host's fuda_config (a light
 * userdata) that a new match copies. lmatch.c: the engine of the
 * fuda.Match at idx (raises for another value or a freed match). */
void fuda_open_match(lua_State *L);
extern const char fuda_hostcfg_key;
fuda_engine *fuda_match_engine(lua_State *L, int idx);

/* host_share.c: a new engine (the caller owns it) sharing the variant of
 * this kind (name, "k=v" options, cfg's limits) that the host state L
 * keeps, loaded now when it keeps none; raises the load's message (or out
 * of memory) as a Lua error. fuda_host_forget_variants lets go of every
 * kept variant (matches that share one keep it). */
fuda_engine *fuda_host_variant(lua_State *L, const fuda_config *cfg, const char *variant,
                               const char *const *sets, int nsets);
void fuda_host_forget_variants(lua_State *L);

#endif
