/* runner.c -- playing bot matches (see runner.h): one match with its record
 * of leads and hand winners, external agents for "cmd:" seats, and many
 * matches on worker threads with a progress bar and Ctrl-C. */
#include "runner.h"
#include "watch.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "agent.h"
#include "buf.h"
#include "out.h"
#include "progress.h"
#include "search.h"

/* ---- the record ---- */

/* The seat with the strictly highest value of v[1..n], or 0 on a tie. */
static int sole_top(const int *v, int n) {
    int best = 1, ties = 0;
    for (int s = 2; s <= n; s++) {
        if (v[s] > v[best]) best = s, ties = 0;
        else if (v[s] == v[best]) ties = 1;
    }
    return ties ? 0 : best;
}

/* The seat that must act alone now, or 0. */
static int lone_actor(const fuda_engine *e) {
    unsigned a = fuda_engine_actors(e);
    if (!a || (a & (a - 1))) return 0;
    int s = 1;
    while (!(a & (1u << (s - 1)))) s++;
    return s;
}

static void rec_start(fuda_match_rec *r, const fuda_engine *e, int nseats) {
    int keep = r->keep_history, keep_hands = r->keep_hands;
    free(r->history);
    free(r->hand_moves);
    memset(r, 0, sizeof *r);
    r->keep_history = keep;
    r->keep_hands = keep_hands;
    r->nseats = nseats;
    r->first_mover = lone_actor(e);
}

/* A hand was scored: the totals after it. */
static void rec_hand(fuda_match_rec *r, const fuda_engine *e) {
    int tot[FUDA_MAX_SEATS + 1] = { 0 }, gain[FUDA_MAX_SEATS + 1] = { 0 };
    for (int s = 1; s <= r->nseats; s++) {
        tot[s] = fuda_engine_total(e, s, 1);
        gain[s] = tot[s] - r->prev[s];
    }
    int w = sole_top(gain, r->nseats);
    if (w) r->hand_wins[w]++;
    else r->hand_draws++;
    if (r->first_mover) {
        r->first_hands++;
        if (w == r->first_mover) r->first_wins++;
    }
    int lead = sole_top(tot, r->nseats);
    if (lead && r->leader && lead != r->leader) r->lead_changes++;
    if (lead) r->leader = lead;
    long moves = fuda_engine_move_count(e) - r->hand_start;
    r->hand_start = fuda_engine_move_count(e);
    r->hand_moves_sum += (double)moves;
    r->hand_moves_sumsq += (double)moves * (double)moves;
    if (r->keep_hands) {
        r->hand_moves = fuda_xrealloc(r->hand_moves, (size_t)(r->hands + 1) * sizeof *r->hand_moves);
        r->hand_moves[r->hands] = moves;
    }
    if (r->keep_history) {
        r->history = fuda_xrealloc(r->history, (size_t)(r->hands + 1) * (size_t)r->nseats * sizeof *r->history);
        for (int s = 1; s <= r->nseats; s++) r->history[r->hands * r->nseats + s - 1] = tot[s];
    }
    r->hands++;
    memcpy(r->prev, tot, sizeof tot);
}

/* The match ended: its winners, and for a sole winner how far and how long
 * it trailed (trail[] and behind[] per seat, from track_trail) and whether it
 * led alone before the last hand (last_lead: the sole leader then). */
static void rec_end(fuda_match_rec *r, const fuda_engine *e, const int *trail, const int *behind,
                    int last_lead) {
    unsigned named = fuda_engine_winners(e);
    for (int s = 1; s <= r->nseats; s++) r->total[s] = fuda_engine_total(e, s, 1);
    if (named) r->winners = named;
    else {
        int w = sole_top(r->total, r->nseats);
        r->winners = w ? 1u << (w - 1) : 0;
    }
    r->moves = fuda_engine_move_count(e);
    int w = 0;
    for (int s = 1; s <= r->nseats; s++)
        if (r->winners == 1u << (s - 1)) w = s;
    if (w) {
        r->drama = trail[w];
        r->behind_hands = behind[w];
        r->last_hand = r->hands <= 1 || last_lead != w;
    }
    r->done = 1;
}

