/* duel.c -- `fuda duel VARIANT --bots A,B`: how much stronger bot A is than
 * bot B, with confidence. Every deal (seed S+d) is played once per seating:
 * with two seats A,B then B,A on the same shuffle, so the luck of the cards
 * cancels out; with more seats the list is rotated through every seat. The
 * report gives A's share of matches and of hands with 95% Wilson intervals,
 * its mean score margin, the Elo difference with its interval, and with more
 * than two seats each entry's distribution of final ranks.
 *
 * Matches are played on -j worker threads (runner.c); each writes its own
 * slot of the records, so the figures are the same at every -j.
 *
 * With --shard K/N the run plays its K-th share of the deals (shard.h), every
 * seating of a deal in the same shard, and writes JSON: its own figures, and
 * in "shard" the record of each match, from which `fuda merge` figures the
 * whole run in the same order, to the last bit (fuda_duel_merge). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "json.h" /* fuda_json_str */
#include "provenance.h"
#include "buf.h"
#include "cli.h"
#include "input.h"
#include "out.h"
#include "runner.h"
#include "shard.h"
#include "search.h"
#include "stats.h"

#define MAX_DEALS 10000000L
#define MAX_JOBS 256
#define DUEL_THINK 6 /* ms a search decision by default: `duel gin --bots search,basic` in minutes */

typedef struct duel_args {
    fuda_match_args m;
    long deals;
    long jobs;
    int json;
    fuda_shard sh; /* --shard K/N */
} duel_args;

typedef struct duel_run {
    int nseats;
    const char *lineup[FUDA_MAX_SEATS + 1]; /* entry k (1-based) of the list, seated at k in rotation 0 */
    uint64_t seed;
    fuda_match_rec *recs;                   /* one per match: deal * nseats + rotation (the shard's deals) */
    const fuda_shard *sh;
} duel_run;

static int parse_args(int argc, char **argv, duel_args *d) {
    fuda_args a;
    fuda_args_init(&a, argc, argv);
    const char *arg, *v;
    int r;
    d->deals = 100;
    d->jobs = 1;
    d->m.seed = 1;
    while ((arg = fuda_args_next(&a)) != NULL) {
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fuda_print_help("duel");
            return -1;
        }
        if ((r = fuda_args_match(&a, arg, &d->m)) != 0) {
            if (r != 1) return r;
        } else if ((r = fuda_args_flag(&a, arg, "-n", &v)) != 0) {
            if (r < 0 || fuda_args_long("duel", "-n", v, 1, MAX_DEALS, &d->deals)) return FUDA_EXIT_USAGE;
        } else if ((r = fuda_args_jobs(&a, arg, MAX_JOBS, &d->jobs)) != 0) {
            if (r < 0) return FUDA_EXIT_USAGE;
        } else if (strcmp(arg, "--json") == 0) {
            d->json = 1;
        } else if ((r = fuda_args_shard(&a, arg, &d->sh)) != 0) {
            if (r < 0) return FUDA_EXIT_USAGE;
        } else if (arg[0] == '-' && arg[1]) {
            return fuda_usage_error("duel", "unknown flag '%s'", arg);
        } else if (d->m.variant) {
            return fuda_usage_error("duel", "unexpected argument '%s'", arg);
        } else {
            d->m.variant = arg;
        }
    }
    if (!fuda_search_budget(NULL, NULL)) fuda_search_set_budget(DUEL_THINK, 0); /* not play's 200 ms */
    if (!d->m.variant) return fuda_usage_error("duel", "missing VARIANT");
    if (!d->m.bots || !strchr(d->m.bots, ','))
        return fuda_usage_error("duel", "--bots needs two bots or more (--bots A,B)");
    if (d->sh.n) d->json = 1; /* a shard's result is for fuda merge */
    return fuda_shard_split("duel", &d->sh, d->deals, "deals");
}

/* The seat entry k sits at in rotation rot (1-based seats). */
static int seat_of(int k, int rot, int n) { return (k - 1 + rot) % n + 1; }

/* The run's match (from 0) that is the shard's match i. */
static long run_match(const duel_run *d, long i) {
    return fuda_shard_unit(d->sh, i / d->nseats) * d->nseats + i % d->nseats;
}

