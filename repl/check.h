/* check.h -- what the parts of `fuda check` share (check.c: the run, the
 * workers and the command; check_action.c: the checks after every action;
 * check_leaks.c: hidden information; check_again.c: a match played again and
 * its log replayed; check_report.c: the report). Private to them. */
#ifndef FUDA_CHECK_H
#define FUDA_CHECK_H

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "json.h" /* fuda_json_str */
#include "fnv.h"
#include "provenance.h"
#include "buf.h"
#include "cli.h"
#include "input.h"
#include "out.h"
#include "search.h"
#include "watch.h"
#include "seen.h"
#include "shard.h"

#define CHECK_DEFAULT_MATCHES 2000
#define CHECK_MAX_JOBS 64
#define CHECK_DEFAULT_MAX_MOVES 100000L
#define CHECK_REPLAYS 500   /* play again every match up to this many, else a sample */
#define CHECK_TRY_MIN 20    /* matches whose every listed move is tried, at least */
#define CHECK_TRY_SHARE 20  /* ... or one in this many (5%) */
#define CHECK_VIEW_MOVES 1000 /* views after every action of those, in their first moves */
#define CHECK_LATE_SHARE 16   /* after them, the leak rule at one action in this many */
#define CHECK_SEARCH_ITERS 16 /* the search bot's playouts per decision, unless --iters says */
#define CHECK_LEAK_DEALS 3    /* deals of what a seat cannot see, per seat and action checked */
#define CHECK_QUICK_HANDS 10  /* by default a random round's match stops after this many hands */

/* Named counts: hooks, verbs, tallies. */
typedef struct count {
    char *name;
    long n;
} count;

typedef struct counts {
    count *v;
    int n, cap;
} counts;


typedef struct check_args {
    fuda_match_args m;
    long matches;
    long from;    /* --from K: the first match played is match K (1-based); matches before it are skipped */
    long jobs;
    int json;
    int thorough; /* --thorough: random rounds play whole matches too */
    int strict;   /* --strict: a hook the variant defines that no match reached is a failure (and,
                   * for the OS boundary's layers, whatever --strict asks of them); a shard leaves it
                   * to the merge */
    fuda_shard sh; /* --shard K/N: this shard's share of the matches from --from on */
} check_args;

/* What the workers share: the next match to play, the first that failed. */
typedef struct pool {
    pthread_mutex_t mu;
    long next;       /* the next match to hand out: the j-th this run (shard) plays, from 0 */
    long fail_index; /* lowest index of a failed match, LONG_MAX if none */
    long done;       /* matches finished */
} pool;

typedef struct failure {
    char *message;
    int stage_load; /* the script does not load */
    long match;     /* 0-based */
    uint64_t seed;
    int seats;
    long move;      /* the action at fault (1-based), or the moves of the match */
    long to;        /* replay this many moves to stand just before it */
    char *log;      /* file the log was saved to, or NULL */
    char *replay_command;
    char *note;     /* more about it (the replay of the log differs too), or NULL */
    int log_checked; /* the failure is the log's replay: no note about it */
    int stage_coverage; /* --strict: a hook was never reached */
} failure;

/* A move of the match: its seat, its text, the hash of the state in which
 * the bots chose it (the state before its action) and of the list of moves
 * the seat had there. */
typedef struct match_move {
    int seat;
    char *move;
    uint64_t before, list;
} match_move;

/* A listed move tried, and what it showed every seat: the hash of the state
 * after it as each seat may know it (fuda_seen_hash), the events it showed
 * each (one a line, malloc'd; NULL: none). */
typedef struct seen_move {
    int ok; /* the try was accepted */
    uint64_t seen[FUDA_MAX_SEATS + 1];
    char *ev[FUDA_MAX_SEATS + 1];
} seen_move;

/* What an action (the moves chosen, or the next hand's deal) showed the
 * seats: as seen_move, with the cards each knows after it. */
typedef struct outcome {
    int ok;      /* every move was accepted */
    int only;    /* the seat looked at (0: every seat) */
    uint64_t seen[FUDA_MAX_SEATS + 1];
    char *ev[FUDA_MAX_SEATS + 1];
    uint8_t known[FUDA_MAX_SEATS + 1][FUDA_CARD_SPACE];
} outcome;

/* The events of a whole match, "MOVE SEAT TEXT" a line: the first
 * TRACE_KEEP bytes as text (to show where two traces part), the lines after
 * them folded into a hash (FNV-1a), so a match showing gigabytes of events
 * holds 16 MiB. */
#define TRACE_KEEP ((size_t)16 << 20)
typedef struct ev_trace {
    fuda_buf b;
    uint64_t rest; /* the hash of the lines past TRACE_KEEP */
    long rest_from; /* the move of the first of them; -1: none yet */
} ev_trace;

/* The events of a match replayed from its log, as fuda_check_on_event streams them. */
typedef struct replay_events {
    fuda_engine *e;
    ev_trace b;
} replay_events;