/* Per seat: the most it trailed the leader by after a hand, and after how
 * many hands it was not leading (a tie for the lead counts as leading). */
static void track_trail(const fuda_match_rec *r, int *trail, int *behind) {
    int top = r->prev[1];
    for (int s = 2; s <= r->nseats; s++)
        if (r->prev[s] > top) top = r->prev[s];
    for (int s = 1; s <= r->nseats; s++) {
        int d = top - r->prev[s];
        if (d > trail[s]) trail[s] = d;
        if (d > 0) behind[s]++;
    }
}

/* ---- events to agents ---- */

typedef struct event_route {
    fuda_agent *const *agents;
    int nseats;
} event_route;

static void route_event(void *ud, int seat, const char *text) {
    const event_route *r = ud;
    for (int s = 1; s <= r->nseats; s++)
        if (r->agents[s] && (seat == 0 || seat == s)) fuda_agent_event(r->agents[s], text);
}

/* ---- one match ---- */

/* The move of seat: its agent's or its bot's (malloc'd); NULL with *err. */
static char *choose(fuda_engine *e, int seat, const char *const bots[], fuda_agent *const agents[], char **err) {
    if (agents[seat]) return fuda_agent_choose(agents[seat], e, err);
    const char *mv;
    if (fuda_engine_bot(e, seat, bots[seat], &mv) != 0) {
        *err = fuda_xstrdup(fuda_engine_error(e));
        return NULL;
    }
    return fuda_xstrdup(mv);
}

/* Let every seat that must act choose, then apply the moves in seat order (in
 * a claim window nobody sees the others' choices). A lone bot chooses and
 * applies in one call. 0, or -1 with *err. */
static int seats_act(fuda_engine *e, int nseats, const char *const bots[], fuda_agent *const agents[], char **err) {
    int lone = lone_actor(e);
    if (lone && !agents[lone]) {
        const char *mv;
        if (fuda_engine_bot_apply(e, lone, bots[lone], &mv) == 0) return 0;
        *err = fuda_xstrdup(fuda_engine_error(e));
        return -1;
    }
    unsigned actors = fuda_engine_actors(e);
    char *chosen[FUDA_MAX_SEATS + 1] = { 0 };
    int r = 0;
    for (int seat = 1; seat <= nseats && r == 0; seat++)
        if ((actors & (1u << (seat - 1))) && !(chosen[seat] = choose(e, seat, bots, agents, err))) r = -1;
    for (int seat = 1; seat <= nseats && r == 0; seat++)
        if (chosen[seat] && fuda_engine_apply(e, seat, chosen[seat]) != 0) {
            *err = fuda_xstrdup(fuda_engine_error(e));
            r = -1;
        }
    for (int seat = 1; seat <= nseats; seat++) free(chosen[seat]);
    return r;
}

int fuda_play_match_agents(fuda_engine *e, int nseats, uint64_t seed, const char *const bots[],
                           fuda_agent *const agents[], fuda_match_rec *rec, char **err) {
    fuda_match_rec scratch = { 0 };
    fuda_match_rec *r = rec ? rec : &scratch;
    int trail[FUDA_MAX_SEATS + 1] = { 0 }, behind[FUDA_MAX_SEATS + 1] = { 0 }, lead_before_last = 0;
    event_route route = { agents, nseats };
    int any_agent = 0;
    for (int s = 1; s <= nseats; s++) any_agent |= agents[s] != NULL;
    *err = NULL;
    if (any_agent) fuda_engine_on_event(e, route_event, &route);
    int result = -1;
    if (fuda_engine_start(e, nseats, seed) != 0) goto engine_fail;
    rec_start(r, e, nseats);
    for (;;) {
        if (fuda_search_stop_requested()) { /* Ctrl-C in a duel: left unfinished */
            result = FUDA_MATCH_STOPPED;
            break;
        }
        int phase = fuda_engine_phase(e);
        if (phase == FUDA_PHASE_HAND_OVER || phase == FUDA_PHASE_MATCH_OVER) {
            if ((long)r->hands < (long)fuda_engine_state(e)->hand_no) {
                lead_before_last = r->leader;
                rec_hand(r, e);
                track_trail(r, trail, behind);
            }
        }
        if (phase == FUDA_PHASE_MATCH_OVER) {
            rec_end(r, e, trail, behind, lead_before_last);
            result = 0;
            break;
        }
        if (fuda_engine_move_count(e) > FUDA_MAX_MOVES) {
            fuda_buf b = FUDA_BUF_INIT;
            fuda_buf_addf(&b, "the match did not end after %ld moves", FUDA_MAX_MOVES);
            *err = fuda_buf_take(&b);
            break;
        }
        if (phase == FUDA_PHASE_HAND_OVER) {
            if (fuda_engine_next_hand(e) != 0) goto engine_fail;
            r->first_mover = lone_actor(e);
        } else if (fuda_engine_actors(e) == 0) {
            *err = fuda_xstrdup("the hand is on but no seat can act");
            break;
        } else if (seats_act(e, nseats, bots, agents, err) != 0) {
            break;
        }
    }
    goto done;
engine_fail:
    *err = fuda_xstrdup(fuda_engine_error(e));
done:
    if (any_agent) fuda_engine_on_event(e, NULL, NULL);
    if (!rec) {
        free(scratch.history);
        free(scratch.hand_moves);
    }
    return result;
}

