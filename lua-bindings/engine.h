/* engine.h -- one match of one variant: the Lua state that runs the variant's
 * hooks, the core game state, the action log and the scoresheet.
 *
 * This is what the `fuda` program (REPL, play, sim, check) drives. It never
 * prints: events go to a callback, views and logs come back as text the caller
 * owns. Every function that can fail returns -1 (or NULL) and leaves a message
 * in fuda_engine_error(), in the form "file:line: message" when a script is at
 * fault; after a failed fuda_engine_apply the game state is exactly as before.
 *
 * Seats are numbered from 1 here, as players and scripts see them.
 *
 * Text from variants (events, views) marks cards as {7h}; the caller renders
 * them (fuda_render_cards in render.h: plain, unicode suits, or colour). */
#ifndef FUDA_ENGINE_H
#define FUDA_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include "state.h"
#include "tables.h"

typedef struct fuda_engine fuda_engine;

typedef struct fuda_config {
    /* Extra folders searched for variants, before FUDA_PATH and the built-in
     * folders; NULL-terminated list, may be NULL. */
    const char *const *search_path;
    size_t mem_limit; /* bytes the Lua state may use; 0: FUDA_DEFAULT_MEM */
    long instr_limit; /* VM instructions one hook call may run; 0: no such limit (the
                       * default: a count hook on every call slows every script down) */
    long time_limit;  /* ms one hook call (or a load) may take; 0: FUDA_DEFAULT_TIME.
                       * Enforced by a watchdog thread (one per process) that signals
                       * the thread running an overdue call (see sandbox.c) */
    long match_time_limit; /* ms of script time (hook calls, loads) one match may take in all;
                       * 0: FUDA_DEFAULT_MATCH_TIME, -1: no budget. Sampled by the watchdog */
    const char *exe;  /* argv[0] or /proc/self/exe path, to find built-in variants */
    int paranoid;     /* 1: verify the whole core state (card conservation...) after every
                       * hook call, and run the variant's check.invariant after every deal
                       * and move; a failure refuses the move like a script error */
} fuda_config;

#define FUDA_DEFAULT_MEM ((size_t)256 << 20)
#define FUDA_DEFAULT_INSTR 0L  /* no instruction budget */
#define FUDA_DEFAULT_TIME 2000L
#define FUDA_DEFAULT_MATCH_TIME 300000L

/* Event callback: seat is the only seat that may see the text, or 0 for
 * everybody. text is valid during the call only. */
typedef void (*fuda_event_fn)(void *ud, int seat, const char *text);

/* The last resort of the time limit. A call still running FUDA_OVERRUN_MS
 * after the watchdog found it over its engine's time limit is stuck where the
 * limit cannot reach it (C code that runs no Lua instruction and allocates
 * nothing, a blocking write). The watchdog then calls fn(ud, engine, place,
 * limit_ms) once for that call, on its own thread: place is "file:line" where
 * the function the call began in is defined (else the variant's file), a
 * string valid during the call. fn is meant to end the process (a supervised
 * worker notes why and kills itself); if it returns, nothing else happens.
 * One handler per process; NULL (the default) for none. */
#define FUDA_OVERRUN_MS 1000
typedef void (*fuda_overrun_fn)(void *ud, const fuda_engine *e, const char *place, long limit_ms);
void fuda_engine_on_overrun(fuda_overrun_fn fn, void *ud);

/* A new engine with no variant loaded. NULL when out of memory or when the
 * time limit's watchdog thread cannot be started. The caller owns it:
 * fuda_engine_free. cfg may be NULL. */
fuda_engine *fuda_engine_new(const fuda_config *cfg);
void fuda_engine_free(fuda_engine *e);

/* A new engine that shares owner's loaded variant and Lua state (owner's
 * limits and search path too), for a match of its own: it costs a few KB
 * where loading the variant again costs the whole state (gin: about 400
 * KB). Its match is its own -- core state, log, scoresheet, events, and its
 * own game object, piles and variables in the state -- but the scripts'
 * module-level variables are the state's, shared by every match in it, and
 * so is the memory limit (the state's Lua memory in all, plus what the
 * running match made the engine keep on the C side). Every other limit is
 * per call and per match as usual. Engines sharing a state must be used
 * from one thread, one call at a time. The state lives while any of them
 * does, in any order of freeing; loading a variant into one of them takes
 * it out of the sharing. NULL when out of memory, when the watchdog cannot
 * watch it, or when owner has no variant loaded. The caller owns it:
 * fuda_engine_free. */
