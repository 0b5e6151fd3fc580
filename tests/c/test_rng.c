/* test_rng.c -- unit tests for core/rng.c: the reference PCG32 outputs,
 * seeding and cloning, bounded draws (range, rough uniformity) and shuffles
 * (permutation, determinism). */
#include "test.h"
#include "rng.h"

static void test_reference_values(void) {
    /* pcg32-demo: pcg32_srandom_r(&rng, 42u, 54u) */
    static const uint32_t expect[] = { 0xa15c02b7u, 0x7b47f409u, 0xba1d3330u,
                                       0x83d2f293u, 0xbfa4784bu, 0xcbed606eu };
    fuda_rng r;
    fuda_rng_seed(&r, 42u, 54u);
    for (int i = 0; i < 6; i++) CHECK_EQ_INT(fuda_rng_next(&r), expect[i]);
}

static void test_seed_state(void) {
    fuda_rng r;
    fuda_rng_seed(&r, 42u, 54u);
    CHECK_EQ_INT(r.inc, (54u << 1) | 1u);
    CHECK(r.inc & 1u);
    fuda_rng_seed(&r, 7, 0);
    CHECK_EQ_INT(r.inc, 1);
}

static void test_determinism_and_clone(void) {
    fuda_rng a, b;
    fuda_rng_seed(&a, 12345, 0);
    fuda_rng_seed(&b, 12345, 0);
    int same = 1;
    for (int i = 0; i < 1000; i++) same &= fuda_rng_next(&a) == fuda_rng_next(&b);
    CHECK(same);
    fuda_rng c = a; /* a clone continues identically */
    same = 1;
    for (int i = 0; i < 1000; i++) same &= fuda_rng_next(&a) == fuda_rng_next(&c);
    CHECK(same);
    /* different seeds or streams give different sequences */
    fuda_rng d, e;
    fuda_rng_seed(&d, 12346, 0);
    fuda_rng_seed(&e, 12345, 1);
    fuda_rng_seed(&a, 12345, 0);
    int diff_d = 0, diff_e = 0;
    for (int i = 0; i < 16; i++) {
        uint32_t x = fuda_rng_next(&a);
        diff_d += x != fuda_rng_next(&d);
        diff_e += x != fuda_rng_next(&e);
    }
    CHECK(diff_d > 12);
    CHECK(diff_e > 12);
}

static void test_below_bounds(void) {
    fuda_rng r;
    fuda_rng_seed(&r, 1, 0);
    CHECK_EQ_INT(fuda_rng_below(&r, 0), 0);
    int ok = 1;
    for (int i = 0; i < 1000; i++) ok &= fuda_rng_below(&r, 1) == 0;
    CHECK(ok);
    uint32_t ns[] = { 2, 3, 7, 52, 100, 1000003u, 0x80000001u, 0xffffffffu };
    for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
        ok = 1;
        for (int i = 0; i < 2000; i++) ok &= fuda_rng_below(&r, ns[k]) < ns[k];
        CHECK(ok);
    }
    /* large n near 2^31+1 rejects about half of the draws: both halves occur */
    int lo = 0, hi = 0;
    for (int i = 0; i < 2000; i++) {
        uint32_t x = fuda_rng_below(&r, 0x80000001u);
        if (x < 0x40000000u) lo++; else hi++;
    }
    CHECK(lo > 700 && hi > 700);
}

static void test_below_matches_reference(void) {
    /* pcg32_boundedrand_r: threshold = -n % n, retry below it */
    fuda_rng a, b;
    fuda_rng_seed(&a, 99, 3);
    b = a;
    int ok = 1;
    for (int i = 0; i < 5000; i++) {
        uint32_t n = (uint32_t)(i % 97) + 1 + (i % 5 == 0 ? 0x7fffffffu : 0);
        uint32_t threshold = (uint32_t)(-n) % n, x;
        do x = fuda_rng_next(&b); while (x < threshold);
        ok &= fuda_rng_below(&a, n) == x % n;
    }
    CHECK(ok);
}

