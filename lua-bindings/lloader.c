/* lloader.c -- the loader's Lua side: loader.lua (with loader_check.lua,
 * its checks) and author.lua (compiled in) made in a state, once each, with
 * the C helpers loader.lua gets as C
 * (finding a file is path.c's; reading it, keeping its text for messages,
 * making the chunk), and the fuda functions that call them: fuda.variant,
 * fuda.import, fuda.moves, fuda.seat_lines, and fuda.plural. A file is only
 * read when it is a regular file of at most FUDA_MAX_VARIANT_BYTES (file.c:
 * a FIFO or a device is refused, never waited on), once, and kept in memory:
 * C.source answers from that copy. Taking a loaded definition into the
 * engine is loader.c's. */
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include "lcard.h"
#include "budget.h"
#include "sandbox.h"
#include "strict.h"
#include "loader.h"
#include "hooks.h"
#include "file.h"
#include "text_term.h"

static const char LOADER_KEY = 'l';
static const char SOURCES_KEY = 's'; /* display path -> text of each file loaded */

static const char loader_src[] =
#include "loader_lua.h"
    ;
static const char check_src[] =   /* the checks of a definition, C.checks */
#include "loader_check_lua.h"
    ;
static const char AUTHOR_KEY = 'a';   /* the authoring pieces (author.lua), kept for the state's life */
static const char author_src[] =
#include "author_lua.h"
    ;
static const char author_moves_src[] =
#include "author_moves_lua.h"
    ;

/* Push text[0..len) as a string (run protected: pushing may raise). */
static int push_text(lua_State *L) {
    lua_pushlstring(L, (const char *)lua_touserdata(L, 1), (size_t)lua_tointeger(L, 2));
    return 1;
}

/* C.loadfile(path, real) -> chunk with a fresh sandbox environment | nil,
 * message. Reads real (at most FUDA_MAX_VARIANT_BYTES, a regular file only),
 * names the chunk "@path" and keeps the text for C.source. */
static int c_loadfile(lua_State *L) {
    const char *path = luaL_checkstring(L, 1);
    const char *real = luaL_optstring(L, 2, path);
    char why[128];
    size_t len;
    char *text = fuda_file_read(real, FUDA_MAX_VARIANT_BYTES, &len, why, sizeof why);
    if (!text) {
        lua_pushnil(L);
        lua_pushfstring(L, "cannot read variant file '%s': %s", path, why);
        return 2;
    }
    lua_settop(L, 2);
    lua_pushcfunction(L, push_text);
    lua_pushlightuserdata(L, text);
    lua_pushinteger(L, (lua_Integer)len);
    int rc = lua_pcall(L, 2, 1, 0);
    free(text);
    if (rc != LUA_OK) return lua_error(L);
    int t = lua_gettop(L);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &SOURCES_KEY); /* created by fuda_loader_push */
    lua_pushvalue(L, t);
    lua_setfield(L, -2, path);
    lua_pop(L, 1);
    const char *s = lua_tolstring(L, t, &len);
    if (len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0) s += 3, len -= 3; /* a UTF-8 mark */
    if (len && *s == '#') { /* a "#!" first line: skipped, its newline kept */
        const char *nl = memchr(s, '\n', len);
        len = nl ? len - (size_t)(nl - s) : 0;
        s = nl ? nl : s;
    }
    const char *chunkname = lua_pushfstring(L, "@%s", path);
    if (fuda_sandbox_load(L, s, len, chunkname) != LUA_OK) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    fuda_sandbox_env(L);
    lua_setupvalue(L, -2, 1);
    fuda_sandbox_note_function(fuda_engine_of(L), -1); /* until it runs, the script is at its top */
    return 1;
}

/* C.source(path) -> the text C.loadfile read from path | nil. Never reads. */
static int c_source(lua_State *L) {
    luaL_checkstring(L, 1);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &SOURCES_KEY);
    if (!lua_istable(L, -1)) return 0;
    lua_pushvalue(L, 1);
    lua_rawget(L, -2);
    return 1;
}

/* Give fuda's own chunk on top (loader.lua, author.lua) a sandbox
 * environment, the same names a script has (it reaches nothing a script
 * could not: the list of surface.c covers it). The loader also gets the
 * stock pcall: it catches a script's error to undo its own bookkeeping
 * (a limit stays hit, and raises again at the script's next instruction). */
static void set_code_env(lua_State *L, int stock_pcall) {
    fuda_sandbox_env(L);
    if (stock_pcall) {
        lua_pushliteral(L, "pcall");
        lua_getglobal(L, "pcall");
        lua_rawset(L, -3);
    }
    lua_setupvalue(L, -2, 1);
}

/* Push the authoring pieces (author.lua, built once per state: the hooks it
 * makes for a variant outlive the loader). */
static void push_author(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &AUTHOR_KEY) == LUA_TTABLE) return;
    lua_pop(L, 1);
    /* author_moves.lua, then author.lua, which takes its functions: one
     * chunk name, so a place in either is fuda's own code (fuda_call_place) */
    if (luaL_loadbufferx(L, author_src, sizeof author_src - 1, "=author", "t") != LUA_OK)
        lua_error(L);
    set_code_env(L, 0);
    fuda_push_card_names(L);
    if (luaL_loadbufferx(L, author_moves_src, sizeof author_moves_src - 1, "=author", "t") != LUA_OK)
        lua_error(L);
    set_code_env(L, 0);
    lua_pushvalue(L, -2);
    lua_call(L, 1, 1);
    lua_call(L, 2, 1);
    lua_getfield(L, -1, "DECLARED"); /* the mark of compiled declared moves (declmoves.c) */
    lua_setfield(L, LUA_REGISTRYINDEX, FUDA_DECLARED_T);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &AUTHOR_KEY);
}

