/* lfuda.h -- internal interface between the binding files: the engine struct,
 * the Lua types (fuda.Game, fuda.Pile, fuda.Rules, fuda.Match) and helpers.
 * Not installed, not for the program: it uses engine.h and host.h. */
#ifndef FUDA_LFUDA_H
#define FUDA_LFUDA_H

#include <pthread.h>
#include <lua.h>
#include <lauxlib.h>
#include "engine.h"
#include "state.h"
#include "movetext.h"

#define FUDA_GAME_T "fuda.Game"
#define FUDA_PILE_T "fuda.Pile"
#define FUDA_RULES_T "fuda.Rules"
#define FUDA_MATCH_T "fuda.Match"
#define FUDA_MARK_T "fuda.Mark"
#define FUDA_VARS_T "fuda.Vars"

#define FUDA_MAX_OPTS 64
#define FUDA_NOTED 8      /* functions fuda_sandbox_note_function keeps */

/* What one script may make the engine keep, beyond the memory cap. */
#define FUDA_MAX_MOVES 50000      /* moves in one list */
#define FUDA_MAX_MOVE_LEN FUDA_MOVE_TEXT_MAX /* bytes of one move (movetext.h: its grammar) */
#define FUDA_MAX_EVENTS 10000     /* events (say, tell, tally) in one move */
#define FUDA_MAX_TALLIES 1000     /* different tally names in an engine's life */
#define FUDA_MAX_TALLY_LEN 64
#define FUDA_MAX_PRINT ((size_t)1 << 20) /* bytes a variant's print writes in its state's life */
#define FUDA_MAX_EMPTY_HANDS 1000 /* hands in a row that end in their deal */

/* Every fuda userdata starts with one of these tags, so checking an argument's
 * type is one comparison (no metatable lookup by name). */
enum {
    FUDA_TAG_GAME = 0x46474d31, FUDA_TAG_PILE, FUDA_TAG_VARS, FUDA_TAG_RULES, FUDA_TAG_MATCH, FUDA_TAG_MARK
};

/* The head of a userdata that holds a list of cards (a fuda.Pile, tag
 * FUDA_TAG_PILE): fuda_read_cards (lcard.c) reads one through `read`, which
 * copies its cards into buf (at most max, raising past that or for a handle
 * of a match that has ended) and returns the count. So the card functions
 * take piles without knowing the game object. */
typedef struct fuda_cards_ud {
    unsigned tag;
    int (*read)(lua_State *L, int idx, fuda_card *buf, int max);
} fuda_cards_ud;

/* The userdata at idx if it carries `tag`, else a type error naming tname
 * ("fuda.Pile expected, got nil"). */
static inline void *fuda_checkud(lua_State *L, int idx, unsigned tag, const char *tname) {
    void *p = lua_touserdata(L, idx);
    if (p && lua_type(L, idx) == LUA_TUSERDATA && lua_rawlen(L, idx) >= sizeof(unsigned) &&
        *(unsigned *)p == tag)
        return p;
    luaL_typeerror(L, idx, tname);
    return NULL;
}
static inline void *fuda_testud(lua_State *L, int idx, unsigned tag) {
    void *p = lua_touserdata(L, idx);
    if (p && lua_type(L, idx) == LUA_TUSERDATA && lua_rawlen(L, idx) >= sizeof(unsigned) &&
        *(unsigned *)p == tag)
        return p;
    return NULL;
}

/* The hooks, cached as registry references when a variant loads. */
enum { FUDA_HOOK_SETUP, FUDA_HOOK_DEAL, FUDA_HOOK_MOVES, FUDA_HOOK_PLAY, FUDA_HOOK_RESOLVE,
       FUDA_HOOK_VIEW, FUDA_HOOK_RESULT, FUDA_HOOK_MATCH, FUDA_HOOK_PROMPT, FUDA_HOOK_WHY_NOT,
       FUDA_HOOK_CONFIRM, FUDA_NHOOKS };
#define FUDA_ERRLEN 8192

