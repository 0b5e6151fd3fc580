/* sandbox.c -- what a variant's script can reach: a Lua state whose
 * environments hold only the fuda API and the safe parts of base, string,
 * table, math and utf8, with fuda's own load, pcall, xpcall, print and
 * setmetatable. The limits on each call into it are limits.c's.
 *
 * Not there: io, os, debug, package/require, coroutine (a coroutine would run
 * outside the hooks that stop a call), collectgarbage, dofile/loadfile,
 * string.dump, loading bytecode (load takes text only), __gc metamethods
 * (finalizers run with hooks off, so no limit could stop one), and the string
 * metatable. math.random is the running game's seeded generator. Reading or
 * assigning a global the script did not get from the environment is an error
 * naming it. The `fuda` table itself comes from the caller (a fuda_libs_fn):
 * the sandbox knows no game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lualib.h>
#include <lauxlib.h>
#include "budget.h"
#include "sandbox.h"
#include "text_term.h"
#include "engine_access.h"

static const char PROTO_KEY = 'p';
static const char STRICT_KEY = 'm';
#define LOAD_PIECE 65536 /* load reads its text in pieces this long, checking the limits */

/* ---- replacements for unsafe or global-state functions ---- */

static int l_random(lua_State *L) {
    fuda_engine *e = fuda_engine_of(L);
    fuda_rng *rng = e ? fuda_engine_rng(e) : NULL;
    if (!rng) return luaL_error(L, "math.random: no game is running");
    lua_Integer lo = 1, hi;
    switch (lua_gettop(L)) {
    case 0:
        lua_pushnumber(L, (lua_Number)fuda_rng_next(rng) / 4294967296.0);
        return 1;
    case 1: hi = luaL_checkinteger(L, 1); break;
    default: lo = luaL_checkinteger(L, 1); hi = luaL_checkinteger(L, 2); break;
    }
    /* the width as unsigned: hi - lo may not fit a lua_Integer */
    luaL_argcheck(L, lo <= hi && (lua_Unsigned)hi - (lua_Unsigned)lo < 0x7fffffff, lua_gettop(L),
                  "interval is empty or too large");
    lua_pushinteger(L, lo + (lua_Integer)fuda_rng_below(rng, (uint32_t)(hi - lo + 1)));
    return 1;
}

/* lua_load's reader over a string, in pieces, so that a huge text is
 * parsed under the limits. */
typedef struct text_reader { const char *s; size_t left; } text_reader;

static const char *read_piece(lua_State *L, void *ud, size_t *size) {
    text_reader *r = (text_reader *)ud;
    if (r->left == 0) return NULL;
    *size = r->left < LOAD_PIECE ? r->left : LOAD_PIECE;
    fuda_sandbox_tick(L, (long)*size);
    r->s += *size;
    r->left -= *size;
    return r->s - *size;
}

/* A limit that was hit stays hit: pcall, xpcall and load do not catch the
 * instruction or time limit or a memory error, so a script cannot go on. */
#define limit_hit fuda_sandbox_caught

int fuda_sandbox_load(lua_State *L, const char *text, size_t len, const char *name) {
    text_reader r = {text, len};
    int status = lua_load(L, read_piece, &r, name, "t");
    if (status != LUA_OK && limit_hit(L, status)) lua_error(L); /* not a syntax error: stop */
    return status;
}

/* The chunk name load gives a script's chunk: "[load]", or with a name
 * `[load "NAME"]`, NAME cut to LOAD_NAME_MAX bytes, its control characters,
 * quotes and backslashes shown as '?'. So no chunk a script makes can pass
 * for one of fuda's files ("@variants/gin.lua") or for the loader ("=loader"):
 * messages show the name the script chose, visibly as such. Pushes it. */
