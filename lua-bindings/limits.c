/* limits.c -- the limits on every call into a variant's scripts: time (the
 * mark of watchdog.c's thread), instructions (a count hook, only when a
 * budget is set) and memory (the state's allocator, plus what C keeps for
 * the script), the protected call that arms them, and the messages that
 * name where the script was. What a script may reach is sandbox.c's.
 *
 * How the limits see everything. Time: the watchdog marks a call that ran
 * past its engine's time limit and signals its thread, whose handler sets
 * this file's stop hook (one instruction) on the engine's state: the next
 * VM instruction raises the error. C library work that can take long
 * reports itself through fuda_sandbox_tick (fuda's own pattern matcher,
 * load's reader), which reads the mark, as does the allocator.
 * Instructions: only when a budget is set (instr_limit), a count hook every
 * INSTR_STEP instructions; without one no hook runs at all. Memory: every
 * allocation growing the state past the cap fails (a state shared by
 * several engines counts once, for the engine whose call runs: its
 * vm->current, see current.c). A limit once hit stays
 * hit until the outermost call returns: the script's own pcall cannot catch
 * it. Every message names the script's place, found on the stack when the
 * limit is raised (or, where the stack cannot be read, the first line of the
 * function that was called). All of it works on the engine's fuda_limits
 * (budget.h), reached from the engine by a cast, never on the rest of the
 * engine. */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <lauxlib.h>
#include "budget.h"

static const char VM_KEY = 'e';
#define INSTR_STEP 1000

fuda_vm *fuda_vm_of(lua_State *L) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &VM_KEY);
    fuda_vm *vm = (fuda_vm *)lua_touserdata(L, -1);
    lua_pop(L, 1);
    return vm;
}

fuda_engine *fuda_engine_of(lua_State *L) {
    fuda_vm *vm = fuda_vm_of(L);
    return vm ? vm->current : NULL;
}

static void count_hook(lua_State *L, lua_Debug *ar);
static void stop_hook(lua_State *L, lua_Debug *ar);
static void limit_message(fuda_limits *x);

/* The hook a state has between and during calls: the count hook when there
 * is an instruction budget, else none at all. */
static void usual_hook(lua_State *L, const fuda_limits *x) {
    if (x->instr_limit) lua_sethook(L, count_hook, LUA_MASKCOUNT, INSTR_STEP);
    else lua_sethook(L, NULL, 0, 0);
}

/* A limit is hit where the stack cannot be read (inside an allocation): mark
 * it, and trap the next VM instruction, where the stop hook raises the error
 * with the script's place. */
static void hit_later(fuda_limits *x, int kind) {
    x->limit_hit = kind;
    lua_sethook(x->vm->L, stop_hook, LUA_MASKCOUNT, 1);
}

/* An outermost call under the limits starts on this thread (the watchdog's
 * fuda_watchdog_arm, with the stop hook for its signal). A match whose
 * script time is spent already stops the call at its first instruction. */
static void arm(fuda_limits *x) {
    if (fuda_watchdog_arm(x, stop_hook)) hit_later(x, FUDA_LIMIT_MATCH_TIME);
}

/* Allocator of an engine's state (ud: its vm). The state's bytes are
 * counted for the vm, whichever match they serve. While a call runs under
 * the limits (its engine is vm->current): growth past that engine's
 * mem_limit (counting what the script made the C side keep for its match,
 * its cmem_used) first fails once, so that Lua collects all garbage and tries
 * again; if it is still past, that hits the memory limit. Every growth also
 * looks at the watchdog's mark (the time limit). Either is raised at the next
 * VM instruction; until then the state may pass the cap by at most a
 * sixteenth, and past that (a single huge allocation) Lua gets NULL and
 * raises a memory error at once. Outside the limited calls the engine's own
 * bookkeeping always gets its memory. Small blocks come from blocks.c's
 * lists; the count is Lua's sizes either way. */
static void *limited_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    fuda_vm *vm = (fuda_vm *)ud;
    fuda_limits *x = fuda_limits_of(vm->current);
    if (ptr == NULL) osize = 0;
    if (nsize == 0) {
        fuda_blocks_free(ptr, osize);
        vm->mem_used -= osize;
        return NULL;
    }
    if (nsize > osize && x && x->in_hook) {
        size_t after = vm->mem_used + x->cmem_used + (nsize - osize);
        if (after > x->mem_limit) {
            if (!vm->collected && !x->limit_hit) {
                vm->collected = 1; /* Lua collects garbage and asks again */
                return NULL;
            }
            if (!x->limit_hit) hit_later(x, FUDA_LIMIT_MEMORY);
            if (after > x->mem_limit + x->mem_limit / 16) return NULL;
        } else if (!x->limit_hit && fuda_watchdog_overdue(x)) {
            hit_later(x, fuda_watchdog_overdue_kind(x));
        }
    }
    void *p = fuda_blocks_realloc(ptr, osize, nsize);
    if (p) {
        vm->mem_used += nsize - osize;
        vm->collected = 0;
    }
    return p;
}