typedef struct fuda_opt {
    char *name;
    char *doc;
    int type;        /* LUA_TNUMBER, LUA_TBOOLEAN, LUA_TSTRING */
    int has_min, has_max;
    lua_Integer min, max;
    lua_Integer ival;
    int bval;
    char *sval;
    char *one_of;    /* "low|high|corner" or NULL */
    char *text;      /* value as text (for info) */
} fuda_opt;

typedef struct fuda_row {  /* one scoresheet line */
    int hand, col, seat, points;
    char *note;
} fuda_row;

typedef struct fuda_ev {   /* an event waiting for the move to succeed */
    int seat;
    char *text;  /* NULL when nobody listens (nothing to show) */
    size_t size; /* bytes counted against the memory limit for it, listened to or not */
} fuda_ev;

typedef struct fuda_logmove {
    int seat;      /* the seat that moved; 0 for a "next" or "arrange" line */
    int id;        /* a move: its id in the match's move table (text NULL) */
    char *text;    /* a line: its text, owned by the log */
    uint64_t serial; /* never given twice in an engine's life: a mark knows its history by it */
} fuda_logmove;

/* The text of log entry i. */
const char *fuda_log_text(const fuda_engine *e, long i);

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

/* A match's cell (lgame.c): upvalue 1 of the match's closures, held by its
 * piles, so that they reach its engine; e is NULL once the match ended. */
typedef struct fuda_cell { fuda_engine *e; } fuda_cell;

/* What an engine holds: its limits and what a call under them uses; the
 * loaded variant (the same in every engine sharing a state: copied from
 * `loaded` to `variant_end`, its texts owned by the state's last engine);
 * and the match, the engine's own. What belongs to the Lua state is its
 * vm's. */
struct fuda_engine {
    lua_State *L;              /* vm->L */
    fuda_vm *vm;               /* the state and variant, NULL when none is loaded */
    char **search;   /* search folders, NULL-terminated, owned */
    char *exe;
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
    int empty_run;             /* hands in a row of this match that ended in their deal */

    /* the time limit's watchdog (watchdog.c); the thread running the calls
     * writes call_gen, the watchdog reads it and writes wd_fired */
    unsigned long call_gen;    /* odd while an outermost call under the limits runs */
    unsigned long wd_fired;    /* the call_gen the watchdog found running past time_limit */
    int wd_kicking;            /* the watchdog is signalling the thread (see kick) */
    pthread_t wd_thread;       /* the thread running the call */
    fuda_engine *wd_prev;      /* the engine whose call that thread ran before this one's */
    fuda_engine *wd_next;      /* the watchdog's list (under its mutex) */
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
    int paranoid;              /* check the core state after every hook */
    char *err; size_t caperr; /* the last failure's message (fuda_engine_seterr) */
    int err_oom;               /* ... could not be kept: out of memory */

    /* the loaded variant: from here to variant_end, the same in every engine
     * of the state (registry references into it, texts owned by the state's
     * last engine: engine.c's free_variant) */
    int loaded;
    int ref_variant;           /* merged variant table */
    int ref_hook[FUDA_NHOOKS]; /* its hook functions, LUA_NOREF if absent */
    int ref_options;           /* option values table (read by g.options) */
    int ref_varidx;            /* name -> var index */
    int ref_seatvaridx;        /* name -> seat var number */
    int nvars, nseatvars;
    int ref_varinit;           /* list of {index, value} */
    int nopts;
    fuda_opt *opts;             /* nopts of them (at most FUDA_MAX_OPTS), owned */
    fuda_option_info *optinfo;  /* the same, as fuda_engine_info shows them */
    fuda_variant_info info;
    char *name, *title, *file, *extends, *round;
    char *variant_arg;         /* the name or path given to load */
    char **optset; int noptset;  /* the "name=value" overrides of this load */
    char **botnames;
    int nbotnames;
    char **expect;
    int nexpect;
    int ref_invariant;         /* check.invariant, LUA_NOREF if none: run by a paranoid engine */
    size_t variant_bytes;      /* the variant's texts the engine copied (in cmem_used) */
    char *colnames[FUDA_MAX_COLS]; /* the variant's `columns`, owned; ncols of them */
    int ncols;
    char **verbusage, **verbdoc; /* the declared verbs' usage and doc lines, owned; nverbs */
    int nverbs;
    char variant_end[1];       /* (the end of the variant's part) */