static int play_one(void *ud, fuda_engine *e, long i, char **err) {
    duel_run *d = ud;
    int n = d->nseats, rot = (int)(i % n);
    const char *bots[FUDA_MAX_SEATS + 1] = { 0 };
    for (int k = 1; k <= n; k++) bots[seat_of(k, rot, n)] = d->lineup[k];
    return fuda_play_match(e, n, d->seed + (uint64_t)(run_match(d, i) / n), bots, &d->recs[i], err);
}

/* Rank of seat in a finished match: 1 + the seats placed above it (named
 * winners above the others, then by total; equal totals share a rank). */
static int rank_of(const fuda_match_rec *r, int seat) {
    unsigned named = r->winners;
    int in = (named >> (seat - 1)) & 1, rank = 1;
    for (int s = 1; s <= r->nseats; s++) {
        if (s == seat) continue;
        int s_in = (named >> (s - 1)) & 1;
        if (s_in > in || (s_in == in && r->total[s] > r->total[seat])) rank++;
    }
    return rank;
}

/* Entry 1's share of a match: 1 alone among the winners, 1/k with k winners,
 * 1/n in a draw (no winner), 0 otherwise. */
static double match_share(const fuda_match_rec *r, int seat) {
    unsigned w = r->winners;
    int k = 0;
    for (int s = 1; s <= r->nseats; s++) k += (w >> (s - 1)) & 1;
    if (!w) return 1.0 / r->nseats;
    return (w >> (seat - 1)) & 1 ? 1.0 / k : 0.0;
}

typedef struct duel_figures {
    long deals;         /* deals played in every seating: the figures are theirs */
    long matches, wins, losses, draws, hands;
    double share, hand_share, pair_score, pairs;
    fuda_rate rate, hand_rate, pair_rate;
    fuda_mean margin;
    double elo, elo_lo, elo_hi;
    long ranks[FUDA_MAX_SEATS + 1][FUDA_MAX_SEATS + 1]; /* entry, rank */
} duel_figures;

/* Were all the seatings of deal i / n played (a run stopped by Ctrl-C leaves
 * some unplayed: a deal counts whole or not at all, so its luck cancels). */
static int deal_done(const duel_run *d, long i) {
    for (long k = i - i % d->nseats; k < i - i % d->nseats + d->nseats; k++)
        if (!d->recs[k].done) return 0;
    return 1;
}

static void figure(const duel_run *d, long nmatches, duel_figures *f) {
    int n = d->nseats;
    fuda_moments margin = { 0 };
    memset(f, 0, sizeof *f);
    for (long i = 0; i < nmatches; i++) {
        const fuda_match_rec *r = &d->recs[i];
        if (!deal_done(d, i)) continue;
        if (i % n == 0) f->deals++;
        int rot = (int)(i % n), a = seat_of(1, rot, n);
        f->matches++;
        double sh = match_share(r, a);
        f->share += sh;
        if (!r->winners) f->draws++;
        else if (sh > 0) f->wins++;
        else f->losses++;
        f->hands += r->hands;
        f->hand_share += r->hand_wins[a] + (double)r->hand_draws / n;
        double others = 0;
        for (int s = 1; s <= n; s++) {
            if (s == a) continue;
            others += r->total[s];
            f->pairs += 1;
            f->pair_score += r->total[a] > r->total[s] ? 1 : r->total[a] == r->total[s] ? 0.5 : 0;
        }
        fuda_moments_add(&margin, r->total[a] - others / (n - 1));
        for (int k = 1; k <= n; k++) f->ranks[k][rank_of(r, seat_of(k, rot, n))]++;
    }
    f->rate = fuda_wilson(f->share, (double)f->matches, FUDA_Z95);
    f->hand_rate = fuda_wilson(f->hand_share, (double)f->hands, FUDA_Z95);
    f->margin = fuda_mean_ci(&margin, FUDA_Z95);
    /* Elo: of the match score with two seats; of the pairwise score (A's
     * total against each other seat's) with more */
    fuda_rate er = n == 2 ? f->rate : fuda_wilson(f->pair_score, f->pairs, FUDA_Z95);
    f->pair_rate = er;
    f->elo = fuda_elo(er.p);
    f->elo_lo = fuda_elo(er.lo);
    f->elo_hi = fuda_elo(er.hi);
}

