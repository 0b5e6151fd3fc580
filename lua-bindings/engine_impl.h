/* engine_impl.h -- what the files of one match's engine share (engine.c:
 * an engine's life; match.c: starting a match and the entry points by seat;
 * record.c: errors, events, tallies, scoresheet rows, the log; call.c:
 * transactions and protected hook calls; moves.c: a table's legal moves and
 * applying one; bots.c: a table's bots and the search's estimate; marks.c:
 * going back to a mark, arranging piles; view.c: views and a hook's line of
 * text). Private to them: the rest of lua-bindings sees engine.h, table.h
 * and lfuda.h.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <limits.h>
#include <math.h>
#include "lfuda.h"
#include "search.h"
#include "text_term.h"
#include "movetext.h"
#include "table.h"

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
/* The hooks' names by FUDA_HOOK_* ("setup", "deal", ...). */
extern const char *const fuda_hook_names[FUDA_NHOOKS];
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
/* Inside a body: the id of the move string on top of the stack (popped),
 * interning it on first sight; the match's id table is at index ids. -1
 * (with the message) when the text is no fit move; `index` names its place
 * in the hook's list. */
int fuda_moves_id(fuda_engine *e, int ids, int index);
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

#endif
