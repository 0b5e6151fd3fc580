/* surface_walk.c -- the walk that proves surface.c's list complete.
 *
 * A script reaches a function by a path of values: its environment's
 * fields, the fields of the tables found there, the metatables of the
 * values it holds (their __index tables and functions, whatever
 * getmetatable says), what a function keeps in its upvalues (fuda's own Lua
 * calls the C functions it holds with the script's values). The walk
 * follows every such edge from the roots a script starts from (its
 * environment, the game a hook receives, the metatables of the objects fuda
 * makes for it, the iterators that functions return, the variant and fuda's
 * own Lua) and names each C function it finds by its paths (surface.c says
 * how). Lua functions are followed, not listed. The walk's work is charged
 * to the limits as it goes. Its report: a line "reached PATH" for every
 * path to a C function, "unlisted PATH" for a function no entry of the list
 * names, "stale NAME" for an entry nothing reaches. */
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include "lcard.h"
#include "budget.h"
#include "sandbox.h"
#include "loader.h"
#include "game.h"
#include "record.h"
#include "call.h"
#include "sbuf.h"
#include "text_term.h"
#include "engine_access.h"

/* ---- the walk ---- */

/* Working tables on the Lua stack, from index base: */
enum { W_SEEN, W_QV, W_QP, W_QM, W_FOUND, W_FUNCS, W_N };
/* seen: value -> true; the queue: values, paths, modes (parallel lists);
 * found: path -> the C function (light userdata of its address); funcs:
 * address -> list of its paths. */
enum { MODE_PLAIN, MODE_META, MODE_METHODS, MODE_INDEXFN };

typedef struct walker {
    lua_State *L;
    int base;
    lua_Integer head, tail;
    long steps, paid; /* work done, and charged to the limits so far */
} walker;

#define W(w, k) ((w)->base + (k))

static int walkable(int t) {
    return t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TUSERDATA;
}

/* Note C function at idx found at `path`. */
static void note_cfunction(walker *w, int idx, const char *path) {
    lua_State *L = w->L;
    idx = lua_absindex(L, idx);
    lua_pushlightuserdata(L, (void *)lua_tocfunction(L, idx));
    lua_pushstring(L, path);
    lua_pushvalue(L, -2);
    lua_rawset(L, W(w, W_FOUND));
    if (lua_rawget(L, W(w, W_FUNCS)) == LUA_TNIL) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushlightuserdata(L, (void *)lua_tocfunction(L, idx));
        lua_pushvalue(L, -2);
        lua_rawset(L, W(w, W_FUNCS));
    }
    lua_pushstring(L, path);
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
    lua_pop(L, 1);
}

/* Queue the value at idx under `path` (popping nothing). */
static void enqueue(walker *w, int idx, const char *path, int mode) {
    lua_State *L = w->L;
    idx = lua_absindex(L, idx);
    if (!walkable(lua_type(L, idx))) return;
    if (lua_iscfunction(L, idx)) note_cfunction(w, idx, path);
    w->tail++;
    lua_pushvalue(L, idx);
    lua_rawseti(L, W(w, W_QV), w->tail);
    lua_pushstring(L, path);
    lua_rawseti(L, W(w, W_QP), w->tail);
    lua_pushinteger(L, mode);
    lua_rawseti(L, W(w, W_QM), w->tail);
}

/* parent + sep + key, on the Lua stack; returns it. A key is a script's
 * text: shown on one line (a newline in it cannot forge a line of the walk's
 * report). */
