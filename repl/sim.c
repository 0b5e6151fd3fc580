/* sim.c -- `fuda sim`: bot-only matches and their totals: hands, moves, wins
 * and mean score per seat, the variant's tallies, speed. Match i is seeded
 * with S+i, so every figure but the times is the same on every machine.
 *
 * With -j N the matches are played by N worker threads (runner.c's, as
 * duel's), each with its own engine (its own Lua state; engines share nothing
 * but read-only code). The workers take match indices from a shared counter
 * in order and add each finished match into the totals under a lock; every
 * total is a sum of integers, so the combined figures do not depend on which
 * worker played which match.
 *
 * A match that fails (a script error, a limit of the sandbox, a match that
 * does not end) is counted as failed and left out of the figures; the run goes
 * on, and at the end the first failed match is named with its seed and error,
 * and the exit code is 1. Ctrl-C stops the handing out of matches; the matches
 * already handed out are finished, so the matches played are always 1..K.
 *
 * With --shard K/N the run plays only its K-th share of the matches (shard.h)
 * and writes JSON: its own figures, and in "shard" the exact sums that
 * `fuda merge` adds up into the figures of the whole run (fuda_sim_merge). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "json.h" /* fuda_json_str */
#include "buf.h"
#include "cli.h"
#include "input.h"
#include "out.h"
#include "provenance.h"
#include "report.h"
#include "runner.h"
#include "shard.h"

#define MAX_JOBS 256

typedef struct sim_args {
    fuda_match_args m;
    long matches;
    long jobs;
    int json;
    int report;          /* --report: the rule-effect figures (report.c) */
    const char *svg;     /* --svg FILE: their charts */
    int vs;              /* --vs or --vs-option given: compare with vs_m */
    fuda_match_args vs_m; /* the B side: its variant (default: m's) and options */
    fuda_shard sh;       /* --shard K/N */
} sim_args;

typedef struct sim_totals {
    int nseats;
    long matches, hands, moves, draws;
    long failed;         /* matches that ended in an error (not in the figures) */
    long wins[FUDA_MAX_SEATS + 1];
    long long score[FUDA_MAX_SEATS + 1];
    int ncols;                 /* the variant's named columns (2 or more: figures per column) */
    const char *const *colnames;
    long long colscore[FUDA_MAX_COLS][FUDA_MAX_SEATS + 1];
    int nteams;                /* the variant's teams (a match of several tables), 0: none */
    unsigned team[FUDA_MAX_SEATS];   /* their seats, bit seat-1 */
    long team_wins[FUDA_MAX_SEATS];
    long long team_score[FUDA_MAX_SEATS];
    fuda_tally *tallies; /* sorted by name; the names are malloc'd */
    int ntallies;
    int interrupted;     /* Ctrl-C stopped the run */
    char *first_fail;    /* what to say about the failed matches, or NULL */
    long fail_match;     /* the first failed match (from 0), -1: none */
    char *fail_msg;      /* its error (malloc'd), or NULL */
    double elapsed;
} sim_totals;