typedef struct checker {
    fuda_config cfg; /* paranoid */
    int watch_slot;  /* this worker's slot of the supervisor's page (watch.h) */
    const check_args *a;
    fuda_engine *e;  /* NULL in a merge of shards (check_shard.c): the report reads info and tables */
    const fuda_variant_info *info;
    int tables;      /* for the report: the tables of the last match played (fuda_engine_tables) */
    const char *run_json;   /* the "run" member to print instead of the engine's (a merge), or NULL */
    const char *shard_json; /* a shard's "shard" member, printed last in its JSON, or NULL */
    long max_moves;
    int min_seats, max_seats;
    long try_matches;  /* matches whose listed moves are all tried */
    long replay_every; /* replay one match in this many */
    /* the bots */
    char **given;     /* --bots list, or NULL */
    const char **own; /* the variant's bots but random */
    int nown;
    /* what was exercised */
    long matches, moves, tried, tries, illegal, replays, views;
    long capped; /* matches stopped after CHECK_QUICK_HANDS hands */
    long rebots; /* bot choices made again in a fresh engine */
    long leaks;  /* actions whose seats were checked for hidden information leaking */
    long ev_checks;   /* comparisons of what the events showed a seat (dealt anew, or another move) */
    long log_replays; /* matches whose log replayed to the same state */
    long prompts, evals; /* calls of the prompt and evaluate hooks */
    long claims;      /* actions with a claim window open */
    long hands_ended; /* hands that ended */
    counts bots_asked; /* the variant's own bots, by the times they chose a move */
    long seat_matches[FUDA_MAX_SEATS + 1], seat_moves[FUDA_MAX_SEATS + 1];
    counts verbs, listed;
    counts raw; /* the engines' tallies ("hook NAME" and the variant's), summed at the end */
    pool *pool;
    int show_progress;
    /* the current match */
    long match;
    uint64_t seed;
    int nseats;
    const char *bots[FUDA_MAX_SEATS + 1];
    int mixed;        /* this match mixes random moves into the own bots' (check.random) */
    int cap;          /* stop this match after CHECK_QUICK_HANDS hands (0: play it whole) */
    int prompted, evaluated; /* this match asked a claim window's prompt, evaluate */
    fuda_state before; /* the state before the action */
    /* the moves of the match, each with the state hash before its action, to
     * play the match again in a fresh engine */
    match_move *rec;
    long nrec, caprec;
    /* a copy of one seat's moves */
    char **mv;
    int nmv, capmv;
    uint64_t lists[FUDA_MAX_SEATS + 1]; /* hash of each acting seat's moves in this action */
    /* what the events show: capturing, the engine's events go to ev[seat] (one a line);
     * streaming, those of the match as played go to stream ("MOVE SEAT TEXT" a line) */
    int capturing, streaming;
    fuda_buf ev[FUDA_MAX_SEATS + 1];
    ev_trace stream;
    seen_move *tried_moves; /* the listed moves of one seat, tried (check_seat) */
    int ntried, captried;
    outcome *real, *trial;  /* an action as played, and in a deal anew (check_leaks) */
    outcome *saw;           /* the one play_outcome fills */
    int failed;
    failure f;
} checker;


/* ---- check_base.c ---- */
long fuda_check_counts_get(const counts *c, const char *name);
void fuda_check_counts_sort(counts *c);
void fuda_check_counts_free(counts *c);
/* A hash of a list of moves, in order (FNV-1a, a 0 byte after each). */
uint64_t fuda_check_list_hash(const char *const *mv, int n);
/* Record the failure of the current match; returns -1. The log is saved by
 * the caller (finish_failure). `at_fault_applied`: the action at fault was
 * the last one applied (else it is the next one). */
int fuda_check_fail_at(checker *c, int at_fault_applied, const char *fmt, ...);
/* fail_at with the engine's last error after the message: "...: error". */
int fuda_check_fail_engine(checker *c, int at_fault_applied, const char *fmt, ...);
/* The bot of `seat` for the next action of engine e. In a random round of a
 * variant whose check.random is below 1 (random play alone does not end a
 * gin-only game), each action is random with that chance, else the
 * variant's own bot: drawn from the seed, the move number and the seat, so a
 * replay asks the same bots. */
const char *fuda_check_bot_for(const checker *c, fuda_engine *e, int seat);
/* Is a capped match at its last hand (the hand just over)? */
int fuda_check_capped_now(const checker *c, const fuda_engine *e);
/* Are the actions at this move of a thorough match checked for leaks: every
 * one of the first CHECK_VIEW_MOVES, and one in CHECK_LATE_SHARE after,
 * drawn from the seed and the move (a script cannot wait them out). */
int fuda_check_leak_checked(const checker *c, long move);
double fuda_check_now(void);
int fuda_check_listed(const checker *c, const char *move);
/* Is the game state still the one of snapshot `before`? Byte for byte, or
 * else by the hash (which ignores where piles sit in the card array). */
int fuda_check_unchanged(const checker *c, const fuda_state *before);
void fuda_check_trace_reset(ev_trace *t);
/* The event callback of the match's engine: while capturing, every event
 * goes to the buffer of each seat it is shown to (0: every seat). The
 * engine of a match played again has none: nobody reads its events. */