/* The budget of the search bots, when one plays: "200 ms a decision". */
static void print_budget(const duel_run *d) {
    int search = 0;
    for (int k = 1; k <= d->nseats; k++) search |= strcmp(d->lineup[k], "search") == 0;
    if (!search) return;
    long ms, iters;
    fuda_search_budget(&ms, &iters);
    if (iters > 0) printf("budget      search: %ld playouts a decision (--iters)\n", iters);
    else printf("budget      search: %ld ms a decision (--think)\n", ms);
}

static void print_text(const char *variant, const duel_run *d, const duel_figures *f, const fuda_jobs_result *res,
                       long nmatches) {
    int n = d->nseats;
    const char *A = fuda_out_line(d->lineup[1]); /* names shown in fuda's lines: one line each (out.h) */
    printf("duel        %s, %d seats: %s", fuda_out_line(variant), n, A);
    for (int k = 2; k <= n; k++) printf(" vs %s", fuda_out_line(d->lineup[k]));
    printf("\n");
    print_budget(d);
    printf("matches     %ld (%ld deal%s x %d seatings, seeds from %llu)\n", f->matches, f->deals,
           f->deals == 1 ? "" : "s", n, (unsigned long long)d->seed);
    if (res->interrupted)
        printf("stopped     after %ld of %ld matches (Ctrl-C)\n"
               "            figures of the %ld deal%s played in every seating\n",
               res->done, nmatches, f->deals, f->deals == 1 ? "" : "s");
    if (!f->matches) return;
    printf("%-11s %ld wins, %ld losses, %ld draws\n", A, f->wins, f->losses, f->draws);
    printf("win rate    %.1f%% of matches (95%% CI %.1f%% to %.1f%%)\n", 100 * f->rate.p, 100 * f->rate.lo,
           100 * f->rate.hi);
    printf("hands       %.1f%% of %ld hands (95%% CI %.1f%% to %.1f%%)\n", 100 * f->hand_rate.p, f->hands,
           100 * f->hand_rate.lo, 100 * f->hand_rate.hi);
    printf("margin      %+.1f points per match (95%% CI %+.1f to %+.1f)\n", f->margin.mean, f->margin.lo,
           f->margin.hi);
    printf("elo         %+.0f (95%% CI %+.0f to %+.0f)%s%s\n", f->elo, f->elo_lo, f->elo_hi,
           n > 2 ? " from the totals against each other seat" : "",
           fabs(f->elo) >= FUDA_ELO_MAX ? " (no loss or no win: capped)" : "");
    if (n > 2) {
        printf("ranks       entry: share of matches at rank 1..%d\n", n);
        for (int k = 1; k <= n; k++) {
            printf("  %d %-8s", k, fuda_out_line(d->lineup[k]));
            for (int r = 1; r <= n; r++)
                printf(" %5.1f%%", f->matches ? 100.0 * (double)f->ranks[k][r] / (double)f->matches : 0.0);
            printf("\n");
        }
    }
}

static void json_str(const char *s) {
    fuda_buf b = FUDA_BUF_INIT;
    fuda_json_str(&b, s);
    fputs(b.p, stdout);
    fuda_buf_free(&b);
}

