/* bench.c -- speed of the meld kernel (core/meld.c): deadwood calls per
 * second on random 10- and 11-card hands in each ace mode and with wild
 * jokers, best arrangements, discard tables, every least-deadwood arrangement of
 * knocking hands, and the discard table
 * with gin shapes (Celebes Rum's) on random and near-gin 14-card hands. Hands come from a
 * fixed-seed xorshift, each figure is measured over about one second of
 * CLOCK_MONOTONIC (FUDA_BENCH_SECONDS in the environment, if a number above 0,
 * sets another duration: tools/bench.sh uses it). Prints figures only;
 * asserts nothing. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <string.h>
#include "meld.h"
#include "rng.h"

#define NHANDS 4096 /* hands per pool, reused round-robin */
#define MAXN 22

/* Random hands from the project's own generator, seeded in main. */
static fuda_rng rng;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* NHANDS hands of n cards each from a 52-card deck plus `jokers` jokers. */
static void make_pool(fuda_card pool[][MAXN], int n, int jokers) {
    fuda_card deck[56];
    for (int h = 0; h < NHANDS; h++) {
        int m = fuda_deck52(deck);
        for (int j = 0; j < jokers; j++) deck[m++] = FUDA_JOKER;
        fuda_rng_shuffle(&rng, deck, m);
        memcpy(pool[h], deck, (size_t)n);
    }
}

static fuda_card pool[NHANDS][MAXN];
static volatile long sink;
static double seconds = 1.0; /* per figure */

enum op { OP_DEADWOOD, OP_BEST, OP_DISCARDS, OP_ARRANGEMENTS, OP_GIN_DISCARDS };

/* An arrangement met (OP_ARRANGEMENTS): go on. */
static int count_one(void *user, const fuda_meld_result *m) {
    (void)user;
    return m->deadwood < 0;
}

/* One call of the measured operation on hand h (n cards). */
static long run_op(enum op op, const fuda_meld_rules *r, const fuda_card *h, int n) {
    fuda_meld_result res;
    int out[MAXN], gin[MAXN];
    switch (op) {
    case OP_DEADWOOD: return fuda_meld_deadwood(r, h, n);
    case OP_BEST: return fuda_meld_best(r, h, n, &res);
    case OP_DISCARDS: fuda_meld_discards(r, h, n, out); return out[0];
    case OP_ARRANGEMENTS: return fuda_meld_arrangements(r, h, 10, count_one, NULL);
    case OP_GIN_DISCARDS: fuda_meld_discards_gin(r, h, n, out, gin); return out[0] + gin[0];
    }
    return 0;
}

/* Calls per second of op over the pool, measured for about `seconds`. */
static double measure(enum op op, const fuda_meld_rules *r, int n) {
    long calls = 0, acc = 0;
    double t0 = now(), t;
    do {
        for (int h = 0; h < NHANDS; h++) acc += run_op(op, r, pool[h], n);
        calls += NHANDS;
        t = now() - t0;
    } while (t < seconds);
    sink = acc;
    return (double)calls / t;
}

static void report(const char *what, double per_s) {
    if (per_s >= 1e6) printf("%s: %.2f M/s\n", what, per_s / 1e6);
    else printf("%s: %.1f k/s\n", what, per_s / 1e3);
    fflush(stdout);
}

/* Knocker hands for the arrangements figure: 10 cards with at most 10
 * deadwood (then 10 more, unused). */
static void make_knocks(const fuda_meld_rules *r) {
    fuda_card deck[52];
    for (int h = 0; h < NHANDS; h++) {
        do {
            fuda_deck52(deck);
            fuda_rng_shuffle(&rng, deck, 52);
        } while (fuda_meld_deadwood(r, deck, 10) > 10);
        for (int i = 0; i < 20; i++) pool[h][i] = deck[i];
    }
}

/* Celebes Rum's gin: 4-3-3-3, 5-5-3, 5-4-4 with a natural run of 4+. */
static void celebes(fuda_meld_rules *r) {
    static const uint8_t shapes[3][4] = { {4, 3, 3, 3}, {5, 5, 3}, {5, 4, 4} };
    fuda_meld_rules_default(r);
    r->wild_joker = 1;
    r->gin_nshapes = 3;
    for (int i = 0; i < 3; i++) memcpy(r->gin_shape[i], shapes[i], 4);
    r->gin_natural_run = 4;
}