/* Parse the flags; 0, or the exit code (help or usage error). */
static int parse_args(int argc, char **argv, sim_args *s) {
    fuda_args a;
    fuda_args_init(&a, argc, argv);
    const char *arg, *v;
    int r;
    s->matches = 100;
    s->jobs = 1;
    s->m.seed = 1;
    while ((arg = fuda_args_next(&a)) != NULL) {
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fuda_print_help("sim");
            return -1;
        }
        if ((r = fuda_args_match(&a, arg, &s->m)) != 0) {
            if (r != 1) return r;
        } else if ((r = fuda_args_flag(&a, arg, "-n", &v)) != 0) {
            if (r < 0 || fuda_args_long("sim", "-n", v, 1, 100000000L, &s->matches)) return FUDA_EXIT_USAGE;
        } else if ((r = fuda_args_jobs(&a, arg, MAX_JOBS, &s->jobs)) != 0) {
            if (r < 0) return FUDA_EXIT_USAGE;
        } else if (strcmp(arg, "--json") == 0) {
            s->json = 1;
        } else if ((r = fuda_report_flag(&a, arg, &s->report, &s->svg, &s->vs, &s->vs_m)) != 0) {
            if (r != 1) return r;
        } else if ((r = fuda_args_shard(&a, arg, &s->sh)) != 0) {
            if (r < 0) return FUDA_EXIT_USAGE;
        } else if (arg[0] == '-' && arg[1]) {
            return fuda_usage_error("sim", "unknown flag '%s'", arg);
        } else if (s->m.variant) {
            return fuda_usage_error("sim", "unexpected argument '%s'", arg);
        } else {
            s->m.variant = arg;
        }
    }
    if (!s->m.variant) return fuda_usage_error("sim", "missing VARIANT");
    if (s->sh.n && (s->report || s->svg || s->vs))
        return fuda_usage_error("sim", "--shard does not go with --report, --svg or --vs (they need the record of "
                                "every match in one run)");
    if (s->sh.n) s->json = 1; /* a shard's result is for fuda merge */
    return fuda_shard_split("sim", &s->sh, s->matches, "matches");
}

static double rate(long n, double secs) { return secs > 0 ? (double)n / secs : 0.0; }

static double mean(const sim_totals *t, int seat) {
    return t->matches ? (double)t->score[seat] / (double)t->matches : 0.0;
}

static double col_mean(const sim_totals *t, int col, int seat) {
    return t->matches ? (double)t->colscore[col][seat] / (double)t->matches : 0.0;
}

/* "1,3": the seats of team k. */
static const char *team_seats(const sim_totals *t, int k, char *buf, size_t n) {
    size_t at = 0;
    buf[0] = '\0';
    for (int s = 1; s <= t->nseats && at < n; s++)
        if (t->team[k] & (1u << (s - 1))) at += (size_t)snprintf(buf + at, n - at, "%s%d", at ? "," : "", s);
    return buf;
}

static double team_mean(const sim_totals *t, int k) {
    return t->matches ? (double)t->team_score[k] / (double)t->matches : 0.0;
}

/* The totals as one JSON object; `extra` (NULL: none) is spliced in before
 * its closing brace (", \"report\": {...}"). */
static void print_json(const char *variant, const sim_totals *t, const char *const bots[], const char *extra) {
    printf("{\"variant\": ");
    fuda_json_put(stdout, variant);
    printf(", \"seats\": %d, \"bots\": [", t->nseats);
    for (int seat = 1; seat <= t->nseats; seat++) {
        if (seat > 1) printf(", ");
        fuda_json_put(stdout, bots[seat]);
    }
    printf("], \"matches\": %ld, \"hands\": %ld, \"moves\": %ld, \"wins\": [", t->matches, t->hands, t->moves);
    for (int seat = 1; seat <= t->nseats; seat++) printf("%s%ld", seat > 1 ? ", " : "", t->wins[seat]);
    printf("], \"draws\": %ld, \"mean_score\": [", t->draws);
    for (int seat = 1; seat <= t->nseats; seat++) printf("%s%.2f", seat > 1 ? ", " : "", mean(t, seat));
    printf("]");
    if (t->ncols > 1) {
        printf(", \"columns\": [");
        for (int c = 0; c < t->ncols; c++) {
            printf("%s{\"name\": ", c ? ", " : "");
            fuda_json_put(stdout, t->colnames[c]);
            printf(", \"mean_score\": [");
            for (int seat = 1; seat <= t->nseats; seat++) printf("%s%.2f", seat > 1 ? ", " : "", col_mean(t, c, seat));
            printf("]}");
        }
        printf("]");
    }
    if (t->nteams) {
        printf(", \"teams\": [");
        for (int k = 0; k < t->nteams; k++) {
            char buf[64];
            printf("%s{\"seats\": [%s], \"wins\": %ld, \"mean_score\": %.2f}", k ? ", " : "",
                   team_seats(t, k, buf, sizeof buf), t->team_wins[k], team_mean(t, k));
        }
        printf("]");
    }
    printf(", \"tallies\": {");
    for (int i = 0; i < t->ntallies; i++) {
        if (i > 0) printf(", ");
        fuda_json_put(stdout, t->tallies[i].name);
        printf(": %ld", t->tallies[i].count);
    }
    printf("}, ");
    if (t->failed) printf("\"failed\": %ld, ", t->failed);
    if (t->interrupted) printf("\"interrupted\": true, ");
    printf("\"elapsed_s\": %.3f, \"matches_per_s\": %.1f, \"hands_per_s\": %.1f, \"moves_per_s\": %.1f%s}",
           t->elapsed, rate(t->matches, t->elapsed), rate(t->hands, t->elapsed), rate(t->moves, t->elapsed),
           extra ? extra : "");
}