    /* the match */
    fuda_symtab *syms;
    fuda_state st;
    fuda_cell *cell;           /* the match's cell (lgame.c), NULL when no match was made */
    uint64_t match_id;         /* unique in the process: whose a fuda_mark is */
    int started;
    int in_setup;
    int ref_game;              /* the game table of this match */
    int ref_piles;             /* the match table (lgame.c): pile index -> fuda.Pile,
                                * the values tables, the g:pile and g:hand caches */
    int ref_lock;              /* the match's objects and their metatables, in pairs (share.c) */
    const void *game_ptr;      /* lua_topointer of the game: a method's self check */
    int vars_stale;            /* the core state was restored with other variables or
                                * piles: fuda_game_sync before Lua runs again */
    uint64_t stale_slot[(FUDA_MAX_VARS + 63) / 64]; /* ... these variable slots */
    int stale_piles;           /* ... and the pile caches (another pile count) */
    int nsymcache;             /* strings in the match's string -> symbol cache */
    uint64_t seed;
    int practice;              /* the match is a practice one (its log says so: log.c) */
    fuda_rng bot_rng;
    fuda_row *rows; int nrows, caprows;
    fuda_ev *evs; int nevs, capevs;
    fuda_logmove *log; long nlog, caplog;
    uint64_t log_serial;       /* the last serial given to a log entry */
    fuda_event_fn ev_fn; void *ev_ud;
    fuda_tally *tallies; int ntallies, captallies;
    int count_hooks;
    int quiet;                 /* a search is playing out: deliver no events, count no tallies */
    int no_tallies;            /* fuda check's trial moves: count no tallies (fuda_engine_count_tallies) */
    fuda_tried_fn tried_fn; void *tried_ud; /* fuda_engine_try_see's, during the call */
    struct fuda_infer_memo *search_memo[FUDA_MAX_SEATS]; /* what each seat's searches keep for its
                               * next (infer.h), owned; NULL until its first */
    int search_stopped, search_sure; /* how the last search ended (fuda_search_last) */

    const char *calling;       /* the hook a protected call is in, for messages */
    int in_result;             /* g:result is running its hooks (no g:result inside them) */
    size_t sym_bytes;          /* bytes of symbols the script stored (in cmem_used) */

    /* The match's moves, interned: every distinct move text a hook listed gets
     * an id, its text checked once and kept (mvtab[id], owned) for the whole
     * match; the Lua tables map text -> id and id + 1 -> text. */
    char **mvtab; int nmvtab, capmvtab;
    int ref_mvids, ref_mvstrs;
    /* the legal moves of moves_seat now, by id (moves_valid), and their
     * texts for fuda_engine_moves */
    int *mvids; int nmoves, capmvids;
    const char **moves; int capmoves;
    int moves_seat; int moves_valid;
    int bot_id;                /* the move a bot chose, or -1 */

    /* several tables (tables.c): the other states and the map of seats;
     * e->st holds slot tb.active */
    fuda_tables *tb;           /* NULL until the engine's first match of several tables */
    int seats_stale;           /* g.seats must follow e->st.nseats (fuda_game_sync) */
    int nteams;
    unsigned team[FUDA_MAX_SEATS]; /* seats of each team, bit seat-1 */
};

/* The seat (from 1) at place p (from 1) of the table being played; p itself
 * when the match has one table or the header is being played. */
static inline int fuda_seat_of(const fuda_engine *e, int p) {
    if (!e->tb || !e->tb->active || p < 1) return p;
    return e->tb->seat[e->tb->active - 1][p - 1] + 1;
}

/* Tables of the match (0: one table of every seat), the slot being played
 * (0: the header, or a match of one table). */