static const char *child_path(lua_State *L, const char *parent, const char *sep, const char *key) {
    size_t n = strlen(key);
    if (!fuda_term_clean(key, n, FUDA_TERM_LINE)) {
        char *shown = (char *)lua_newuserdatauv(L, FUDA_TERM_SIZE(n), 0);
        fuda_term_escape(shown, key, n, FUDA_TERM_LINE);
        const char *p = *parent ? lua_pushfstring(L, "%s%s%s", parent, sep, shown) : lua_pushstring(L, shown);
        lua_remove(L, -2);
        return p;
    }
    if (!*parent) return lua_pushstring(L, key);
    return lua_pushfstring(L, "%s%s%s", parent, sep, key);
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The fields of table t, string keys in byte order (so paths do not depend
 * on hash order), then the others. */
static void walk_fields(walker *w, int t, const char *path, int mode) {
    lua_State *L = w->L;
    const char *sep = mode == MODE_METHODS ? ":" : ".";
    size_t n = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        n += lua_type(L, -2) == LUA_TSTRING;
        lua_pop(L, 1);
    }
    /* the keys are anchored in a table of their own (uservalue 1): a weak
     * table's entries may go at any allocation, their keys with them */
    const char **keys = (const char **)lua_newuserdatauv(L, (n ? n : 1) * sizeof *keys, 1);
    lua_createtable(L, (int)(n < 1000000 ? n : 1000000), 0);
    size_t k = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        if (lua_type(L, -2) == LUA_TSTRING && k < n) {
            lua_pushvalue(L, -2);
            lua_rawseti(L, -4, (lua_Integer)k + 1);
            keys[k++] = lua_tostring(L, -2);
        }
        lua_pop(L, 1);
    }
    lua_setiuservalue(L, -2, 1);
    qsort(keys, k, sizeof *keys, cmp_str);
    for (size_t i = 0; i < k; i++) {
        lua_pushstring(L, keys[i]);
        lua_rawget(L, t);
        int child = mode;
        const char *cp;
        if (mode == MODE_META && strcmp(keys[i], "__index") == 0) {
            /* a type's methods: __index's fields (or an __index function's tables) */
            child = lua_istable(L, -1) ? MODE_METHODS : MODE_INDEXFN;
            cp = child == MODE_METHODS ? lua_pushstring(L, path) : child_path(L, path, ".", keys[i]);
        } else {
            child = MODE_PLAIN;
            cp = child_path(L, path, sep, keys[i]);
        }
        enqueue(w, -2, cp, child);
        lua_pop(L, 2);
        w->steps++;
    }
    lua_pop(L, 1);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        int kt = lua_type(L, -2);
        if (kt == LUA_TNUMBER) {
            lua_pushvalue(L, -2);
            const char *cp = lua_pushfstring(L, "%s[%s]", path, lua_tostring(L, -1));
            enqueue(w, -3, cp, MODE_PLAIN);
            lua_pop(L, 2);
        } else if (kt != LUA_TSTRING) {
            const char *cp = lua_pushfstring(L, "%s[%s]", path, luaL_typename(L, -2));
            enqueue(w, -3, cp, MODE_PLAIN);
            enqueue(w, -2, cp, MODE_PLAIN);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        w->steps++;
    }
}

/* The metatable of the value at idx, if any: its path is its __name, or the
 * value's path + "#mt". */
static void walk_metatable(walker *w, int idx, const char *path) {
    lua_State *L = w->L;
    if (!lua_getmetatable(L, idx)) return;
    lua_pushliteral(L, "__name");
    if (lua_rawget(L, -2) != LUA_TSTRING) {
        lua_pop(L, 1);
        lua_pushfstring(L, "%s#mt", *path ? path : "_G");
    }
    enqueue(w, -2, lua_tostring(L, -1), MODE_META);
    lua_pop(L, 2);
}

/* Walk one value of the queue (on top of the stack). */
static void visit(walker *w, const char *path, int mode) {
    lua_State *L = w->L;
    int v = lua_gettop(L);
    lua_pushvalue(L, v);
    if (lua_rawget(L, W(w, W_SEEN)) != LUA_TNIL) {
        lua_pop(L, 1);
        return;
    }
    lua_pop(L, 1);
    lua_pushvalue(L, v);
    lua_pushboolean(L, 1);
    lua_rawset(L, W(w, W_SEEN));
    switch (lua_type(L, v)) {
    case LUA_TTABLE:
        walk_fields(w, v, path, mode);
        walk_metatable(w, v, path);
        break;
    case LUA_TUSERDATA:
        walk_metatable(w, v, path);
        for (int i = 1; lua_getiuservalue(L, v, i) != LUA_TNONE; i++) {
            const char *cp = lua_pushfstring(L, "%s[uservalue %d]", path, i);
            enqueue(w, -2, cp, MODE_PLAIN);
            lua_pop(L, 2);
        }
        lua_pop(L, 1);
        break;
    case LUA_TFUNCTION:
        for (int i = 1;; i++) {
            const char *name = lua_getupvalue(L, v, i);
            if (!name) break;
            const char *cp = *name ? lua_pushfstring(L, "%s^%s", path, name)
                                   : lua_pushfstring(L, "%s^%d", path, i);
            /* an __index function's tables: the type's methods, named as such */
            if (mode == MODE_INDEXFN && lua_istable(L, -2)) {
                const char *dot = strrchr(path, '.');
                lua_pushlstring(L, path, dot ? (size_t)(dot - path) : strlen(path));
                enqueue(w, -3, lua_tostring(L, -1), MODE_METHODS);
                lua_pop(L, 1);
            } else {
                enqueue(w, -2, cp, MODE_PLAIN);
            }
            lua_pop(L, 2);
        }
        break;
    }
    w->steps++;
    if (w->steps - w->paid >= 256) { /* fields are counted elsewhere too: charge what came since */
        fuda_sandbox_tick(L, w->steps - w->paid);
        w->paid = w->steps;
    }
}