static void print_json(const char *variant, const duel_run *d, long deals, const duel_figures *f,
                       const fuda_jobs_result *res, const char *run) {
    int n = d->nseats;
    printf("{\"variant\": ");
    json_str(variant);
    printf(", \"seats\": %d, \"bots\": [", n);
    for (int k = 1; k <= n; k++) {
        if (k > 1) printf(", ");
        json_str(d->lineup[k]);
    }
    printf("], \"deals\": %ld, \"matches\": %ld, \"wins\": %ld, \"losses\": %ld, \"draws\": %ld", f->deals,
           f->matches, f->wins, f->losses, f->draws);
    printf(", \"win_rate\": %.4f, \"ci_low\": %.4f, \"ci_high\": %.4f", f->rate.p, f->rate.lo, f->rate.hi);
    printf(", \"hands\": %ld, \"hand_win_rate\": %.4f, \"hand_ci_low\": %.4f, \"hand_ci_high\": %.4f", f->hands,
           f->hand_rate.p, f->hand_rate.lo, f->hand_rate.hi);
    printf(", \"margin\": %.2f, \"margin_low\": %.2f, \"margin_high\": %.2f", f->margin.mean, f->margin.lo,
           f->margin.hi);
    printf(", \"elo\": %.1f, \"elo_low\": %.1f, \"elo_high\": %.1f", f->elo, f->elo_lo, f->elo_hi);
    printf(", \"ranks\": [");
    for (int k = 1; k <= n; k++) {
        printf("%s[", k > 1 ? ", " : "");
        for (int r = 1; r <= n; r++) printf("%s%ld", r > 1 ? ", " : "", f->ranks[k][r]);
        printf("]");
    }
    printf("]");
    if (res->failed) printf(", \"failed\": %ld", res->failed);
    if (res->interrupted) /* Ctrl-C: the matches played of those asked for; the figures are of whole deals */
        printf(", \"interrupted\": true, \"played\": %ld, \"planned\": %ld", res->done, deals * n);
    printf(", \"elapsed_s\": %.3f, %s}\n", res->elapsed, run);
}

/* "NAME: F failed matches; the first: match M (seed S): MESSAGE" on stderr
 * (match: the run's, from 0); FUDA_EXIT_FAIL. */
static int say_failure(const char *name, const duel_run *d, long failed, long match, const char *msg) {
    return fuda_fail("%s: %ld failed match%s; the first: match %ld (seed %llu): %s", name, failed,
                     failed == 1 ? "" : "es", match + 1, (unsigned long long)(d->seed + (uint64_t)(match / d->nseats)),
                     msg);
}

/* ---- shards ---- */

/* The shard's "data": the record of each match it finished (the run's match
 * index, hands, winners, hand draws, totals, hands won by seat), the first
 * failure, the budget (malloc'd JSON object). */
static char *shard_data(const char *name, const duel_args *a, const duel_run *d, const fuda_jobs_result *res,
                        long nmatches) {
    int n = d->nseats;
    long ms, iters;
    fuda_search_budget(&ms, &iters);
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_adds(&b, "{\"variant\": ");
    fuda_json_str(&b, name);
    fuda_buf_adds(&b, ", \"variant_arg\": ");
    fuda_json_str(&b, a->m.variant);
    fuda_buf_addf(&b, ", \"seed\": %llu, \"seats\": %d, \"lineup\": [", (unsigned long long)d->seed, n);
    for (int k = 1; k <= n; k++) {
        fuda_buf_adds(&b, k > 1 ? ", " : "");
        fuda_json_str(&b, d->lineup[k]);
    }
    fuda_buf_addf(&b, "], \"deals\": %ld, \"budget\": [%ld, %ld], \"failed\": %ld, \"first_fail\": ", a->deals, ms,
                  iters, res->failed);
    if (res->fail_msg) {
        fuda_buf_addf(&b, "{\"match\": %ld, \"message\": ", run_match(d, res->fail_index));
        fuda_json_str(&b, res->fail_msg);
        fuda_buf_adds(&b, "}");
    } else {
        fuda_buf_adds(&b, "null");
    }
    fuda_buf_addf(&b, ", \"interrupted\": %s, \"done\": %ld, \"elapsed_us\": %.0f, \"records\": [",
                  res->interrupted ? "true" : "false", res->done, res->elapsed * 1e6);
    for (long i = 0, first = 1; i < nmatches; i++) {
        const fuda_match_rec *r = &d->recs[i];
        if (!r->done) continue;
        fuda_buf_addf(&b, "%s[%ld, %d, %u, %d", first ? "" : ", ", run_match(d, i), r->hands, r->winners, r->hand_draws);
        for (int s = 1; s <= n; s++) fuda_buf_addf(&b, ", %d", r->total[s]);
        for (int s = 1; s <= n; s++) fuda_buf_addf(&b, ", %d", r->hand_wins[s]);
        fuda_buf_adds(&b, "]");
        first = 0;
    }
    fuda_buf_adds(&b, "]}");
    return fuda_buf_take(&b);
}

