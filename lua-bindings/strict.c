/* strict.c -- tables with a fixed set of field names, for the tables fuda
 * hands to scripts (a hand's result, a table's result in hand_over, meld
 * arrangements) and the spec tables scripts hand to fuda (g:deal's options,
 * a pile's spec...).
 *
 * A typo in a field name would otherwise read nil or write a field nobody
 * reads: a house rule that sets r.winer does nothing, and `fuda check` says
 * OK. Here it raises at the script's line with the closest known name:
 * "result has no field 'winer' (did you mean 'winner'?)".
 *
 * A strict table keeps its fields as plain fields, so reading or writing a
 * field it has costs nothing more. Its metatable answers only what is
 * missing: a known name that is nil reads nil and may be set; any other
 * name raises. The metatable is locked (getmetatable gives the table's
 * name), so a script cannot take the check away by accident. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include "budget.h"
#include "strict.h"
#include "suggest.h"

#define STRICT_MAX_NAMES 64   /* names listed and compared in a message */

/* Marks the metatables made here (its address is the key). */
static const char strict_marker = 's';

/* Upvalues of __index and __newindex: the known names as a set, the name
 * of the table in messages ("result"). */
#define UV_KNOWN lua_upvalueindex(1)
#define UV_WHAT lua_upvalueindex(2)

static int cmp_names(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The string keys of the set at idx, sorted, at most STRICT_MAX_NAMES. The
 * strings stay alive while the set does. */
static size_t set_names(lua_State *L, int idx, const char **names) {
    size_t n = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) == LUA_TSTRING && n < STRICT_MAX_NAMES) names[n++] = lua_tostring(L, -1);
    }
    qsort(names, n, sizeof *names, cmp_names);
    return n;
}

const char *fuda_closest_key(lua_State *L, const char *typed, int t1, int t2) {
    const char *names[2 * STRICT_MAX_NAMES];
    size_t n = 0;
    if (!typed || strlen(typed) > 64) return NULL;
    if (t1) n += set_names(L, lua_absindex(L, t1), names);
    if (t2) n += set_names(L, lua_absindex(L, t2), names + n);
    qsort(names, n, sizeof *names, cmp_names);
    return fuda_suggest(typed, names, n);
}

/* Raise "HEAD 'K' (did you mean 'X'?)" or "HEAD 'K' (LIST: a, b)" for
 * the key at index key, after the place of the function that called the
 * running C function (the script's line). Never returns. */
int fuda_strict_unknown(lua_State *L, const char *head, int key, const char **names, size_t n,
                        const char *list) {
    size_t klen = 0;
    const char *k = lua_type(L, key) == LUA_TSTRING ? lua_tolstring(L, key, &klen) : NULL;
    const char *best = k && klen <= 64 ? fuda_suggest(k, names, n) : NULL;
    char shown[72];
    if (k) snprintf(shown, sizeof shown, "%.64s%s", k, klen > 64 ? "..." : "");
    else if (lua_type(L, key) == LUA_TNUMBER) snprintf(shown, sizeof shown, "%s", lua_tostring(L, key));
    else snprintf(shown, sizeof shown, "(a %s)", luaL_typename(L, key));
    if (best) return luaL_error(L, "%s '%s' (did you mean '%s'?)", head, shown, best);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (size_t i = 0; i < n; i++) {
        if (i) luaL_addstring(&b, ", ");
        luaL_addstring(&b, names[i]);
    }
    luaL_pushresult(&b);
    return luaL_error(L, "%s '%s' (%s: %s)", head, shown, list, n ? lua_tostring(L, -1) : "none");
}

/* Raise for a missing name at index key of a strict table. */
static int no_field(lua_State *L, int key) {
    const char *names[STRICT_MAX_NAMES];
    size_t n = set_names(L, UV_KNOWN, names);
    lua_pushfstring(L, "%s has no field", lua_tostring(L, UV_WHAT));
    return fuda_strict_unknown(L, lua_tostring(L, -1), key, names, n, "fields");
}