static inline int fuda_tb_n(const fuda_engine *e) { return e->tb ? e->tb->n : 0; }
static inline int fuda_tb_active(const fuda_engine *e) { return e->tb ? e->tb->active : 0; }
/* With several tables: the state of slot k (0: the header; the one being
 * played is e->st), and the place (from 1) of seat (from 1) at its table. */
static inline const fuda_state *fuda_tb_slot(const fuda_engine *e, int k) { return fuda_tables_slot(e->tb, &e->st, k); }
static inline int fuda_tb_place_of(const fuda_engine *e, int seat) { return e->tb->place_of[seat - 1] + 1; }

/* engine.c: push hook h of the variant (FUDA_HOOK_*); 0, nothing pushed, if
 * the variant has none. */
int fuda_engine_push_hook(fuda_engine *e, int h);

/* lcard.c */
/* Push the table card byte -> canonical name and return its stack index, so
 * a loop pushes each card with one lua_rawgeti. */
int fuda_push_card_names(lua_State *L);
/* The card at idx, or raise "'x' is not a card (...)" / a type error. */
fuda_card fuda_check_card(lua_State *L, int idx);
/* The same with the name -> byte table at index `bytes` (an upvalue, say),
 * pushed once by fuda_push_card_bytes. */
fuda_card fuda_check_card_in(lua_State *L, int idx, int bytes);
int fuda_push_card_bytes(lua_State *L);
int fuda_read_cards(lua_State *L, int idx, fuda_card *buf, int max);
void fuda_open_cards(lua_State *L);   /* adds card functions to the table on top */

/* lmeld.c */
void fuda_open_meld(lua_State *L);    /* adds fuda.rules to the table on top */

/* lgame.c (the game object; its parts in game_impl.h's files) */
void fuda_game_types(lua_State *L);   /* registers the fuda.Pile type, the game's field names */
void fuda_game_push(fuda_engine *e);  /* pushes the game table of e's match */
/* New match: the old match's game, piles and variable tables go stale, a
 * new game is made. Allocates: call it inside a protected call. */
void fuda_game_reset(fuda_engine *e);
/* The match ends for good (its engine leaves the state): its objects go
 * stale and its references are dropped. Allocates nothing, but call it
 * inside a protected call (it sets table fields). */
void fuda_game_retire(fuda_engine *e);
/* Registry key of string.format (for g:say(fmt, ...)). */
extern const char fuda_format_key;
/* lvars.c: rewrite the variable tables Lua reads from the core state e->st
 * (after the engine restored a state) and forget the pile caches. Allocates:
 * call it inside a protected call. Nothing happens when no match was made. */
void fuda_game_sync(fuda_engine *e);
/* lvars.c: the text of symbol id ("" for none); never fails. */
const char *fuda_sym_text(fuda_engine *e, int id);
/* The index in e's state of the fuda.Pile at stack index idx, or -1 when
 * the value there is no pile of e's running match. */
int fuda_game_pile_index(lua_State *L, fuda_engine *e, int idx);
/* The symbol id of s[0..len) in the match's table, a new one charged to the
 * script's memory; raises when too long or over the cap. */
int fuda_game_intern(lua_State *L, fuda_engine *e, const char *s, size_t len);

/* sandbox.c and limits.c */
enum { FUDA_LIMIT_INSTRUCTIONS = 1, FUDA_LIMIT_TIME, FUDA_LIMIT_MEMORY, FUDA_LIMIT_MATCH_TIME };
/* What a state's scripts see as `fuda`: push that table (and register any
 * type it needs first). The sandbox knows no game: its caller says. */
typedef void (*fuda_libs_fn)(lua_State *L);
lua_State *fuda_sandbox_state(fuda_vm *vm, fuda_libs_fn libs);  /* NULL when out of memory */
lua_State *fuda_sandbox_host_state(fuda_libs_fn libs);
void fuda_sandbox_env(lua_State *L);  /* pushes a fresh strict environment table */
int fuda_sandbox_pcall(fuda_engine *e, int nargs, int nres);  /* limits + messages */
int fuda_sandbox_xpcall(fuda_engine *e, int nargs, int nres, int msgh); /* and a C handler */
/* C library work of `steps` units (about one VM instruction each) done for the
 * running script: may raise the instruction or time limit (never returns then). */
