/* test_know.c -- unit tests for core/know.c and the knowledge state.c keeps:
 * observe marks what each seat sees, the marks move with their cards (moves,
 * sorts), a card that lands face up is known at once, a shuffle forgets
 * them, a copy keeps them, the hash ignores them;
 * resampling keeps pile sizes, the cards a seat sees or knows, and the
 * multiset of cards, moves the hidden ones, reseeds the game's generator,
 * and depends only on the generator it is given; so do the small mends of
 * a deal. */
#include "test.h"
#include "state.h"
#include "cards.h"

/* A gin-like table: stock (hidden), discard (top), two hands (owner). */
enum { STOCK, DISCARD, HAND0, HAND1 };

static void table(fuda_state *s) {
    fuda_state_init(s, 2, 7, NULL);
    fuda_pile_new(s, "stock", -1, FUDA_VIS_HIDDEN);
    fuda_pile_new(s, "discard", -1, FUDA_VIS_TOP);
    fuda_pile_new(s, "hand", 0, FUDA_VIS_OWNER);
    fuda_pile_new(s, "hand", 1, FUDA_VIS_OWNER);
    add(s, STOCK, "2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc");
    add(s, DISCARD, "Ad 2d");
    add(s, HAND0, "As 2s 3s 4s");
    add(s, HAND1, "Ah 2h 3h 4h");
    fuda_state_observe(s);
}

static void test_observe(void) {
    fuda_state s;
    table(&s);
    CHECK(fuda_state_knows(&s, HAND0, 0, 0));
    CHECK(!fuda_state_knows(&s, HAND0, 0, 1));
    CHECK(fuda_state_knows(&s, HAND1, 3, 1));
    CHECK(!fuda_state_knows(&s, HAND1, 3, 0));
    CHECK(fuda_state_knows(&s, DISCARD, 1, 0)); /* the top: 2d */
    CHECK(fuda_state_knows(&s, DISCARD, 1, 1));
    CHECK(!fuda_state_knows(&s, DISCARD, 0, 0)); /* Ad was never seen */
    CHECK(!fuda_state_knows(&s, STOCK, 0, 0));
    CHECK(!fuda_state_knows(&s, STOCK, 0, 9));   /* a bad seat */
    CHECK(!fuda_state_knows(&s, 9, 0, 0));       /* a bad pile */
    CHECK(!fuda_state_knows(&s, HAND0, 4, 0));   /* a bad index */
}

/* Seat 1 takes the discard's top: seat 0 still knows it, in seat 1's hand. */
static void test_known_moves_with_card(void) {
    fuda_state s;
    table(&s);
    uint64_t h = fuda_state_hash(&s);
    CHECK_EQ_INT(fuda_pile_move(&s, DISCARD, 1, HAND1, -1), 0);
    fuda_state_observe(&s);
    int i = fuda_pile_index(&s, HAND1, C("2d"));
    CHECK_EQ_INT(i, 4);
    CHECK(fuda_state_knows(&s, HAND1, i, 0));
    CHECK(!fuda_state_knows(&s, HAND1, 0, 0));
    /* Ad is on top now: everybody has seen it */
    CHECK(fuda_state_knows(&s, DISCARD, 0, 0));
    /* sorting seat 1's hand carries the marks along */
    fuda_pile_sort(&s, HAND1, 1);
    i = fuda_pile_index(&s, HAND1, C("2d"));
    CHECK(fuda_state_knows(&s, HAND1, i, 0));
    for (int k = 0; k < fuda_pile_len(&s, HAND1); k++)
        if (k != i) CHECK(!fuda_state_knows(&s, HAND1, k, 0));
    /* the hash ignores knowledge; a copy keeps it */
    fuda_state t = s;
    memset(t.known, 0, sizeof t.known);
    CHECK(fuda_state_hash(&t) == fuda_state_hash(&s));
    fuda_state u;
    fuda_state_copy(&u, &s);
    CHECK(memcmp(u.known, s.known, sizeof s.known) == 0);
    (void)h;
}

static void test_shuffle_forgets(void) {
    fuda_state s;
    table(&s);
    fuda_pile_move(&s, DISCARD, 1, STOCK, -1); /* 2d, seen, goes into the stock */
    CHECK(s.known[s.piles[STOCK].start + 12] == 3);
    fuda_pile_shuffle(&s, STOCK);
    for (int i = 0; i < fuda_pile_len(&s, STOCK); i++) CHECK(!fuda_state_knows(&s, STOCK, i, 0));
    /* a new card knows nobody */
    add(&s, HAND0, "Ks");
    CHECK(!fuda_state_knows(&s, HAND1, 0, 0));
}