/* Walk from the roots table at index roots (a list of { value, path }),
 * then compare with the list: appends lines "reached PATH" (every path of
 * every C function), "unlisted PATH" (a function none of whose paths is
 * listed, by its first path in byte order) and "stale NAME" (an entry of
 * `scope` nothing reached) to out. Runs in a protected call (raises). */
static void walk(lua_State *L, int roots, char scope, fuda_sbuf *out) {
    walker w = {L, lua_gettop(L) + 1, 0, 0, 0, 0};
    for (int i = 0; i < W_N; i++) lua_newtable(L);
    lua_Integer nroots = (lua_Integer)lua_rawlen(L, roots);
    for (lua_Integer i = 1; i <= nroots; i++) {
        lua_rawgeti(L, roots, i);
        lua_rawgeti(L, -1, 1);
        lua_rawgeti(L, -2, 2);
        lua_rawgeti(L, -3, 3);
        enqueue(&w, -3, lua_tostring(L, -2), (int)lua_tointeger(L, -1));
        lua_pop(L, 4);
    }
    while (w.head < w.tail) {
        w.head++;
        lua_rawgeti(L, W(&w, W_QP), w.head);
        lua_rawgeti(L, W(&w, W_QM), w.head);
        lua_rawgeti(L, W(&w, W_QV), w.head);
        visit(&w, lua_tostring(L, -3), (int)lua_tointeger(L, -2));
        lua_pop(L, 3);
        lua_pushnil(L); /* drop the entry: the queue holds only what is still to walk */
        lua_rawseti(L, W(&w, W_QV), w.head);
    }
    /* the list's names of this scope: listed[name] = true */
    lua_newtable(L);
    int listed = lua_gettop(L);
    char sscope;
    const char *name, *bound;
    for (int i = 0; fuda_surface_entry(i, &sscope, &name, &bound); i++) {
        if (sscope != 'b' && sscope != scope) continue;
        lua_pushboolean(L, 1);
        lua_setfield(L, listed, name);
        lua_getfield(L, W(&w, W_FOUND), name);
        if (lua_isnil(L, -1)) fuda_sb_add(out, "stale %s\n", name);
        lua_pop(L, 1);
    }
    lua_pushnil(L);
    while (lua_next(L, W(&w, W_FUNCS))) {
        int paths = lua_gettop(L);
        lua_Integer n = (lua_Integer)lua_rawlen(L, paths);
        const char *first = NULL;
        int ok = 0;
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, paths, i);
            const char *p = lua_tostring(L, -1);
            fuda_sb_add(out, "reached %s\n", p);
            if (!first || strcmp(p, first) < 0) first = p;
            lua_getfield(L, listed, p);
            ok |= lua_toboolean(L, -1);
            lua_pop(L, 1); /* p stays alive: the paths list holds it */
            lua_pop(L, 1);
        }
        if (!ok && first) fuda_sb_add(out, "unlisted %s\n", first);
        lua_pop(L, 1);
    }
    lua_settop(L, w.base - 1);
}

/* Append { value at idx, path, mode } to the roots list at `roots`. */
static void add_root(lua_State *L, int roots, int idx, const char *path, int mode) {
    idx = lua_absindex(L, idx);
    lua_createtable(L, 3, 0);
    lua_pushvalue(L, idx);
    lua_rawseti(L, -2, 1);
    lua_pushstring(L, path);
    lua_rawseti(L, -2, 2);
    lua_pushinteger(L, mode);
    lua_rawseti(L, -2, 3);
    lua_rawseti(L, roots, (lua_Integer)lua_rawlen(L, roots) + 1);
}

