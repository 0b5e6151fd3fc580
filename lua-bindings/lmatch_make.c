/* lmatch_make.c -- making a fuda.Match for host scripts: fuda.match (a
 * new match of a variant, one engine each; the matches of one kind share
 * their loaded variant: host_share.c), fuda.replay (a match from a log),
 * fuda.list (the variants a match can load), each with the host's limits
 * or those a script gives. The type and its methods are lmatch.c's. */
#include <limits.h>
#include <lauxlib.h>
#include "lmatch_impl.h"
#include "budget.h"
#include "strict.h"
#include "lmatch.h"

const char fuda_hostcfg_key = 'h';

/* The host's limits, or those of the `limits` table at index lim (0: none):
 * { memory = MiB, instructions =, time = ms }. */
static fuda_config match_config(lua_State *L, int lim) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &fuda_hostcfg_key);
    fuda_config cfg = { 0 };
    if (lua_touserdata(L, -1)) cfg = *(const fuda_config *)lua_touserdata(L, -1);
    lua_pop(L, 1);
    if (lim && lua_getfield(L, lim, "limits") == LUA_TTABLE) {
        static const char *const fields[] = {"memory", "instructions", "time", NULL};
        fuda_check_fields(L, -1, "fuda.match: limits", fields);
        lua_getfield(L, -1, "memory");
        lua_Integer mem = luaL_optinteger(L, -1, 0);
        luaL_argcheck(L, mem >= 0 && mem <= (1 << 20), 1, "limits.memory is MiB from 1 to 1048576");
        if (mem) cfg.mem_limit = (size_t)mem << 20;
        lua_getfield(L, -2, "instructions");
        lua_Integer ins = luaL_optinteger(L, -1, cfg.instr_limit);
        lua_getfield(L, -3, "time");
        lua_Integer ms = luaL_optinteger(L, -1, cfg.time_limit);
        luaL_argcheck(L, ins >= 0 && ms >= 0 && ins <= (1LL << 40) && ms <= 24LL * 3600 * 1000, 1,
                      "limits must not be negative (nor past 2^40 instructions, a day)");
        cfg.instr_limit = (long)ins, cfg.time_limit = (long)ms;
        lua_pop(L, 3);
    }
    if (lim) lua_pop(L, 1);
    return cfg;
}

/* A new engine wrapped in a fuda.Match, pushed on the stack, with the
 * limits of match_config. */
static match_ud *new_match(lua_State *L, int lim) {
    fuda_config cfg = match_config(L, lim);
    match_ud *m = fuda_lmatch_push(L);
    fuda_lmatch_set_engine(L, m, fuda_engine_new(&cfg));
    return m;
}

/* fuda.match{ variant =, seats =, seed =, options = { k = v }, limits = { ... } } */
static int l_match(lua_State *L) {
    static const char *const fields[] = {"variant", "seats", "seed", "options", "limits", NULL};
    luaL_checktype(L, 1, LUA_TTABLE);
    fuda_check_fields(L, 1, "fuda.match", fields);
    lua_getfield(L, 1, "variant");
    const char *variant = luaL_checkstring(L, -1);
    lua_getfield(L, 1, "seats");
    int seats = fuda_lmatch_int_arg(L, lua_gettop(L), 0, 0, FUDA_MAX_SEATS, "seats");
    lua_getfield(L, 1, "seed");
    lua_Integer seed = luaL_optinteger(L, -1, 1);
    lua_pop(L, 2);
    /* options as "k=v" strings */
    const char *sets[FUDA_MAX_OPTS];
    int nsets = 0;
    lua_newtable(L);
    int keep = lua_gettop(L);
    if (lua_getfield(L, 1, "options") == LUA_TTABLE) {
        lua_pushnil(L);
        while (lua_next(L, -2) && nsets < FUDA_MAX_OPTS) {
            const char *v = luaL_tolstring(L, -1, NULL);        /* key, value, vtext */
            lua_pushfstring(L, "%s=%s", lua_tostring(L, -3), v);
            sets[nsets] = lua_tostring(L, -1);
            lua_rawseti(L, keep, ++nsets);                     /* anchored in keep */
            lua_pop(L, 2);
        }
    }
    lua_pop(L, 1);
    fuda_config cfg = match_config(L, 1);
    match_ud *m = fuda_lmatch_push(L);
    fuda_lmatch_set_engine(L, m, fuda_host_variant(L, &cfg, variant, sets, nsets));
    if (fuda_engine_start(m->e, seats, (uint64_t)seed) < 0) {
        lua_pushstring(L, fuda_engine_error(m->e));
        fuda_lmatch_free(m);
        return lua_error(L);
    }
    return 1;
}

/* fuda.replay(log [, upto [, variant]]) -> match: the log's variant is
 * looked up by name on the search path, unless `variant` (a name or a path)
 * names it. */
static int l_replay(lua_State *L) {
    size_t len;
    const char *log = luaL_checklstring(L, 1, &len);
    lua_Integer n = luaL_optinteger(L, 2, -1);
    const char *variant = luaL_optstring(L, 3, NULL);
    luaL_argcheck(L, n >= -1 && n <= LONG_MAX, 2, "not a move count");
    match_ud *m = new_match(L, 0);
    if (fuda_engine_replay_as(m->e, variant, "log", log, len, (long)n) < 0) {
        lua_pushstring(L, fuda_engine_error(m->e));
        fuda_lmatch_free(m);
        return lua_error(L);
    }
    return 1;
}

/* fuda.list() -> names of the built-in variants */
static int l_list(lua_State *L) {
    match_ud *m = new_match(L, 0);
    char **names;
    int n = fuda_engine_list(m->e, &names);
    lua_createtable(L, n > 0 ? n : 0, 0);
    for (int i = 0; i < n; i++) {
        lua_pushstring(L, names[i]);
        lua_rawseti(L, -2, i + 1);
    }
    fuda_free_names(names);
    return 1;
}

static const luaL_Reg host_module_funcs[] = {
    {"match", l_match}, {"replay", l_replay}, {"list", l_list},
    {NULL, NULL}
};

void fuda_open_match(lua_State *L) {
    fuda_lmatch_types(L);
    luaL_setfuncs(L, host_module_funcs, 0);
}