static void print_text(const char *variant, const sim_totals *t, const char *const bots[]) {
    printf("variant     %s\n", fuda_out_line(variant));
    printf("seats       %d\n", t->nseats);
    printf("bots        ");
    for (int seat = 1; seat <= t->nseats; seat++) printf("%s%s", seat > 1 ? "," : "", fuda_out_line(bots[seat]));
    printf("\nmatches     %ld\n", t->matches);
    printf("hands       %ld\n", t->hands);
    printf("moves       %ld\n", t->moves);
    for (int seat = 1; seat <= t->nseats; seat++)
        printf("seat %-6d wins %ld, mean score %.2f (%s)\n", seat, t->wins[seat], mean(t, seat),
               fuda_out_line(bots[seat]));
    printf("draws       %ld\n", t->draws);
    for (int k = 0; k < t->nteams; k++) {
        char buf[64];
        printf("team %-6d wins %ld, mean score %.2f (seats %s)\n", k + 1, t->team_wins[k], team_mean(t, k),
               team_seats(t, k, buf, sizeof buf));
    }
    for (int c = 0; c < t->ncols && t->ncols > 1; c++) {
        printf("column      %s: mean score", fuda_out_line(t->colnames[c]));
        for (int seat = 1; seat <= t->nseats; seat++) printf("%s %.2f", seat > 1 ? "," : "", col_mean(t, c, seat));
        printf("\n");
    }
    for (int i = 0; i < t->ntallies; i++)
        printf("tally %s %ld\n", fuda_out_line(t->tallies[i].name), t->tallies[i].count);
    if (t->failed) printf("failed      %ld matches (not counted above)\n", t->failed);
    if (t->interrupted) printf("(interrupted after %ld matches)\n", t->matches + t->failed);
    printf("elapsed     %.3f s\n", t->elapsed);
    printf("matches/s   %.1f\n", rate(t->matches, t->elapsed));
    printf("hands/s     %.1f\n", rate(t->hands, t->elapsed));
    printf("moves/s     %.1f\n", rate(t->moves, t->elapsed));
}

/* ---- tallies ---- */

/* Add `count` of `name` to t's tallies (kept unsorted until tallies_sort). */
static void tallies_add(sim_totals *t, const char *name, long count) {
    for (int i = 0; i < t->ntallies; i++)
        if (strcmp(t->tallies[i].name, name) == 0) {
            t->tallies[i].count += count;
            return;
        }
    t->tallies = fuda_xrealloc(t->tallies, (size_t)(t->ntallies + 1) * sizeof *t->tallies);
    t->tallies[t->ntallies].name = fuda_xstrdup(name);
    t->tallies[t->ntallies++].count = count;
}

static int tally_cmp(const void *a, const void *b) {
    return strcmp(((const fuda_tally *)a)->name, ((const fuda_tally *)b)->name);
}

static void tallies_sort(sim_totals *t) {
    if (t->ntallies > 1) qsort(t->tallies, (size_t)t->ntallies, sizeof *t->tallies, tally_cmp);
}

static void tallies_free(sim_totals *t) {
    for (int i = 0; i < t->ntallies; i++) free((char *)t->tallies[i].name);
    free(t->tallies);
    t->tallies = NULL;
    t->ntallies = 0;
}

/* Add the finished match to the totals: the seats the match format named
 * winners (each a win; Straight Gin's series, a team), else the highest
 * column-1 total; a tie for the highest is a draw. */
