/* stats.h -- the few statistics the reports of duel and sim need: a binomial
 * proportion's 95% interval (Wilson), a mean with its interval (running sums),
 * the Elo difference a score rate means, and a fixed-width histogram.
 *
 * Nothing here allocates except the histogram (fuda_hist_free); nothing can
 * fail: an empty sample gives 0 with the widest interval (0..1 for a rate). */
#ifndef FUDA_STATS_H
#define FUDA_STATS_H

#define FUDA_Z95 1.959963984540054 /* the normal quantile of a two-sided 95% interval */

/* A proportion k/n (k may be a half-count: draws score 1/2) with its Wilson
 * score interval at z (FUDA_Z95 for 95%). n == 0: p 0, interval 0..1. */
typedef struct fuda_rate { double p, lo, hi; double n; } fuda_rate;
fuda_rate fuda_wilson(double k, double n, double z);

/* Running sums of a sample; fuda_mean_ci gives the mean and a normal-theory
 * interval (mean +/- z*sd/sqrt(n)); sd is the sample standard deviation (n-1),
 * 0 for fewer than 2 values. */
typedef struct fuda_moments { double n, sum, sumsq; } fuda_moments;
void fuda_moments_add(fuda_moments *m, double x);
void fuda_moments_merge(fuda_moments *m, const fuda_moments *o);
typedef struct fuda_mean { double mean, sd, lo, hi, n; } fuda_mean;
fuda_mean fuda_mean_ci(const fuda_moments *m, double z);

/* The Elo difference a score rate p (0..1) stands for: 400*log10(p/(1-p)),
 * clamped to +/-FUDA_ELO_MAX at p = 1 or 0. The interval of an Elo figure is
 * the Elo of the rate's interval ends (the map is monotonic). */
#define FUDA_ELO_MAX 1200.0
double fuda_elo(double p);

/* A histogram of whole numbers: bins of `width` from `lo`; values below or
 * above the bins fall in the first or last. */
typedef struct fuda_hist { long lo, width; int nbins; long *count; long total; } fuda_hist;
/* A histogram fitted to [min, max] in at most maxbins bins of a whole width
 * (the counts are malloc'd: fuda_hist_free). */
void fuda_hist_init(fuda_hist *h, long min, long max, int maxbins);
void fuda_hist_add(fuda_hist *h, long x);
void fuda_hist_free(fuda_hist *h);

/* A difference of two independent means (b - a) with its interval. */
fuda_mean fuda_mean_diff(const fuda_mean *a, const fuda_mean *b, double z);
/* A difference of two rates (b - a) with a normal interval (Newcombe's
 * method from the two Wilson intervals). */
fuda_rate fuda_rate_diff(const fuda_rate *a, const fuda_rate *b);

/* About how big a sample (in the units of n, the sample the difference was
 * measured on, each side) would find a true difference of `diff` significant
 * at 95% four times in five (80% power): n x (2.80 x se / diff)^2, the
 * standard error se taken from the 95% interval lo..hi as its half-width
 * over 1.96, and shrinking as 1/sqrt(n). A rough estimate, taking the
 * difference seen as the true one; 0 when diff is 0 or the interval empty. */
#define FUDA_Z80 0.8416212335729143 /* the normal quantile of 80% power, one-sided */
double fuda_sample_needed(double n, double diff, double lo, double hi);

/* x rounded to two significant figures ("about 3,700"). */
double fuda_round2(double x);

#endif
