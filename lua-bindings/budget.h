/* budget.h (not limits.h: that is the C library's, which Lua's headers
 * include) -- the limits on a call into a variant's scripts and what keeps
 * them: limits.c (the budgets of time, instructions and memory, the
 * protected call that arms them, the state's allocator, the limit
 * messages), blocks.c (the small blocks that allocator keeps per thread),
 * watchdog.c (the time limit's thread) and current.c (the engine a shared
 * state answers for). Also the Lua state's record (fuda_vm) and the caps on
 * what one script may make the engine keep. Included by the sandbox above
 * it, by the engine, and by every binding that meters its work or counts C
 * memory for a script (fuda_sandbox_tick, fuda_sandbox_cmem). */
#ifndef FUDA_BUDGET_H
#define FUDA_BUDGET_H

#include <stddef.h>
#include <pthread.h>
#include <time.h>
#include <lua.h>
#include "engine.h"
#include "movetext.h"

/* Which limit a call hit (0: none). */
enum { FUDA_LIMIT_INSTRUCTIONS = 1, FUDA_LIMIT_TIME, FUDA_LIMIT_MEMORY, FUDA_LIMIT_MATCH_TIME };

/* What one script may make the engine keep, beyond the memory cap. */
#define FUDA_MAX_OPTS 64          /* options of a variant */
#define FUDA_MAX_MOVES 50000      /* moves in one list */
#define FUDA_MAX_MOVE_LEN FUDA_MOVE_TEXT_MAX /* bytes of one move (movetext.h: its grammar) */
#define FUDA_MAX_EVENTS 10000     /* events (say, tell, tally) in one move */
#define FUDA_MAX_TALLIES 1000     /* different tally names in an engine's life */
#define FUDA_MAX_TALLY_LEN 64
#define FUDA_MAX_PRINT ((size_t)1 << 20) /* bytes a variant's print writes in its state's life */
#define FUDA_MAX_EMPTY_HANDS 1000 /* hands in a row that end in their deal */

#define FUDA_NOTED 8      /* functions fuda_sandbox_note_function keeps */

/* One Lua state with a variant loaded into it, and what belongs to the
 * state rather than to a match: its memory, the functions noted for limit
 * messages, the print budget. One engine makes it (fuda_engine_load); others
 * on the same thread may share it (fuda_engine_new_sharing, share.c), each
 * with a match of its own. The state is closed when its last engine goes. */
typedef struct fuda_vm {
    lua_State *L;
    fuda_engine *current;      /* the engine whose call runs (fuda_engine_of), or ran last; NULL
                                * once it is gone. Its match's objects are the ones open (share.c) */
    int users;                 /* engines using the state */
    size_t mem_used;           /* bytes of the Lua state (every match's objects and the variant's) */
    int collected;             /* the allocator let Lua collect before refusing */
    int ref_noted;             /* registry: a table of the functions fuda_sandbox_note_function saw, */
    const void *noted_fn[FUDA_NOTED]; /* their addresses, */
    int noted_next;            /* the slot the next new one takes, */
    char noted_place[FUDA_NOTED][80]; /* "file:line" where each of them is defined (for the watchdog) */
    const char *loader_src;    /* the loader chunk's source name (its address): find_place skips it */
    size_t printed;            /* bytes the scripts' print wrote (FUDA_MAX_PRINT) */
} fuda_vm;

/* The limits of one engine's calls and the watchdog's marks on them: the
 * part of an engine that limits.c and watchdog.c work on. It is the first
 * member of struct fuda_engine (engine_impl.h checks it; the game object's
 * part, play_data.h, comes right after it), so that fuda_limits_of is a
 * cast: the hot paths (the count hook, fuda_sandbox_tick, the allocator)
 * reach it with no call. The thread
 * running the calls writes call_gen; the watchdog reads it and writes
 * wd_fired; the fields marked "watchdog only" are its alone (under its
 * lock). */