static int same_pile(const fuda_state *a, const fuda_state *b, int p) {
    return a->piles[p].len == b->piles[p].len &&
           memcmp(fuda_pile_cards(a, p), fuda_pile_cards(b, p), a->piles[p].len) == 0;
}

static void test_resample(void) {
    fuda_state s;
    table(&s);
    fuda_pile_move(&s, DISCARD, 1, HAND1, -1); /* seat 1 takes 2d: seat 0 knows it */
    fuda_state_observe(&s);
    int moved = 0;
    for (uint64_t seed = 1; seed <= 50; seed++) {
        fuda_state t;
        fuda_state_copy(&t, &s);
        fuda_rng r;
        fuda_rng_seed(&r, seed, 3);
        int n = fuda_state_resample(&t, 0, &r);
        CHECK_EQ_INT(n, 12 + 4); /* the stock and seat 1's cards but 2d */
        char err[128];
        CHECK_EQ_INT(fuda_state_check(&t, err, sizeof err), 0);
        CHECK(same_pile(&t, &s, HAND0));                  /* what seat 0 sees */
        CHECK(fuda_pile_at(&t, DISCARD, 0) == C("Ad"));   /* the top: seen */
        CHECK(fuda_pile_index(&t, HAND1, C("2d")) == 4);  /* known, stays put */
        for (int p = 0; p < s.npiles; p++) CHECK_EQ_INT(t.piles[p].len, s.piles[p].len);
        if (!same_pile(&t, &s, HAND1) || !same_pile(&t, &s, STOCK)) moved++;
        CHECK(memcmp(&t.rng, &s.rng, sizeof t.rng) != 0); /* reseeded */
        /* the same generator gives the same deal */
        fuda_state u;
        fuda_state_copy(&u, &s);
        fuda_rng_seed(&r, seed, 3);
        fuda_state_resample(&u, 0, &r);
        CHECK(fuda_state_hash(&u) == fuda_state_hash(&t));
    }
    CHECK(moved >= 48);
    fuda_rng r;
    fuda_rng_seed(&r, 1, 1);
    fuda_state t;
    fuda_state_copy(&t, &s);
    CHECK_EQ_INT(fuda_state_resample(&t, 2, &r), -1);
    CHECK_EQ_INT(fuda_state_resample(&t, -1, &r), -1);
    CHECK(memcmp(&t, &s, sizeof t) == 0);
}

/* Over many resamples every hidden card visits seat 1's hand: the deal is
 * not stuck on a subset. */
static void test_resample_spread(void) {
    fuda_state s;
    table(&s);
    int seen[FUDA_CARD_SPACE] = { 0 };
    fuda_rng r;
    fuda_rng_seed(&r, 5, 0);
    for (int k = 0; k < 400; k++) {
        fuda_state t;
        fuda_state_copy(&t, &s);
        fuda_state_resample(&t, 0, &r);
        for (int i = 0; i < fuda_pile_len(&t, HAND1); i++) seen[fuda_pile_at(&t, HAND1, i)]++;
    }
    const char *hidden[] = { "2c", "Kc", "Ad", "Ah", "4h" };
    for (int i = 0; i < 5; i++) CHECK(seen[C(hidden[i])] > 40);
    CHECK_EQ_INT(seen[C("2d")], 0); /* the top of the discard pile stays there */
    CHECK_EQ_INT(seen[C("As")], 0);
}

/* Do s and t hold the same cards over the whole table (the same multiset)? */
static int same_cards(const fuda_state *s, const fuda_state *t) {
    int count[256] = {0};
    for (int p = 0; p < s->npiles; p++) {
        for (int i = 0; i < s->piles[p].len; i++) count[s->cards[s->piles[p].start + i]]++;
        for (int i = 0; i < t->piles[p].len; i++) count[t->cards[t->piles[p].start + i]]--;
    }
    for (int c = 0; c < 256; c++)
        if (count[c]) return 0;
    return 1;
}

/* A looker-on from another table: only the top of the discard pile stays;
 * even what both players there know (2d seen, then covered; each hand) is
 * dealt anew, the multiset of the table's cards kept. */
