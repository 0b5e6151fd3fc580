/* rng.c -- PCG32 (XSH-RR) seeded generator, unbiased bounded draws and the
 * Fisher-Yates shuffle. Matches the reference pcg32_srandom_r /
 * pcg32_random_r / pcg32_boundedrand_r of the PCG C library bit for bit. */
#include "rng.h"

#define PCG_MULT 6364136223846793005ULL

/* Advance the LCG one step. */
static void step(fuda_rng *r) {
    r->state = r->state * PCG_MULT + r->inc;
}

void fuda_rng_seed(fuda_rng *r, uint64_t seed, uint64_t stream) {
    r->state = 0;
    r->inc = (stream << 1) | 1u;
    step(r);
    r->state += seed;
    step(r);
}

uint32_t fuda_rng_next(fuda_rng *r) {
    uint64_t old = r->state;
    step(r);
    uint32_t xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
    uint32_t rot = (uint32_t)(old >> 59);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31));
}

uint32_t fuda_rng_below(fuda_rng *r, uint32_t n) {
    if (n == 0) return 0;
    uint32_t threshold = (uint32_t)(-n) % n;
    for (;;) {
        uint32_t x = fuda_rng_next(r);
        if (x >= threshold) return x % n;
    }
}

void fuda_rng_shuffle(fuda_rng *r, fuda_card *cards, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)fuda_rng_below(r, (uint32_t)i + 1);
        fuda_card t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
}