static void count_match(const fuda_engine *e, sim_totals *t) {
    int best = 0, nbest = 0, best_seat = 0;
    unsigned named = fuda_engine_winners(e);
    for (int seat = 1; seat <= t->nseats; seat++) {
        int total = fuda_engine_total(e, seat, 1);
        t->score[seat] += total;
        for (int c = 1; c <= t->ncols && t->ncols > 1; c++) t->colscore[c - 1][seat] += fuda_engine_total(e, seat, c);
        if (named & (1u << (seat - 1))) t->wins[seat]++;
        if (seat == 1 || total > best) {
            best = total;
            nbest = 1;
            best_seat = seat;
        } else if (total == best) {
            nbest++;
        }
    }
    const unsigned *teams;
    int nteams = fuda_engine_teams(e, &teams);
    if (nteams > 0 && nteams <= FUDA_MAX_SEATS) {
        t->nteams = nteams;
        for (int k = 0; k < nteams; k++) {
            t->team[k] = teams[k];
            t->team_score[k] += fuda_engine_team_total(e, k + 1, 1);
            if (named && (named & teams[k]) == teams[k]) t->team_wins[k]++;
        }
    }
    if (!named && nbest == 1) t->wins[best_seat]++;
    else if (!named) t->draws++;
    t->matches++;
    t->hands += (long)fuda_engine_state(e)->hand_no;
    t->moves += fuda_engine_move_count(e);
}

/* ---- playing the matches (runner.c's workers) ---- */

typedef struct sim_job {
    const sim_args *s;
    const char *const *bots;
    int nseats;
    fuda_match_rec *recs; /* --report: one record per match, else NULL */
    sim_totals *t;        /* every worker adds to it (integer sums: the order is immaterial) */
    pthread_mutex_t mu;
} sim_job;

static int sim_match(void *ud, fuda_engine *e, long i, char **err) {
    sim_job *j = ud;
    uint64_t seed = j->s->m.seed + (uint64_t)fuda_shard_unit(&j->s->sh, i);
    if (fuda_play_match(e, j->nseats, seed, j->bots, j->recs ? &j->recs[i] : NULL, err) != 0)
        return -1;
    pthread_mutex_lock(&j->mu);
    count_match(e, j->t);
    pthread_mutex_unlock(&j->mu);
    return 0;
}

/* A worker's last word: the tallies its engine counted over its matches. */
static void sim_worker_done(void *ud, fuda_engine *e) {
    sim_job *j = ud;
    const fuda_tally *tl;
    int n = fuda_engine_tallies(e, &tl);
    pthread_mutex_lock(&j->mu);
    for (int k = 0; k < n; k++) tallies_add(j->t, tl[k].name, tl[k].count);
    pthread_mutex_unlock(&j->mu);
}

/* What to say about t's failed matches (malloc'd), or NULL when none failed. */
static char *first_fail(const char *variant, uint64_t seed, const sim_totals *t) {
    if (t->fail_match < 0) return NULL;
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_addf(&b, "%s: %ld failed match%s; the first: match %ld (seed %llu): %s", variant, t->failed,
                  t->failed == 1 ? "" : "es", t->fail_match + 1, (unsigned long long)(seed + (uint64_t)t->fail_match),
                  t->fail_msg);
    return fuda_buf_take(&b);
}

/* Play all the matches (the shard's) on s->jobs workers; 0 or the exit code. */
static int run_all(const fuda_config *cfg, const sim_args *s, const char *const bots[], sim_totals *t,
                   fuda_match_rec *recs) {
    sim_job j = { s, bots, t->nseats, recs, t, PTHREAD_MUTEX_INITIALIZER };
    fuda_jobs_result res;
    long count = s->sh.len;
    int r = fuda_run_jobs_done(cfg, &s->m, s->jobs, count, !s->json && isatty(STDERR_FILENO), "matches",
                               sim_match, sim_worker_done, &j, &res);
    t->elapsed = res.elapsed;
    t->failed = res.failed;
    tallies_sort(t);
    if (r == 0 && t->matches + t->failed < count) t->interrupted = 1;
    t->fail_match = res.fail_index >= 0 ? fuda_shard_unit(&s->sh, res.fail_index) : -1;
    t->fail_msg = res.fail_msg;
    t->first_fail = first_fail(s->m.variant, s->m.seed, t);
    pthread_mutex_destroy(&j.mu);
    return r;
}

