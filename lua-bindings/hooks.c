/* hooks.c -- a variant's hooks as the engine holds them: their names, the
 * cache of their functions (registry references made when the variant
 * loads), pushing one (counted for fuda check's coverage), and the message
 * handler that gives an error raised in a hook the script's place. */
#include <lauxlib.h>
#include "engine_impl.h"

const char *const fuda_hook_names[FUDA_NHOOKS] = {
    "setup", "deal", "moves", "play", "resolve", "view", "result", "match", "prompt", "why_not", "confirm"
};

/* Remember the variant's hook functions (after loading). */
void fuda_engine_cache_hooks(fuda_engine *e) {
    e->var.info.nhooks = 0;
    for (int h = 0; h < FUDA_NHOOKS; h++) {
        lua_rawgeti(e->L, LUA_REGISTRYINDEX, e->var.ref_variant);
        if (lua_getfield(e->L, -1, fuda_hook_names[h]) == LUA_TFUNCTION) {
            e->var.info.hooks[e->var.info.nhooks++] = fuda_hook_names[h];
            e->var.ref_hook[h] = luaL_ref(e->L, LUA_REGISTRYINDEX);
        } else {
            e->var.ref_hook[h] = LUA_NOREF;
            lua_pop(e->L, 1);
        }
        lua_pop(e->L, 1);
    }
    /* declared moves (author.lua): the engine calls the hook that may give a declaration */
    lua_rawgeti(e->L, LUA_REGISTRYINDEX, e->var.ref_variant);
    if (e->var.ref_hook[FUDA_HOOK_MOVES] != LUA_NOREF && lua_getfield(e->L, -1, "engine_moves") == LUA_TFUNCTION) {
        luaL_unref(e->L, LUA_REGISTRYINDEX, e->var.ref_hook[FUDA_HOOK_MOVES]);
        e->var.ref_hook[FUDA_HOOK_MOVES] = luaL_ref(e->L, LUA_REGISTRYINDEX);
    } else {
        lua_pop(e->L, 1);
    }
    lua_pop(e->L, 1);
}

/* Push hook h; 0 (nothing pushed) if the variant has none. */
int fuda_engine_push_hook(fuda_engine *e, int h) {
    if (e->var.ref_hook[h] == LUA_NOREF) return 0;
    lua_rawgeti(e->L, LUA_REGISTRYINDEX, e->var.ref_hook[h]);
    if (e->count_hooks) {
        char tag[64];
        snprintf(tag, sizeof tag, "hook %s", fuda_hook_names[h]);
        fuda_record_tally(e, tag);
    }
    return 1;
}

/* Does msg name a place, "NAME:LINE:" (a script's, a load's chunk)? */
static int names_place(const char *msg) {
    for (const char *p = msg; (p = strchr(p, ':')) != NULL; p++) {
        if (p == msg || p[-1] == ' ' || p[-1] == '\n') continue;
        const char *q = p + 1;
        if (*q < '0' || *q > '9') continue;
        while (*q >= '0' && *q <= '9') q++;
        if (*q == ':') return 1;
    }
    return 0;
}

/* Push "where: the error object as text" (no script code runs: an object
 * that is no string becomes "(error object is a table value)"). */
static void push_placed(lua_State *L, const char *where, int t) {
    if (t == LUA_TSTRING || t == LUA_TNUMBER) lua_pushfstring(L, "%s: %s", where, lua_tostring(L, 1));
    else lua_pushfstring(L, "%s: (error object is a %s value)", where, luaL_typename(L, 1));
}

/* The message handler of a body: an error that names no place -- raised
 * with error(x, 0), an error object that is no string, an error raised in a
 * C function that another C function called (a sort comparator, a gsub
 * callback) -- gets the place of the innermost script function on the stack
 * where it was raised, "file:line: " (fuda's own loader and authoring code
 * are not scripts). When the stack holds none (a __close that cannot be
 * called, found while unwinding), the place where the hook being called is
 * defined, or, for a hook that is a C function, the variant's file; a
 * message of the engine's own that names the variant's file is left as it
 * is. */
int fuda_place_error(lua_State *L) {
    int t = lua_type(L, 1);
    if (t == LUA_TSTRING && names_place(lua_tostring(L, 1))) return 1;
    lua_Debug ar;
    char where[sizeof ar.short_src + 24];
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) continue;
        if (strcmp(ar.source, "=loader") == 0 || strcmp(ar.source, "=author") == 0) continue;
        snprintf(where, sizeof where, "%s:%d", ar.short_src, ar.currentline);
        push_placed(L, where, t);
        return 1;
    }
    fuda_engine *e = fuda_engine_of(L);
    if (!e || !e->var.file) return 1;
    if (t == LUA_TSTRING && strncmp(lua_tostring(L, 1), e->var.file, strlen(e->var.file)) == 0) return 1;
    if (e->lim.noted >= 1 && e->lim.noted <= FUDA_NOTED && e->lim.vm->noted_place[e->lim.noted - 1][0])
        push_placed(L, e->lim.vm->noted_place[e->lim.noted - 1], t);
    else /* a hook that is a C function (view = tostring): only its file is known */
        push_placed(L, e->var.file, t);
    return 1;
}
