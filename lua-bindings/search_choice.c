/* search_choice.c -- the search bot's choice of a move (search.c makes the
 * rounds): the statistics of the moves tried, each compared with the seat's
 * own bot's choice (base) by the paired difference of their scores over the
 * same deals (in points, by who won the hand, or, when every playout ended
 * the match, by the match's result); which moves are dropped (PRUNE standard
 * errors below base); which move is played (fuda_search_best_arm: another
 * move only when it beats base by so many standard errors that luck alone
 * would carry one of the moves that far only FALSE_SWITCH of the time, and
 * by MIN_Z at least); and the report of it. It reads the figures in struct
 * search (search_impl.h) and calls nothing of the engine. */
#include <math.h>
#include <string.h>
#include "search_impl.h"

#define PRUNE_AFTER 6     /* rounds before a move may be dropped */
#define PRUNE 2.0         /* standard errors below the bot's choice that drop a move */
#define MIN_PAIRED 8      /* rounds a move needs before it may replace the bot's choice */
#define FALSE_SWITCH 0.16 /* how often luck alone may make the search leave the bot's choice */

/* A playout's margin m (its match result res) as the moves are compared by
 * it: the margin itself, or with by_winner its sign; a refused move's score
 * stays what it is. */
double fuda_search_judged(const search *S, double m, double res) {
    if (!S->by_winner || res == REFUSED_RES) return m;
    return m > 0 ? 1 : m < 0 ? -1 : 0;
}

/* Does the search compare moves by the match's result: every round so far
 * ended the match in every move's playout (the hand is the match's last),
 * so what counts is who wins it, not by how much. Else by points. */
int fuda_search_by_result(const search *S) { return S->rounds > 0 && S->ended == S->rounds; }

/* Mean and standard error of move i's paired advantage over base. */
void fuda_search_advantage(const search *S, int i, double *mean, double *se) {
    double r = (double)S->cnt[i];
    if (r < 1) {
        *mean = *se = 0;
        return;
    }
    int res = fuda_search_by_result(S);
    *mean = (res ? S->rsum[i] : S->dsum[i]) / r;
    double var = (res ? S->rsq[i] : S->dsq[i]) / r - *mean * *mean;
    *se = sqrt((var > 0 ? var : 0) / r);
}

/* After a few rounds, stop trying the moves clearly worse than base (by
 * more than PRUNE standard errors): the budget goes to the contenders. */
void fuda_search_prune(search *S) {
    if (S->base < 0 || S->rounds < PRUNE_AFTER) return;
    for (int i = 0; i < S->n; i++) {
        double mean, se;
        if (i == S->base || !S->live[i]) continue;
        fuda_search_advantage(S, i, &mean, &se);
        if (mean + PRUNE * se < 0) S->live[i] = 0;
    }
}

/* The z with P(Z > z) = p for a standard normal Z (bisection on erfc). */
static double upper_quantile(double p) {
    double lo = 0, hi = 10;
    for (int i = 0; i < 60; i++) {
        double mid = (lo + hi) / 2;
        if (0.5 * erfc(mid * 0.70710678118654752) > p) lo = mid;
        else hi = mid;
    }
    return (lo + hi) / 2;
}

/* May move i replace base: another move, tried in MIN_PAIRED rounds or more. */
static int contender(const search *S, int i) { return i != S->base && S->cnt[i] >= MIN_PAIRED; }

/* The move to play: among the moves tried in at least MIN_PAIRED rounds,
 * the one whose lower bound of its paired advantage over base is highest,
 * if that bound is above 0; else base. The bound is z standard errors
 * below the mean, z chosen so that when k moves are all as good as base,
 * one of them passes by luck with probability about FALSE_SWITCH (the
 * more moves, the more one of them looks better than it is), and MIN_Z at
 * least: with few contenders FALSE_SWITCH alone asked for 1 to 1.9
 * standard errors, and in gin's take-or-draw that let luck lose matches
 * (docs/performance.md). Not widened for few rounds as Student's t would:
 * that made zun's search, whose switches from careful are what make it
 * strong, keep careful's move too often. Without a base, the best mean
 * margin (ties: list order). */
int fuda_search_best_arm(const search *S) {
    if (S->rounds == 0) return S->base >= 0 ? S->base : 0;
    int arm = S->base >= 0 ? S->base : 0;
    double best = S->base >= 0 ? 0 : -1e300;
    int k = 0;
    for (int i = 0; i < S->n; i++)
        if (contender(S, i)) k++;
    double z = k ? upper_quantile(FALSE_SWITCH / k) : 0;
    if (z < S->sure) z = S->sure;
    for (int i = 0; i < S->n; i++) {
        double mean, se;
        if (!S->cnt[i] || (S->base >= 0 && i != S->base && !contender(S, i))) continue;
        fuda_search_advantage(S, i, &mean, &se);
        double lb = S->base < 0 ? mean : i == S->base ? 0 : mean - z * se;
        if (lb > best) {
            best = lb;
            arm = i;
        }
    }
    return arm;
}

/* Base kept: the other move with the best mean advantage over it, if above
 * 0 (*gain), else -1. */
static int rival(const search *S, double *gain) {
    int r = -1;
    *gain = 0;
    for (int i = 0; i < S->n; i++) {
        double mean, se;
        if (i == S->base || !S->cnt[i]) continue;
        fuda_search_advantage(S, i, &mean, &se);
        if (mean > *gain) *gain = mean, r = i;
    }
    return r;
}

void fuda_search_fill_report(const search *S, int arm, fuda_search_report *rep) {
    if (!rep) return;
    memset(rep, 0, sizeof *rep);
    rep->nmoves = S->n;
    rep->playouts = S->playouts;
    rep->failed = S->failed;
    rep->worlds = S->infer.found;
    rep->tries = S->infer.tries;
    rep->visits = S->cnt[arm];
    rep->stopped = S->stopped;
    rep->unit = fuda_search_by_result(S) ? FUDA_GAIN_MATCHES : S->by_winner ? FUDA_GAIN_HANDS : FUDA_GAIN_POINTS;
    if (S->cnt[arm]) {
        rep->win_rate = S->wins[arm] / (double)S->cnt[arm];
        rep->margin = S->margin[arm] / (double)S->cnt[arm];
    }
    if (S->base < 0) return;
    rep->own = S->own;
    rep->own_move = S->moves[S->base];
    rep->sure = arm != S->base;
    double gain, se;
    if (rep->sure) {
        fuda_search_advantage(S, arm, &gain, &se);
        rep->gain = gain;
    } else {
        int r = rival(S, &gain);
        if (r >= 0) rep->rival = S->moves[r], rep->gain = gain;
    }
}