/* Keep "file:line" of a place of the script for the limit message. */
static void set_place(fuda_limits *x, const char *short_src, int line) {
    /* by content: a chunk's source string may be gone, its address reused */
    if (strncmp(x->place_file, short_src, sizeof x->place_file - 1) != 0)
        snprintf(x->place_file, sizeof x->place_file, "%s", short_src);
    x->place_line = line;
}

/* Mostly the same few hooks are called again and again: the functions are
 * kept in a table of FUDA_NOTED slots (which also keeps them alive, so that
 * no other function can come to have the address of one), and noting one
 * already there is finding its address. */
void fuda_sandbox_note_function(fuda_engine *e, int idx) {
    fuda_limits *x = fuda_limits_of(e);
    fuda_vm *vm = x->vm;
    lua_State *L = vm->L;
    const void *f = lua_topointer(L, idx);
    for (int i = 0; i < FUDA_NOTED; i++) {
        if (vm->noted_fn[i] == f) {
            x->noted = i + 1;
            return;
        }
    }
    int slot = vm->noted_next;
    vm->noted_next = (slot + 1) % FUDA_NOTED;
    idx = lua_absindex(L, idx);
    lua_rawgeti(L, LUA_REGISTRYINDEX, vm->ref_noted);
    lua_pushvalue(L, idx);
    lua_rawseti(L, -2, slot + 1);
    lua_pop(L, 1);
    vm->noted_place[slot][0] = '\0';
    lua_Debug ar;
    if (lua_isfunction(L, idx)) { /* ">S" pops the function */
        lua_pushvalue(L, idx);
        if (lua_getinfo(L, ">S", &ar) && ar.linedefined > 0)
            snprintf(vm->noted_place[slot], sizeof vm->noted_place[slot], "%s:%d", ar.short_src, ar.linedefined);
    }
    vm->noted_fn[slot] = f;
    x->noted = slot + 1;
}

void fuda_sandbox_blame(fuda_engine *e, const char *file) {
    fuda_limits *x = fuda_limits_of(e);
    if (x->in_hook && !x->limit_hit && file) set_place(x, file, 1);
}

/* Where the stack cannot tell: the first line of the function noted in this
 * call (a main chunk's first line), if it is a script's. */
static void place_of_noted(fuda_limits *x) {
    lua_Debug ar;
    if (!x->noted) return;
    lua_rawgeti(x->vm->L, LUA_REGISTRYINDEX, x->vm->ref_noted);
    lua_rawgeti(x->vm->L, -1, x->noted);
    lua_remove(x->vm->L, -2);
    if (!lua_isfunction(x->vm->L, -1)) {
        lua_pop(x->vm->L, 1);
        return;
    }
    if (lua_getinfo(x->vm->L, ">S", &ar) && ar.linedefined >= 0)
        set_place(x, ar.short_src, ar.linedefined > 0 ? ar.linedefined : 1);
}

/* The innermost function of a script on the stack (not the loader's own
 * code, known by the address of its chunk's name, which no script can
 * forge: load names every chunk it makes "[load ...]") is where the script
 * is: 1 if there is one. */
static int find_place(fuda_limits *x, lua_State *L) {
    lua_Debug ar;
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) continue;
        if (x->vm->loader_src && ar.source == x->vm->loader_src) continue; /* the loader's own code */
        set_place(x, ar.short_src, ar.currentline);
        return 1;
    }
    return 0;
}

/* Mark limit `kind` hit and raise the error that names it, with the place. */
static int limit_raise(lua_State *L, fuda_limits *x, int kind) {
    if (!x->limit_hit) x->limit_hit = kind;
    find_place(x, L);
    limit_message(x);
    return lua_error(L);
}

/* The limit hit in the running call, if any: one marked already, the
 * instruction budget spent, or the watchdog's mark. */
static int limit_now(fuda_limits *x) {
    if (!x->limit_hit) {
        if (x->instr_left < 0) x->limit_hit = FUDA_LIMIT_INSTRUCTIONS;
        else if (fuda_watchdog_overdue(x)) x->limit_hit = fuda_watchdog_overdue_kind(x);
    }
    return x->limit_hit;
}

/* Raise if a limit was hit (for C code: at once, wherever the script is). */
static void check_limits(lua_State *L, fuda_limits *x) {
    if (limit_now(x)) limit_raise(L, x, x->limit_hit);
}