/* One side of the run: its engine, seats, bots, totals and (--report) records. */
typedef struct sim_side {
    sim_args s;            /* a copy whose m is this side's */
    fuda_engine *e;
    sim_totals t;
    const char *bots[FUDA_MAX_SEATS + 1];
    char **store;
    fuda_match_rec *recs;
    fuda_report *rep;
    const fuda_config *cfg;
} sim_side;

/* Load the side's variant and play its matches; 0 or the exit code (printed). */
static int side_run(const fuda_config *cfg, sim_side *d) {
    d->cfg = cfg;
    d->e = fuda_open_variant(cfg, &d->s.m);
    if (!d->e) return FUDA_EXIT_FAIL;
    d->t.nseats = fuda_seat_count("sim", d->e, &d->s.m);
    d->t.ncols = fuda_engine_info(d->e)->ncols;
    d->t.colnames = fuda_engine_info(d->e)->columns;
    if (d->t.nseats == 0) return FUDA_EXIT_USAGE;
    int r = fuda_assign_bots("sim", d->e, d->s.m.bots, 0, d->t.nseats, d->bots, &d->store);
    if (r == 0 && d->s.report) {
        d->recs = calloc((size_t)d->s.matches, sizeof *d->recs);
        if (!d->recs) return fuda_fail("out of memory for the records of %ld matches", d->s.matches);
        for (long i = 0; i < d->s.matches; i++) d->recs[i].keep_hands = 1;
    }
    if (r == 0) r = run_all(cfg, &d->s, d->bots, &d->t, d->recs);
    if (r == 0 && d->recs)
        d->rep = fuda_report_new(d->recs, d->s.matches, d->t.nseats, d->t.tallies, d->t.ntallies);
    return r;
}

static void side_free(sim_side *d) {
    free(d->t.first_fail);
    free(d->t.fail_msg);
    tallies_free(&d->t);
    fuda_words_free(d->store);
    fuda_report_free(d->rep);
    for (long i = 0; d->recs && i < d->s.matches; i++) free(d->recs[i].hand_moves);
    free(d->recs);
    fuda_engine_free(d->e);
}

/* ---- shards ---- */

static void json_strings(fuda_buf *b, const char *key, const char *const *v, int from, int to) {
    fuda_buf_addf(b, ", \"%s\": [", key);
    for (int i = from; i <= to; i++) {
        if (i > from) fuda_buf_adds(b, ", ");
        fuda_json_str(b, v[i]);
    }
    fuda_buf_adds(b, "]");
}

/* "[v[1], ..., v[n]]" */
static void json_sums(fuda_buf *b, const long long *v, int n) {
    fuda_buf_adds(b, "[");
    for (int i = 1; i <= n; i++) fuda_buf_addf(b, "%s%lld", i > 1 ? ", " : "", v[i]);
    fuda_buf_adds(b, "]");
}

/* The shard's "data": its exact sums, and what merge prints with them
 * (malloc'd JSON object). */