typedef struct fuda_limits fuda_limits;
struct fuda_limits {
    fuda_vm *vm;               /* the engine's state and variant, NULL when none is loaded */
    size_t mem_limit;          /* bytes of vm->mem_used plus cmem_used the running call may reach */
    size_t cmem_used;          /* C-side memory the script made the engine keep (events, notes,
                                * tallies, moves, log, symbols, the variant's texts): counts
                                * against mem_limit */
    long instr_limit, instr_left;  /* instr_limit 0: no budget (no count hook) */
    long time_limit;           /* ms one call under the limits may take */
    int in_hook;               /* a call under the limits is running */
    int limit_hit;             /* FUDA_LIMIT_* hit in the running call, or 0 */
    int stop_wait;             /* instructions a hit limit may wait for a script's place */
    char place_file[64];       /* where the script was when a limit was hit: for messages */
    int place_line;
    int noted;                 /* the slot (from 1) of vm's noted function of the running call, or 0 */

    /* the time limit's watchdog (watchdog.c) */
    unsigned long call_gen;    /* odd while an outermost call under the limits runs */
    unsigned long wd_fired;    /* the call_gen the watchdog found running past time_limit */
    int wd_kicking;            /* the watchdog is signalling the thread (see kick) */
    pthread_t wd_thread;       /* the thread running the call */
    fuda_limits *wd_prev;      /* the limits of the call that thread ran before this one's */
    fuda_limits *wd_next;      /* the watchdog's list (under its mutex) */
    unsigned long wd_seen;     /* watchdog only: the call_gen it last saw, */
    long long wd_since;        /* and since when (monotonic ms) */
    clockid_t wd_clock;        /* the CPU clock of the thread running the call (set at arm) */
    long long wd_cpu0;         /* watchdog only: that clock (us) when it first saw the call, */
    long long wd_cpu_seen;     /* at its last look, */
    long long wd_cpu_moved;    /* the time (monotonic ms) it last saw the clock move, */
    long long wd_cpu_fired;    /* and the clock (us) when it marked the call over its time */
    unsigned long wd_overrun;  /* watchdog only: the call_gen it reported as stuck (fuda_engine_on_overrun) */
    int wd_why;                /* FUDA_LIMIT_TIME or _MATCH_TIME: why wd_fired was set */
    long match_time_limit;     /* ms of script time one match may take (0: no budget) */
    unsigned long match_epoch; /* the engine's thread: one more at every match start */
    unsigned long match_over;  /* watchdog: the match_epoch whose budget is spent */
    unsigned long wd_epoch;    /* watchdog only: the match it samples, */
    long long wd_used, wd_last;/* its script time so far (CPU us), the time of the last look (ms) */
    long long wd_last_cpu;     /* watchdog only: the running thread's CPU clock (us) at the last look, -1: none */
};

/* An engine's limits, and back (NULL for NULL). */
static inline fuda_limits *fuda_limits_of(fuda_engine *e) { return (fuda_limits *)(void *)e; }
static inline fuda_engine *fuda_limits_engine(fuda_limits *x) { return (fuda_engine *)(void *)x; }
static inline const fuda_engine *fuda_limits_engine_c(const fuda_limits *x) {
    return (const fuda_engine *)(const void *)x;
}

/* ---- limits.c ---- */
/* The engine whose call runs on the state (NULL: a host state, or none),
 * and the state's vm (NULL for a host state). Never fail. */
fuda_engine *fuda_engine_of(lua_State *L);
fuda_vm *fuda_vm_of(lua_State *L);
/* lua_pcall of e's state under e's limits, with the limit messages (and, for
 * the xpcall, a message handler at msgh): Lua's status. */
int fuda_sandbox_pcall(fuda_engine *e, int nargs, int nres);
int fuda_sandbox_xpcall(fuda_engine *e, int nargs, int nres, int msgh);
/* C library work of `steps` units (about one VM instruction each) done for the
 * running script: may raise the instruction or time limit (never returns then). */
void fuda_sandbox_tick(lua_State *L, long steps);
/* Remember the function at idx (a script's hook about to be called): a limit
 * hit where the script's stack cannot be read names its first line. */
void fuda_sandbox_note_function(fuda_engine *e, int idx);
/* Work of the running call that no script frame will be on the stack for
 * (the collection after a load): a limit hit in it names file:1. */