/* The "run" of the JSON result (a shard's with its "shard" object after it),
 * in out. */
static void run_json(fuda_buf *out, fuda_engine *e, const duel_args *a, const duel_run *d, const fuda_config *cfg,
                     const char *name, const fuda_jobs_result *res, long nmatches) {
    fuda_buf bots = FUDA_BUF_INIT;
    for (int k = 1; k <= d->nseats; k++) fuda_buf_addf(&bots, "%s%s", k > 1 ? "," : "", d->lineup[k]);
    fuda_run_info ri = { "duel", e, &a->m, cfg, d->seed, a->deals, d->nseats, bots.p, NULL };
    char flag[64];
    if (a->sh.n) ri.extra = fuda_shard_flag(&a->sh, flag, sizeof flag);
    fuda_json_run(out, &ri);
    if (a->sh.n) { /* the whole run: what merge checks and prints */
        char *data = shard_data(name, a, d, res, nmatches);
        ri.extra = NULL;
        fuda_buf_adds(out, ", ");
        fuda_shard_json(out, &a->sh, &ri, data);
        free(data);
    }
    fuda_buf_free(&bots);
}

/* Shard in's records into d->recs (the run's matches), its failure and
 * counts into res. */
static void add_shard(fuda_shard_in *in, duel_run *d, long nmatches, fuda_jobs_result *res) {
    int n = d->nseats;
    const fuda_jv *recs = fuda_shard_arr(in, NULL, "records", -1), *ff = fuda_jv_get(in->data, "first_fail");
    for (int k = 0; recs && k < recs->n && !in->bad; k++) {
        const fuda_jv *v = &recs->items[k];
        long m = fuda_shard_item(in, v, 0, "records");
        if (v->n != 4 + 2 * n || m < 0 || m >= nmatches || d->recs[m].done) {
            in->bad = "records";
            break;
        }
        fuda_match_rec *r = &d->recs[m];
        r->done = 1;
        r->nseats = n;
        r->hands = (int)fuda_shard_item(in, v, 1, "records");
        r->winners = (unsigned)fuda_shard_item(in, v, 2, "records");
        r->hand_draws = (int)fuda_shard_item(in, v, 3, "records");
        for (int s = 1; s <= n; s++) {
            r->total[s] = (int)fuda_shard_item(in, v, 3 + s, "records");
            r->hand_wins[s] = (int)fuda_shard_item(in, v, 3 + n + s, "records");
        }
    }
    res->failed += fuda_shard_long(in, NULL, "failed");
    res->done += fuda_shard_long(in, NULL, "done");
    res->elapsed += (double)fuda_shard_long(in, NULL, "elapsed_us") / 1e6;
    if (ff && ff->type == FUDA_JV_OBJ) {
        long m = fuda_shard_long(in, ff, "match");
        const char *msg = fuda_shard_str(in, ff, "message");
        if (!in->bad && (!res->fail_msg || m < res->fail_index)) {
            free(res->fail_msg);
            res->fail_msg = fuda_xstrdup(msg);
            res->fail_index = m;
        }
    }
}