static void test_below_uniform(void) {
    enum { N = 10, DRAWS = 100000 };
    fuda_rng r;
    fuda_rng_seed(&r, 2024, 0);
    int count[N] = { 0 };
    for (int i = 0; i < DRAWS; i++) count[fuda_rng_below(&r, N)]++;
    double expect = (double)DRAWS / N, chi = 0;
    for (int i = 0; i < N; i++) chi += (count[i] - expect) * (count[i] - expect) / expect;
    /* 9 degrees of freedom: p = 0.001 at 27.9 */
    CHECK(chi < 27.9);
    /* 52 buckets, as for dealing */
    int c52[52] = { 0 };
    for (int i = 0; i < 52 * 2000; i++) c52[fuda_rng_below(&r, 52)]++;
    chi = 0;
    for (int i = 0; i < 52; i++) chi += (c52[i] - 2000.0) * (c52[i] - 2000.0) / 2000.0;
    CHECK(chi < 90.0); /* 51 dof: p = 0.001 at ~87.0 */
}

static int is_permutation(const fuda_card *a, const fuda_card *b, int n) {
    int count[256] = { 0 };
    for (int i = 0; i < n; i++) count[a[i]]++;
    for (int i = 0; i < n; i++) count[b[i]]--;
    for (int i = 0; i < 256; i++)
        if (count[i]) return 0;
    return 1;
}

static void test_shuffle(void) {
    fuda_card deck[52], a[52], b[52];
    fuda_deck52(deck);
    memcpy(a, deck, sizeof deck);
    memcpy(b, deck, sizeof deck);
    fuda_rng r1, r2;
    fuda_rng_seed(&r1, 77, 0);
    fuda_rng_seed(&r2, 77, 0);
    fuda_rng_shuffle(&r1, a, 52);
    fuda_rng_shuffle(&r2, b, 52);
    CHECK(is_permutation(deck, a, 52));
    CHECK(memcmp(a, b, 52) == 0);
    CHECK(memcmp(a, deck, 52) != 0);
    CHECK_EQ_INT(r1.state, r2.state);
    /* the documented algorithm, step by step */
    fuda_card c[52];
    memcpy(c, deck, sizeof deck);
    fuda_rng r3;
    fuda_rng_seed(&r3, 77, 0);
    for (int i = 51; i > 0; i--) {
        int j = (int)fuda_rng_below(&r3, (uint32_t)i + 1);
        fuda_card t = c[i]; c[i] = c[j]; c[j] = t;
    }
    CHECK(memcmp(a, c, 52) == 0);
    CHECK_EQ_INT(r1.state, r3.state);
    /* another seed gives another order */
    memcpy(b, deck, sizeof deck);
    fuda_rng_seed(&r2, 78, 0);
    fuda_rng_shuffle(&r2, b, 52);
    CHECK(memcmp(a, b, 52) != 0);
    /* tiny inputs draw nothing */
    fuda_rng before = r1;
    fuda_rng_shuffle(&r1, a, 0);
    fuda_rng_shuffle(&r1, a, 1);
    CHECK_EQ_INT(r1.state, before.state);
    /* multisets with repeats stay permutations */
    fuda_card two[104], orig[104];
    for (int i = 0; i < 104; i++) two[i] = orig[i] = deck[i % 52];
    fuda_rng_shuffle(&r1, two, 104);
    CHECK(is_permutation(orig, two, 104));
}

static void test_shuffle_uniform_position(void) {
    /* where the first card of 4 ends up, over many shuffles */
    fuda_rng r;
    fuda_rng_seed(&r, 5, 0);
    int pos[4] = { 0 };
    for (int t = 0; t < 40000; t++) {
        fuda_card c[4] = { 1, 2, 3, 4 };
        fuda_rng_shuffle(&r, c, 4);
        for (int i = 0; i < 4; i++)
            if (c[i] == 1) pos[i]++;
    }
    for (int i = 0; i < 4; i++) CHECK(pos[i] > 9500 && pos[i] < 10500);
}

TEST_MAIN(test_reference_values, test_seed_state, test_determinism_and_clone, test_below_bounds,
          test_below_matches_reference, test_below_uniform, test_shuffle,
          test_shuffle_uniform_position)