fuda_engine *fuda_engine_new_sharing(fuda_engine *owner);

/* Message of the last failure (never NULL; "" if none). Owned by the engine. */
const char *fuda_engine_error(const fuda_engine *e);

/* Load a variant by name ("gin": searched in the folders) or by path (a name
 * with a '/' or ending in ".lua"), with overrides "name=value" (value parsed
 * by the option's type: integer, boolean true/false/on/off/yes/no, string).
 * Replaces any loaded variant and ends any match. The variant named here is
 * the user's own and may be any path (still a regular file of at most 4 MiB);
 * what its script names (extends, fuda.import, fuda.variant) must lie inside
 * the search folders or this variant's folder (see path.c). */
int fuda_engine_load(fuda_engine *e, const char *variant, const char *const *options, int nopts);

typedef struct fuda_option_info {
    const char *name;
    const char *value; /* current value as text */
    const char *doc;   /* "" if none */
} fuda_option_info;

typedef struct fuda_variant_info {
    const char *name;  /* "gin" */
    const char *title; /* "Gin Rummy (Official Rules of Card Games)" */
    const char *file;  /* path it was loaded from */
    const char *extends; /* base variant name or NULL */
    int min_seats, max_seats, default_seats;
    int seat_step;     /* the seat counts allowed are min, min + step, ... max (players.step, 1) */
    int abstract;      /* a base for other variants, not listed as a game */
    const char *round; /* what one deal is called: "hand" unless the variant says ("game") */
    int nopts;
    const fuda_option_info *opts;
    int nbots;
    const char *const *bots; /* bot names the variant defines ("random" is always there too) */
    /* what the variant declares for fuda check (its `check` table) */
    long check_max_moves;    /* moves a match may take at most; 0: not declared */
    int check_zero_sum;      /* every column's totals sum to 0 */
    int has_evaluate;        /* declares evaluate(g, seat), the search's estimate */
    int has_likely;          /* declares likely(g, seat), how likely the search's deals are */
    int has_tensor;          /* declares tensor(g, seat), a seat's observation as numbers (observe.h) */
    int search_by_winner;    /* search = { hands = "winner" }: the search judges a hand before the
                              * match's last by who won it, not by the points */
    int search_bot;          /* search = { bot = NAME }: the index in bots of the bot the seat plays
                              * as in the search's playouts, and whose move it keeps unless another
                              * is clearly better; -1: the first bot (fuda_variant_search_bot) */
    int search_others;       /* search = { others = NAME }: the index in bots of the bot the other
                              * seats play as in the playouts, the search's picture of them; -1:
                              * the first bot (fuda_variant_others_bot) */
    double search_sure;      /* search = { sure = Z }: the standard errors by which another move must
                              * lead that bot's before the search plays it; -1: not said (2) */
    int check_leaks;         /* check.leaks (default true): run check's leak rule; false when the
                              * view shows cards beyond the piles' visibility on purpose */
    double check_random;     /* in check's random rounds, the share of random moves (check.random, default 1) */
    int check_invariant;     /* declares check.invariant (run after every action by a paranoid engine) */
    int nexpect;
    const char *const *expect; /* tallies that should occur (g:tally names) */
    int ncols;               /* the variant's named score columns (its `columns`), 0: none named */
    const char *const *columns;
    int nverbs;              /* the verbs declared with fuda.moves, 0: none declared */
    const char *const *verbs;     /* their usage: "play <cards> [name <suits>]" */
    const char *const *verb_docs; /* their doc lines, "" when none */
    int nhooks;
    const char *hooks[16];   /* the hooks the variant defines: "setup", "deal", ... */
} fuda_variant_info;

/* The loaded variant, or NULL. Valid until the next load or free. */
const fuda_variant_info *fuda_engine_info(const fuda_engine *e);

/* Names of the built-in variants found on the search path, sorted; returns the
 * count and stores a malloc'd NULL-terminated array of malloc'd strings in
 * *names (caller frees with fuda_free_names). */
int fuda_engine_list(fuda_engine *e, char ***names);
void fuda_free_names(char **names);

/* Events go to fn(ud, seat, text). fn may be NULL (events dropped). */
void fuda_engine_on_event(fuda_engine *e, fuda_event_fn fn, void *ud);

/* Start a match: nseats players (0: the variant's default), seeded with seed:
 * runs the setup and deal hooks. */
int fuda_engine_start(fuda_engine *e, int nseats, uint64_t seed);

/* The seats the match format named winners when the match ended (bit
 * seat-1), or 0: none named (the highest column-1 total wins). */
