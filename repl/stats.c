/* stats.c -- Wilson intervals, means with intervals, Elo from a score rate,
 * histograms (see stats.h). */
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

fuda_rate fuda_wilson(double k, double n, double z) {
    fuda_rate r = { 0, 0, 1, n };
    if (n <= 0) return r;
    double p = k / n, z2 = z * z;
    double denom = 1 + z2 / n;
    double centre = (p + z2 / (2 * n)) / denom;
    double half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom;
    r.p = p;
    r.lo = centre - half < 0 ? 0 : centre - half;
    r.hi = centre + half > 1 ? 1 : centre + half;
    if (k <= 0) r.lo = 0;
    if (k >= n) r.hi = 1;
    return r;
}

void fuda_moments_add(fuda_moments *m, double x) {
    m->n += 1;
    m->sum += x;
    m->sumsq += x * x;
}

void fuda_moments_merge(fuda_moments *m, const fuda_moments *o) {
    m->n += o->n;
    m->sum += o->sum;
    m->sumsq += o->sumsq;
}

fuda_mean fuda_mean_ci(const fuda_moments *m, double z) {
    fuda_mean r = { 0, 0, 0, 0, m->n };
    if (m->n <= 0) return r;
    r.mean = m->sum / m->n;
    if (m->n >= 2) {
        double var = (m->sumsq - m->sum * m->sum / m->n) / (m->n - 1);
        r.sd = var > 0 ? sqrt(var) : 0;
    }
    double half = z * r.sd / sqrt(m->n);
    r.lo = r.mean - half;
    r.hi = r.mean + half;
    return r;
}

double fuda_elo(double p) {
    if (p <= 0) return -FUDA_ELO_MAX;
    if (p >= 1) return FUDA_ELO_MAX;
    double e = 400.0 * log10(p / (1 - p));
    if (e > FUDA_ELO_MAX) return FUDA_ELO_MAX;
    if (e < -FUDA_ELO_MAX) return -FUDA_ELO_MAX;
    return e;
}

void fuda_hist_init(fuda_hist *h, long min, long max, int maxbins) {
    if (max < min) max = min;
    if (maxbins < 1) maxbins = 1;
    long span = max - min + 1;
    h->width = (span + maxbins - 1) / maxbins;
    if (h->width < 1) h->width = 1;
    h->lo = min;
    h->nbins = (int)((span + h->width - 1) / h->width);
    h->count = calloc((size_t)h->nbins, sizeof *h->count);
    if (!h->count) abort();
    h->total = 0;
}

void fuda_hist_add(fuda_hist *h, long x) {
    long b = x < h->lo ? 0 : (x - h->lo) / h->width;
    if (b >= h->nbins) b = h->nbins - 1;
    h->count[b]++;
    h->total++;
}

void fuda_hist_free(fuda_hist *h) {
    free(h->count);
    memset(h, 0, sizeof *h);
}

fuda_mean fuda_mean_diff(const fuda_mean *a, const fuda_mean *b, double z) {
    fuda_mean r = { 0, 0, 0, 0, 0 };
    r.mean = b->mean - a->mean;
    double va = a->n > 0 ? a->sd * a->sd / a->n : 0, vb = b->n > 0 ? b->sd * b->sd / b->n : 0;
    r.sd = sqrt(va + vb);
    r.lo = r.mean - z * r.sd;
    r.hi = r.mean + z * r.sd;
    r.n = a->n + b->n;
    return r;
}

fuda_rate fuda_rate_diff(const fuda_rate *a, const fuda_rate *b) {
    fuda_rate r;
    r.p = b->p - a->p;
    double dl = sqrt((b->p - b->lo) * (b->p - b->lo) + (a->hi - a->p) * (a->hi - a->p));
    double du = sqrt((b->hi - b->p) * (b->hi - b->p) + (a->p - a->lo) * (a->p - a->lo));
    r.lo = r.p - dl;
    r.hi = r.p + du;
    r.n = a->n + b->n;
    return r;
}

double fuda_sample_needed(double n, double diff, double lo, double hi) {
    double se = (hi - lo) / (2 * FUDA_Z95);
    if (diff == 0 || se <= 0 || n <= 0) return 0;
    double k = (FUDA_Z95 + FUDA_Z80) * se / diff;
    return n * k * k;
}

double fuda_round2(double x) {
    if (x <= 0) return 0;
    double p = pow(10, floor(log10(x)) - 1);
    return ceil(x / p) * p;
}