#define LOAD_NAME_MAX 40
static const char *push_load_name(lua_State *L, int idx) {
    size_t len;
    const char *name = lua_tolstring(L, idx, &len);
    if (!name) {
        lua_pushliteral(L, "=[load]");
        return lua_tostring(L, -1);
    }
    char buf[LOAD_NAME_MAX + 16], *p = buf;
    p += sprintf(p, "=[load \"");
    for (size_t i = 0; i < len && i < LOAD_NAME_MAX; i++) {
        unsigned char c = (unsigned char)name[i];
        *p++ = c < 0x20 || c == 0x7f || c == '"' || c == '\\' ? '?' : (char)c;
    }
    if (len > LOAD_NAME_MAX) p += sprintf(p, "...");
    p += sprintf(p, "\"]");
    return lua_pushlstring(L, buf, (size_t)(p - buf));
}

/* load(chunk [, name [, mode [, env]]]): text only, env defaults to a fresh
 * sandbox environment, the name as push_load_name makes it. */
static int l_load(lua_State *L) {
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    if (!lua_isnoneornil(L, 2)) luaL_checkstring(L, 2);
    const char *mode = luaL_optstring(L, 3, "t");
    if (strchr(mode, 'b')) {
        lua_pushnil(L);
        lua_pushliteral(L, "load: binary chunks are not allowed");
        return 2;
    }
    lua_settop(L, 4);
    const char *name = push_load_name(L, 2);
    lua_replace(L, 2);
    name = lua_tostring(L, 2);
    if (fuda_sandbox_load(L, s, len, name) != LUA_OK) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    if (!lua_isnoneornil(L, 4)) lua_pushvalue(L, 4);
    else fuda_sandbox_env(L);
    if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
    return 1;
}

/* setmetatable(t, mt), refusing a metatable with a __gc field: a finalizer
 * runs with every hook off, when the collector likes, even while the state
 * closes, so no limit could stop it. */
static int l_setmetatable(lua_State *L) {
    int t = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    if (t == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "setmetatable: a metatable with __gc is not allowed (finalizers "
                              "cannot be limited)");
        lua_pop(L, 1);
    }
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

static int l_pcall(lua_State *L) {
    luaL_checkany(L, 1);
    int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
    if (status != LUA_OK && limit_hit(L, status)) return lua_error(L);
    lua_pushboolean(L, status == LUA_OK);
    lua_insert(L, 1);
    return lua_gettop(L);
}

/* The message handler xpcall installs: the script's (upvalue 1), unless a
 * limit was hit. Lua runs a message handler where the error was raised, and
 * a limit is raised inside a hook, where Lua runs no hook: the script's
 * handler would run beyond every limit. So once a limit is hit the error
 * goes on as it is, the script's handler not called. */
static int run_handler(lua_State *L) {
    if (fuda_sandbox_stopping(L)) return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static int l_xpcall(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, run_handler, 1);
    lua_replace(L, 2);
    lua_pushvalue(L, 1);
    lua_copy(L, 2, 1);
    lua_replace(L, 2);
    int status = lua_pcall(L, n - 2, LUA_MULTRET, 1);
    if (status != LUA_OK && limit_hit(L, status)) return lua_error(L);
    lua_pushboolean(L, status == LUA_OK);
    lua_replace(L, 1);
    return lua_gettop(L);
}

/* A variant's print: to stderr, every line after the place of the call
 * ("tiny.lua:12: "), what the script chose shown harmlessly (the terminal
 * sink, core/text_term.h): a print can neither move the cursor, set the
 * clipboard or clear the screen, nor pass for a line of fuda's own
 * ("check: OK ..."). A state's scripts print at most FUDA_MAX_PRINT bytes
 * in its life (every match sharing it: share.c), then one line says so and
 * the rest is dropped (a script printing in a loop cannot flood the
 * terminal or a log). Host scripts get
 * Lua's own print (fuda's stdout is filtered as a whole: repl/out.h). */
