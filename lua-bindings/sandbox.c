/* sandbox.c -- where variant scripts run: a Lua state with a memory cap, an
 * instruction budget per hook call, and environments that hold only the fuda
 * API and the safe parts of base, string, table, math and utf8.
 *
 * Not there: io, os, debug, package/require, coroutine (a coroutine would run
 * outside the instruction hook), collectgarbage, dofile/loadfile, string.dump,
 * and loading bytecode (load takes text only). math.random is the running
 * game's seeded generator. Reading or assigning a global the script did not
 * get from the environment is an error naming it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lualib.h>
#include "lfuda.h"

static const char ENGINE_KEY = 'e';
static const char PROTO_KEY = 'p';
static const char STRICT_KEY = 'm';
#define INSTR_STEP 1000

fuda_engine *fuda_engine_of(lua_State *L) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &ENGINE_KEY);
    fuda_engine *e = (fuda_engine *)lua_touserdata(L, -1);
    lua_pop(L, 1);
    return e;
}

/* Allocator that refuses to grow past e->mem_limit. */
static void *limited_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    fuda_engine *e = (fuda_engine *)ud;
    if (ptr == NULL) osize = 0;
    if (nsize == 0) {
        free(ptr);
        e->mem_used -= osize;
        return NULL;
    }
    if (nsize > osize && e->mem_used + (nsize - osize) > e->mem_limit) return NULL;
    void *p = realloc(ptr, nsize);
    if (p) e->mem_used += nsize - osize;
    return p;
}

static void count_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    fuda_engine *e = fuda_engine_of(L);
    if (!e || !e->in_hook) return;
    e->instr_left -= INSTR_STEP;
    /* Once over, every later step raises again, so a script's own pcall
     * cannot swallow the error and go on. */
    if (e->instr_left < 0)
        luaL_error(L, "instruction limit exceeded (%I instructions in one hook call)",
                   (lua_Integer)e->instr_limit);
}

/* ---- replacements for unsafe or global-state functions ---- */

static int l_random(lua_State *L) {
    fuda_engine *e = fuda_engine_of(L);
    if (!e || !e->started) return luaL_error(L, "math.random: no game is running");
    lua_Integer lo = 1, hi;
    switch (lua_gettop(L)) {
    case 0:
        lua_pushnumber(L, (lua_Number)fuda_rng_next(&e->st.rng) / 4294967296.0);
        return 1;
    case 1: hi = luaL_checkinteger(L, 1); break;
    default: lo = luaL_checkinteger(L, 1); hi = luaL_checkinteger(L, 2); break;
    }
    luaL_argcheck(L, lo <= hi && hi - lo < 0x7fffffff, lua_gettop(L), "interval is empty or too large");
    lua_pushinteger(L, lo + (lua_Integer)fuda_rng_below(&e->st.rng, (uint32_t)(hi - lo + 1)));
    return 1;
}

/* load(chunk [, name [, mode [, env]]]): text only, env defaults to a fresh
 * sandbox environment. */
static int l_load(lua_State *L) {
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    const char *name = luaL_optstring(L, 2, "=(load)");
    const char *mode = luaL_optstring(L, 3, "t");
    if (strchr(mode, 'b')) {
        lua_pushnil(L);
        lua_pushliteral(L, "load: binary chunks are not allowed");
        return 2;
    }
    if (luaL_loadbufferx(L, s, len, name, "t") != LUA_OK) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    if (!lua_isnoneornil(L, 4)) lua_pushvalue(L, 4);
    else fuda_sandbox_env(L);
    if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
    return 1;
}

/* A limit that was hit stays hit: pcall and xpcall do not catch the
 * instruction limit or a memory error, so a script cannot go on after them. */
static int limit_hit(lua_State *L, int status) {
    fuda_engine *e = fuda_engine_of(L);
    return status == LUA_ERRMEM || (e && e->in_hook && e->instr_left < 0);
}

