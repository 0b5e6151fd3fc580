/* runner.h -- playing bot matches for duel and sim: one match to its end with
 * a record of what happened hand by hand (who led, who won each hand), and
 * many matches on worker threads.
 *
 * A seat's bot is a name the engine knows ("random", "basic", "search"...) or
 * "cmd:PROGRAM", an external program speaking the agent protocol (agent.h),
 * started for the match and ended with it. */
#ifndef FUDA_RUNNER_H
#define FUDA_RUNNER_H

#include "cli.h"

#define FUDA_MAX_MOVES 100000L /* a match still going after this many moves is stuck */

/* What one match came to, from the column-1 totals read after every hand.
 * Seats are 1-based. Plain data: copy freely. */
typedef struct fuda_match_rec {
    int done;           /* 1 once the match ended and the record is complete */
    int nseats;
    int hands;          /* hands scored */
    long moves;
    unsigned winners;   /* bit seat-1: named by the match format, else the sole highest
                         * total; 0: a draw */
    int total[FUDA_MAX_SEATS + 1];      /* final column-1 totals */
    int hand_wins[FUDA_MAX_SEATS + 1];  /* hands the seat gained strictly most in */
    int hand_draws;     /* hands with no sole top gainer */
    int first_hands;    /* hands where one seat moved first (after the deal) */
    int first_wins;     /* ...and that seat won the hand */
    int lead_changes;   /* times the sole leader after a hand was another seat than before */
    int drama;          /* most points the eventual winner trailed the leader by after a hand */
    int behind_hands;   /* hands after which the eventual winner was not leading */
    int last_hand;      /* 1: the eventual winner did not lead alone before the last hand */
    /* while playing */
    int leader;         /* the sole leader so far (seat), 0: none yet */
    int first_mover;    /* the seat that moved first in the current hand, 0: unknown */
    int prev[FUDA_MAX_SEATS + 1];
    double hand_moves_sum, hand_moves_sumsq; /* moves per hand: sum and sum of squares */
    long hand_start;    /* the move count when the current hand began */
    int *history;       /* if keep_history: totals after each hand, hands x nseats (malloc'd) */
    int keep_history;
    long *hand_moves;   /* if keep_hands: the moves of each hand (malloc'd) */
    int keep_hands;
} fuda_match_rec;

/* Play a match of nseats seeded with seed, seat s played by bots[s], to its
 * end. rec may be NULL; otherwise it is filled (rec->keep_history and
 * rec->keep_hands are kept: then rec->history and rec->hand_moves are
 * malloc'd and the caller frees them, also when the match failed). Returns 0, or -1
 * with the reason in *err (malloc'd): the engine's error, a match that does
 * not end within FUDA_MAX_MOVES, an agent program that failed; or
 * FUDA_MATCH_STOPPED (*err NULL, rec not done) when a stop was requested
 * (search.h, fuda_search_request_stop): it is read before every move. */
#define FUDA_MATCH_STOPPED (-2)
int fuda_play_match(fuda_engine *e, int nseats, uint64_t seed, const char *const bots[], fuda_match_rec *rec,
                    char **err);

/* The same with agents[s] (non-NULL) playing seat s instead of bots[s]
 * (the caller owns them; fuda agent's stdin and stdout). Events shown to a
 * seat go to its agent. */
struct fuda_agent;
int fuda_play_match_agents(fuda_engine *e, int nseats, uint64_t seed, const char *const bots[],
                           struct fuda_agent *const agents[], fuda_match_rec *rec, char **err);

/* Run fn(ud, e, i, &err) for i = 0..count-1 on `jobs` threads, each with its
 * own engine loaded from m (fn gets the worker's engine). fn returns 0, or -1
 * with a malloc'd error; a failed job is counted and the run goes on. On a
 * terminal (bar) a progress bar of `unit`s is drawn on stderr, with about
 * how long is left. Ctrl-C stops the handing out of jobs (*interrupted set);
 * with `cut` it also asks the jobs under way to stop (a stop request to
 * their searches and matches, search.h): a job that then returns
 * FUDA_MATCH_STOPPED, or fails (an agent's program got the Ctrl-C too), is
 * neither done nor failed. Returns 0, or FUDA_EXIT_FAIL
 * when no worker could start or load the variant (printed). *fail_msg is the
 * error of the lowest failed job (malloc'd, or NULL) and *fail_index its
 * index. */
typedef int (*fuda_job_fn)(void *ud, fuda_engine *e, long i, char **err);
typedef struct fuda_jobs_result {
    long failed;
    long fail_index;
    char *fail_msg;
    int interrupted;
    long done;
    double elapsed;
} fuda_jobs_result;
int fuda_run_jobs(const fuda_config *cfg, const fuda_match_args *m, long jobs, long count, int bar, int cut,
                  const char *unit, fuda_job_fn fn, void *ud, fuda_jobs_result *res);
/* The same without cut, and done(ud, e) (when not NULL) is called by every
 * worker with its engine after its last job, before the engine is freed and
 * outside the runner's lock: to collect what the engine gathered over its
 * jobs (sim's tallies). */
typedef void (*fuda_worker_done_fn)(void *ud, fuda_engine *e);
int fuda_run_jobs_done(const fuda_config *cfg, const fuda_match_args *m, long jobs, long count, int bar,
                       const char *unit, fuda_job_fn fn, fuda_worker_done_fn done, void *ud,
                       fuda_jobs_result *res);

#endif