void fuda_sandbox_blame(fuda_engine *e, const char *file);
/* Push "file:line: <limit> exceeded (<figure>)" for the limit e's call hit. */
void fuda_sandbox_limit_message(fuda_engine *e);
/* Count bytes of C-side memory kept for the script; raises the memory limit
 * (a Lua error) when over it. Give back with fuda_sandbox_cfree. */
void fuda_sandbox_cmem(lua_State *L, fuda_engine *e, size_t bytes);
void fuda_sandbox_cfree(fuda_engine *e, size_t bytes);
/* For sandbox.c: a state whose allocator counts for vm and the engine
 * running in it (a plain one without vm; NULL when out of memory); its
 * limits' tables (in the protected call that sets the state up); its usual
 * hook, once set up (vm->current's limits). */
lua_State *fuda_sandbox_newstate(fuda_vm *vm);
void fuda_sandbox_limits_init(lua_State *L);
void fuda_sandbox_limits_on(lua_State *L, fuda_vm *vm);
/* Did an error with this status come from a limit (or memory)? Then it must
 * not be caught: 1 (the script's place noted). */
int fuda_sandbox_caught(lua_State *L, int status);
/* 1 when a limit was hit in the running call: no script handler may run. */
int fuda_sandbox_stopping(lua_State *L);

/* ---- blocks.c, for limits.c's allocator ---- */
/* A block made (p NULL) or resized from osize to nsize bytes (NULL when out
 * of memory, p untouched); block p of size bytes freed (p may be NULL).
 * Small ones are kept per thread. */
void *fuda_blocks_realloc(void *p, size_t osize, size_t nsize);
void fuda_blocks_free(void *p, size_t size);

/* ---- watchdog.c: the time limit's thread ---- */
/* Put e under the watchdog that enforces its time limit (started on first
 * use, with its signal handler); 0, or -1 when no thread can be started.
 * fuda_sandbox_unwatch takes e off before it is freed. */
int fuda_sandbox_watch(fuda_engine *e);
void fuda_sandbox_unwatch(fuda_engine *e);
/* Free a closed state's vm once no engine points to it any more (the
 * watchdog may be reading an engine's vm: it is freed under its lock). */
void fuda_sandbox_free_vm(fuda_vm *vm);
/* For limits.c, on an engine's limits x. fuda_watchdog_arm: an outermost
 * call starts on this thread (a new odd generation for the watchdog, x
 * innermost for the signal handler, which sets hook `stop` on x's state
 * when the call is over its time); 1 when the match has spent its script
 * time already (the caller stops the call at once), else 0. fuda_watchdog_disarm: the call ended
 * (a signal still on its way then does nothing); 1 if the watchdog had
 * found it over its time. fuda_watchdog_overdue: 1 when the watchdog found
 * x's running call over its time (never a call that is not running);
 * fuda_watchdog_overdue_kind: which time, FUDA_LIMIT_TIME or
 * FUDA_LIMIT_MATCH_TIME. None fails or allocates. */
int fuda_watchdog_arm(fuda_limits *x, lua_Hook stop);
int fuda_watchdog_disarm(fuda_limits *x);
int fuda_watchdog_overdue(const fuda_limits *x);
int fuda_watchdog_overdue_kind(const fuda_limits *x);

/* ---- current.c: the engine a shared state runs for (vm->current) ---- */
/* Make e current (NULL: none): the match objects of the engine current
 * before are locked (any use raises "belongs to another match"), e's
 * opened. Allocates nothing, raises nothing. fuda_current_open gives e's
 * match objects their own metatables (open 1) or the locked ones;
 * fuda_current_types makes the locked metatables (once per state, inside
 * the call that sets it up). */
void fuda_current_switch(fuda_vm *vm, fuda_engine *e);
void fuda_current_open(lua_State *L, fuda_engine *e, int open);
void fuda_current_types(lua_State *L);
/* What an object of a match that is not the one being played says. */
#define FUDA_OTHER_MATCH "belongs to another match (keep a match's data in g, not in the script's own variables)"

#endif