/* __index (t, k): k is not a field of t; a known name reads nil. */
static int strict_index(lua_State *L) {
    lua_pushvalue(L, 2);
    if (lua_rawget(L, UV_KNOWN) == LUA_TNIL) return no_field(L, 2);
    lua_pushnil(L);
    return 1;
}

/* __newindex (t, k, v): a known name is set, any other raises. */
static int strict_newindex(lua_State *L) {
    lua_pushvalue(L, 2);
    if (lua_rawget(L, UV_KNOWN) == LUA_TNIL) return no_field(L, 2);
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 0;
}

/* Push a new strict metatable over the known set on top (popped), naming
 * the table `what` in messages. */
static void push_metatable(lua_State *L, const char *what) {
    int known = lua_gettop(L);
    lua_createtable(L, 0, 4);
    for (int i = 0; i < 2; i++) {
        lua_pushvalue(L, known);
        lua_pushstring(L, what);
        lua_pushcclosure(L, i ? strict_newindex : strict_index, 2);
        lua_setfield(L, -2, i ? "__newindex" : "__index");
    }
    lua_pushstring(L, what);
    lua_setfield(L, -2, "__metatable");
    lua_pushboolean(L, 1);
    lua_rawsetp(L, -2, &strict_marker);
    lua_remove(L, known);
}

/* A new set of names[] (NULL-terminated) on top. */
static void push_set(lua_State *L, const char *const *names) {
    lua_newtable(L);
    for (size_t i = 0; names[i]; i++) {
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, names[i]);
    }
}

int fuda_strict_can_set(lua_State *L, int idx) {
    if (!lua_getmetatable(L, idx)) return 1;
    int ours = lua_rawgetp(L, -1, &strict_marker) != LUA_TNIL;
    lua_pop(L, 2);
    return ours;
}

/* Add the string keys of the table at idx to the set on top. */
static void add_keys(lua_State *L, int idx) {
    int known = lua_gettop(L);
    long steps = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        if ((++steps & 255) == 0) fuda_sandbox_tick(L, 256 * 4); /* a huge table: ticks */
        if (lua_type(L, -1) != LUA_TSTRING) continue;
        lua_pushvalue(L, -1);
        lua_pushboolean(L, 1);
        lua_rawset(L, known);
    }
}

void fuda_strict_own(lua_State *L, int idx, const char *what, const char *const *names) {
    idx = lua_absindex(L, idx);
    push_set(L, names);
    add_keys(L, idx);
    push_metatable(L, what);
    lua_setmetatable(L, idx);
}

int fuda_strict_lua(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    const char *what = luaL_checkstring(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_settop(L, 3);
    lua_newtable(L);
    for (lua_Integer i = 1; lua_rawgeti(L, 3, i) == LUA_TSTRING; i++) {
        lua_pushboolean(L, 1);
        lua_rawset(L, 4);
    }
    lua_pop(L, 1);
    add_keys(L, 1);
    push_metatable(L, what);
    lua_setmetatable(L, 1);
    lua_settop(L, 1);
    return 1;
}

void fuda_strict_fixed(lua_State *L, int idx, const char *what, const char *const *names) {
    idx = lua_absindex(L, idx);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, names) == LUA_TNIL) { /* made once per state */
        lua_pop(L, 1);
        push_set(L, names);
        push_metatable(L, what);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, names);
    }
    lua_setmetatable(L, idx);
}

void fuda_check_fields(lua_State *L, int idx, const char *where, const char *const *names) {
    idx = lua_absindex(L, idx);
    long steps = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        if ((++steps & 255) == 0) fuda_sandbox_tick(L, 256 * 4); /* a huge table: ticks */
        const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        size_t i;
        for (i = 0; names[i] && (!k || strcmp(k, names[i]) != 0); i++) {}
        if (names[i]) continue;
        const char *sorted[STRICT_MAX_NAMES];
        size_t n = 0;
        for (i = 0; names[i] && n < STRICT_MAX_NAMES; i++) sorted[n++] = names[i];
        qsort(sorted, n, sizeof *sorted, cmp_names);
        lua_pushfstring(L, "%s: unknown field", where);
        fuda_strict_unknown(L, lua_tostring(L, -1), lua_gettop(L) - 1, sorted, n, "fields");
    }
}