/* Call lib.fn (fn alone: a global) of the environment at env with a new
 * table (targ) and nstr empty strings, and add its first result as a root:
 * the C functions that functions return. */
static void root_result(lua_State *L, int roots, int env, const char *lib, const char *fn,
                        int targ, int nstr, const char *path) {
    lua_getfield(L, env, lib ? lib : fn);
    if (lib) {
        lua_getfield(L, -1, fn);
        lua_remove(L, -2);
    }
    if (targ) lua_newtable(L);
    for (int i = 0; i < nstr; i++) lua_pushliteral(L, "");
    lua_call(L, targ + nstr, 1);
    add_root(L, roots, -1, path, MODE_PLAIN);
    lua_pop(L, 1);
}

/* The roots every script starts from: its environment, the string
 * metatable, the registered types given, and the iterators functions
 * return (the one C function a script gets only by calling: xpcall's
 * message handler wrapper, never a value it can hold, is xpcall's). */
static void common_roots(lua_State *L, int roots, int env, const char *const *types) {
    add_root(L, roots, env, "", MODE_PLAIN);
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    add_root(L, roots, -1, "(string)#mt", MODE_META);
    lua_pop(L, 2);
    for (int i = 0; types[i]; i++) {
        if (luaL_getmetatable(L, types[i]) == LUA_TTABLE) add_root(L, roots, -1, types[i], MODE_META);
        lua_pop(L, 1);
    }
    root_result(L, roots, env, NULL, "ipairs", 1, 0, "ipairs()");
    root_result(L, roots, env, NULL, "pairs", 1, 0, "pairs()");
    root_result(L, roots, env, "utf8", "codes", 0, 1, "utf8.codes()");
    root_result(L, roots, env, "string", "gmatch", 0, 2, "string.gmatch()");
}

/* ---- entry points ---- */

typedef struct surface_args { fuda_sbuf out; } surface_args;

static int engine_body(fuda_engine *e, void *ud) {
    surface_args *a = (surface_args *)ud;
    lua_State *L = fuda_engine_lua(e);
    lua_newtable(L);
    int roots = lua_gettop(L);
    fuda_sandbox_env(L);
    static const char *const types[] = {FUDA_RULES_T, FUDA_PILE_T, NULL};
    common_roots(L, roots, lua_gettop(L), types);
    if (fuda_engine_started(e) && fuda_engine_ref_game(e) != LUA_NOREF) {
        fuda_game_push(e);
        add_root(L, roots, -1, "g", MODE_PLAIN);
        lua_getfield(L, roots + 1, "pairs");
        lua_getfield(L, -2, "options");
        lua_call(L, 1, 1);
        add_root(L, roots, -1, "options.__pairs()", MODE_PLAIN);
        lua_pop(L, 2);
    }
    if (fuda_engine_ref_variant(e) != LUA_NOREF) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, fuda_engine_ref_variant(e));
        add_root(L, roots, -1, "variant", MODE_PLAIN);
        lua_pop(L, 1);
    }
    fuda_loader_push_code(L);
    add_root(L, roots, -2, "loader", MODE_PLAIN);
    add_root(L, roots, -1, "author", MODE_PLAIN);
    lua_pop(L, 2);
    walk(L, roots, 'v', &a->out);
    lua_settop(L, roots - 1);
    return 0;
}

char *fuda_surface_engine(fuda_engine *e) {
    surface_args a = {{NULL, 0, 0}};
    fuda_sb_add(&a.out, "");
    if (!fuda_engine_lua(e)) {
        fuda_engine_seterr(e, "no variant loaded");
        free(a.out.s);
        return NULL;
    }
    if (fuda_engine_pcall(e, engine_body, &a) < 0) {
        free(a.out.s);
        return NULL;
    }
    return a.out.s;
}

/* In a host state: the walk from the host script's names. Raises. */
char *fuda_surface_host(lua_State *L) {
    fuda_sbuf out = {NULL, 0, 0};
    fuda_sb_add(&out, "");
    lua_newtable(L);
    int roots = lua_gettop(L);
    fuda_sandbox_env(L);
    static const char *const types[] = {FUDA_RULES_T, FUDA_MATCH_T, FUDA_MARK_T, NULL};
    common_roots(L, roots, lua_gettop(L), types);
    walk(L, roots, 'h', &out);
    lua_settop(L, roots - 1);
    return out.s;
}