int fuda_play_match(fuda_engine *e, int nseats, uint64_t seed, const char *const bots[], fuda_match_rec *rec,
                    char **err) {
    fuda_agent *agents[FUDA_MAX_SEATS + 1] = { 0 };
    int r = 0;
    *err = NULL;
    fuda_watch_seed(seed);
    for (int s = 1; s <= nseats && r == 0; s++)
        if (bots[s] && strncmp(bots[s], "cmd:", 4) == 0 && !(agents[s] = fuda_agent_spawn(bots[s] + 4, s, err)))
            r = -1;
    if (r == 0) r = fuda_play_match_agents(e, nseats, seed, bots, agents, rec, err);
    for (int s = 1; s <= nseats; s++) fuda_agent_free(agents[s], r == 0 ? e : NULL);
    return r;
}

/* ---- many matches on threads ---- */

static volatile sig_atomic_t interrupted, cut_jobs;

static void on_sigint(int sig) {
    (void)sig;
    interrupted = 1;
    if (cut_jobs) fuda_search_request_stop(); /* the matches under way stop too */
}

typedef struct jobs_run {
    const fuda_config *cfg;
    const fuda_match_args *m;
    long count;
    fuda_job_fn fn;
    fuda_worker_done_fn done_fn;
    void *ud;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    long next, done, failed;
    int threads;  /* worker threads started: each takes the next slot of the supervisor's page */
    int running, stop, open_failed, cut;
    long fail_index;
    char *fail_msg;
} jobs_run;

static long take_job(jobs_run *run) {
    long i = -1;
    pthread_mutex_lock(&run->mu);
    if (!run->stop && !(run->cut && fuda_search_stop_requested()) && run->next < run->count) i = run->next++;
    pthread_mutex_unlock(&run->mu);
    return i;
}

static void *jobs_worker(void *arg) {
    jobs_run *run = arg;
    fuda_watch_thread(__atomic_add_fetch(&run->threads, 1, __ATOMIC_SEQ_CST));
    fuda_engine *e = fuda_open_variant(run->cfg, run->m);
    long i;
    if (!e) {
        pthread_mutex_lock(&run->mu);
        run->open_failed = run->stop = 1;
        pthread_mutex_unlock(&run->mu);
    }
    while (e && (i = take_job(run)) >= 0) {
        char *err = NULL;
        fuda_watch_match(e, i, 0); /* the match's seed: fuda_play_match */
        int rc = run->fn(run->ud, e, i, &err), failed = rc != 0;
        if (run->cut && (rc == FUDA_MATCH_STOPPED || (rc != 0 && fuda_search_stop_requested()))) {
            /* cut short by Ctrl-C (an agent's program gets it too): not counted */
            free(err);
            continue;
        }
        pthread_mutex_lock(&run->mu);
        run->done++;
        if (failed) {
            run->failed++;
            if (run->fail_index < 0 || i < run->fail_index) {
                free(run->fail_msg);
                run->fail_index = i;
                run->fail_msg = err ? err : fuda_xstrdup("failed");
                err = NULL;
            }
        }
        pthread_mutex_unlock(&run->mu);
        free(err);
    }
    if (e && run->done_fn) run->done_fn(run->ud, e);
    fuda_engine_free(e);
    pthread_mutex_lock(&run->mu);
    run->running--;
    pthread_cond_signal(&run->cv);
    pthread_mutex_unlock(&run->mu);
    return NULL;
}