/* In a hook, with a limit hit: raise it where the script is. When only the
 * loader's own code is running (it may be looping over what a script gave
 * it), wait for up to STOP_WAIT instructions for a script's function to be
 * on the stack, so that the message names the script's line. */
#define STOP_WAIT 5000
static void stop_at_script(lua_State *L, fuda_limits *x) {
    if (find_place(x, L) || x->stop_wait-- <= 0) {
        limit_message(x);
        lua_error(L);
    }
    lua_sethook(L, stop_hook, LUA_MASKCOUNT, 1);
}

/* Every INSTR_STEP instructions, when there is a budget. Once over, every
 * later step raises again, so a script's own pcall cannot swallow the error
 * and go on. */
static void count_hook(lua_State *L, lua_Debug *ar) {
    fuda_limits *x = fuda_limits_of(fuda_engine_of(L));
    if (!x || !x->in_hook) return;
    x->instr_left -= INSTR_STEP;
    if (limit_now(x)) stop_at_script(L, x);
}

/* Every instruction, once the watchdog or the allocator found a limit hit:
 * raise it. Set by a signal that came after its call ended, it only puts the
 * usual hook back. */
static void stop_hook(lua_State *L, lua_Debug *ar) {
    fuda_limits *x = fuda_limits_of(fuda_engine_of(L));
    if (!x) return;
    if (x->in_hook && limit_now(x)) stop_at_script(L, x);
    else usual_hook(L, x);
}

void fuda_sandbox_tick(lua_State *L, long steps) {
    fuda_limits *x = fuda_limits_of(fuda_engine_of(L));
    if (!x || !x->in_hook) return;
    x->instr_left -= steps;
    check_limits(L, x);
}

void fuda_sandbox_cmem(lua_State *L, fuda_engine *e, size_t bytes) {
    fuda_limits *x = fuda_limits_of(e);
    if (x->in_hook && x->vm->mem_used + x->cmem_used + bytes > x->mem_limit)
        lua_gc(L, LUA_GCCOLLECT, 0); /* garbage does not count */
    if (x->in_hook && x->vm->mem_used + x->cmem_used + bytes > x->mem_limit)
        limit_raise(L, x, FUDA_LIMIT_MEMORY);
    x->cmem_used += bytes;
}

void fuda_sandbox_cfree(fuda_engine *e, size_t bytes) {
    fuda_limits *x = fuda_limits_of(e);
    x->cmem_used -= bytes < x->cmem_used ? bytes : x->cmem_used;
}

/* Push the message of the limit that was hit: "file:line: what (figure)". */
static void limit_message(fuda_limits *x) {
    lua_State *L = x->vm->L;
    if (x->place_line <= 0) place_of_noted(x);
    char where[sizeof x->place_file + 24] = "";
    if (x->place_line > 0) snprintf(where, sizeof where, "%s:%d: ", x->place_file, x->place_line);
    switch (x->limit_hit) {
    case FUDA_LIMIT_INSTRUCTIONS:
        lua_pushfstring(L, "%sinstruction limit exceeded (%I instructions in one hook call)", where,
                        (lua_Integer)x->instr_limit);
        break;
    case FUDA_LIMIT_TIME:
        lua_pushfstring(L, "%stime limit exceeded (%I ms in one hook call)", where,
                        (lua_Integer)x->time_limit);
        break;
    case FUDA_LIMIT_MATCH_TIME:
        lua_pushfstring(L, "%smatch time limit exceeded (%I ms of script time in one match)", where,
                        (lua_Integer)x->match_time_limit);
        break;
    default:
        lua_pushfstring(L, "%smemory limit exceeded (%I MiB for the game's scripts)", where,
                        (lua_Integer)(x->mem_limit >> 20));
    }
}

void fuda_sandbox_limit_message(fuda_engine *e) { limit_message(fuda_limits_of(e)); }

/* After a call stopped by the memory limit: what it filled the memory with
 * may still sit in the stack above the top, where the next call's frames
 * can cover it (Lua marks a whole frame, set or not), so that no collection
 * in that call -- another match's, on a shared state -- could free it and
 * the limit would stop it too. A full collection now, with the stack low,
 * clears those slots and frees it. It is watched like a call (the
 * watchdog's overrun), and no limit it meets changes the call's message. */
static void collect_after(fuda_limits *x) {
    int hit = x->limit_hit;
    x->in_hook = 1;
    x->limit_hit = FUDA_LIMIT_MEMORY; /* nothing more to raise */
    arm(x);
    lua_gc(x->vm->L, LUA_GCCOLLECT, 0);
    fuda_watchdog_disarm(x);
    x->in_hook = 0;
    x->limit_hit = hit;
    usual_hook(x->vm->L, x);
}