static int l_print(lua_State *L) {
    int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; i++) {
        if (i > 1) luaL_addchar(&b, '\t');
        luaL_tolstring(L, i, NULL);
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    size_t len;
    const char *s = lua_tolstring(L, -1, &len), *end = s + len;
    char where[LUA_IDSIZE + 32];
    lua_Debug ar;
    int known = lua_getstack(L, 1, &ar) && lua_getinfo(L, "Sl", &ar);
    if (known && ar.currentline > 0) snprintf(where, sizeof where, "%s:%d: ", ar.short_src, ar.currentline);
    else snprintf(where, sizeof where, "%s: ", known ? ar.short_src : "print"); /* called from C: "[C]: " */
    /* the bytes written, as shown: each line's place, its text escaped, its
     * newline (an escape takes up to 8 bytes for one: the cap counts them) */
    size_t wlen = strlen(where), out = 0;
    size_t wshown = fuda_term_len(where, wlen, FUDA_TERM_LINE);
    for (const char *p = s;;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t k = nl ? (size_t)(nl - p) : (size_t)(end - p);
        out += wshown + fuda_term_len(p, k, FUDA_TERM_BLOCK) + 1;
        if (!nl) break;
        p = nl + 1;
    }
    fuda_vm *vm = fuda_vm_of(L);
    if (vm && vm->printed + out > FUDA_MAX_PRINT) {
        if (vm->printed <= FUDA_MAX_PRINT)
            fprintf(stderr, "print: output limit reached (%lu bytes), further output dropped\n",
                    (unsigned long)FUDA_MAX_PRINT);
        vm->printed = FUDA_MAX_PRINT + 1;
        return 0;
    }
    if (vm) vm->printed += out;
    flockfile(stderr);
    for (;;) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t k = nl ? (size_t)(nl - s) : (size_t)(end - s);
        fuda_term_write(stderr, where, wlen, FUDA_TERM_LINE);
        fuda_term_write(stderr, s, k, FUDA_TERM_BLOCK);
        fputc('\n', stderr);
        if (!nl) break;
        s = nl + 1;
    }
    funlockfile(stderr);
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
static void build_proto(lua_State *L, int host, fuda_libs_fn open_fuda) {
    lua_newtable(L);
    lua_pushglobaltable(L);
    for (int i = 0; base_names[i]; i++) {
        lua_getfield(L, -1, base_names[i]);
        lua_setfield(L, -3, base_names[i]);
    }
    lua_pop(L, 1);
    luaL_setfuncs(L, safe_funcs, 0);
    if (!host) {
        lua_pushcfunction(L, l_setmetatable);
        lua_setfield(L, -2, "setmetatable");
    }
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
    open_fuda(L); /* the caller's fuda table */
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
 * the real globals too, and put in fuda's metered pattern functions (the
 * string metatable points at the real string table, so it is hidden:
 * getmetatable("") gives the string "string"). */
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
    fuda_open_stock(L);
    lua_pushliteral(L, "");
    if (lua_getmetatable(L, -1)) {
        lua_pushliteral(L, "string");
        lua_setfield(L, -2, "__metatable");
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* In a protected call: the libraries, the game types and module of the
 * caller's fuda_libs_fn (a pointer to it is argument 2), the
 * prototype environment, and the limits' own tables. */
static int init_state(lua_State *L) {
    int host = lua_toboolean(L, 1);
    fuda_libs_fn libs = *(fuda_libs_fn *)lua_touserdata(L, 2);
    lua_settop(L, 0);
    open_libs(L);
    build_proto(L, host, libs);
    fuda_sandbox_limits_init(L);
    return 0;
}

/* A new state with the libraries and the prototype environment; NULL when
 * out of memory (nothing is left allocated then). */
static lua_State *new_state(fuda_vm *vm, int host, fuda_libs_fn libs) {
    lua_State *L = fuda_sandbox_newstate(vm);
    if (!L) return NULL;
    lua_pushcfunction(L, init_state);
    lua_pushboolean(L, host);
    lua_pushlightuserdata(L, &libs);
    if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
        lua_close(L);
        return NULL;
    }
    fuda_sandbox_limits_on(L, vm);
    return L;
}

lua_State *fuda_sandbox_state(fuda_vm *vm, fuda_libs_fn libs) { return new_state(vm, 0, libs); }

/* A host state: unlimited, standard print. Used by fuda run and the REPL. */
lua_State *fuda_sandbox_host_state(fuda_libs_fn libs) { return new_state(NULL, 1, libs); }
