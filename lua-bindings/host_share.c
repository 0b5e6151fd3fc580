/* host_share.c -- fuda.match's loaded variants: the matches a host script
 * makes of the same variant, options and limits share one Lua state
 * (fuda_engine_new_sharing, share.c), so that a script can hold thousands
 * of live matches, each a few KB.
 *
 * The first match of a kind loads the variant into an engine of its own,
 * which plays no match (the owner), kept in the host state's registry by
 * its key ("variant\noption...\nlimits"); every match of that kind is an
 * engine sharing it. A script run (fuda run) keeps its owners to the end;
 * the REPL forgets them at every line (fuda_host_forget_variants), so a
 * variant file edited between lines is read afresh. An owner forgotten is
 * freed when the host state collects it; the state it made lives on while
 * a match uses it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include "budget.h"
#include "lmatch.h"
#include "host.h"

static const char OWNERS_KEY = 'o';
#define OWNER_T "fuda.VariantOwner"

typedef struct owner_ud { fuda_engine *e; } owner_ud;

static int owner_gc(lua_State *L) {
    owner_ud *o = (owner_ud *)luaL_checkudata(L, 1, OWNER_T);
    fuda_engine_free(o->e);
    o->e = NULL;
    return 0;
}

static int cmp_text(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Push the key of a kind of match: the variant, the options sorted (their
 * order does not change the match), the limits. */
static void push_key(lua_State *L, const fuda_config *cfg, const char *variant, const char *const *sets,
                     int nsets) {
    const char *sorted[FUDA_MAX_OPTS];
    int n = nsets < FUDA_MAX_OPTS ? nsets : FUDA_MAX_OPTS;
    memcpy(sorted, sets, (size_t)n * sizeof *sorted);
    qsort(sorted, (size_t)n, sizeof *sorted, cmp_text);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addstring(&b, variant);
    for (int i = 0; i < n; i++) {
        luaL_addchar(&b, '\n');
        luaL_addstring(&b, sorted[i]);
    }
    char lim[160];
    snprintf(lim, sizeof lim, "\n%zu %ld %ld %ld %d", cfg->mem_limit, cfg->instr_limit, cfg->time_limit,
             cfg->match_time_limit, cfg->paranoid);
    luaL_addstring(&b, lim);
    luaL_pushresult(&b);
}

/* Push the owners table (made at first use). */
static void push_owners(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &OWNERS_KEY) == LUA_TTABLE) return;
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &OWNERS_KEY);
}

fuda_engine *fuda_host_variant(lua_State *L, const fuda_config *cfg, const char *variant,
                               const char *const *sets, int nsets) {
    push_owners(L);
    push_key(L, cfg, variant, sets, nsets);
    lua_pushvalue(L, -1);
    owner_ud *o = lua_rawget(L, -3) == LUA_TUSERDATA ? (owner_ud *)lua_touserdata(L, -1) : NULL;
    lua_pop(L, 1);
    if (!o) {
        o = (owner_ud *)lua_newuserdatauv(L, sizeof *o, 0);
        o->e = NULL;
        if (luaL_newmetatable(L, OWNER_T)) {
            lua_pushcfunction(L, owner_gc);
            lua_setfield(L, -2, "__gc");
        }
        lua_setmetatable(L, -2);
        o->e = fuda_engine_new(cfg);
        if (!o->e) luaL_error(L, "out of memory");
        if (fuda_engine_load(o->e, variant, sets, nsets) < 0) {
            lua_pushstring(L, fuda_engine_error(o->e));
            fuda_engine_free(o->e);
            o->e = NULL;
            lua_error(L);
        }
        lua_rawset(L, -3); /* owners[key] = o */
    } else {
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    fuda_engine *e = fuda_engine_new_sharing(o->e);
    if (!e) luaL_error(L, "out of memory");
    return e;
}

void fuda_host_forget_variants(lua_State *L) {
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &OWNERS_KEY);
}