static int l_pcall(lua_State *L) {
    luaL_checkany(L, 1);
    int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
    if (status != LUA_OK && limit_hit(L, status)) return lua_error(L);
    lua_pushboolean(L, status == LUA_OK);
    lua_insert(L, 1);
    return lua_gettop(L);
}

static int l_xpcall(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 1);
    lua_copy(L, 2, 1);
    lua_replace(L, 2);
    int status = lua_pcall(L, n - 2, LUA_MULTRET, 1);
    if (status != LUA_OK && limit_hit(L, status)) return lua_error(L);
    lua_pushboolean(L, status == LUA_OK);
    lua_replace(L, 1);
    return lua_gettop(L);
}

static int l_print(lua_State *L) {
    int n = lua_gettop(L);
    for (int i = 1; i <= n; i++) {
        if (i > 1) fputc('\t', stderr);
        fputs(luaL_tolstring(L, i, NULL), stderr);
        lua_pop(L, 1);
    }
    fputc('\n', stderr);
    return 0;
}

/* dofile(path) for host scripts only: a text chunk run in the host's global
 * environment (what _G is for the caller), returning its results. */
static int l_dofile(lua_State *L) {
    const char *path = luaL_checkstring(L, 1);
    lua_settop(L, 1);
    if (luaL_loadfilex(L, path, "t") != LUA_OK) return lua_error(L);
    if (lua_getglobal(L, "_FUDA_HOST_ENV") == LUA_TTABLE) lua_setupvalue(L, -2, 1);
    else lua_pop(L, 1);
    lua_call(L, 0, LUA_MULTRET);
    return lua_gettop(L) - 1;
}

static int strict_index(lua_State *L) {
    return luaL_error(L, "undeclared global '%s'", luaL_tolstring(L, 2, NULL));
}

static int strict_newindex(lua_State *L) {
    return luaL_error(L, "assignment to undeclared global '%s' (use a local)",
                      luaL_tolstring(L, 2, NULL));
}

static const luaL_Reg strict_meta[] = {
    {"__index", strict_index}, {"__newindex", strict_newindex}, {NULL, NULL}
};

/* Copy the listed fields of the library table on top into a new table. */
static void copy_lib(lua_State *L, const char *const *names) {
    lua_newtable(L);
    for (int i = 0; names[i]; i++) {
        lua_getfield(L, -2, names[i]);
        lua_setfield(L, -2, names[i]);
    }
    lua_remove(L, -2);
}

static const char *const base_names[] = {
    "assert", "error", "ipairs", "next", "pairs", "select", "tonumber",
    "tostring", "type", "rawequal", "rawlen", "rawget", "rawset",
    "setmetatable", "getmetatable", "_VERSION", NULL
};
static const char *const string_names[] = {
    "byte", "char", "find", "format", "gmatch", "gsub", "len", "lower", "match",
    "rep", "reverse", "sub", "upper", "pack", "packsize", "unpack", NULL
};
static const char *const table_names[] = {
    "concat", "insert", "move", "pack", "remove", "sort", "unpack", NULL
};
static const char *const math_names[] = {
    "abs", "ceil", "cos", "deg", "exp", "floor", "fmod", "huge", "log", "max",
    "maxinteger", "min", "mininteger", "modf", "pi", "rad", "sin", "sqrt", "tan",
    "tointeger", "type", "ult", NULL
};
static const char *const utf8_names[] = {
    "char", "charpattern", "codes", "codepoint", "len", "offset", NULL
};

/* Our versions of base functions, for every environment; host scripts also
 * get dofile and the real print. */
static const luaL_Reg safe_funcs[] = {
    {"load", l_load}, {"pcall", l_pcall}, {"xpcall", l_xpcall}, {"print", l_print}, {NULL, NULL}
};
static const luaL_Reg host_funcs[] = {{"dofile", l_dofile}, {NULL, NULL}};

