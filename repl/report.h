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
/* How to name a side in the picture: with_variant, "gin" or "gin
 * (target=50)"; else its options ("target=50"), or "default" without any;
 * malloc'd. */
char *fuda_report_side_label(const fuda_match_args *m, int with_variant);
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

/* One figure compared: b's value against a's, the difference b - a with its
 * 95% interval, and about how many matches a side would show a difference
 * of that size (stats.h: fuda_sample_needed, rounded; 0: none seen). */
typedef struct fuda_figure_diff {
    const char *key, *label, *unit; /* "hands_per_match", "hands per match", " hands" */
    double a, b, d, lo, hi;
    int pct;                        /* a rate: shown in percent (points for a difference) */
    double needed;
} fuda_figure_diff;

/* The figures compared, in out (room for 16); returns their count. */
int fuda_report_diffs(const fuda_report *a, const fuda_report *b, fuda_figure_diff *out);
/* Does the interval leave out 0? */
int fuda_figure_significant(const fuda_figure_diff *f);
/* The figure whose difference would show with the fewest matches, or -1. */
int fuda_report_closest(const fuda_figure_diff *d, int n);
/* That in words, in buf: "a difference the size of the one seen in hands
 * per match (+0.34) would take about 3,700 matches a side to show (a rough
 * estimate ...)". */
void fuda_report_power_words(const fuda_figure_diff *f, char *buf, size_t size);

/* b against a: each figure's difference (b - a) with its 95% interval, and
 * which are significant (the interval leaves out 0), those in words naming
 * b by `label`; when none is, about how many matches would show the
 * difference seen that shows soonest. */
void fuda_report_compare_print(const fuda_report *a, const fuda_report *b, const char *label, FILE *f);
char *fuda_report_compare_json(const fuda_report *a, const fuda_report *b); /* malloc'd */

/* One side of a run, for the picture: its report and records, the name it
 * goes by ("default", "undercut_bonus=10", "oklahoma") and its bots. */
typedef struct fuda_svg_side {
    const fuda_report *rep;
    const fuda_match_rec *recs; /* n of them; those not done are left out */
    long n;
    const char *label;
    const char *const *bots;    /* by seat, from 1 */
} fuda_svg_side;

/* svg.c: write the picture of side a (and of its comparison with side v
 * when v is not NULL) to path atomically: the title names `subject` (the
 * variant and its options; NULL: a's label) and what is compared, then the
 * differences with their intervals, the final scores and the match lengths
 * of both sides, and a's typical match replayed on e from seed + its index.
 * 0, or -1 with the reason in err (path as it was). */
int fuda_report_svg(const char *subject, const fuda_svg_side *a, const fuda_svg_side *v, fuda_engine *e,
                    uint64_t seed, const char *path, char *err, size_t errsize);

#endif