void fuda_check_on_event(void *ud, int seat, const char *text);
void fuda_check_on_replay_event(void *ud, int seat, const char *text);
void fuda_check_clear_events(checker *c);
/* Move the captured events of every seat into out[seat] (malloc'd; NULL:
 * none), freeing what out held. */
void fuda_check_take_events(checker *c, char **out);
void fuda_check_free_texts(char **t);
/* "'line' / 'line'": the first line each of two texts shows that the other
 * does not (or nothing), for a message (malloc'd). */
char *fuda_check_texts_apart(const char *a, const char *b);
/* The first line of a that b lacks (malloc'd), or NULL when there is none. */
char *fuda_check_first_missing(const char *a, const char *b);

/* ---- check_action.c ---- */
int fuda_check_zero_sum(checker *c);
/* Every seat's view (the view hook, if any) must work. */
int fuda_check_views(checker *c);
int fuda_check_step(checker *c, int thorough);

/* ---- check_leaks.c ---- */
/* The leak rule, at one action (the moves chosen, in chosen[seat]; chosen
 * NULL: the next hand's deal): for every seat, the cards it can neither see
 * nor know (the stock, the other hands...) are dealt anew a few times,
 * keeping also those it will know after the action, and each time its legal
 * moves (when it must act) and its view must be those of the real deal;
 * in the first of those deals the action is played too, and when it leaves
 * the seat seeing the same, it must show the seat the same events. Every
 * card an event names must be one the seat knew or knows. The game is put
 * back after each deal; the counts are of the match as played (no hooks, no
 * tallies counted meanwhile). */
int fuda_check_leaks(checker *c, unsigned actors, char *const *chosen);
/* The first deal of a match, in the matches whose moves are all tried: the
 * cards its events name must be ones each seat knows after it. (Its deals
 * anew are those of the next hands: check_leaks with no moves.) */
int fuda_check_first_deal(checker *c);
/* A seat asked in a claim window: the window's prompt (the variant's reason
 * for asking) must work and change nothing. In the matches whose moves are
 * all tried, and at the first claim window of every match (the same in
 * every match however they are shared among threads). */
int fuda_check_prompts(checker *c, unsigned actors, int thorough);
/* The variant's evaluate (the search's estimate) must give every seat a
 * number and change nothing. At every action of the matches whose moves are
 * all tried, and at the first of every match; not in a match of several
 * tables (the search plays at one). */
int fuda_check_evaluate(checker *c, int thorough);

/* ---- check_again.c ---- */
void fuda_check_record(checker *c, int seat, const char *move, uint64_t before);
void fuda_check_forget_moves(checker *c);
/* Play the match again in a fresh engine (a new Lua state) with the same
 * seed and bots, and compare it with the match as played: the state before
 * every action, every bot's choice, the end. 0 when all agree, else -1 with
 * the failure recorded (the first difference). */
int fuda_check_rerun_match(checker *c);
/* The match's log, with the seats and seed even if the match did not start. */
char *fuda_check_match_log(const checker *c);
/* Does the match's log (fuda_engine_log, so far) replay in a fresh engine to
 * the state the match is in, and, with `events`, showing the events the
 * match showed as it was played (c->stream)? NULL when it does; else the
 * message (malloc'd), and in *at the first move after which the replay is
 * not where the match was, or shows other events (0: before the first). */
char *fuda_check_log_replay_differs(checker *c, int events, long *at);
/* Every match of the sample must survive being saved and replayed: its log
 * replays in a fresh engine to the state it ended in. 0, or -1 with the
 * failure recorded (at the move where the replay parts). */
int fuda_check_log_replay(checker *c);

/* ---- check_report.c ---- */
/* The flags of the run's replay command after the common ones ("--from 5
 * --strict"; with_shard: and "--shard K/N"), malloc'd, or NULL for none. */
char *fuda_check_run_extra(const checker *c, int with_shard);
/* --strict: what the variant defines must all have been reached; else the
 * run fails, naming what was not. */
void fuda_check_strict_coverage(checker *c);
void fuda_check_print_json(checker *c);
void fuda_check_print_text(checker *c);

/* ---- check.c ---- */
void fuda_check_counts_add(counts *c, const char *name, size_t len, long n);
/* The first word of a move. */
size_t fuda_check_verb_len(const char *move);
int fuda_check_same_text(const char *a, const char *b);
/* Does the leak rule apply? Not when the variant says its view shows cards
 * beyond the piles' visibility on purpose (check.leaks = false: Chouette's
 * partner sees the captain's hand). In a match of several tables a seat's
 * own table is dealt anew from its place, the others as a looker-on sees
 * them (fuda_engine_resample). */
int fuda_check_leak_rule_applies(checker *c);
/* The message of the engine's last error (malloc'd). */
char *fuda_check_engine_err(const checker *c);
/* How many matches this run (this shard) plays, from --from on. */
long fuda_check_count(const check_args *a);

/* ---- check_shard.c ---- */
/* A shard's "shard" member (malloc'd JSON text): the whole run and the exact
 * counts, the variant's hooks, bots and expected tallies, the failure. */
char *fuda_check_shard_json(const checker *c);

#endif