static void wait_jobs(jobs_run *run, fuda_progress *bar) {
    pthread_mutex_lock(&run->mu);
    while (run->running > 0) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 100000000L; /* a tenth of a second */
        if (ts.tv_nsec >= 1000000000L) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&run->cv, &run->mu, &ts);
        if (interrupted) run->stop = 1;
        if (run->running > 0) fuda_progress_show(bar, run->done);
    }
    pthread_mutex_unlock(&run->mu);
    fuda_progress_end(bar);
}

static int run_jobs(const fuda_config *cfg, const fuda_match_args *m, long jobs, long count, int bar, int cut,
                    const char *unit, fuda_job_fn fn, fuda_worker_done_fn done, void *ud, fuda_jobs_result *res);

int fuda_run_jobs(const fuda_config *cfg, const fuda_match_args *m, long jobs, long count, int bar, int cut,
                  const char *unit, fuda_job_fn fn, void *ud, fuda_jobs_result *res) {
    return run_jobs(cfg, m, jobs, count, bar, cut, unit, fn, NULL, ud, res);
}

int fuda_run_jobs_done(const fuda_config *cfg, const fuda_match_args *m, long jobs, long count, int bar,
                       const char *unit, fuda_job_fn fn, fuda_worker_done_fn done, void *ud,
                       fuda_jobs_result *res) {
    return run_jobs(cfg, m, jobs, count, bar, 0, unit, fn, done, ud, res);
}

static int run_jobs(const fuda_config *cfg, const fuda_match_args *m, long jobs, long count, int bar, int cut,
                    const char *unit, fuda_job_fn fn, fuda_worker_done_fn done, void *ud, fuda_jobs_result *res) {
    jobs_run run = { 0 };
    run.cut = cut;
    run.cfg = cfg;
    run.m = m;
    run.count = count;
    run.fn = fn;
    run.done_fn = done;
    run.ud = ud;
    run.fail_index = -1;
    memset(res, 0, sizeof *res);
    pthread_mutex_init(&run.mu, NULL);
    pthread_cond_init(&run.cv, NULL);
    long nw = jobs < count ? jobs : count;
    if (nw < 1) nw = 1;
    pthread_t *th = fuda_xrealloc(NULL, (size_t)nw * sizeof *th);

    struct sigaction sa, old_sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    interrupted = 0;
    cut_jobs = cut;
    fuda_search_clear_stop();
    sigaction(SIGINT, &sa, &old_sa);
    sigset_t block, old_mask;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    pthread_sigmask(SIG_BLOCK, &block, &old_mask);

    fuda_progress progress;
    fuda_progress_begin(&progress, bar, count, unit);
    long started = 0;
    for (; started < nw; started++) {
        pthread_mutex_lock(&run.mu);
        run.running++;
        pthread_mutex_unlock(&run.mu);
        if (pthread_create(&th[started], NULL, jobs_worker, &run) != 0) {
            pthread_mutex_lock(&run.mu);
            run.running--;
            pthread_mutex_unlock(&run.mu);
            break;
        }
    }
    pthread_sigmask(SIG_SETMASK, &old_mask, NULL);
    wait_jobs(&run, &progress);
    for (long k = 0; k < started; k++) pthread_join(th[k], NULL);
    res->elapsed = fuda_progress_elapsed(&progress);
    sigaction(SIGINT, &old_sa, NULL);
    fuda_search_clear_stop();
    free(th);
    res->failed = run.failed;
    res->fail_index = run.fail_index;
    res->fail_msg = run.fail_msg;
    res->done = run.done;
    res->interrupted = run.done < count && !run.open_failed && started > 0;
    pthread_cond_destroy(&run.cv);
    pthread_mutex_destroy(&run.mu);
    if (started == 0) return fuda_fail("cannot start a thread");
    if (run.open_failed) return FUDA_EXIT_FAIL;
    return 0;
}
