/* test_stats.c -- the statistics of duel and sim --report on samples whose
 * answers are known: Wilson intervals from the published tables, the mean and
 * sd of a fixed sample, coverage of the interval over simulated coins, Elo. */
#include "test.h"
#include "../../repl/stats.c"

#include <math.h>
#include <stdint.h>

static int near(double a, double b, double eps) { return fabs(a - b) <= eps; }

/* Wilson 95% for 81/263 is 0.2553..0.3662 (Newcombe 1998, Table I example). */
static void wilson_known(void) {
    fuda_rate r = fuda_wilson(81, 263, FUDA_Z95);
    CHECK(near(r.p, 0.30798, 1e-4));
    CHECK(near(r.lo, 0.2553, 5e-4));
    CHECK(near(r.hi, 0.3662, 5e-4));
    r = fuda_wilson(0, 10, FUDA_Z95); /* 0/10: 0 .. 0.2775 */
    CHECK(r.lo == 0);
    CHECK(near(r.hi, 0.2775, 5e-4));
    r = fuda_wilson(10, 10, FUDA_Z95);
    CHECK(r.hi == 1);
    CHECK(near(r.lo, 0.7225, 5e-4));
    r = fuda_wilson(50, 100, FUDA_Z95); /* symmetric about 1/2 */
    CHECK(near(r.lo + r.hi, 1.0, 1e-12));
    CHECK(near(r.lo, 0.4038, 5e-4));
    r = fuda_wilson(0, 0, FUDA_Z95);
    CHECK(r.lo == 0 && r.hi == 1);
}

/* A 64-bit LCG for the coverage test: reproducible, no library generator. */
static uint64_t lcg_state = 12345;
static double uniform(void) {
    lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(lcg_state >> 11) / 9007199254740992.0;
}

/* Over 2000 samples of 200 coins with p = 0.3 the 95% interval holds p in
 * 93% to 97% of them. */
static void wilson_coverage(void) {
    int hits = 0;
    for (int t = 0; t < 2000; t++) {
        int k = 0;
        for (int i = 0; i < 200; i++) k += uniform() < 0.3;
        fuda_rate r = fuda_wilson(k, 200, FUDA_Z95);
        hits += r.lo <= 0.3 && 0.3 <= r.hi;
    }
    CHECK(hits >= 1860 && hits <= 1940);
}

/* 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample sd sqrt(32/7). */
static void mean_known(void) {
    fuda_moments m = { 0 };
    double xs[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
    for (int i = 0; i < 8; i++) fuda_moments_add(&m, xs[i]);
    fuda_mean r = fuda_mean_ci(&m, FUDA_Z95);
    CHECK(near(r.mean, 5, 1e-12));
    CHECK(near(r.sd, sqrt(32.0 / 7), 1e-12));
    CHECK(near(r.hi - r.mean, FUDA_Z95 * sqrt(32.0 / 7) / sqrt(8), 1e-12));
    fuda_moments a = { 0 }, b = { 0 };
    for (int i = 0; i < 4; i++) fuda_moments_add(&a, xs[i]);
    for (int i = 4; i < 8; i++) fuda_moments_add(&b, xs[i]);
    fuda_moments_merge(&a, &b);
    fuda_mean r2 = fuda_mean_ci(&a, FUDA_Z95);
    CHECK(near(r2.sd, r.sd, 1e-12));
    fuda_moments one = { 0 };
    fuda_moments_add(&one, 3);
    r = fuda_mean_ci(&one, FUDA_Z95);
    CHECK(r.mean == 3 && r.sd == 0 && r.lo == 3);
    /* uniform 0..1: mean 1/2, sd sqrt(1/12); the interval holds 1/2 */
    fuda_moments u = { 0 };
    for (int i = 0; i < 20000; i++) fuda_moments_add(&u, uniform());
    r = fuda_mean_ci(&u, FUDA_Z95);
    CHECK(near(r.sd, sqrt(1.0 / 12), 0.005));
    CHECK(r.lo < 0.5 + 0.01 && r.hi > 0.5 - 0.01);
    fuda_mean d = fuda_mean_diff(&r2, &r, FUDA_Z95);
    CHECK(near(d.mean, r.mean - 5, 1e-12));
    CHECK(d.lo < d.mean && d.hi > d.mean);
}

/* 75% is +190.8 Elo, 50% is 0, 1/(1+10^-1) is +400 exactly; ends clamp. */
static void elo_known(void) {
    CHECK(near(fuda_elo(0.5), 0, 1e-12));
    CHECK(near(fuda_elo(0.75), 190.85, 0.01));
    CHECK(near(fuda_elo(0.25), -190.85, 0.01));
    CHECK(near(fuda_elo(1 / (1 + pow(10, -1))), 400, 1e-9));
    CHECK(fuda_elo(1) == FUDA_ELO_MAX && fuda_elo(0) == -FUDA_ELO_MAX);
}

static void hist_bins(void) {
    fuda_hist h;
    fuda_hist_init(&h, 1, 10, 5); /* bins 1-2, 3-4, ..., 9-10 */
    CHECK_EQ_INT(h.nbins, 5);
    CHECK_EQ_INT(h.width, 2);
    for (long x = 0; x <= 12; x++) fuda_hist_add(&h, x);
    CHECK_EQ_INT(h.count[0], 3); /* 0 (below), 1, 2 */
    CHECK_EQ_INT(h.count[4], 4); /* 9, 10, 11, 12 (above) */
    CHECK_EQ_INT(h.total, 13);
    fuda_hist_free(&h);
    fuda_hist_init(&h, 5, 5, 10);
    CHECK_EQ_INT(h.nbins, 1);
    fuda_hist_add(&h, 5);
    CHECK_EQ_INT(h.count[0], 1);
    fuda_hist_free(&h);
}

static void rate_diff(void) {
    fuda_rate a = fuda_wilson(50, 100, FUDA_Z95), b = fuda_wilson(70, 100, FUDA_Z95);
    fuda_rate d = fuda_rate_diff(&a, &b);
    CHECK(near(d.p, 0.2, 1e-12));
    CHECK(d.lo > 0.05 && d.lo < 0.2 && d.hi > 0.2 && d.hi < 0.35);
}

/* The sample that would show a difference: n x (2.80 se / d)^2. A difference
 * of 1 measured with se 1 on 100 needs 100 x 2.8^2 = 785; half the
 * difference four times as many; none at all without one. */
static void sample_needed(void) {
    double z = FUDA_Z95, k = FUDA_Z95 + FUDA_Z80;
    CHECK(fabs(fuda_sample_needed(100, 1, 1 - z, 1 + z) - 100 * k * k) < 1e-9);
    CHECK(fabs(fuda_sample_needed(100, -0.5, -0.5 - z, -0.5 + z) - 400 * k * k) < 1e-9);
    CHECK_EQ_INT((long)fuda_sample_needed(100, 0, -1, 1), 0);
    CHECK_EQ_INT((long)fuda_sample_needed(100, 1, 1, 1), 0);
    CHECK_EQ_INT((long)fuda_round2(3641.2), 3700);
    CHECK_EQ_INT((long)fuda_round2(785.1), 790);
    CHECK_EQ_INT((long)fuda_round2(12), 12);
    CHECK_EQ_INT((long)fuda_round2(0), 0);
}

TEST_MAIN(wilson_known, wilson_coverage, mean_known, elo_known, hist_bins, rate_diff, sample_needed)