void fuda_sandbox_tick(lua_State *L, long steps);
/* Remember the function at idx (a script's hook about to be called): a limit
 * hit where the script's stack cannot be read names its first line. */
void fuda_sandbox_note_function(fuda_engine *e, int idx);
/* Work of the running call that no script frame will be on the stack for
 * (the collection after a load): a limit hit in it names file:1. */
void fuda_sandbox_blame(fuda_engine *e, const char *file);
/* Push "file:line: <limit> exceeded (<figure>)" for e->limit_hit. */
void fuda_sandbox_limit_message(fuda_engine *e);
/* Load text as a chunk (text only) in pieces under the limits; like lua_load,
 * but a limit hit while parsing is raised, not returned. */
int fuda_sandbox_load(lua_State *L, const char *text, size_t len, const char *name);
/* Count bytes of C-side memory kept for the script; raises the memory limit
 * (a Lua error) when over it. Give back with fuda_sandbox_cfree. */
void fuda_sandbox_cmem(lua_State *L, fuda_engine *e, size_t bytes);
void fuda_sandbox_cfree(fuda_engine *e, size_t bytes);
/* The engine whose call runs on the state (NULL: a host state, or none),
 * and the state's vm (NULL for a host state). */
fuda_engine *fuda_engine_of(lua_State *L);
fuda_vm *fuda_vm_of(lua_State *L);

/* blocks.c, for limits.c's allocator: a block made (p NULL) or resized from
 * osize to nsize bytes (NULL when out of memory, p untouched); block p of
 * size bytes freed (p may be NULL). Small ones are kept per thread. */
void *fuda_blocks_realloc(void *p, size_t osize, size_t nsize);
void fuda_blocks_free(void *p, size_t size);

/* limits.c, for sandbox.c: a state whose allocator counts for vm and the
 * engine running in it (a plain one without vm; NULL when out of memory); its
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

/* watchdog.c: the time limit's thread. Put e under the watchdog that
 * enforces e->time_limit (started on first use, with its signal handler);
 * 0, or -1 when no thread can be started. fuda_sandbox_unwatch takes e off
 * before it is freed. */
int fuda_sandbox_watch(fuda_engine *e);
void fuda_sandbox_unwatch(fuda_engine *e);
/* Free a closed state's vm once no engine points to it any more (the
 * watchdog may be reading an engine's vm: it is freed under its lock). */
void fuda_sandbox_free_vm(fuda_vm *vm);
/* For limits.c. fuda_watchdog_arm: an outermost call of e starts on this
 * thread (a new odd generation for the watchdog, e innermost for the signal
 * handler, which sets hook `stop` on e's state when the call is over its
 * time); 1 when e's match has spent its script time already (the caller
 * stops the call at once), else 0. fuda_watchdog_disarm: the call ended
 * (a signal still on its way then does nothing); 1 if the watchdog had
 * found it over its time. fuda_watchdog_overdue: 1 when the watchdog found
 * e's running call over its time (never a call that is not running);
 * fuda_watchdog_overdue_kind: which time, FUDA_LIMIT_TIME or
 * FUDA_LIMIT_MATCH_TIME. None fails or allocates. */
int fuda_watchdog_arm(fuda_engine *e, lua_Hook stop);
int fuda_watchdog_disarm(fuda_engine *e);
int fuda_watchdog_overdue(const fuda_engine *e);
int fuda_watchdog_overdue_kind(const fuda_engine *e);

/* current.c: the engine a shared state runs for (vm->current). Make e
 * current (NULL: none): the match objects of the engine current before are
 * locked (any use raises "belongs to another match"), e's opened. Allocates
 * nothing, raises nothing. fuda_current_open gives e's match objects their
 * own metatables (open 1) or the locked ones; fuda_current_types makes the
 * locked metatables (once per state, inside the call that sets it up). */
