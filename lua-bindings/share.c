/* share.c -- an engine's Lua state, and several engines sharing one.
 *
 * Loading a variant makes a state (a fuda_vm): the sandbox, the fuda
 * module and the variant's compiled code and tables, about 400 KB for gin.
 * Engines of the same thread can share it (fuda_engine_new_sharing): each
 * keeps its own match -- its core state, symbols, log, rows, events, move
 * tables, and in the state its own game table, piles and variable tables
 * (registry references) -- and a live match then costs a few KB.
 *
 * What the engines of a state share: the variant (its part of the engine
 * struct is copied, the same registry references and texts: the texts
 * are freed by the state's last engine), the state's memory (the memory
 * limit counts the whole state's Lua memory, plus what the running match
 * made the C side keep), the noted functions of the limit messages, the
 * print budget, and the script's own module-level variables. Every call
 * makes its engine the state's current one first (current.c): the limits,
 * math.random and g's methods find it, and another match's objects are
 * locked. A script that keeps a match's objects in its own variables can
 * neither read nor change that match while another is played; one whose
 * play depends on its own variables across matches is what `fuda check`
 * catches, by playing each match again in a fresh engine (never a shared
 * one: check_again.c makes its own).
 *
 * A state lives as long as any engine uses it (users): an engine that goes
 * (freed, or loading another variant) retires its match, whose objects a
 * script kept then fail cleanly ("belongs to a match that has ended"), and
 * the last one closes the state. Engines sharing a state must be used from
 * one thread at a time, and one call at a time: a call of one never runs
 * inside a call of another. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include "budget.h"
#include "sandbox.h"
#include "share.h"
#include "module.h"
#include "game.h"
#include "engine_impl.h"

int fuda_vm_open(fuda_engine *e) {
    fuda_vm *vm = (fuda_vm *)calloc(1, sizeof *vm);
    if (!vm) return -1;
    vm->current = e;
    vm->users = 1;
    vm->ref_noted = LUA_NOREF;
    e->lim.vm = vm; /* the state's allocator and set-up see e as the engine of the call */
    vm->L = fuda_sandbox_state(vm, fuda_open_game_libs);
    if (!vm->L) {
        e->lim.vm = NULL;
        fuda_sandbox_free_vm(vm);
        return -1;
    }
    e->L = vm->L;
    return 0;
}

void fuda_vm_join(fuda_engine *e, fuda_engine *owner) {
    e->var = owner->var;
    e->var.info.columns = (const char *const *)e->var.colnames; /* the one pointer into the struct itself */
    e->lim.vm = owner->lim.vm;
    e->L = owner->L;
    e->lim.vm->users++;
    e->lim.cmem_used += e->var.variant_bytes; /* what the variant keeps counts for every match */
}

/* In a protected call (it sets table fields): retire the match of the
 * engine (argument 1). */
static int retire_body(lua_State *L) {
    fuda_game_retire((fuda_engine *)lua_touserdata(L, 1));
    return 0;
}

int fuda_vm_leave(fuda_engine *e) {
    fuda_vm *vm = e->lim.vm;
    if (!vm) return 1;
    if (e->play.cell) e->play.cell->e = NULL; /* whatever happens below, its objects let go of e */
    if (vm->current == e) vm->current = NULL;
    lua_State *L = vm->L;
    int last = --vm->users == 0;
    if (last) {
        lua_close(L);
        e->lim.vm = NULL;
        fuda_sandbox_free_vm(vm);
    } else {
        int top = lua_gettop(L);
        lua_pushcfunction(L, retire_body);
        lua_pushlightuserdata(L, e);
        lua_pcall(L, 1, 0, 0); /* out of memory: its tables stay, garbage, until the state closes */
        lua_settop(L, top);
        if (e->ref_mvids != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, e->ref_mvids);
        if (e->ref_mvstrs != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, e->ref_mvstrs);
    }
    e->ref_mvids = e->ref_mvstrs = LUA_NOREF;
    e->play.cell = NULL;
    e->lim.vm = NULL;
    e->L = NULL;
    return last;
}