static char *shard_data(const sim_side *d) {
    const sim_totals *t = &d->t;
    long long v[FUDA_MAX_SEATS + 1];
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_adds(&b, "{\"variant\": ");
    fuda_json_str(&b, fuda_engine_info(d->e)->name);
    fuda_buf_adds(&b, ", \"variant_arg\": ");
    fuda_json_str(&b, d->s.m.variant);
    fuda_buf_addf(&b, ", \"seed\": %llu, \"seats\": %d", (unsigned long long)d->s.m.seed, t->nseats);
    json_strings(&b, "bots", d->bots, 1, t->nseats);
    json_strings(&b, "columns", t->colnames, 0, t->ncols > 1 ? t->ncols - 1 : -1);
    fuda_buf_addf(&b, ", \"matches\": %ld, \"hands\": %ld, \"moves\": %ld, \"draws\": %ld, \"failed\": %ld",
                  t->matches, t->hands, t->moves, t->draws, t->failed);
    for (int seat = 1; seat <= t->nseats; seat++) v[seat] = t->wins[seat];
    fuda_buf_adds(&b, ", \"wins\": ");
    json_sums(&b, v, t->nseats);
    fuda_buf_adds(&b, ", \"score\": ");
    json_sums(&b, t->score, t->nseats);
    fuda_buf_adds(&b, ", \"column_scores\": [");
    for (int c = 0; c < t->ncols && t->ncols > 1; c++) {
        fuda_buf_adds(&b, c ? ", " : "");
        json_sums(&b, t->colscore[c], t->nseats);
    }
    fuda_buf_adds(&b, "], \"teams\": [");
    for (int k = 0; k < t->nteams; k++)
        fuda_buf_addf(&b, "%s[%u, %ld, %lld]", k ? ", " : "", t->team[k], t->team_wins[k], t->team_score[k]);
    fuda_buf_adds(&b, "], \"tallies\": {");
    for (int i = 0; i < t->ntallies; i++) {
        fuda_buf_adds(&b, i ? ", " : "");
        fuda_json_str(&b, t->tallies[i].name);
        fuda_buf_addf(&b, ": %ld", t->tallies[i].count);
    }
    fuda_buf_adds(&b, "}, \"first_fail\": ");
    if (t->fail_match >= 0) {
        fuda_buf_addf(&b, "{\"match\": %ld, \"message\": ", t->fail_match);
        fuda_json_str(&b, t->fail_msg);
        fuda_buf_adds(&b, "}");
    } else {
        fuda_buf_adds(&b, "null");
    }
    fuda_buf_addf(&b, ", \"interrupted\": %s, \"elapsed_us\": %.0f}", t->interrupted ? "true" : "false",
                  t->elapsed * 1e6);
    return fuda_buf_take(&b);
}

/* Print the side's JSON object, its report inside when there is one; a
 * shard's with its "shard" object. */
static void side_json(sim_side *d) {
    char *rep = d->rep ? fuda_report_json(d->rep) : NULL;
    fuda_buf x = FUDA_BUF_INIT;
    if (rep) fuda_buf_addf(&x, ", \"report\": %s", rep);
    fuda_buf bots = FUDA_BUF_INIT;
    for (int seat = 1; seat <= d->t.nseats; seat++) fuda_buf_addf(&bots, "%s%s", seat > 1 ? "," : "", d->bots[seat]);
    fuda_run_info run = { "sim", d->e, &d->s.m, d->cfg, d->s.m.seed, d->s.matches, d->t.nseats, bots.p, NULL };
    char flag[64];
    if (d->s.sh.n) run.extra = fuda_shard_flag(&d->s.sh, flag, sizeof flag);
    fuda_buf_adds(&x, ", ");
    fuda_json_run(&x, &run);
    if (d->s.sh.n) { /* the whole run: what merge checks and prints */
        char *data = shard_data(d);
        run.extra = NULL;
        fuda_buf_adds(&x, ", ");
        fuda_shard_json(&x, &d->s.sh, &run, data);
        free(data);
    }
    fuda_buf_free(&bots);
    print_json(fuda_engine_info(d->e)->name, &d->t, d->bots, x.p);
    fuda_buf_free(&x);
    free(rep);
}

/* What to say about a side's failed or interrupted run; its exit code. */
static int side_failures(const sim_side *d, int r) {
    if (d->t.first_fail) r = fuda_fail("%s", d->t.first_fail);
    if (d->t.interrupted) r = fuda_fail("sim: interrupted after %ld matches", d->t.matches + d->t.failed);
    return r;
}