static void test_resample_blind(void) {
    fuda_state s, t;
    table(&s);
    CHECK_EQ_INT(fuda_pile_move(&s, HAND0, 0, DISCARD, -1), 0); /* As on top, 2d under it */
    fuda_state_observe(&s);
    int moved = 0, same = 1;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        fuda_state_copy(&t, &s);
        fuda_rng r;
        fuda_rng_seed(&r, seed, 3);
        CHECK_EQ_INT(fuda_state_resample_blind(&t, &r), 21); /* 22 cards, all but As on top */
        CHECK(t.cards[t.piles[DISCARD].start + 2] == C("As"));
        if (t.cards[t.piles[DISCARD].start + 1] != C("2d")) moved = 1;
        for (int p = 0; p < s.npiles; p++) CHECK_EQ_INT(t.piles[p].len, s.piles[p].len);
        same &= same_cards(&s, &t);
    }
    CHECK(moved); /* known to both players there, but not to a looker-on */
    CHECK(same);
}

/* What no seat knows: the stock and the discard's covered Ad are dealt
 * anew among their places; the hands (each known to its owner) and the
 * discard's top stay, the multiset of cards is kept. */
static void test_shuffle_unseen(void) {
    fuda_state s, t;
    table(&s);
    int moved = 0, same = 1;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        fuda_state_copy(&t, &s);
        fuda_rng r;
        fuda_rng_seed(&r, seed, 3);
        CHECK_EQ_INT(fuda_state_shuffle_unseen(&t, &r), 13); /* 12 in the stock, Ad */
        for (int p = HAND0; p <= HAND1; p++)
            for (int i = 0; i < s.piles[p].len; i++)
                CHECK(t.cards[t.piles[p].start + i] == s.cards[s.piles[p].start + i]);
        CHECK(t.cards[t.piles[DISCARD].start + 1] == C("2d"));
        same &= same_cards(&s, &t);
        for (int i = 0; i < 12; i++) moved |= t.cards[t.piles[STOCK].start + i] != s.cards[s.piles[STOCK].start + i];
    }
    CHECK(moved);
    CHECK(same); /* with the hands and the top as they were: the stock and Ad hold the same cards */
}

/* A card that lands face up is seen even when another covers it before the
 * action ends (no observe in between): two flips onto the discard pile. A
 * card slipped under the top, or into a hand, is not seen by the move. */
static void test_lands_face_up(void) {
    fuda_state s;
    table(&s);
    CHECK_EQ_INT(fuda_pile_move(&s, STOCK, 11, DISCARD, -1), 0); /* Kc on top */
    CHECK_EQ_INT(fuda_pile_move(&s, STOCK, 10, DISCARD, -1), 0); /* Qc covers it */
    CHECK_EQ_INT(fuda_pile_move(&s, STOCK, 9, DISCARD, 0), 0);   /* Jc at the bottom, face down */
    CHECK_EQ_INT(fuda_pile_move(&s, STOCK, 8, HAND0, -1), 0);    /* 10c into a hand */
    int kc = fuda_pile_index(&s, DISCARD, C("Kc")), qc = fuda_pile_index(&s, DISCARD, C("Qc"));
    int jc = fuda_pile_index(&s, DISCARD, C("Jc")), tc = fuda_pile_index(&s, HAND0, C("10c"));
    CHECK(kc >= 0 && qc == fuda_pile_len(&s, DISCARD) - 1);
    CHECK(fuda_state_knows(&s, DISCARD, kc, 0) && fuda_state_knows(&s, DISCARD, kc, 1));
    CHECK(fuda_state_knows(&s, DISCARD, qc, 0) && fuda_state_knows(&s, DISCARD, qc, 1));
    CHECK(!fuda_state_knows(&s, DISCARD, jc, 0) && !fuda_state_knows(&s, DISCARD, jc, 1));
    CHECK(!fuda_state_knows(&s, HAND0, tc, 1));
}

/* Resampling that keeps given cards where they lie (fuda check's leak rule):
 * what seat 0 knows stays, and Kc (in the stock) and Ah (in seat 1's hand)
 * too; the game's generator is left as it was; the rest still moves. With
 * seat -1 only the face-up cards and the given ones stay. */
static void test_resample_keep(void) {
    fuda_state s, t;
    table(&s);
    uint8_t keep[FUDA_CARD_SPACE] = { 0 };
    keep[C("Kc")] = keep[C("Ah")] = 1;
    int moved = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        fuda_state_copy(&t, &s);
        fuda_rng r;
        fuda_rng_seed(&r, seed, 3);
        CHECK_EQ_INT(fuda_state_resample_keep(&t, 0, keep, &r), 15); /* 11 of the stock, Ad, 3 of seat 1's */
        CHECK(memcmp(&t.rng, &s.rng, sizeof s.rng) == 0);
        CHECK(same_cards(&s, &t));
        CHECK(t.cards[t.piles[STOCK].start + 11] == C("Kc"));
        CHECK(t.cards[t.piles[HAND1].start + 0] == C("Ah"));
        for (int i = 0; i < 4; i++) CHECK(t.cards[t.piles[HAND0].start + i] == s.cards[s.piles[HAND0].start + i]);
        CHECK(t.cards[t.piles[DISCARD].start + 1] == C("2d"));
        for (int i = 1; i < 4; i++) moved |= t.cards[t.piles[HAND1].start + i] != s.cards[s.piles[HAND1].start + i];
        fuda_state_copy(&t, &s);
        CHECK_EQ_INT(fuda_state_resample_keep(&t, -1, keep, &r), 19); /* all but Kc, Ah and the top */
        CHECK(t.cards[t.piles[STOCK].start + 11] == C("Kc") && t.cards[t.piles[DISCARD].start + 1] == C("2d"));
    }
    CHECK(moved);
    CHECK_EQ_INT(fuda_state_resample_keep(&t, 2, keep, NULL), -1); /* a bad seat */
}

