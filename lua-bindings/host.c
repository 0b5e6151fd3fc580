/* host.c -- the Lua state of authors' own scripts (see host.h): the safe
 * standard libraries, a plain global environment, and the fuda module with
 * the host's part (fuda.match, fuda.replay, fuda.list: lmatch_make.c;
 * fuda.search_budget, fuda.surface: here); `fuda run FILE` runs a file in
 * it, and luaopen_fuda gives the same module to a stock lua5.4's
 * `require "fuda"`. The REPL's Lua lines run in it too (lrepl.c). */
#include <lauxlib.h>
#include "host_impl.h"
#include "sandbox.h"
#include "strict.h"
#include "module.h"
#include "game.h"
#include "lmatch.h"
#include "search.h"

/* ---- the host's own module functions ---- */

/* fuda.search_budget{ iters = N } or { think = MS }: the search bot's budget
 * per decision from now on, for every match of the process (as --iters and
 * --think); returns the budget that was set before, in the same shape. */
static int l_search_budget(lua_State *L) {
    static const char *const fields[] = {"iters", "think", NULL};
    luaL_checktype(L, 1, LUA_TTABLE);
    fuda_check_fields(L, 1, "fuda.search_budget", fields);
    lua_getfield(L, 1, "iters");
    lua_Integer iters = luaL_optinteger(L, -1, 0);
    lua_getfield(L, 1, "think");
    lua_Integer think = luaL_optinteger(L, -1, 0);
    luaL_argcheck(L, (iters > 0) != (think > 0), 1, "give one of iters (playouts) or think (ms), above 0");
    luaL_argcheck(L, iters <= 100000000 && think <= 3600000, 1, "iters at most 1e8, think at most 3600000 ms");
    long ms, n;
    fuda_search_budget(&ms, &n);
    lua_createtable(L, 0, 1);
    lua_pushinteger(L, n > 0 ? n : ms);
    lua_setfield(L, -2, n > 0 ? "iters" : "think");
    fuda_search_set_budget(think > 0 ? (long)think : ms, (long)iters);
    return 1;
}

/* Lines "TAG PATH" of a walk into the table on top: t[TAG] a list. */
static void push_walk(lua_State *L, const char *text) {
    lua_newtable(L);
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n'), *sp = strchr(p, ' ');
        if (!nl) nl = p + strlen(p);
        if (sp && sp < nl) {
            lua_pushlstring(L, p, (size_t)(sp - p));
            if (lua_rawget(L, -2) == LUA_TNIL) {
                lua_pop(L, 1);
                lua_newtable(L);
                lua_pushlstring(L, p, (size_t)(sp - p));
                lua_pushvalue(L, -2);
                lua_rawset(L, -4);
            }
            lua_pushlstring(L, sp + 1, (size_t)(nl - sp - 1));
            lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
            lua_pop(L, 1);
        }
        p = *nl ? nl + 1 : nl;
    }
}

static int push_walk_protected(lua_State *L) {
    push_walk(L, (const char *)lua_touserdata(L, lua_upvalueindex(1)));
    return 1;
}

/* fuda.surface([m]) -> { reached = {paths}, unlisted = {...}, stale = {...},
 * list = { name = bound } }: the walk of surface.c over a match's engine
 * (a variant's surface) or, without one, over this host state. */
static int l_surface(lua_State *L) {
    char *text;
    char want = 'h';
    if (lua_isnoneornil(L, 1)) {
        text = fuda_surface_host(L);
    } else {
        fuda_engine *e = fuda_match_engine(L, 1);
        if (!(text = fuda_surface_engine(e))) {
            lua_pushnil(L);
            lua_pushstring(L, fuda_engine_error(e));
            return 2;
        }
        want = 'v';
    }
    lua_pushlightuserdata(L, text);
    lua_pushcclosure(L, push_walk_protected, 1);
    int rc = lua_pcall(L, 0, 1, 0);
    free(text);
    if (rc != LUA_OK) return lua_error(L);
    lua_newtable(L);
    char scope;
    const char *name, *bound;
    for (int i = 0; fuda_surface_entry(i, &scope, &name, &bound); i++) {
        if (scope != 'b' && scope != want) continue;
        lua_pushstring(L, bound);
        lua_setfield(L, -2, name);
    }
    lua_setfield(L, -2, "list");
    return 1;
}

