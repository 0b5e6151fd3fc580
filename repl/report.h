/* report.h -- `fuda sim --report`: what a rule does to a game, from the
 * records of the matches (runner.h): each seat's win rate, the first mover's
 * share of hands, how long hands and matches last, how often the last hand
 * decides, lead changes and drama, the tallies as rates; all with 95%
 * intervals. `--vs` compares two such reports; `--svg` draws one (svg.c).
 *
 * Definitions (after CardStock's lead history; see docs/user-guide.md): the
 * leader after a hand is the seat with the strictly highest column-1 total;
 * a lead change is a new sole leader; drama is how many points the eventual
 * winner trailed the leader by at worst; a match is decided in its last hand
 * when its winner did not lead alone before that hand. */
#ifndef FUDA_REPORT_H
#define FUDA_REPORT_H

#include <stdio.h>

#include "cli.h"
#include "runner.h"
#include "stats.h"

typedef struct fuda_report {
    int nseats;
    long matches;          /* matches recorded (failed ones are left out) */
    long hands;            /* hands in them */
    fuda_rate seat_win[FUDA_MAX_SEATS + 1]; /* share of matches each seat won (a shared win counts) */
    fuda_rate draw;        /* matches without a winner */
    fuda_rate first_mover; /* hands won by the seat that moved first in them */
    fuda_mean length;      /* hands per match */
    fuda_mean hand_moves;  /* moves per hand (over every hand) */
    fuda_rate last_hand;   /* matches decided in their last hand */
    fuda_mean lead_changes;
    fuda_mean drama;       /* points, over matches with a sole winner */
    fuda_rate comeback;    /* matches whose winner trailed after some hand */
    fuda_hist length_hist;
    fuda_hist score_hist;  /* final column-1 totals, every seat */
    fuda_hist hand_hist;   /* moves per hand, from the records that kept them (keep_hands) */
    int ntallies;
    char **tally_names;
    long *tally_counts;
    long typical;          /* a match of median length (index), -1: none */
} fuda_report;

/* If arg is --report, --svg FILE, --vs VARIANT or --vs-option NAME=VALUE,
 * record it and return 1; 0 if not; FUDA_EXIT_USAGE (printed) on a missing
 * or bad value. */
int fuda_report_flag(fuda_args *a, const char *arg, int *report, const char **svg, int *vs, fuda_match_args *vs_m);
/* How to name the --vs side before fuda_report_vs_args completes it: its
 * variant and options as given ("oklahoma", "undercut_bonus=10, target=50");
 * malloc'd. */
char *fuda_report_vs_label(const fuda_match_args *vs_m);
/* Complete the --vs side from the main one: its variant (default: the same,
 * then with the main options before its own), seed, seats and bots. 0. */
int fuda_report_vs_args(const char *cmd, const fuda_match_args *m, fuda_match_args *vs_m);

/* The report of recs[0..n) (those not done are skipped) and the tallies.
 * Never NULL (aborts when out of memory); free with fuda_report_free. */
fuda_report *fuda_report_new(const fuda_match_rec *recs, long n, int nseats, const fuda_tally *tallies,
                             int ntallies);
void fuda_report_free(fuda_report *r);

void fuda_report_print(const fuda_report *r, const char *const bots[], FILE *f);
char *fuda_report_json(const fuda_report *r); /* malloc'd object */

/* b against a: each figure's difference (b - a) with its 95% interval, and
 * which are significant (the interval leaves out 0), those in words naming
 * b by `label`. */
void fuda_report_compare_print(const fuda_report *a, const fuda_report *b, const char *label, FILE *f);
char *fuda_report_compare_json(const fuda_report *a, const fuda_report *b); /* malloc'd */

/* svg.c: write the charts of r (score distribution, length histogram, the
 * lead history of its typical match, replayed on e with seed + index; and
 * b's length histogram beside r's when b is not NULL) to path atomically.
 * 0, or -1 with the reason in err (path as it was). */
int fuda_report_svg(const fuda_report *r, fuda_engine *e, const char *const bots[], uint64_t seed,
                    const fuda_report *b, const char *path, char *err, size_t errsize);

#endif