/* Mending a deal for seat 0 (redeal_owner, swap_unknown, unown): cards move
 * only among the places seat 0 does not know (the stock, seat 1's hand, and
 * the discard's covered Ad, which it never saw); the multiset of cards and
 * the pile sizes stay. */
static void test_mend(void) {
    fuda_state s, t;
    table(&s);
    int dealt_in[FUDA_CARD_SPACE] = { 0 };
    for (uint64_t seed = 1; seed <= 200; seed++) {
        fuda_state_copy(&t, &s);
        fuda_rng r;
        fuda_rng_seed(&r, seed, 3);
        CHECK_EQ_INT(fuda_state_redeal_owner(&t, 0, 1, &r), 4);
        CHECK(same_cards(&s, &t));
        CHECK(same_pile(&t, &s, HAND0));
        CHECK(t.cards[t.piles[DISCARD].start + 1] == C("2d"));
        for (int p = 0; p < s.npiles; p++) CHECK_EQ_INT(t.piles[p].len, s.piles[p].len);
        for (int i = 0; i < 4; i++) dealt_in[t.cards[t.piles[HAND1].start + i]]++;
    }
    /* a random draw: each hidden card reaches seat 1's hand now and then */
    const char *hidden[] = { "2c", "Kc", "Ad", "Ah", "4h" };
    for (int i = 0; i < 5; i++) CHECK(dealt_in[C(hidden[i])] > 15);
    CHECK_EQ_INT(dealt_in[C("2d")] + dealt_in[C("As")], 0);
    fuda_rng r;
    fuda_rng_seed(&r, 1, 1);
    fuda_state_copy(&t, &s);
    CHECK_EQ_INT(fuda_state_redeal_owner(&t, 0, 0, &r), -1); /* its own hand */
    CHECK_EQ_INT(fuda_state_redeal_owner(&t, 0, 2, &r), -1); /* a bad owner */
    CHECK(memcmp(&t, &s, sizeof t) == 0);
    /* swap: Ah (seat 1's) and Kc (the stock's) change places; a card seat 0
     * knows (As, 2d) cannot move */
    CHECK_EQ_INT(fuda_state_swap_unknown(&t, 0, C("Ah"), C("Kc")), 0);
    CHECK(t.cards[t.piles[HAND1].start] == C("Kc") && t.cards[t.piles[STOCK].start + 11] == C("Ah"));
    CHECK(same_cards(&s, &t));
    fuda_state u = t;
    CHECK_EQ_INT(fuda_state_swap_unknown(&t, 0, C("As"), C("Kc")), -1);
    CHECK_EQ_INT(fuda_state_swap_unknown(&t, 0, C("2d"), C("Kc")), -1);
    CHECK_EQ_INT(fuda_state_swap_unknown(&t, 0, C("Kc"), C("Kc")), -1);
    CHECK(memcmp(&t, &u, sizeof t) == 0);
    /* unown: 3h, in seat 1's hand, goes to the stock (or the discard's
     * covered place); a card already there stays */
    CHECK_EQ_INT(fuda_state_unown(&t, 0, C("3h"), &r), 1);
    CHECK_EQ_INT(fuda_pile_index(&t, HAND1, C("3h")), -1);
    CHECK(same_cards(&s, &t));
    u = t;
    CHECK_EQ_INT(fuda_state_unown(&t, 0, C("3h"), &r), 0);
    CHECK_EQ_INT(fuda_state_unown(&t, 0, C("5c"), &r), 0);
    CHECK(memcmp(&t, &u, sizeof t) == 0);
}

TEST_MAIN(test_mend, test_observe, test_resample_blind, test_shuffle_unseen, test_known_moves_with_card, test_shuffle_forgets,
          test_resample, test_resample_spread, test_lands_face_up, test_resample_keep)