void fuda_current_switch(fuda_vm *vm, fuda_engine *e);
/* What an object of a match that is not the one being played says. */
#define FUDA_OTHER_MATCH "belongs to another match (keep a match's data in g, not in the script's own variables)"
void fuda_current_open(lua_State *L, fuda_engine *e, int open);
void fuda_current_types(lua_State *L);

/* share.c: an engine's state and the sharing of it (engine.h,
 * fuda_engine_new_sharing). fuda_vm_open makes e a new state, e its only
 * user and current engine: 0, or -1 when out of memory (e->vm NULL).
 * fuda_vm_join makes e (no variant loaded) a user of owner's state, with
 * a copy of owner's variant part. fuda_vm_leave: e stops using its state
 * (e->vm, e->L NULL after): its match's objects are retired (a handle a
 * script kept fails cleanly) and its references dropped; the last user
 * closes the state and gets 1 (the variant's texts are then its to free),
 * the others 0. */
int fuda_vm_open(fuda_engine *e);
void fuda_vm_join(fuda_engine *e, fuda_engine *owner);
int fuda_vm_leave(fuda_engine *e);

/* lpattern.c: with the string library table on top of the stack, replace its
 * find, match, gmatch and gsub by fuda's metered ones (same semantics). */
void fuda_open_patterns(lua_State *L);

/* surface.c: the audited list; surface_walk.c: its walk. fuda_surface_engine walks e's
 * state (a variant's surface) under the limits: malloc'd lines "reached
 * PATH", "unlisted PATH", "stale NAME" (NULL with e's error on failure).
 * fuda_surface_host walks a host state (raises on memory errors).
 * fuda_surface_entry gives entry i (0 past the end): scope 'v' variant,
 * 'h' host, 'b' both. */
char *fuda_surface_engine(fuda_engine *e);
char *fuda_surface_host(lua_State *L);
int fuda_surface_entry(int i, char *scope, const char **name, const char **bound);

/* lstock.c: put fuda's metered versions of the stock functions that loop in
 * C (table.concat/insert/remove/move/unpack/sort, string.rep/lower/upper/
 * reverse) and the pre-paying wrappers (string.format, pack, utf8.len, ...)
 * into the global library tables. Raises only on memory errors. */
void fuda_open_stock(lua_State *L);

/* loader.c: load a variant into e (loader.lua, then the definition taken in) */
int fuda_loader_load(fuda_engine *e, const char *variant);  /* 0 or -1 with e->err */
/* path.c: the file of a name the user gives (0, the path in path[n]; -1 when
 * none); fn(dir, ud) for each search folder until it returns 1; loader.lua's
 * C.find(name, sub, fromdir, trusted) -> path, real path | nil, message. */
int fuda_loader_find(fuda_engine *e, const char *name, const char *sub, char *path, size_t n);
int fuda_loader_each_dir(fuda_engine *e, int (*fn)(const char *, void *), void *ud);
int fuda_path_find(lua_State *L);
/* lloader.c */
void fuda_open_loader(lua_State *L);  /* fuda.variant, fuda.import */
void fuda_loader_push_code(lua_State *L); /* the loader module and the authoring pieces (raises) */
void fuda_open_author(lua_State *L);  /* fuda.moves (author.lua, loaded at first use), fuda.plural */
/* Push the loader module, made once per state until fuda_loader_forget
 * drops it and the texts it kept (raises on errors of its own code). */
void fuda_loader_push(lua_State *L);
void fuda_loader_forget(lua_State *L);

/* say.c: the text of g:say(fmt, ...), g:tell(seat, fmt, ...): the format
 * fmt (len bytes, the string at idx) over the values after idx.
 * fuda_say_length checks them (raises as a bad argument of fname) and gives
 * the text's exact length; fuda_say_render writes it (size: that length + 1). */
size_t fuda_say_length(lua_State *L, int idx, const char *fmt, size_t len, const char *fname);
void fuda_say_render(lua_State *L, int idx, const char *fmt, size_t len, const char *fname, char *out,
                     size_t size);