int fuda_cmd_sim(int argc, char **argv, const fuda_config *cfg) {
    sim_side a = { 0 }, b = { 0 };
    char *vs_label = NULL;
    int r = parse_args(argc, argv, &a.s);
    int other = r == 0 && a.s.vs && a.s.vs_m.variant != NULL; /* --vs VARIANT, not only --vs-option */
    if (r == 0 && a.s.vs) {
        vs_label = fuda_report_vs_label(&a.s.vs_m);
        r = fuda_report_vs_args("sim", &a.s.m, &a.s.vs_m);
    }
    if (r != 0) {
        free(vs_label);
        fuda_match_args_free(&a.s.m);
        fuda_match_args_free(&a.s.vs_m);
        return r < 0 ? FUDA_EXIT_OK : r;
    }
    if (a.s.svg || a.s.vs) a.s.report = 1;
    r = side_run(cfg, &a);
    if (r == 0 && a.s.vs) {
        b.s = a.s;
        b.s.m = a.s.vs_m;
        r = side_run(cfg, &b);
    }
    if (r == 0) {
        if (a.s.json && b.rep) { /* {"main": {...}, "vs": {...}, "compare": {...}} */
            char *cmp = fuda_report_compare_json(a.rep, b.rep);
            printf("{\"main\": ");
            side_json(&a);
            printf(", \"vs\": ");
            side_json(&b);
            printf(", \"compare\": %s}\n", cmp);
            free(cmp);
        } else if (a.s.json) {
            side_json(&a);
            printf("\n");
        } else {
            print_text(fuda_engine_info(a.e)->name, &a.t, a.bots);
            if (a.rep) fuda_report_print(a.rep, a.bots, stdout);
            if (b.rep) {
                printf("\n--- vs ---\n");
                print_text(fuda_engine_info(b.e)->name, &b.t, b.bots);
                fuda_report_print(b.rep, b.bots, stdout);
                printf("\n");
                fuda_report_compare_print(a.rep, b.rep, vs_label, stdout);
            }
        }
        if (a.s.svg) {
            char err[256];
            char *subject = other ? NULL : fuda_report_side_label(&a.s.m, 1);
            char *main_label = other || !b.rep ? fuda_report_side_label(&a.s.m, 1) : fuda_xstrdup("default");
            fuda_svg_side sa = { a.rep, a.recs, a.s.matches, main_label, a.bots };
            fuda_svg_side sb = { b.rep, b.recs, b.s.matches, vs_label, b.bots };
            if (fuda_report_svg(subject, &sa, b.rep ? &sb : NULL, a.e, a.s.m.seed, a.s.svg, err, sizeof err) != 0)
                r = fuda_fail("cannot write '%s': %s", a.s.svg, err);
            free(subject);
            free(main_label);
        }
        r = side_failures(&a, r);
        if (b.e) r = side_failures(&b, r);
    }
    free(vs_label);
    side_free(&a);
    side_free(&b);
    fuda_match_args_free(&a.s.m);
    fuda_match_args_free(&a.s.vs_m);
    return r;
}

/* ---- merging shards ---- */

