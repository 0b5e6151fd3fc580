/* engine_impl.h -- what the files of one match's engine share (engine.c:
 * an engine's life; match.c: starting a match and the entry points by seat;
 * record.c: errors, events, tallies, scoresheet rows, the log; call.c:
 * transactions and protected hook calls; moves.c: a table's legal moves and
 * applying one; moveids.c: the match's move texts interned; declmoves.c: a
 * phase's declared moves, listed or one drawn;
 * bots.c: a table's bots and the search's estimate; marks.c:
 * going back to a mark, arranging piles; view.c: views and a hook's line of
 * text; hooks.c: the hook cache; tensor.c: the tensor hook; share.c: the
 * engine's Lua state and sharing it; log.c: the log's text, replay,
 * practice and tally marks; tables.c and tables_view.c: the match level
 * over several tables; engine_access.c: the accessors), and struct
 * fuda_engine itself. Only these files include it. The rest of
 * lua-bindings sees engine.h, table.h, engine_access.h and the headers of
 * the modules it uses, or a narrow struct of its own: the limits see only
 * their part, struct fuda_limits (budget.h), the struct's first member;
 * the game object's files (game_impl.h's: lgame.c, lvars.c, lpile.c,
 * lresult.c, ldeal.c) see the match through struct fuda_play
 * (play_data.h), its second member, which each method of `g` reaches from
 * its cell with no call. The variant's part is struct fuda_variant
 * (loader.h), which loader.c fills through fuda_engine_variant. The search
 * (search.c) plays the table in place through table.h, engine_access.h
 * and fuda_engine_table_st.
 *
 * Every entry point that touches the Lua state does all of it inside one
 * protected call under the sandbox limits (fuda_engine_pcall): reading what
 * a hook returned, its metamethods, running out of memory or time all end
 * in a message, never in Lua's panic. What the engine keeps of a hook's
 * results (the move list, a bot's choice, a view) is copied into its own
 * memory before the call returns, so a script that keeps and changes the
 * tables it returned changes nothing the engine decided.
 *
 * All-or-nothing: before a hook may change anything, the engine copies the
 * core state (a memcpy) and remembers how long the scoresheet and the event
 * list are; if the hook fails, or leaves a hand with nobody to act (or, in
 * a paranoid engine, breaks the core state or the variant's check.invariant),
 * both are put back and the message is kept for fuda_engine_error. */
#ifndef FUDA_ENGINE_IMPL_H
#define FUDA_ENGINE_IMPL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <time.h>
#include <lua.h>
#include <lauxlib.h>
#include "engine.h"
#include "state.h"
#include "budget.h"
#include "hooks.h"
#include "loader.h"
#include "record.h"
#include "call.h"
#include "game.h"
#include "play_data.h"
#include "sbuf.h"
#include "search.h"
#include "text_term.h"
#include "movetext.h"
#include "table.h"

/* What an engine holds: its limits and what a call under them uses (lim);
 * the loaded variant (var: the same in every engine sharing a state,
 * copied whole, its texts owned by the state's last engine); and the
 * match, the engine's own. What belongs to the Lua state is its vm's. */
struct fuda_engine {
    fuda_limits lim;           /* first: its limits (budget.h; fuda_limits_of is a cast), lim.vm
                                * the state and variant, NULL when none is loaded */
    fuda_play play;            /* second: what the game object reads and writes of the match
                                * (play_data.h; fuda_play_of adds sizeof lim) */
    lua_State *L;              /* lim.vm->L */
    char **search;   /* search folders, NULL-terminated, owned */
    char *exe;
    int empty_run;             /* hands in a row of this match that ended in their deal */
    int paranoid;              /* check the core state after every hook */
    char *err; size_t caperr; /* the last failure's message (fuda_engine_seterr) */
    int err_oom;               /* ... could not be kept: out of memory */

    /* the loaded variant (loader.h): the same in every engine of the state
     * (registry references into it, texts owned by the state's last engine:
     * engine.c's free_variant) */
    fuda_variant var;

    /* the match */
    fuda_state st;
    uint64_t match_id;         /* unique in the process: whose a fuda_mark is */
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
    int nteams;
    unsigned team[FUDA_MAX_SEATS]; /* seats of each team, bit seat-1 */
};
/* fuda_limits_of (budget.h) takes the engine for its limits: they must come first. */
typedef char fuda_limits_come_first[offsetof(struct fuda_engine, lim) == 0 ? 1 : -1];
/* fuda_play_of (play_data.h) finds the game object's part right after them. */
typedef char fuda_play_comes_second[offsetof(struct fuda_engine, play) == sizeof(fuda_limits) ? 1 : -1];


/* The seat (from 1) at place p (from 1) of the table being played; p itself
 * when the match has one table or the header is being played. */
static inline int fuda_seat_of(const fuda_engine *e, int p) { return fuda_tables_seat(e->tb, p); }

/* Tables of the match (0: one table of every seat), the slot being played
 * (0: the header, or a match of one table). */
static inline int fuda_tb_n(const fuda_engine *e) { return e->tb ? e->tb->n : 0; }
static inline int fuda_tb_active(const fuda_engine *e) { return e->tb ? e->tb->active : 0; }
/* With several tables: the state of slot k (0: the header; the one being
 * played is e->st), and the place (from 1) of seat (from 1) at its table. */