int fuda_duel_merge(const fuda_shard_set *set) {
    fuda_shard_in *in0 = &set->in[0];
    duel_run d = { 0 };
    fuda_jobs_result res = { 0 };
    const char *name = fuda_shard_str(in0, NULL, "variant");
    long n = fuda_shard_long(in0, NULL, "seats"), deals = fuda_shard_long(in0, NULL, "deals");
    const fuda_jv *lineup = fuda_shard_arr(in0, NULL, "lineup", (int)n), *budget = fuda_shard_arr(in0, NULL, "budget", 2);
    d.seed = fuda_shard_u64(in0, NULL, "seed");
    if (!in0->bad && (n < 2 || n > FUDA_MAX_SEATS)) in0->bad = "seats";
    if (!in0->bad && (deals < 1 || deals > MAX_DEALS)) in0->bad = "deals";
    if (in0->bad) return fuda_shard_bad(in0);
    d.nseats = (int)n;
    for (int k = 1; k <= d.nseats; k++)
        if (!(d.lineup[k] = fuda_jv_str(&lineup->items[k - 1]))) return fuda_shard_bad(in0);
    fuda_search_set_budget(fuda_shard_item(in0, budget, 0, "budget"), fuda_shard_item(in0, budget, 1, "budget"));
    long nmatches = deals * d.nseats;
    d.recs = calloc((size_t)nmatches, sizeof *d.recs);
    if (!d.recs) return fuda_fail("out of memory for %ld matches", nmatches);
    int r = 0;
    for (int k = 0; k < set->n && r == 0; k++) {
        fuda_shard_in *in = &set->in[k];
        const fuda_jv *stop = fuda_jv_get(in->data, "interrupted");
        if (stop && stop->type == FUDA_JV_BOOL && stop->boolean)
            r = fuda_shard_say(in, "this shard was stopped (Ctrl-C) before its end: play it again");
        else add_shard(in, &d, nmatches, &res);
        if (r == 0 && in->bad) r = fuda_shard_bad(in);
    }
    if (r == 0) {
        duel_figures f;
        figure(&d, nmatches, &f);
        if (set->json) print_json(name, &d, deals, &f, &res, set->run ? set->run : "\"run\": null");
        else print_text(name, &d, &f, &res, nmatches);
        if (res.fail_msg) r = say_failure(name, &d, res.failed, res.fail_index, res.fail_msg);
    }
    free(res.fail_msg);
    free(d.recs);
    return r;
}

/* ---- the command ---- */

int fuda_cmd_duel(int argc, char **argv, const fuda_config *cfg) {
    duel_args a = { 0 };
    int r = parse_args(argc, argv, &a);
    if (r != 0) {
        fuda_match_args_free(&a.m);
        return r < 0 ? FUDA_EXIT_OK : r;
    }
    fuda_engine *e = fuda_open_variant(cfg, &a.m);
    if (!e) {
        fuda_match_args_free(&a.m);
        return FUDA_EXIT_FAIL;
    }
    duel_run d = { 0 };
    char **store = NULL;
    d.nseats = fuda_seat_count("duel", e, &a.m);
    d.seed = a.m.seed;
    if (d.nseats == 0) r = FUDA_EXIT_USAGE;
    else if (d.nseats < 2) r = fuda_usage_error("duel", "a duel needs two seats or more");
    else r = fuda_assign_bots("duel", e, a.m.bots, 0, d.nseats, d.lineup, &store);
    char *name = r == 0 ? fuda_xstrdup(fuda_engine_info(e)->name) : NULL; /* every worker loads its own */
    fuda_jobs_result res = { 0 };
    long deals = a.sh.len, nmatches = deals * d.nseats;
    d.sh = &a.sh;
    if (r == 0) {
        d.recs = calloc((size_t)nmatches, sizeof *d.recs);
        if (!d.recs) r = fuda_fail("out of memory for %ld matches", nmatches);
    }
    if (r == 0)
        r = fuda_run_jobs(cfg, &a.m, a.jobs, nmatches, !a.json && isatty(STDERR_FILENO), 1, "matches", play_one,
                          &d, &res);
    if (r == 0) {
        duel_figures f;
        figure(&d, nmatches, &f);
        if (a.json) { /* with what makes it reproducible: the run, -n counting deals */
            fuda_buf run = FUDA_BUF_INIT;
            run_json(&run, e, &a, &d, cfg, name, &res, nmatches);
            print_json(name, &d, deals, &f, &res, run.p);
            fuda_buf_free(&run);
        } else {
            print_text(name, &d, &f, &res, nmatches);
        }
        if (res.fail_msg) r = say_failure(name, &d, res.failed, run_match(&d, res.fail_index), res.fail_msg);
        if (res.interrupted) r = FUDA_EXIT_FAIL; /* the result says it stopped */
    }
    free(res.fail_msg);
    for (long i = 0; d.recs && i < nmatches; i++) free(d.recs[i].hand_moves); /* none kept; safe */
    free(d.recs);
    free(name);
    fuda_engine_free(e);
    fuda_words_free(store);
    fuda_match_args_free(&a.m);
    return r;
}