/* C.author() -> the authoring pieces. */
static int c_author(lua_State *L) {
    push_author(L);
    return 1;
}

/* C.oneline(message) -> the message as one line, the text a script chose in
 * it shown harmlessly (core/text_term.h): a problem's newline must not start
 * a line of its own in the list of problems. */
static int c_oneline(lua_State *L) {
    size_t n;
    const char *s = luaL_checklstring(L, 1, &n);
    lua_settop(L, 1);
    if (fuda_term_clean(s, n, FUDA_TERM_LINE)) return 1;
    luaL_Buffer b;
    char *out = luaL_buffinitsize(L, &b, FUDA_TERM_SIZE(n));
    luaL_pushresultsize(&b, fuda_term_escape(out, s, n, FUDA_TERM_LINE));
    return 1;
}

/* What loader.lua gets as C. */
static const luaL_Reg loader_helpers[] = {
    {"find", fuda_path_find}, {"loadfile", c_loadfile}, {"source", c_source}, {"author", c_author},
    {"oneline", c_oneline}, {"place", fuda_place_error}, {"strict", fuda_strict_lua}, {NULL, NULL}
};

/* The loader's chunk (on top) is known to find_place (sandbox.c) by the
 * address of its name, kept alive in the registry: a short string, so the
 * same for every load of the loader in this state. No script can make a
 * chunk of that name (load renames every chunk it makes). */
static const char LOADER_NAME_KEY = 'n';
static void note_loader(lua_State *L) {
    fuda_vm *vm = fuda_vm_of(L);
    lua_Debug ar;
    if (!vm) return;
    lua_pushvalue(L, -1);
    if (!lua_getinfo(L, ">S", &ar)) return;
    lua_pushstring(L, ar.source);
    vm->loader_src = lua_tostring(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &LOADER_NAME_KEY);
}

/* Push the loader module (built once per state). */
void fuda_loader_push(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &LOADER_KEY) == LUA_TTABLE) return;
    lua_pop(L, 1);
    lua_newtable(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &SOURCES_KEY);
    if (luaL_loadbufferx(L, loader_src, sizeof loader_src - 1, "=loader", "t") != LUA_OK)
        lua_error(L);
    set_code_env(L, 1);
    note_loader(L);
    luaL_newlib(L, loader_helpers);
    /* C.checks: loader_check.lua, named like the loader (the same short
     * string, so find_place and the messages take it for the loader) */
    if (luaL_loadbufferx(L, check_src, sizeof check_src - 1, "=loader", "t") != LUA_OK)
        lua_error(L);
    set_code_env(L, 0);
    lua_setfield(L, -2, "checks");
    lua_newtable(L); /* C.builtin_bots: the names no variant may give its own bot */
    for (int i = 0; fuda_builtin_bots[i]; i++) {
        lua_pushstring(L, fuda_builtin_bots[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "builtin_bots");
    lua_call(L, 1, 1);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &LOADER_KEY);
}

void fuda_loader_push_code(lua_State *L) {
    fuda_loader_push(L);
    push_author(L);
}

static int call_loader(lua_State *L, const char *fn) {
    int n = lua_gettop(L);
    fuda_loader_push(L);
    lua_getfield(L, -1, fn);
    lua_remove(L, -2);
    lua_insert(L, 1);
    lua_call(L, n, 1);
    return 1;
}

static int l_variant(lua_State *L) { luaL_checkstring(L, 1); lua_settop(L, 1); return call_loader(L, "variant"); }
static int l_import(lua_State *L) { luaL_checkstring(L, 1); lua_settop(L, 1); return call_loader(L, "import"); }

/* fuda.plural(n, word) -> "1 card", "2 cards" (in C: event texts call it on every move). */
static int l_plural(lua_State *L) {
    lua_Integer n = luaL_checkinteger(L, 1);
    const char *word = luaL_checkstring(L, 2);
    lua_pushfstring(L, "%I %s%s", (LUAI_UACINT)n, word, n == 1 ? "" : "s");
    return 1;
}

/* fuda.moves, fuda.seat_lines: the authoring pieces' functions (upvalue 1 names it). */
static int call_author(lua_State *L) {
    int n = lua_gettop(L);
    push_author(L);
    lua_getfield(L, -1, lua_tostring(L, lua_upvalueindex(1)));
    lua_remove(L, -2);
    lua_insert(L, 1);
    lua_call(L, n, 1);
    return 1;
}

void fuda_open_loader(lua_State *L) {
    lua_pushcfunction(L, l_variant);
    lua_setfield(L, -2, "variant");
    lua_pushcfunction(L, l_import);
    lua_setfield(L, -2, "import");
}

void fuda_open_author(lua_State *L) {
    static const char *const names[] = { "moves", "seat_lines", NULL };
    for (int i = 0; names[i]; i++) {
        lua_pushstring(L, names[i]);
        lua_pushcclosure(L, call_author, 1);
        lua_setfield(L, -2, names[i]);
    }
    lua_pushcfunction(L, l_plural);
    lua_setfield(L, -2, "plural");
}


/* After a load the loader (its code, the source texts and lines it kept for
 * messages, its cache of definitions) is not needed any more: a match keeps
 * only the variant. A later fuda.variant or fuda.import (from a hook) builds
 * the loader again and reads its files afresh. */
void fuda_loader_forget(lua_State *L) {
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &SOURCES_KEY);
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &LOADER_KEY);
}

/* The bots every variant has (engine.h): the loader refuses a variant bot of
 * one of these names; bots.c plays them. */
const char *const fuda_builtin_bots[] = {"random", "search", NULL};