/* engine.c */
typedef struct fuda_sbuf { char *s; size_t n, cap; } fuda_sbuf; /* growing text; caller frees s */
void fuda_sb_add(fuda_sbuf *b, const char *fmt, ...);
/* Keep the message of a failure for fuda_engine_error: one line, the text a
 * script chose in it shown harmlessly (core/text_term.h: newlines, escape
 * sequences as \n, \x1b). On out of memory the error is "out of memory". */
void fuda_engine_seterr(fuda_engine *e, const char *fmt, ...);
/* The same for a message of several lines (the loader's problems, each one
 * line already): its newlines kept. */
void fuda_engine_seterr_lines(fuda_engine *e, const char *text);
void fuda_engine_cache_hooks(fuda_engine *e);
void fuda_engine_unload(fuda_engine *e);  /* back to no variant loaded (the error is kept) */
int fuda_engine_event(fuda_engine *e, int seat, const char *text);
/* Room for an event of len bytes for seat (0: everybody, a table's place is
 * turned into its seat; -1: a tally, always kept), counted against the limits
 * (events in one move, memory) whether anybody listens or not, so that a
 * script plays the same either way: *text is a buffer of len + 1 bytes that
 * the caller fills, or NULL when nobody listens. Raises a Lua error at a
 * limit; -1 when out of memory. */
int fuda_engine_event_room(fuda_engine *e, int seat, size_t len, char **text);
int fuda_engine_record(fuda_engine *e, int seat, int col, int points, const char *note);
int fuda_engine_arrange(fuda_engine *e, const char *name, int owner, const fuda_card *cards, int n,
                        int from_top);

/* engine.c, for tables.c */
typedef int (*fuda_body)(fuda_engine *e, void *ud);
int fuda_engine_pcall(fuda_engine *e, fuda_body fn, void *ud);   /* engine_pcall */
/* A message handler: an error that names no place gets "file:line: " of the
 * innermost script function on the stack (engine.c); the loader's too. */
int fuda_place_error(lua_State *L);
void fuda_engine_call_hook(fuda_engine *e, const char *name, int nargs, int nres);
int fuda_engine_run_hook(fuda_engine *e, int h);                 /* the hook with the game alone */
int fuda_engine_progress(fuda_engine *e, const char *after);     /* check_progress */
void fuda_engine_mark_stale(fuda_engine *e, const fuda_state *back);
void fuda_engine_flush(fuda_engine *e);                          /* deliver the events */
void fuda_engine_drop(fuda_engine *e, int nrows, int nevs, long nlog); /* back to these lengths */
int fuda_engine_log_line(fuda_engine *e, const char *line);

/* tables.c: the match of several tables (match.c plays a seat's step
 * through these; with one table, e->tb->n 0, they stand aside) */
int fuda_tables_configure(fuda_engine *e);  /* in a body: read tables/teams (raises) */
void fuda_tables_prepare(fuda_engine *e);   /* in a body, after init_vars: the table slots */
int fuda_tables_begin(fuda_engine *e);      /* setup per table, seating, the deals */
void fuda_tables_enter(fuda_engine *e, int k);
int fuda_tables_next_hand(fuda_engine *e);
/* tables_view.c: every table; the seat's own in full (malloc'd; NULL with
 * the engine's error for a bad seat) */
char *fuda_tables_view(fuda_engine *e, int seat);
/* A seat's step: begin enters the seat's table (one where it may act, else
 * -1 with the message) and sets place; with keep, the whole match is kept
 * to put back. end (rc: the step's result at the table) lets the match
 * follow a kept step -- its move count, and when every table has ended its
 * hand, the match's hand_over -- or puts it back when rc or that failed;
 * returns the final result. With one table: place = seat, nothing else. */
typedef struct fuda_tables_step { void *snap; int place; } fuda_tables_step;
int fuda_tables_step_begin(fuda_engine *e, int seat, int keep, fuda_tables_step *st);
int fuda_tables_step_end(fuda_engine *e, fuda_tables_step *st, int rc);
/* The seat's table entered and *place its place there: 1; 0 when it sits
 * out (with playing, also when its table or the match is not playing); -1
 * for a bad seat. With one table: 1 and *place = seat. */
