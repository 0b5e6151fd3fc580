/* current.c -- which engine a shared Lua state runs for: several engines
 * of one thread may share a state and its variant (share.c), each with a
 * match of its own, and the state answers for one of them at a time, its
 * vm->current. Every call under the limits makes its engine current first
 * (limits.c), so fuda_engine_of, the allocator's accounting, the limits
 * and math.random find the engine whose call runs.
 *
 * A script's module-level variables are the state's, shared by every
 * match in it; a script could keep one match's game object, or a pile or
 * a variable table of it, there and touch it while another match is
 * played. The C side of those objects refuses to work for a match that is
 * not current (lgame.c checks vm->current). What a script reads with no C
 * call (a variable's value, g.seats, a method) is closed here: when
 * another engine becomes current, the match objects of the one before are
 * given a metatable that raises "belongs to another match" on any use,
 * and the new current engine's get their own back. An engine alone on its
 * state never switches: this costs it nothing.
 *
 * The objects and their own metatables are a list in the registry
 * (fuda_engine_ref_lock: object, metatable, object, metatable, ...), made with the
 * match (lgame.c). Switching allocates nothing and raises nothing: it runs
 * before the protected call. */
#include <lauxlib.h>
#include "lcard.h"
#include "budget.h"
#include "engine_access.h"

static const char LOCKED_GAME_KEY = 'G', LOCKED_VARS_KEY = 'V';

static int locked_game(lua_State *L) {
    return luaL_error(L, "this game object " FUDA_OTHER_MATCH);
}

static int locked_vars(lua_State *L) {
    return luaL_error(L, "this variable table " FUDA_OTHER_MATCH);
}

/* Push a locked metatable: every read or write raises fn's error. */
static void push_locked(lua_State *L, lua_CFunction fn, const char *name) {
    lua_createtable(L, 0, 4);
    lua_pushcfunction(L, fn);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, fn);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_pushstring(L, name);
    lua_setfield(L, -2, "__name");
}

void fuda_current_types(lua_State *L) {
    push_locked(L, locked_game, FUDA_GAME_T);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &LOCKED_GAME_KEY);
    push_locked(L, locked_vars, FUDA_VARS_T);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &LOCKED_VARS_KEY);
}

/* Give e's match objects their own metatables (open) or the locked ones.
 * The first pair of the list is the game's, the others variable tables. */
void fuda_current_open(lua_State *L, fuda_engine *e, int open) {
    int lock = fuda_engine_ref_lock(e);
    if (lock == LUA_NOREF || lock == LUA_REFNIL) return;
    lua_rawgeti(L, LUA_REGISTRYINDEX, lock);
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    for (lua_Integer i = 1; i + 1 <= n; i += 2) {
        lua_rawgeti(L, -1, i);
        if (open) lua_rawgeti(L, -2, i + 1);
        else lua_rawgetp(L, LUA_REGISTRYINDEX, i == 1 ? &LOCKED_GAME_KEY : &LOCKED_VARS_KEY);
        lua_setmetatable(L, -2);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

void fuda_current_switch(fuda_vm *vm, fuda_engine *e) {
    fuda_engine *was = vm->current;
    if (was == e) return;
    if (was) fuda_current_open(vm->L, was, 0);
    if (e) fuda_current_open(vm->L, e, 1);
    vm->current = e;
}
