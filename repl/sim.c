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
 * `fuda merge` adds up into the figures of the whole run (fuda_sim_merge).
 *
 * The totals and their text and JSON are sim_totals.c's, the shards' data
 * and their merge sim_shard.c's (sim.h). */
#include <pthread.h>
#include <unistd.h>

#include "sim.h"

#define MAX_JOBS 256

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
    fuda_sim_count_match(e, j->t);
    pthread_mutex_unlock(&j->mu);
    return 0;
}

/* A worker's last word: the tallies its engine counted over its matches. */
static void sim_worker_done(void *ud, fuda_engine *e) {
    sim_job *j = ud;
    const fuda_tally *tl;
    int n = fuda_engine_tallies(e, &tl);
    pthread_mutex_lock(&j->mu);
    for (int k = 0; k < n; k++) fuda_sim_tallies_add(j->t, tl[k].name, tl[k].count);
    pthread_mutex_unlock(&j->mu);
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
    fuda_sim_tallies_sort(t);
    if (r == 0 && t->matches + t->failed < count) t->interrupted = 1;
    t->fail_match = res.fail_index >= 0 ? fuda_shard_unit(&s->sh, res.fail_index) : -1;
    t->fail_msg = res.fail_msg;
    t->first_fail = fuda_sim_first_fail(s->m.variant, s->m.seed, t);
    pthread_mutex_destroy(&j.mu);
    return r;
}

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
    fuda_sim_tallies_free(&d->t);
    fuda_words_free(d->store);
    fuda_report_free(d->rep);
    for (long i = 0; d->recs && i < d->s.matches; i++) free(d->recs[i].hand_moves);
    free(d->recs);
    fuda_engine_free(d->e);
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
        char *data = fuda_sim_shard_data(d);
        run.extra = NULL;
        fuda_buf_adds(&x, ", ");
        fuda_shard_json(&x, &d->s.sh, &run, data);
        free(data);
    }
    fuda_buf_free(&bots);
    fuda_sim_print_json(fuda_engine_info(d->e)->name, &d->t, d->bots, x.p);
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
            fuda_sim_print_text(fuda_engine_info(a.e)->name, &a.t, a.bots);
            if (a.rep) fuda_report_print(a.rep, a.bots, stdout);
            if (b.rep) {
                printf("\n--- vs ---\n");
                fuda_sim_print_text(fuda_engine_info(b.e)->name, &b.t, b.bots);
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