unsigned fuda_engine_winners(const fuda_engine *e);

/* FUDA_PHASE_* of state.h. */
int fuda_engine_phase(const fuda_engine *e);

/* Deal the next hand (only in FUDA_PHASE_HAND_OVER). */
int fuda_engine_next_hand(fuda_engine *e);

/* Bit mask of seats that must act now: bit (seat-1). */
unsigned fuda_engine_actors(const fuda_engine *e);

/* Kind of the open claim window ("zun"), or NULL when a turn is on. */
const char *fuda_engine_claim(const fuda_engine *e);

/* Why the open claim window asks `seat`, in the variant's words (its prompt
 * hook: "your hand totals 10, the field card is {10h}"): 0 with *text set
 * (malloc'd, the caller frees it; NULL when the variant gives no reason or no
 * window is open), or -1 with the error set (the hook failed or gave no
 * string). The game is left as it was. */
int fuda_engine_prompt(fuda_engine *e, int seat, char **text);

/* The legal moves of seat, as canonical strings ("draw", "discard 7h"). The
 * array and strings are owned by the engine and valid until the next call into
 * it. Returns the count (0 when the seat need not act), or -1. */
int fuda_engine_moves(fuda_engine *e, int seat, const char *const **moves);

/* Apply a move of seat. It must be one of the legal moves, exactly. On failure
 * returns -1 with a message and the state unchanged. */
int fuda_engine_apply(fuda_engine *e, int seat, const char *move);

/* Try a move: 0 if it would be accepted, -1 (with the message) if not; either
 * way the game, log, scoresheet and events are left exactly as they were. */
int fuda_engine_try(fuda_engine *e, int seat, const char *move);

/* Try a move as fuda_engine_try does, and when it is accepted, just before
 * everything is put back, let the caller see what it did: what each seat
 * sees is marked as known (as after an applied move), its events (not its
 * tallies) go to the event callback, and then fn(ud, e) is called, while
 * the engine's state (fuda_engine_state, fuda_engine_table_state) is the
 * state after the move. fn may only read the state. For fuda check, which
 * compares what moves show each seat. Returns as fuda_engine_try. */
typedef void (*fuda_tried_fn)(void *ud, fuda_engine *e);
int fuda_engine_try_see(fuda_engine *e, int seat, const char *move, fuda_tried_fn fn, void *ud);

/* Coverage counts since the engine was made (or last cleared): what the
 * variant tallied with g:tally(name) in moves that were applied, and, once
 * fuda_engine_count_hooks(e, 1) was called, "hook NAME" for each hook call
 * ("hook check.invariant" for the variant's invariant, in a paranoid engine).
 * fuda_engine_count_tallies(e, 0) stops counting the variant's tallies (fuda
 * check's trial moves, which it undoes); they are counted by default. */
typedef struct fuda_tally { const char *name; long count; } fuda_tally;
int fuda_engine_tallies(const fuda_engine *e, const fuda_tally **out);
void fuda_engine_clear_tallies(fuda_engine *e);
void fuda_engine_count_hooks(fuda_engine *e, int on);
void fuda_engine_count_tallies(fuda_engine *e, int on);

/* The bots every variant has, whatever its script says: "random" and
 * "search", NULL-terminated. */
extern const char *const fuda_builtin_bots[];
/* 1 if name is one of fuda_builtin_bots. */
int fuda_engine_builtin_bot(const char *name);
/* The variant's first own bot (the loader lists them by name and refuses
 * the built-in names), or "random" when it has none or info is NULL: every
 * seat's default bot, and the search's picture of the other seats. */
const char *fuda_variant_first_bot(const fuda_variant_info *info);
/* The bot the searching seat plays as in the search's playouts (search.bot, else the first
 * bot). Never NULL; the name lives as long as info. */
const char *fuda_variant_search_bot(const fuda_variant_info *info);
/* The bot the other seats play as in the search's playouts, whose moves its deals must fit
 * (search.others, else the first bot). Never NULL; the name lives as long as info. */
const char *fuda_variant_others_bot(const fuda_variant_info *info);

/* Let bot `name` (a built-in one or one the variant defines) choose seat's
 * move. The string is owned by the engine, valid until the next call. -1 on
 * failure. */
int fuda_engine_bot(fuda_engine *e, int seat, const char *name, const char **move);

/* Let bot `name` choose seat's move and apply it: the same as fuda_engine_bot
 * and then fuda_engine_apply of its choice (the same hooks in the same order,
 * the same random numbers, the same result), in one protected call, for
 * playouts. *move is the move's text, owned by the engine, valid until the
 * match ends. On failure -1 with the message and the state unchanged. */
