/* sim.h -- what the parts of `fuda sim` share (sim.c: the flags, the run
 * on runner.c's workers and the command; sim_totals.c: the totals of the
 * matches played and their text and JSON; sim_shard.c: what a shard writes
 * for `fuda merge`, and the merge). Private to them. */
#ifndef FUDA_SIM_H
#define FUDA_SIM_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h" /* fuda_json_str */
#include "buf.h"
#include "cli.h"
#include "input.h"
#include "out.h"
#include "provenance.h"
#include "report.h"
#include "runner.h"
#include "shard.h"

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

/* sim_totals.c. Add the finished match of e to t (its scores, wins, teams,
 * hands and moves); never fails. */
void fuda_sim_count_match(const fuda_engine *e, sim_totals *t);
/* Add `count` of tally `name` to t's (a copy of the name is kept; exits on
 * out of memory, as fuda_xrealloc does); sort them by name; free them. */
void fuda_sim_tallies_add(sim_totals *t, const char *name, long count);
void fuda_sim_tallies_sort(sim_totals *t);
void fuda_sim_tallies_free(sim_totals *t);
/* What to say about t's failed matches (malloc'd, the caller's to free),
 * or NULL when none failed. */
char *fuda_sim_first_fail(const char *variant, uint64_t seed, const sim_totals *t);
/* Print the totals on stdout: as one JSON object (`extra`, NULL for none,
 * spliced in before its closing brace), or as text. */
void fuda_sim_print_json(const char *variant, const sim_totals *t, const char *const bots[], const char *extra);
void fuda_sim_print_text(const char *variant, const sim_totals *t, const char *const bots[]);

/* sim_shard.c. The shard's "data": its exact sums, and what merge prints
 * with them (a JSON object, malloc'd: the caller's to free). */
char *fuda_sim_shard_data(const sim_side *d);

#endif
