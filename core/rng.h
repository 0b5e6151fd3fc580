/* rng.h -- the seeded generator every game uses.
 *
 * Algorithm: PCG32 (XSH-RR output, 64-bit LCG state, multiplier
 * 6364136223846793005). Seeding: state = 0, inc = (stream << 1) | 1, step,
 * state += seed, step. Bounded draws use rejection sampling on the 32-bit output
 * (threshold = (2^32 - n) mod n), so every value in [0, n) is equally likely and
 * the sequence is the same on every machine. Shuffles are Fisher-Yates from the
 * top index down, each swap drawing fuda_rng_below(i + 1): for i = n-1 down to
 * 1, swap cards[i] with cards[below(i + 1)] (i = 0 draws nothing, so shuffling
 * 0 or 1 card leaves the generator unchanged). Seeding, next and below are
 * bit-identical to the reference pcg32_srandom_r, pcg32_random_r and
 * pcg32_boundedrand_r (seed 42, stream 54 gives 0xa15c02b7 0x7b47f409 ...).
 *
 * The generator is a plain value: copy it to clone it. */
#ifndef FUDA_RNG_H
#define FUDA_RNG_H

#include <stdint.h>
#include "card.h"

typedef struct fuda_rng {
    uint64_t state;
    uint64_t inc;
} fuda_rng;

/* Seed the generator. `stream` selects an independent sequence (0 for games). */
void fuda_rng_seed(fuda_rng *r, uint64_t seed, uint64_t stream);

/* Next 32 uniformly distributed bits. */
uint32_t fuda_rng_next(fuda_rng *r);

/* Uniform integer in [0, n). n must be >= 1; n == 0 returns 0. */
uint32_t fuda_rng_below(fuda_rng *r, uint32_t n);

/* Shuffle n cards in place (Fisher-Yates, see top). */
void fuda_rng_shuffle(fuda_rng *r, fuda_card *cards, int n);

#endif