/* Near-gin 14-card hands: a 4-3-3-3 of runs and sets from a shuffled deck
 * (a meld that does not fit is dealt as it comes), up to two of its cards
 * made jokers, one more card, shuffled. */
static void make_near_gin(void) {
    static const int size[4] = {4, 3, 3, 3};
    for (int h = 0; h < NHANDS; h++) {
        int used[64] = {0}, m = 0;
        for (int i = 0; i < 4; i++) {
            int rank = (int)fuda_rng_below(&rng, 13) + 1, suit = (int)fuda_rng_below(&rng, 4);
            int run = i == 0 || fuda_rng_below(&rng, 2), ok = 1;
            fuda_card c[4];
            if (run && rank + size[i] > 14) rank = 14 - size[i];
            for (int k = 0; k < size[i]; k++) {
                c[k] = run ? fuda_card_make(rank + k, suit) : fuda_card_make(rank, (suit + k) % 4);
                if (used[c[k]]) ok = 0;
            }
            for (int k = 0; k < size[i]; k++) {
                if (!ok) do c[k] = fuda_card_make((int)fuda_rng_below(&rng, 13) + 1, (int)fuda_rng_below(&rng, 4));
                    while (used[c[k]]);
                used[c[k]] = 1;
                pool[h][m++] = c[k];
            }
        }
        for (int j = (int)fuda_rng_below(&rng, 3); j > 0; j--) pool[h][4 + fuda_rng_below(&rng, 9)] = FUDA_JOKER;
        fuda_card c;
        do c = fuda_card_make((int)fuda_rng_below(&rng, 13) + 1, (int)fuda_rng_below(&rng, 4));
        while (used[c]);
        pool[h][m++] = c;
        fuda_rng_shuffle(&rng, pool[h], m);
    }
}

int main(void) {
    const char *env = getenv("FUDA_BENCH_SECONDS");
    if (env && strtod(env, NULL) > 0) seconds = strtod(env, NULL);
    fuda_rng_seed(&rng, 0x2545f4914f6cdd1dULL, 7);
    fuda_meld_rules r;
    static const char *ace_names[] = {"low", "high", "corner"};
    char what[96];

    fuda_meld_rules_default(&r);
    for (int ace = 0; ace < 3; ace++) {
        r.ace = (uint8_t)ace;
        for (int n = 10; n <= 11; n++) {
            make_pool(pool, n, 0);
            snprintf(what, sizeof what, "meld deadwood %d cards (ace %s)", n, ace_names[ace]);
            report(what, measure(OP_DEADWOOD, &r, n));
        }
    }
    fuda_meld_rules_default(&r);
    make_pool(pool, 10, 0);
    report("meld best 10 cards", measure(OP_BEST, &r, 10));
    make_pool(pool, 11, 0);
    report("meld best 11 cards", measure(OP_BEST, &r, 11));
    report("meld discards 11 cards", measure(OP_DISCARDS, &r, 11));

    r.wild_joker = 1;
    make_pool(pool, 10, 2);
    report("meld deadwood 10 cards, 2 wild jokers in deck", measure(OP_DEADWOOD, &r, 10));
    make_pool(pool, 13, 2);
    report("meld deadwood 13 cards, 2 wild jokers in deck", measure(OP_DEADWOOD, &r, 13));
    report("meld best 13 cards, 2 wild jokers in deck", measure(OP_BEST, &r, 13));

    fuda_meld_rules_default(&r);
    make_knocks(&r);
    report("meld arrangements (knock <= 10)", measure(OP_ARRANGEMENTS, &r, 20));

    celebes(&r);
    make_pool(pool, 14, 2);
    report("meld gin discards 14 cards (Celebes shapes, 2 jokers in deck)", measure(OP_GIN_DISCARDS, &r, 14));
    make_near_gin();
    report("meld gin discards 14 cards (Celebes shapes, near gin)", measure(OP_GIN_DISCARDS, &r, 14));
    return 0;
}