int fuda_tables_find(fuda_engine *e, int seat, int playing, int *place);
/* The pile to arrange: a seat's pile at the seat's table (*owner becomes
 * its place there), a shared pile named "NAME@T" at table T (its NAME,
 * copied to base); that table entered. NULL with the message when neither.
 * With one table: name itself. */
const char *fuda_tables_pile_at(fuda_engine *e, const char *name, int *owner, char *base, size_t size);
/* lresult.c: add pts to seat s (from 0, of the state held) in column col with a scoresheet line */
void fuda_game_add_score(lua_State *L, fuda_engine *e, int s, lua_Integer pts, const char *note, int col);

/* lmatch_make.c: the fuda.Match type, and fuda.match, fuda.replay,
 * fuda.list added to the table on top (host scripts); lmatch.c: the engine
 * of the fuda.Match at idx (raises for another value or a freed match);
 * lmatch_make.c: the registry key of the host's fuda_config (a light
 * userdata) that a new match copies. */
void fuda_open_match(lua_State *L);
fuda_engine *fuda_match_engine(lua_State *L, int idx);
extern const char fuda_hostcfg_key;

/* host_share.c: a new engine (the caller owns it) sharing the variant of
 * this kind (name, "k=v" options, cfg's limits) that the host state L
 * keeps, loaded now when it keeps none; raises the load's message (or out
 * of memory) as a Lua error. fuda_host_forget_variants lets go of every
 * kept variant (matches that share one keep it). */
fuda_engine *fuda_host_variant(lua_State *L, const fuda_config *cfg, const char *variant,
                               const char *const *sets, int nsets);
void fuda_host_forget_variants(lua_State *L);

/* lfuda.c: the module table a game's scripts see (cards, rules, show,
 * variant/import); with `host` 1, the part common to host scripts (host.c
 * adds fuda.match). fuda_open_game_libs is the fuda_libs_fn of an engine. */
int fuda_open_module(lua_State *L, int host);
void fuda_open_game_libs(lua_State *L);

/* strict.c: tables whose field names are fixed (a typo raises, "did you mean").
 * names[] lists the known names, NULL-terminated, and outlives the state. */
/* Make the table at idx strict: reading or writing a name that is neither in
 * names nor a field it has now raises "WHAT has no field 'k' (...)"; a known
 * name reads nil. Replaces its metatable (check fuda_strict_can_set first). */
void fuda_strict_own(lua_State *L, int idx, const char *what, const char *const *names);
/* The same with exactly names (one metatable per names[] per state, kept in
 * the registry): for the tables fuda makes, cheap enough for hot paths. */
void fuda_strict_fixed(lua_State *L, int idx, const char *what, const char *const *names);
/* strict(t, what, names): the same for fuda's own Lua (the loader), names
 * a list of strings; returns t. */
int fuda_strict_lua(lua_State *L);
/* The string key of the tables at t1 and t2 (0: none) closest to typed, for
 * a "did you mean"; NULL when none is close. Points into the tables' keys. */
const char *fuda_closest_key(lua_State *L, const char *typed, int t1, int t2);
/* Raise "HEAD 'K' (did you mean 'X'?)" or "HEAD 'K' (LIST: a, b)" for the
 * key at index key among names[0..n) (LIST: "fields", "options"), at the
 * script's line. Never returns. */
int fuda_strict_unknown(lua_State *L, const char *head, int key, const char **names, size_t n,
                        const char *list);
/* 1 if the table at idx has no metatable or a strict one, else 0. */
int fuda_strict_can_set(lua_State *L, int idx);
/* A spec table a script gives fuda (at idx): raises "WHERE: unknown field
 * 'k' (did you mean 'x'?)" at the caller's line for a key not in names. */
void fuda_check_fields(lua_State *L, int idx, const char *where, const char *const *names);

#endif