/* Add shard in's sums to t (its names kept in t, borrowed from the data). */
static void add_shard(fuda_shard_in *in, sim_totals *t, const char **bots, const char **colnames) {
    long n = fuda_shard_long(in, NULL, "seats");
    if (n < 1 || n > FUDA_MAX_SEATS) in->bad = in->bad ? in->bad : "seats";
    if (in->bad) return;
    t->nseats = (int)n;
    const fuda_jv *names = fuda_shard_arr(in, NULL, "bots", t->nseats), *cols = fuda_shard_arr(in, NULL, "columns", -1);
    const fuda_jv *wins = fuda_shard_arr(in, NULL, "wins", t->nseats), *score = fuda_shard_arr(in, NULL, "score", t->nseats);
    const fuda_jv *colsc = fuda_shard_arr(in, NULL, "column_scores", cols ? cols->n : 0);
    const fuda_jv *teams = fuda_shard_arr(in, NULL, "teams", -1), *tallies = fuda_shard_obj(in, NULL, "tallies");
    if (in->bad || cols->n > FUDA_MAX_COLS || teams->n > FUDA_MAX_SEATS) {
        in->bad = in->bad ? in->bad : "columns";
        return;
    }
    for (int seat = 1; seat <= t->nseats; seat++) {
        bots[seat] = fuda_jv_str(&names->items[seat - 1]);
        if (!bots[seat]) in->bad = "bots";
        t->wins[seat] += fuda_shard_item(in, wins, seat - 1, "wins");
        t->score[seat] += fuda_shard_item(in, score, seat - 1, "score");
    }
    t->ncols = cols->n;
    for (int c = 0; c < cols->n; c++) {
        colnames[c] = fuda_jv_str(&cols->items[c]);
        if (!colnames[c] || colsc->items[c].type != FUDA_JV_ARR) in->bad = "columns";
        for (int seat = 1; seat <= t->nseats && !in->bad; seat++)
            t->colscore[c][seat] += fuda_shard_item(in, &colsc->items[c], seat - 1, "column_scores");
    }
    t->colnames = colnames;
    for (int k = 0; k < teams->n && !in->bad; k++) {
        const fuda_jv *team = &teams->items[k];
        t->team[k] = (unsigned)fuda_shard_item(in, team, 0, "teams");
        t->team_wins[k] += fuda_shard_item(in, team, 1, "teams");
        t->team_score[k] += fuda_shard_item(in, team, 2, "teams");
    }
    if (teams->n) t->nteams = teams->n;
    for (int i = 0; i < tallies->n; i++) {
        long c = 0;
        if (fuda_jv_long(&tallies->items[i], &c) != 0) in->bad = "tallies";
        tallies_add(t, tallies->keys[i], c);
    }
    t->matches += fuda_shard_long(in, NULL, "matches");
    t->hands += fuda_shard_long(in, NULL, "hands");
    t->moves += fuda_shard_long(in, NULL, "moves");
    t->draws += fuda_shard_long(in, NULL, "draws");
    t->failed += fuda_shard_long(in, NULL, "failed");
    t->elapsed += (double)fuda_shard_long(in, NULL, "elapsed_us") / 1e6;
    const fuda_jv *ff = fuda_jv_get(in->data, "first_fail");
    if (ff && ff->type == FUDA_JV_OBJ) {
        long m = fuda_shard_long(in, ff, "match");
        const char *msg = fuda_shard_str(in, ff, "message");
        if (!in->bad && (t->fail_match < 0 || m < t->fail_match)) {
            t->fail_match = m;
            free(t->fail_msg);
            t->fail_msg = fuda_xstrdup(msg);
        }
    }
}

int fuda_sim_merge(const fuda_shard_set *set) {
    sim_totals t = { 0 };
    const char *bots[FUDA_MAX_SEATS + 1] = { 0 }, *colnames[FUDA_MAX_COLS] = { 0 };
    const char *variant = NULL, *variant_arg = NULL;
    uint64_t seed = 0;
    int r = 0;
    t.fail_match = -1;
    for (int k = 0; k < set->n && r == 0; k++) {
        fuda_shard_in *in = &set->in[k];
        const fuda_jv *stop = fuda_jv_get(in->data, "interrupted");
        if (stop && stop->type == FUDA_JV_BOOL && stop->boolean)
            r = fuda_shard_say(in, "this shard was stopped (Ctrl-C) before its end: play it again");
        variant = fuda_shard_str(in, NULL, "variant");
        variant_arg = fuda_shard_str(in, NULL, "variant_arg");
        seed = fuda_shard_u64(in, NULL, "seed");
        if (r == 0) add_shard(in, &t, bots, colnames);
        if (r == 0 && in->bad) r = fuda_shard_bad(in);
    }
    if (r == 0) {
        tallies_sort(&t);
        t.first_fail = first_fail(variant_arg, seed, &t);
        if (set->json) {
            fuda_buf x = FUDA_BUF_INIT;
            if (set->run) fuda_buf_addf(&x, ", %s", set->run);
            print_json(variant, &t, bots, x.p);
            printf("\n");
            fuda_buf_free(&x);
        } else {
            print_text(variant, &t, bots);
        }
        if (t.first_fail) r = fuda_fail("%s", t.first_fail);
    }
    free(t.first_fail);
    free(t.fail_msg);
    tallies_free(&t);
    return r;
}