int fuda_engine_bot_apply(fuda_engine *e, int seat, const char *name, const char **move);

/* A point of a match to come back to: the whole core state, the bots'
 * generator, how long the scoresheet and the log were, and which history
 * (log entries carry serials never given twice) and match it belongs to.
 * A plain struct the caller owns (about 20 KiB with the table slots); copy
 * it freely. */
typedef struct fuda_mark {
    fuda_state st;
    fuda_tables tb;      /* a match of several tables: the others (tb.n 0: none) */
    fuda_rng bot_rng;
    int empty_run;       /* hands in a row that ended in their deal (FUDA_MAX_EMPTY_HANDS) */
    int nrows;
    long nlog;
    uint64_t log_serial; /* serial of log entry nlog-1, 0 for an empty log */
    uint64_t match_id;   /* the match (unique in the process) */
} fuda_mark;

/* Mark where the match is now, in *m. -1 when no match is running. */
int fuda_engine_mark(const fuda_engine *e, fuda_mark *m);

/* Go back to mark m: the state, the bots' generator, the scoresheet and the
 * log are as they were when it was taken (what came after is dropped, so the
 * log replays to this state). -1, and nothing changed, when m is not a point
 * of this match's present history: another match's mark, or one taken on a
 * line of play that an earlier undo dropped. The coverage tallies and the
 * interned move texts are not taken back; events already delivered stay
 * delivered (the caller knows what it showed). */
int fuda_engine_undo_to(fuda_engine *e, const fuda_mark *m);

/* Set the bots' generator (a mark's bot_rng): a copy of a match, made by
 * playing its moves again, then chooses as the original would. Never fails. */
void fuda_engine_set_bot_rng(fuda_engine *e, const fuda_rng *r);

/* For a search that replays what happened since an earlier point: put the
 * state and the bots' generator back to mark m's, but keep the log, so the
 * moves applied next are logged after its end. Until fuda_engine_undo_to of a
 * mark taken before the rewind, the log does not replay to the state. m must
 * be a point of this hand's history (no scoresheet row since, one table):
 * else -1 and nothing changes. */
int fuda_engine_rewind_state(fuda_engine *e, const fuda_mark *m);

/* What seat sees (0: a spectator), as text lines, from the variant's view hook
 * (or a generic view of the visible piles). Caller frees. NULL on failure. */
char *fuda_engine_view(fuda_engine *e, int seat);

/* Why `typed` (what the user typed, trimmed) is no legal move for seat, as
 * the variant's why_not hook tells it, run read-only under the limits of a
 * hook. Returns 0 with *text a malloc'd line (caller frees), or *text NULL
 * when the variant has no hook or it returned nil or ""; -1 with *text NULL
 * when the hook failed (an error, a limit, not a string): fuda_engine_error
 * says why, and the game is as it was. */
int fuda_engine_why_not(fuda_engine *e, int seat, const char *typed, char **text);

/* What the legal move `move` of seat throws away, as the variant's confirm
 * hook tells it ("discard {7h} breaks your run {5h} {6h} {7h}"), for a
 * question before a human's move is played; run read-only under the limits
 * of a hook. 0 with *text a malloc'd line (caller frees), or *text NULL when
 * the variant has no hook or it returned nil or "" (nothing to ask); -1 with
 * *text NULL when the hook failed (an error, a limit, not a string):
 * fuda_engine_error says why, and the game is as it was. */
int fuda_engine_confirm(fuda_engine *e, int seat, const char *move, char **text);

/* The scoresheet as text (sheet.c): a row per line scored with its running
 * total and note, the totals last; only the columns with something in them.
 * fuda_engine_scoresheet_fit lays it out to `width` columns (<= 0: no
 * limit): notes that do not fit beside their row go under it, and a table
 * too wide becomes lines. The caller frees the text; NULL when out of
 * memory. */
char *fuda_engine_scoresheet(fuda_engine *e);
char *fuda_engine_scoresheet_fit(fuda_engine *e, int width);

/* Total of seat in column col (1-based). */
int fuda_engine_total(const fuda_engine *e, int seat, int col);

/* The core state (read only), and its hash. */
const fuda_state *fuda_engine_state(const fuda_engine *e);
uint64_t fuda_engine_hash(const fuda_engine *e);

/* The log of this match as text (variant, options, seats, seed, every move);
 * caller frees it. */