/* The prototype environment: every safe name, built once per state. */
static void build_proto(lua_State *L, int host) {
    lua_newtable(L);
    lua_pushglobaltable(L);
    for (int i = 0; base_names[i]; i++) {
        lua_getfield(L, -1, base_names[i]);
        lua_setfield(L, -3, base_names[i]);
    }
    lua_pop(L, 1);
    luaL_setfuncs(L, safe_funcs, 0);
    if (host) {
        luaL_setfuncs(L, host_funcs, 0);
        lua_getglobal(L, "print");
        lua_setfield(L, -2, "print");
    }
    struct { const char *name; const char *const *fields; } libs[] = {
        {"string", string_names}, {"table", table_names}, {"math", math_names},
        {"utf8", utf8_names}
    };
    for (size_t i = 0; i < sizeof libs / sizeof libs[0]; i++) {
        lua_getglobal(L, libs[i].name);
        copy_lib(L, libs[i].fields);
        if (strcmp(libs[i].name, "math") == 0) {
            lua_pushcfunction(L, l_random);
            lua_setfield(L, -2, "random");
        }
        lua_setfield(L, -2, libs[i].name);
    }
    fuda_open_module(L, host);
    lua_setfield(L, -2, "fuda");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &PROTO_KEY);

    lua_newtable(L);
    luaL_setfuncs(L, strict_meta, 0);
    lua_pushliteral(L, "sandbox");
    lua_setfield(L, -2, "__metatable");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &STRICT_KEY);
}

void fuda_sandbox_env(lua_State *L) {
    lua_newtable(L);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &PROTO_KEY);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -5);
    }
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_setfield(L, -2, "_G");
    lua_rawgetp(L, LUA_REGISTRYINDEX, &STRICT_KEY);
    lua_setmetatable(L, -2);
}

/* Open the standard libraries we copy from, then drop the dangerous ones from
 * the real globals too and put in the metered pattern functions (the string
 * metatable points at the real string). */
static void open_libs(lua_State *L) {
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
    luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
    luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
    luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
    lua_pop(L, 5);
    lua_getglobal(L, "string");
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    fuda_open_patterns(L);
    lua_pop(L, 1);
}

static lua_State *new_state(fuda_engine *e, int host) {
    lua_State *L = e ? lua_newstate(limited_alloc, e) : luaL_newstate();
    if (!L) return NULL;
    lua_pushlightuserdata(L, e);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &ENGINE_KEY);
    open_libs(L);
    fuda_game_types(L);
    build_proto(L, host);
    if (e) lua_sethook(L, count_hook, LUA_MASKCOUNT, INSTR_STEP);
    return L;
}

lua_State *fuda_sandbox_state(fuda_engine *e) { return new_state(e, 0); }

/* A host state: unlimited, standard print. Used by fuda run and the REPL. */
lua_State *fuda_sandbox_host_state(void) { return new_state(NULL, 1); }

/* Call the function below nargs arguments with the instruction budget armed.
 * On error the message (a string) is left on the stack and LUA_ERR* returned;
 * a memory error becomes a message naming the cap. */
int fuda_sandbox_pcall(fuda_engine *e, int nargs, int nres) {
    int outer = e->in_hook;
    if (!outer) {
        e->in_hook = 1;
        e->instr_left = e->instr_limit;
    }
    int rc = lua_pcall(e->L, nargs, nres, 0);
    if (!outer) e->in_hook = 0;
    if (rc == LUA_ERRMEM) {
        lua_pop(e->L, 1);
        lua_pushfstring(e->L, "memory limit exceeded (%d MiB for the game's scripts)",
                        (int)(e->mem_limit >> 20));
    } else if (rc != LUA_OK && !lua_isstring(e->L, -1)) {
        const char *t = luaL_typename(e->L, -1);
        lua_pop(e->L, 1);
        lua_pushfstring(e->L, "(error object is a %s value)", t);
    }
    return rc;
}

/* Placeholder: pattern matching reports its work here; no limit yet. */
void fuda_sandbox_tick(lua_State *L, long steps) { (void)L; (void)steps; }