/* Call the function below nargs arguments with the limits armed (unless a
 * call under them is running already: then it shares that call's budget),
 * with the message handler at stack index msgh (0: none; it must run no
 * script code). An outermost call makes e its state's current engine first
 * (current.c); a call of another engine on the same state may not run
 * inside it (engines sharing a state take turns, on one thread). On error
 * the message (a string) is left on the stack and LUA_ERR* returned: a
 * limit that was hit becomes "file:line: <limit> exceeded (<figure>)",
 * whatever the handler made of it. */
int fuda_sandbox_xpcall(fuda_engine *e, int nargs, int nres, int msgh) {
    fuda_limits *x = fuda_limits_of(e);
    lua_State *L = x->vm->L;
    int outer = x->in_hook;
    if (!outer) {
        fuda_current_switch(x->vm, e);
        x->in_hook = 1;
        x->instr_left = x->instr_limit ? x->instr_limit : LONG_MAX;
        x->limit_hit = 0;
        x->place_line = 0;
        x->noted = 0;
        x->stop_wait = STOP_WAIT;
        arm(x);
    }
    int rc = lua_pcall(L, nargs, nres, msgh);
    if (outer) {
        if (rc != LUA_OK && (x->limit_hit || rc == LUA_ERRMEM)) {
            lua_pop(L, 1);
            if (!x->limit_hit) x->limit_hit = FUDA_LIMIT_MEMORY;
            limit_message(x);
        } else if (rc != LUA_OK && lua_type(L, -1) != LUA_TSTRING && lua_type(L, -1) != LUA_TNUMBER) {
            const char *t = luaL_typename(L, -1);
            lua_pop(L, 1);
            lua_pushfstring(L, "(error object is a %s value)", t);
        }
        return rc;
    }
    int late = fuda_watchdog_disarm(x);
    x->in_hook = 0;
    if (rc == LUA_OK && (x->limit_hit || late)) { /* done, but too late (or over the match's time) */
        lua_pop(L, nres == LUA_MULTRET ? 0 : nres);
        if (!x->limit_hit) x->limit_hit = fuda_watchdog_overdue_kind(x);
        lua_pushnil(L);
        rc = LUA_ERRRUN;
    }
    if (x->limit_hit || late) usual_hook(L, x); /* the stop hook off */
    if (rc != LUA_OK && (x->limit_hit || rc == LUA_ERRMEM)) {
        lua_pop(L, 1);
        if (!x->limit_hit) x->limit_hit = FUDA_LIMIT_MEMORY;
        limit_message(x);
        if (x->limit_hit == FUDA_LIMIT_MEMORY) collect_after(x);
    } else if (rc != LUA_OK && lua_type(L, -1) != LUA_TSTRING) {
        const char *t = lua_type(L, -1) == LUA_TNUMBER ? NULL : luaL_typename(L, -1);
        if (t) {
            lua_pop(L, 1);
            lua_pushfstring(L, "(error object is a %s value)", t);
        } else {
            lua_tostring(L, -1);
        }
    }
    return rc;
}

int fuda_sandbox_pcall(fuda_engine *e, int nargs, int nres) { return fuda_sandbox_xpcall(e, nargs, nres, 0); }

/* ---- what sandbox.c needs of the limits ---- */

int fuda_sandbox_caught(lua_State *L, int status) {
    fuda_limits *x = fuda_limits_of(fuda_engine_of(L));
    int hit = status == LUA_ERRMEM || (x && x->in_hook && x->limit_hit);
    /* a memory error raised at once has no place yet: the script is here */
    if (hit && x && x->in_hook && x->place_line <= 0) find_place(x, L);
    return hit;
}

int fuda_sandbox_stopping(lua_State *L) {
    fuda_limits *x = fuda_limits_of(fuda_engine_of(L));
    return x && x->in_hook && limit_now(x);
}

lua_State *fuda_sandbox_newstate(fuda_vm *vm) {
    lua_State *L = vm ? lua_newstate(limited_alloc, vm) : luaL_newstate();
    if (!L) return NULL;
    lua_pushlightuserdata(L, vm);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &VM_KEY);
    return L;
}

void fuda_sandbox_limits_init(lua_State *L) {
    fuda_vm *vm = fuda_vm_of(L);
    if (vm) { /* the table of fuda_sandbox_note_function */
        lua_createtable(L, FUDA_NOTED, 0);
        vm->ref_noted = luaL_ref(L, LUA_REGISTRYINDEX);
        memset(vm->noted_fn, 0, sizeof vm->noted_fn);
        vm->noted_next = 0;
    }
}

void fuda_sandbox_limits_on(lua_State *L, fuda_vm *vm) {
    if (vm && vm->current) usual_hook(L, fuda_limits_of(vm->current));
}