char *fuda_engine_log(const fuda_engine *e);
/* Replay a log into e: load its variant (a log names it by name, looked up
 * on the search path; a log naming a path is refused: see
 * fuda_engine_replay_as), start the match and apply its first `upto`
 * moves (-1: all). The text (len bytes) is read strictly; on failure the
 * message is "NAME:LINE: message" (a NUL byte, a malformed or out-of-range
 * number, an unknown variant or option, a seat that cannot act, an illegal
 * move...), and e is left with no variant loaded and its tallies as they
 * were (events already delivered stay delivered). A text that is malformed
 * anywhere is refused before e is touched at all. */
int fuda_engine_replay_text(fuda_engine *e, const char *name, const char *text, size_t len, long upto);
/* The same for a NUL-terminated text, named "log" in messages. */
int fuda_engine_replay(fuda_engine *e, const char *log, long upto);
/* The same for the log file at path (named so in messages): a regular file
 * of at most 16 MiB, read without blocking ("cannot read log 'PATH': not a
 * regular file"). */
int fuda_engine_replay_file(fuda_engine *e, const char *path, long upto);
/* The same with the variant as the user named it (a name, or a path taken as
 * the user's own, like the command line's): loaded instead of looking up the
 * log's name, which must then be that variant's name ("this is a log of gin,
 * not of zun"). variant NULL: the log's name. */
int fuda_engine_replay_as(fuda_engine *e, const char *variant, const char *name, const char *text, size_t len,
                          long upto);
int fuda_engine_replay_file_as(fuda_engine *e, const char *variant, const char *path, long upto);
/* Number of moves in the match so far. */
long fuda_engine_move_count(const fuda_engine *e);

/* Mark the running match as practice (fuda play --practice: undo goes back
 * freely). Its log then says so with a line "practice" in its header, and a
 * replay of that log marks the match again. For the rest of the match: only
 * a new start clears it. Does nothing when no match is running. */
void fuda_engine_set_practice(fuda_engine *e);
/* 1 when the running match is marked practice, else 0. */
int fuda_engine_practice(const fuda_engine *e);

/* Back to no variant loaded: the match ends, the state is left (its error
 * kept). Never fails. */
void fuda_engine_unload(fuda_engine *e);
/* Make the top n cards of pile `name` (from_top 0: its bottom n) be
 * cards[0..n), each swapped with the card where it was: the pile of seat
 * owner, 0 a shared pile ("NAME@T": table T's shared pile in a match of
 * several tables). For tests and a log's "arrange" lines, logged
 * as given. 0, or -1 with the message and the match as it was. */
int fuda_engine_arrange(fuda_engine *e, const char *name, int owner, const fuda_card *cards, int n,
                        int from_top);

/* ---- several tables (core/tables.h; a variant's `tables`, `teams`,
 * `seating`, `hand_over`) ----
 * A match of several tables runs one hand at each table at once; the
 * functions above take and give seats of the match (a move of seat s goes to
 * the table where s sits), their states and hashes are the whole match's. */

/* Tables of the match: 0 when it is one table of every seat (the default). */
int fuda_engine_tables(const fuda_engine *e);
/* The table (1..n) where seat sits this hand, 0 when it sits out or the
 * match has no tables; *place (may be NULL) gets its place there. */
int fuda_engine_table_of(const fuda_engine *e, int seat, int *place);
/* The seats at table t (1..n) in place order: the count, seats in out[]
 * (room for FUDA_MAX_SEATS); 0 for a bad table. */
int fuda_engine_table_seats(const fuda_engine *e, int t, int *out);
/* The state of table t (1..n), read only; NULL for a bad t. */
const fuda_state *fuda_engine_table_state(const fuda_engine *e, int t);
/* Is table t's hand on (1), or ended, waiting for the others (0); -1 bad t. */
int fuda_engine_table_playing(const fuda_engine *e, int t);
/* What seat may see of table t (1..n): a seat at that table sees its own
 * place; a seat whose table has ended its hand (or who sits out) sees it
 * through a teammate's eyes when one sits there, else as a spectator; 0
 * (spectator) sees it as one. Caller frees; NULL with the error when seat
 * is still playing at another table ("finish your own hand first"). */
char *fuda_engine_view_table(fuda_engine *e, int seat, int t);

/* The match's teams (the variant's `teams`): the count, and in *masks (owned
 * by the engine) each team's seats, bit seat-1. 0: no teams. */
int fuda_engine_teams(const fuda_engine *e, const unsigned **masks);
/* The sum of the members' totals of team k (1-based) in column col,
 * saturated at the ends of int. */
int fuda_engine_team_total(const fuda_engine *e, int team, int col);

#endif