static inline const fuda_state *fuda_tb_slot(const fuda_engine *e, int k) { return fuda_tables_slot(e->tb, &e->st, k); }
static inline int fuda_tb_place_of(const fuda_engine *e, int seat) { return e->tb->place_of[seat - 1] + 1; }

/* At a table of several, what a hook there may also change: the match's
 * totals (g:score) and the table's kept result (g:result). */
typedef struct fuda_txn {
    fuda_state st;
    int nrows, nevs;
    int32_t total[FUDA_MAX_COLS][FUDA_MAX_SEATS];
    fuda_table_result res;
} fuda_txn;

/* ---- record.c ---- */
int fuda_record_grow(void **arr, int *cap, int n, size_t size);
int fuda_record_log_move(fuda_engine *e, int seat, int id);
/* Drop events from index n on (a failed move's), or deliver them all. */
void fuda_record_events_drop(fuda_engine *e, int n);
/* Count one more of `name` in the coverage tallies. */
void fuda_record_tally(fuda_engine *e, const char *name);
void fuda_record_rows_drop(fuda_engine *e, int n);
/* Drop log entries from index n on. */
void fuda_record_log_cut(fuda_engine *e, long n);
void fuda_record_log_clear(fuda_engine *e);
/* C-side bytes kept for one interned move (its text, its slot, and about
 * what the two Lua tables hold for it, which Lua counts itself). */
size_t fuda_record_move_size(const char *text);
/* Forget the match's moves (a new match starts). */
void fuda_record_moves_clear(fuda_engine *e);

/* ---- call.c ---- */
void fuda_txn_begin(fuda_engine *e, fuda_txn *t);
/* Did the hooks since t change the game: the state, and at a table of
 * several, the match's totals and the table's kept result too? */
int fuda_txn_changed(const fuda_engine *e, const fuda_txn *t);
void fuda_txn_undo(fuda_engine *e, fuda_txn *t);
/* Inside a body: call hook h (if the variant has it) with the game alone. */
void fuda_call_simple(fuda_engine *e, int h);
/* Where a hook's wrong result is blamed: "file:line" of the hook the
 * engine called last in this call (its first line), or the variant's file
 * when that is unknown (a hook that is a C function, no hook called yet) or
 * is fuda's own code (a hook author.lua made; fuda_place_error skips the
 * loader's and author's chunks the same way). */
const char *fuda_call_place(const fuda_engine *e);

/* ---- engine.c ---- */
/* Forget the match's rows, events, log and moves (a match ends). */
void fuda_engine_free_match(fuda_engine *e);

/* ---- moves.c ---- */
int fuda_engine_bad_seat(fuda_engine *e, int seat);
/* moveids.c: inside a body, the id of the move string on top of the stack
 * (popped), interning it on first sight; the match's id table is at index
 * ids. -1 (with the message) when the text is no fit move; `index` names
 * its place in the hook's list. */
int fuda_moves_id(fuda_engine *e, int ids, int index);
/* moveids.c: "file:line" of hook h's function into buf, or the variant's file. */
void fuda_moves_hook_place(fuda_engine *e, int h, char *buf, size_t size);
/* The length of the moves hook's result at index list: a list of at most
 * FUDA_MAX_MOVES entries, else -1 with the message. */
long fuda_moves_list_length(fuda_engine *e, int list);
/* Push entry i of that list: 0 when it is a string, else -1 with the message. */
int fuda_moves_push_entry(fuda_engine *e, int list, int i);
/* Inside a body: the moves hook for seat, its list kept in e->mvids. */
int fuda_moves_list(fuda_engine *e, int seat);
/* Does the seat need the moves hook: it must act, and the list is not known? */
int fuda_moves_needed(fuda_engine *e, int seat);
/* Fill e->mvids from the moves hook for seat. */
int fuda_moves_load(fuda_engine *e, int seat);
int fuda_moves_listed(const fuda_engine *e, int id);
/* Inside a body: move `id` of seat, a listed one: the play hook, or a claim
 * decision (and the resolve hook when it was the last one awaited). */
int fuda_moves_play(fuda_engine *e, int seat, int id);
/* Can seat move now? 0, or -1 with the message. */
int fuda_moves_may_act(fuda_engine *e, int seat);
/* After the hooks of move id of seat ran without error (rc 0) in transaction
 * t: check the hand can go on, and keep the move (log, events) or, on
 * failure or when only trying (keep 0), put everything back. */
int fuda_moves_finish(fuda_engine *e, fuda_txn *t, int rc, int seat, int id, int keep);

/* ---- declmoves.c: a phase's declared moves ---- */
/* Is the value at idx a declaration's families (what the moves hook gives
 * for a declared phase: author.lua marks them), not a list? Raises nothing. */
int fuda_decl_is(lua_State *L, int idx);
/* Inside a body, a declaration's families on top of the stack:
 * the moves of seat in e->mvids, interned; -1 with the message. */
int fuda_decl_list(fuda_engine *e, int seat);
/* The same, the random bot's move of seat in *id, the list not built when
 * no family has a filter (one draw of e->bot_rng, as on the list). */
int fuda_decl_pick(fuda_engine *e, int seat, int *id);

#endif