static const luaL_Reg host_funcs[] = {
    {"search_budget", l_search_budget}, {"surface", l_surface},
    {NULL, NULL}
};

/* The `fuda` table of a host script: the game's module less the loader,
 * with fuda.match and the rest of lmatch_make.c's and host_funcs. */
static void open_host_libs(lua_State *L) {
    static const char *const none[] = {NULL};
    fuda_game_types(L);
    fuda_open_module(L, 1);
    fuda_open_match(L);
    luaL_setfuncs(L, host_funcs, 0);
    fuda_strict_own(L, -1, "fuda", none); /* fuda.crad raises, "did you mean 'card'?" */
}

/* `require "fuda"` in a stock lua5.4, when fuda is built as a C module. */
int luaopen_fuda(lua_State *L);
int luaopen_fuda(lua_State *L) {
    open_host_libs(L);
    return 1;
}

/* ---- the host ---- */

fuda_host *fuda_host_new(const fuda_config *cfg) {
    fuda_host *h = (fuda_host *)calloc(1, sizeof *h);
    if (!h) return NULL;
    if (cfg) h->cfg = *cfg;
    h->cfg.paranoid = 1; /* scripts are tests: check the state after every hook */
    h->L = fuda_sandbox_host_state(open_host_libs);
    if (!h->L) {
        free(h);
        return NULL;
    }
    lua_pushlightuserdata(h->L, &h->cfg);
    lua_rawsetp(h->L, LUA_REGISTRYINDEX, &fuda_hostcfg_key);
    /* a plain (not strict) environment over the safe names */
    lua_newtable(h->L);
    fuda_sandbox_env(h->L);
    lua_pushnil(h->L);
    lua_setmetatable(h->L, -2);
    lua_newtable(h->L);
    lua_insert(h->L, -2);
    lua_setfield(h->L, -2, "__index");
    lua_setmetatable(h->L, -2);
    lua_pushvalue(h->L, -1);
    lua_setfield(h->L, -2, "_G");
    lua_pushvalue(h->L, -1);
    lua_setglobal(h->L, "_FUDA_HOST_ENV"); /* the real globals: dofile runs files here */
    h->ref_env = luaL_ref(h->L, LUA_REGISTRYINDEX);
    return h;
}

void fuda_host_free(fuda_host *h) {
    if (!h) return;
    lua_close(h->L);
    free(h->out);
    free(h);
}

int fuda_host_run(fuda_host *h, const char *path, int argc, char **argv, const char **err) {
    lua_State *L = h->L;
    lua_settop(L, 0);
    fuda_host_forget_variants(L);
    lua_pushcfunction(L, traceback);
    if (luaL_loadfilex(L, path, "t") != LUA_OK) {
        set_out(h, lua_tostring(L, -1));
        *err = h->out;
        return -1;
    }
    if (!lua_checkstack(L, argc + 8)) { /* the arguments go on the stack as ... */
        lua_settop(L, 0);
        set_out(h, "too many arguments for a Lua script");
        *err = h->out;
        return -1;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->ref_env);
    lua_createtable(L, argc, 1);
    lua_pushstring(L, path);
    lua_rawseti(L, -2, 0);
    for (int i = 0; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "arg");
    lua_setupvalue(L, -2, 1);
    for (int i = 0; i < argc; i++) lua_pushstring(L, argv[i]); /* also as ... */
    if (lua_pcall(L, argc, 0, 1) != LUA_OK) {
        set_out(h, lua_tostring(L, -1));
        *err = h->out;
        lua_settop(L, 0);
        return -1;
    }
    lua_settop(L, 0);
    return 0;
}
