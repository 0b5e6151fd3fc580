/* test_state.c -- unit tests for core/state.c: piles (create, find, names),
 * card creation and moves against a reference model, conservation under
 * random moves, the play hash, visibility, turn order, actors, the claim
 * window, sorting/shuffling and the consistency check on injected faults (each
 * invariant on both sides of its bound, card conservation with jokers). */
#include "test.h"
#include "state.h"
#include "cards.h"

static int consistent(const fuda_state *s) {
    char err[128];
    int rc = fuda_state_check(s, err, sizeof err);
    if (rc) fprintf(stderr, "state_check: %s\n", err);
    return rc == 0;
}

/* Cards of pile p as names joined by spaces, into a static buffer. */
static const char *pile_str(const fuda_state *s, int p) {
    static char buf[1024];
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < fuda_pile_len(s, p); i++) {
        char nm[8];
        fuda_card_name(fuda_pile_at(s, p, i), nm);
        at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%s", i ? " " : "", nm);
    }
    return buf;
}

static void test_init(void) {
    fuda_state s;
    memset(&s, 0x5a, sizeof s);
    CHECK_EQ_INT(fuda_state_init(&s, 0, 1, NULL), -1);
    CHECK_EQ_INT(fuda_state_init(&s, FUDA_MAX_SEATS + 1, 1, NULL), -1);
    CHECK_EQ_INT(s.nseats, 0x5a); /* untouched */
    CHECK_EQ_INT(fuda_state_init(&s, 4, 1, NULL), 0);
    CHECK_EQ_INT(s.nseats, 4);
    CHECK_EQ_INT(s.turn, -1);
    CHECK_EQ_INT(s.dir, 1);
    CHECK_EQ_INT(s.phase, FUDA_PHASE_IDLE);
    CHECK_EQ_INT(s.npiles, 0);
    CHECK_EQ_INT(s.ncards, 0);
    CHECK_EQ_INT(s.claim_open, 0);
    CHECK(consistent(&s));
    fuda_rng r;
    fuda_rng_seed(&r, 1, 0);
    CHECK(memcmp(&r, &s.rng, sizeof r) == 0);
    CHECK_EQ_INT(fuda_state_init(&s, FUDA_MAX_SEATS, 1, NULL), 0);
}

static void test_pile_new_find(void) {
    fuda_state s;
    fuda_state_init(&s, 2, 1, NULL);
    CHECK_EQ_INT(fuda_pile_new(&s, "stock", -1, FUDA_VIS_HIDDEN), 0);
    CHECK_EQ_INT(fuda_pile_new(&s, "hand", 0, FUDA_VIS_OWNER), 1);
    CHECK_EQ_INT(fuda_pile_new(&s, "hand", 1, FUDA_VIS_OWNER), 2);
    CHECK_EQ_INT(fuda_pile_new(&s, "hand", 1, FUDA_VIS_PUBLIC), -1); /* dup */
    CHECK_EQ_INT(fuda_pile_new(&s, "stock", -1, FUDA_VIS_TOP), -1);
    CHECK_EQ_INT(fuda_pile_new(&s, "hand", -1, FUDA_VIS_PUBLIC), 3); /* other owner */
    CHECK_EQ_INT(fuda_pile_new(&s, "", -1, FUDA_VIS_PUBLIC), -1);
    CHECK_EQ_INT(fuda_pile_new(&s, NULL, -1, FUDA_VIS_PUBLIC), -1);
    CHECK_EQ_INT(fuda_pile_new(&s, "x", 2, FUDA_VIS_PUBLIC), -1);  /* seat 2 of 2 */
    CHECK_EQ_INT(fuda_pile_new(&s, "x", -2, FUDA_VIS_PUBLIC), -1);
    CHECK_EQ_INT(fuda_pile_new(&s, "x", 0, 4), -1);
    CHECK_EQ_INT(fuda_pile_new(&s, "x", 0, -1), -1);
    CHECK_EQ_INT(fuda_pile_new(&s, "fifteen_chars__", -1, FUDA_VIS_PUBLIC), 4);
    CHECK_EQ_INT(fuda_pile_new(&s, "sixteen_chars___", -1, FUDA_VIS_PUBLIC), -1);
    CHECK_EQ_INT(s.npiles, 5);
    CHECK_EQ_INT(fuda_pile_find(&s, "stock", -1), 0);
    CHECK_EQ_INT(fuda_pile_find(&s, "hand", 0), 1);
    CHECK_EQ_INT(fuda_pile_find(&s, "hand", 1), 2);
    CHECK_EQ_INT(fuda_pile_find(&s, "hand", -1), 3);
    CHECK_EQ_INT(fuda_pile_find(&s, "stock", 0), -1);
    CHECK_EQ_INT(fuda_pile_find(&s, "Stock", -1), -1);
    CHECK_EQ_INT(fuda_pile_find(&s, "stoc", -1), -1);
    CHECK_EQ_INT(fuda_pile_find(&s, "fifteen_chars__", -1), 4);
    CHECK_EQ_INT(fuda_pile_find(&s, "fifteen_chars__x", -1), -1);
    CHECK_EQ_INT(fuda_pile_find(&s, NULL, -1), -1);
    CHECK_EQ_INT(s.piles[1].owner, 0);
    CHECK_EQ_INT(s.piles[1].vis, FUDA_VIS_OWNER);
    CHECK(consistent(&s));
    /* table full */
    fuda_state_init(&s, 2, 1, NULL);
    char nm[16];
    int ok = 1;
    for (int i = 0; i < FUDA_MAX_PILES; i++) {
        snprintf(nm, sizeof nm, "p%d", i);
        ok &= fuda_pile_new(&s, nm, -1, FUDA_VIS_PUBLIC) == i;
    }
    CHECK(ok);
    CHECK_EQ_INT(fuda_pile_new(&s, "more", -1, FUDA_VIS_PUBLIC), -1);
    CHECK(consistent(&s));
}

static void test_create_cards(void) {
    fuda_state s;
    fuda_state_init(&s, 2, 1, NULL);
    int a = fuda_pile_new(&s, "a", -1, FUDA_VIS_PUBLIC);
    int b = fuda_pile_new(&s, "b", -1, FUDA_VIS_PUBLIC);
    int c = fuda_pile_new(&s, "c", -1, FUDA_VIS_PUBLIC);
    add(&s, c, "Kc Qc");
    add(&s, a, "As 2s");
    CHECK_EQ_INT(s.piles[b].start, 2);
    CHECK_EQ_INT(s.piles[c].start, 2);
    add(&s, b, "7h");
    add(&s, a, "3s");
    CHECK_EQ_STR(pile_str(&s, a), "As 2s 3s");
    CHECK_EQ_STR(pile_str(&s, b), "7h");
    CHECK_EQ_STR(pile_str(&s, c), "Kc Qc");
    CHECK_EQ_INT(s.ncards, 6);
    CHECK_EQ_INT(s.deck[C("7h")], 1);
    add(&s, b, "7h Jk Jk");
    CHECK_EQ_INT(s.deck[C("7h")], 2);
    CHECK_EQ_INT(s.deck[FUDA_JOKER], 2);
    CHECK(consistent(&s));
    /* a new pile starts empty at the end */
    int d = fuda_pile_new(&s, "d", -1, FUDA_VIS_PUBLIC);
    CHECK_EQ_INT(s.piles[d].start, s.ncards);
    CHECK_EQ_INT(s.piles[d].len, 0);
    /* rejects leave the state unchanged */
    fuda_state before = s;
    fuda_card bad[3] = { C("2h"), 0x99, C("3h") };
    CHECK_EQ_INT(fuda_pile_create_cards(&s, a, bad, 3), -1);
    CHECK_EQ_INT(fuda_pile_create_cards(&s, 9, bad, 1), -1);
    CHECK_EQ_INT(fuda_pile_create_cards(&s, -1, bad, 1), -1);
    CHECK_EQ_INT(fuda_pile_create_cards(&s, a, bad, -1), -1);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    CHECK_EQ_INT(fuda_pile_create_cards(&s, a, bad, 0), 0);
    /* capacity */
    fuda_card many[FUDA_MAX_CARDS];
    for (int i = 0; i < FUDA_MAX_CARDS; i++) many[i] = (fuda_card)fuda_card_make(i % 13 + 1, i / 13 % 4);
    int room = FUDA_MAX_CARDS - s.ncards;
    CHECK_EQ_INT(fuda_pile_create_cards(&s, d, many, room + 1), -1);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    CHECK_EQ_INT(fuda_pile_create_cards(&s, b, many, room), 0);
    CHECK_EQ_INT(s.ncards, FUDA_MAX_CARDS);
    CHECK_EQ_INT(fuda_pile_create_cards(&s, d, many, 1), -1);
    CHECK(consistent(&s));
}

/* Three piles a b c holding "As 2s 3s", "4h 5h", "6d 7d 8d". */
static void abc(fuda_state *s) {
    fuda_state_init(s, 2, 1, NULL);
    fuda_pile_new(s, "a", -1, FUDA_VIS_PUBLIC);
    fuda_pile_new(s, "b", -1, FUDA_VIS_PUBLIC);
    fuda_pile_new(s, "c", -1, FUDA_VIS_PUBLIC);
    add(s, 0, "As 2s 3s");
    add(s, 1, "4h 5h");
    add(s, 2, "6d 7d 8d");
}

static void test_move_forward(void) {
    fuda_state s;
    abc(&s);
    CHECK_EQ_INT(fuda_pile_move(&s, 0, 0, 2, -1), 0); /* As onto top of c */
    CHECK_EQ_STR(pile_str(&s, 0), "2s 3s");
    CHECK_EQ_STR(pile_str(&s, 1), "4h 5h");
    CHECK_EQ_STR(pile_str(&s, 2), "6d 7d 8d As");
    CHECK(consistent(&s));
    CHECK_EQ_INT(fuda_pile_move(&s, 0, 1, 2, 0), 0); /* 3s to bottom of c */
    CHECK_EQ_STR(pile_str(&s, 0), "2s");
    CHECK_EQ_STR(pile_str(&s, 2), "3s 6d 7d 8d As");
    CHECK_EQ_INT(fuda_pile_move(&s, 0, 0, 1, 1), 0); /* 2s between 4h 5h */
    CHECK_EQ_STR(pile_str(&s, 0), "");
    CHECK_EQ_STR(pile_str(&s, 1), "4h 2s 5h");
    CHECK_EQ_INT(fuda_pile_move(&s, 1, 2, 2, 5), 0); /* pos == len: top */
    CHECK_EQ_STR(pile_str(&s, 2), "3s 6d 7d 8d As 5h");
    CHECK(consistent(&s));
}

static void test_move_backward(void) {
    fuda_state s;
    abc(&s);
    CHECK_EQ_INT(fuda_pile_move(&s, 2, 2, 0, -1), 0); /* 8d onto a */
    CHECK_EQ_STR(pile_str(&s, 0), "As 2s 3s 8d");
    CHECK_EQ_STR(pile_str(&s, 1), "4h 5h");
    CHECK_EQ_STR(pile_str(&s, 2), "6d 7d");
    CHECK(consistent(&s));
    CHECK_EQ_INT(fuda_pile_move(&s, 2, 0, 0, 0), 0); /* 6d to bottom of a */
    CHECK_EQ_STR(pile_str(&s, 0), "6d As 2s 3s 8d");
    CHECK_EQ_STR(pile_str(&s, 2), "7d");
    CHECK_EQ_INT(fuda_pile_move(&s, 1, 0, 0, 2), 0); /* 4h into a, index 2 */
    CHECK_EQ_STR(pile_str(&s, 0), "6d As 4h 2s 3s 8d");
    CHECK_EQ_STR(pile_str(&s, 1), "5h");
    CHECK_EQ_INT(fuda_pile_move(&s, 2, 0, 1, 0), 0);
    CHECK_EQ_STR(pile_str(&s, 1), "7d 5h");
    CHECK_EQ_STR(pile_str(&s, 2), "");
    CHECK(consistent(&s));
    /* into an empty pile and back */
    CHECK_EQ_INT(fuda_pile_move(&s, 0, 5, 2, 0), 0);
    CHECK_EQ_STR(pile_str(&s, 2), "8d");
    CHECK_EQ_INT(fuda_pile_move(&s, 2, 0, 0, -1), 0);
    CHECK_EQ_STR(pile_str(&s, 0), "6d As 4h 2s 3s 8d");
    CHECK(consistent(&s));
}

static void test_move_within(void) {
    fuda_state s;
    abc(&s);
    CHECK_EQ_INT(fuda_pile_move(&s, 0, 0, 0, -1), 0); /* bottom to top */
    CHECK_EQ_STR(pile_str(&s, 0), "2s 3s As");
    CHECK_EQ_INT(fuda_pile_move(&s, 0, 2, 0, 0), 0); /* top to bottom */
    CHECK_EQ_STR(pile_str(&s, 0), "As 2s 3s");
    CHECK_EQ_INT(fuda_pile_move(&s, 0, 0, 0, 1), 0);
    CHECK_EQ_STR(pile_str(&s, 0), "2s As 3s");
    CHECK_EQ_INT(fuda_pile_move(&s, 0, 1, 0, 1), 0); /* no-op */
    CHECK_EQ_STR(pile_str(&s, 0), "2s As 3s");
    CHECK_EQ_INT(fuda_pile_move(&s, 0, 0, 0, 3), 0); /* pos == len: top */
    CHECK_EQ_STR(pile_str(&s, 0), "As 3s 2s");
    CHECK_EQ_INT(fuda_pile_move(&s, 2, 1, 2, 0), 0);
    CHECK_EQ_STR(pile_str(&s, 2), "7d 6d 8d");
    CHECK_EQ_STR(pile_str(&s, 1), "4h 5h");
    CHECK(consistent(&s));
    CHECK_EQ_INT(fuda_pile_move(&s, 0, 0, 0, 4), -1);
}

static void test_move_errors(void) {
    fuda_state s;
    abc(&s);
    fuda_state before = s;
    CHECK_EQ_INT(fuda_pile_move(&s, 0, 3, 1, -1), -1);
    CHECK_EQ_INT(fuda_pile_move(&s, 0, -1, 1, -1), -1);
    CHECK_EQ_INT(fuda_pile_move(&s, 0, 0, 1, 3), -1);
    CHECK_EQ_INT(fuda_pile_move(&s, 0, 0, 1, -2), -1);
    CHECK_EQ_INT(fuda_pile_move(&s, 3, 0, 1, -1), -1);
    CHECK_EQ_INT(fuda_pile_move(&s, 0, 0, 3, -1), -1);
    CHECK_EQ_INT(fuda_pile_move(&s, -1, 0, 1, -1), -1);
    CHECK_EQ_INT(fuda_pile_move(&s, 0, 0, -1, -1), -1);
    int e = fuda_pile_new(&s, "e", -1, FUDA_VIS_PUBLIC);
    before = s;
    CHECK_EQ_INT(fuda_pile_move(&s, e, 0, 0, -1), -1); /* empty source */
    CHECK_EQ_INT(fuda_pile_move(&s, 0, 0, e, 1), -1);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
}

/* Reference model: piles as separate arrays. */
typedef struct model {
    fuda_card c[8][FUDA_MAX_CARDS];
    int n[8];
} model;

static void model_move(model *m, int from, int i, int to, int pos) {
    fuda_card c = m->c[from][i];
    memmove(m->c[from] + i, m->c[from] + i + 1, (size_t)(m->n[from] - i - 1));
    m->n[from]--;
    if (pos == -1) pos = m->n[to];
    memmove(m->c[to] + pos + 1, m->c[to] + pos, (size_t)(m->n[to] - pos));
    m->c[to][pos] = c;
    m->n[to]++;
}

static int model_equal(const model *m, const fuda_state *s) {
    for (int p = 0; p < s->npiles; p++) {
        if (m->n[p] != fuda_pile_len(s, p)) return 0;
        if (memcmp(m->c[p], fuda_pile_cards(s, p), (size_t)m->n[p])) return 0;
    }
    return 1;
}

static void test_random_moves(void) {
    enum { NP = 7, MOVES = 20000 };
    fuda_state s;
    fuda_state_init(&s, 4, 9, NULL);
    static model m;
    memset(&m, 0, sizeof m);
    char nm[16];
    for (int p = 0; p < NP; p++) {
        snprintf(nm, sizeof nm, "p%d", p);
        fuda_pile_new(&s, nm, p % 5 - 1, p % 4);
    }
    fuda_card deck[52];
    fuda_deck52(deck);
    fuda_pile_create_cards(&s, 2, deck, 52);
    fuda_pile_create_cards(&s, 5, deck, 52);
    fuda_card jk[2] = { FUDA_JOKER, FUDA_JOKER };
    fuda_pile_create_cards(&s, 0, jk, 2);
    memcpy(m.c[2], deck, 52);
    memcpy(m.c[5], deck, 52);
    m.c[0][0] = m.c[0][1] = FUDA_JOKER;
    m.n[2] = m.n[5] = 52;
    m.n[0] = 2;
    fuda_rng r;
    fuda_rng_seed(&r, 31337, 7);
    int ok_rc = 1, ok_model = 1, ok_check = 1;
    for (int k = 0; k < MOVES; k++) {
        int from = (int)fuda_rng_below(&r, NP), to = (int)fuda_rng_below(&r, NP);
        if (m.n[from] == 0) continue;
        int i = (int)fuda_rng_below(&r, (uint32_t)m.n[from]);
        int top = from == to ? m.n[to] - 1 : m.n[to];
        int pos = fuda_rng_below(&r, 4) == 0 ? -1 : (int)fuda_rng_below(&r, (uint32_t)top + 1);
        ok_rc &= fuda_pile_move(&s, from, i, to, pos) == 0;
        model_move(&m, from, i, to, pos);
        ok_model &= model_equal(&m, &s);
        if (k % 16 == 0) ok_check &= consistent(&s);
    }
    CHECK(ok_rc);
    CHECK(ok_model);
    CHECK(ok_check);
    CHECK(consistent(&s));
    CHECK_EQ_INT(s.ncards, 106);
    int total = 0;
    for (int p = 0; p < NP; p++) total += fuda_pile_len(&s, p);
    CHECK_EQ_INT(total, 106);
}

static void test_pile_index(void) {
    fuda_state s;
    fuda_state_init(&s, 2, 1, NULL);
    int p = fuda_pile_new(&s, "p", -1, FUDA_VIS_PUBLIC);
    add(&s, p, "7h 2c 7h 9s");
    CHECK_EQ_INT(fuda_pile_index(&s, p, C("7h")), 2);
    CHECK_EQ_INT(fuda_pile_index(&s, p, C("2c")), 1);
    CHECK_EQ_INT(fuda_pile_index(&s, p, C("9s")), 3);
    CHECK_EQ_INT(fuda_pile_index(&s, p, C("Ks")), -1);
    CHECK_EQ_INT(fuda_pile_index(&s, 5, C("9s")), -1);
}

static void test_sort(void) {
    fuda_state s;
    fuda_state_init(&s, 2, 1, NULL);
    int a = fuda_pile_new(&s, "a", -1, FUDA_VIS_PUBLIC);
    int b = fuda_pile_new(&s, "b", -1, FUDA_VIS_PUBLIC);
    add(&s, a, "Jk Kc 7h As 10s 7d Jk 2h 7h Ac Qd");
    add(&s, b, "3c 2c");
    fuda_state t = s;
    fuda_pile_sort(&s, a, 0);
    CHECK_EQ_STR(pile_str(&s, a), "As 10s 2h 7h 7h 7d Qd Ac Kc Jk Jk");
    CHECK_EQ_STR(pile_str(&s, b), "3c 2c");
    fuda_pile_sort(&t, a, 1);
    CHECK_EQ_STR(pile_str(&t, a), "As Ac 2h 7h 7h 7d 10s Qd Kc Jk Jk");
    CHECK(consistent(&s));
    CHECK(consistent(&t));
    fuda_pile_sort(&s, b, 1);
    CHECK_EQ_STR(pile_str(&s, b), "2c 3c");
    fuda_pile_sort(&s, 7, 1); /* bad pile: ignored */
    CHECK(consistent(&s));
}

static void test_shuffle(void) {
    fuda_state s, t;
    fuda_state_init(&s, 2, 42, NULL);
    int a = fuda_pile_new(&s, "a", -1, FUDA_VIS_PUBLIC);
    int b = fuda_pile_new(&s, "b", -1, FUDA_VIS_HIDDEN);
    int c = fuda_pile_new(&s, "c", -1, FUDA_VIS_PUBLIC);
    add(&s, a, "As 2s");
    fuda_card deck[52];
    fuda_deck52(deck);
    fuda_pile_create_cards(&s, b, deck, 52);
    add(&s, c, "Kd Qd");
    t = s;
    fuda_pile_shuffle(&s, b);
    fuda_pile_shuffle(&t, b);
    CHECK(memcmp(&s, &t, sizeof s) == 0);
    CHECK(memcmp(fuda_pile_cards(&s, b), deck, 52) != 0);
    CHECK_EQ_STR(pile_str(&s, a), "As 2s");
    CHECK_EQ_STR(pile_str(&s, c), "Kd Qd");
    CHECK(consistent(&s));
    fuda_card ref[52];
    memcpy(ref, deck, 52);
    fuda_rng r;
    fuda_rng_seed(&r, 42, 0);
    fuda_rng_shuffle(&r, ref, 52);
    CHECK(memcmp(fuda_pile_cards(&s, b), ref, 52) == 0);
    CHECK(memcmp(&r, &s.rng, sizeof r) == 0);
}

static void test_visibility(void) {
    fuda_state s;
    fuda_state_init(&s, 3, 1, NULL);
    int hid = fuda_pile_new(&s, "stock", -1, FUDA_VIS_HIDDEN);
    int own = fuda_pile_new(&s, "hand", 1, FUDA_VIS_OWNER);
    int pub = fuda_pile_new(&s, "table", -1, FUDA_VIS_PUBLIC);
    int top = fuda_pile_new(&s, "discard", -1, FUDA_VIS_TOP);
    int sown = fuda_pile_new(&s, "shared", -1, FUDA_VIS_OWNER);
    int p;
    for (p = 0; p < 5; p++) add(&s, p, "As 2s 3s");
    for (int seat = -1; seat < 3; seat++) {
        for (int i = 0; i < 3; i++) {
            CHECK_EQ_INT(fuda_pile_visible(&s, hid, i, seat), 0);
            CHECK_EQ_INT(fuda_pile_visible(&s, own, i, seat), seat == 1);
            CHECK_EQ_INT(fuda_pile_visible(&s, pub, i, seat), 1);
            CHECK_EQ_INT(fuda_pile_visible(&s, top, i, seat), i == 2);
            CHECK_EQ_INT(fuda_pile_visible(&s, sown, i, seat), 0);
        }
        CHECK_EQ_INT(fuda_pile_visible(&s, pub, 3, seat), 0);
        CHECK_EQ_INT(fuda_pile_visible(&s, pub, -1, seat), 0);
        CHECK_EQ_INT(fuda_pile_visible(&s, 9, 0, seat), 0);
    }
    /* TOP follows the top as it changes */
    fuda_pile_move(&s, top, 2, pub, -1);
    CHECK_EQ_INT(fuda_pile_visible(&s, top, 1, -1), 1);
    CHECK_EQ_INT(fuda_pile_visible(&s, top, 0, -1), 0);
}

static void test_seat_next(void) {
    fuda_state s;
    fuda_state_init(&s, 4, 1, NULL);
    CHECK_EQ_INT(fuda_seat_next(&s, 0, 1), 1);
    CHECK_EQ_INT(fuda_seat_next(&s, 3, 1), 0);
    CHECK_EQ_INT(fuda_seat_next(&s, 1, 2), 3);
    CHECK_EQ_INT(fuda_seat_next(&s, 1, 5), 2);
    CHECK_EQ_INT(fuda_seat_next(&s, 2, 0), 2);
    CHECK_EQ_INT(fuda_seat_next(&s, 0, -1), 3);
    CHECK_EQ_INT(fuda_seat_next(&s, 2, -2), 0);
    CHECK_EQ_INT(fuda_seat_next(&s, 2, 4), 2);
    CHECK_EQ_INT(fuda_seat_next(&s, -1, 1), -1);
    CHECK_EQ_INT(fuda_seat_next(&s, 4, 1), -1);
    s.dir = -1;
    CHECK_EQ_INT(fuda_seat_next(&s, 0, 1), 3);
    CHECK_EQ_INT(fuda_seat_next(&s, 3, 1), 2);
    CHECK_EQ_INT(fuda_seat_next(&s, 0, -1), 1);
    CHECK_EQ_INT(fuda_seat_next(&s, 1, 2), 3);
    s.dir = 1;
    s.out_mask = 1u << 1 | 1u << 2;
    CHECK_EQ_INT(fuda_seat_next(&s, 0, 1), 3);
    CHECK_EQ_INT(fuda_seat_next(&s, 3, 1), 0);
    CHECK_EQ_INT(fuda_seat_next(&s, 0, 2), 0);
    CHECK_EQ_INT(fuda_seat_next(&s, 0, -1), 3);
    CHECK_EQ_INT(fuda_seat_next(&s, 1, 1), 3); /* from an out seat */
    CHECK_EQ_INT(fuda_seat_next(&s, 2, -1), 0);
    s.dir = -1;
    CHECK_EQ_INT(fuda_seat_next(&s, 3, 1), 0);
    CHECK_EQ_INT(fuda_seat_next(&s, 1, 1), 0);
    s.out_mask = 0xe; /* only seat 0 in */
    CHECK_EQ_INT(fuda_seat_next(&s, 0, 1), 0);
    CHECK_EQ_INT(fuda_seat_next(&s, 0, -3), 0);
    CHECK_EQ_INT(fuda_seat_next(&s, 2, 1), 0);
    s.out_mask = 0xf; /* everybody out */
    CHECK_EQ_INT(fuda_seat_next(&s, 2, 1), 2);
    fuda_state_init(&s, 1, 1, NULL);
    CHECK_EQ_INT(fuda_seat_next(&s, 0, 1), 0);
}

static void test_actors_and_claims(void) {
    fuda_symtab *syms = fuda_symtab_new();
    int pon = fuda_symtab_intern(syms, "pon", 3), pass = fuda_symtab_intern(syms, "pass", 4);
    int discard = fuda_symtab_intern(syms, "discard", 7);
    fuda_state s;
    fuda_state_init(&s, 4, 1, syms);
    CHECK_EQ_INT(fuda_state_actors(&s), 0);
    s.turn = 2;
    CHECK_EQ_INT(fuda_state_actors(&s), 0); /* idle */
    s.phase = FUDA_PHASE_PLAYING;
    CHECK_EQ_INT(fuda_state_actors(&s), 1u << 2);
    s.turn = -1;
    CHECK_EQ_INT(fuda_state_actors(&s), 0);
    s.turn = 2;
    /* errors when closed */
    CHECK_EQ_INT(fuda_claim_decide(&s, 0, pass), -1);
    CHECK_EQ_INT(fuda_claim_open(&s, discard, 0), -1);
    CHECK_EQ_INT(fuda_claim_open(&s, discard, 1u << 4), -1);
    CHECK_EQ_INT(s.claim_open, 0);
    /* open */
    CHECK_EQ_INT(fuda_claim_open(&s, discard, 0xb), 0);
    CHECK_EQ_INT(s.claim_open, 1);
    CHECK_EQ_INT(s.claim_kind, discard);
    CHECK_EQ_INT(s.claim_eligible, 0xb);
    CHECK_EQ_INT(s.claim_pending, 0xb);
    CHECK_EQ_INT(fuda_state_actors(&s), 0xb);
    CHECK_EQ_INT(fuda_claim_open(&s, discard, 0x1), -1); /* already open */
    CHECK(consistent(&s));
    /* decide */
    CHECK_EQ_INT(fuda_claim_decide(&s, 2, pass), -1); /* not eligible */
    CHECK_EQ_INT(fuda_claim_decide(&s, -1, pass), -1);
    CHECK_EQ_INT(fuda_claim_decide(&s, 4, pass), -1);
    CHECK_EQ_INT(fuda_claim_decide(&s, 1, pon), 0);
    CHECK_EQ_INT(s.claim_choice[1], pon);
    CHECK_EQ_INT(s.claim_pending, 0x9);
    CHECK_EQ_INT(fuda_state_actors(&s), 0x9);
    CHECK_EQ_INT(fuda_claim_decide(&s, 1, pass), -1); /* twice */
    CHECK_EQ_INT(s.claim_choice[1], pon);
    CHECK_EQ_INT(fuda_claim_decide(&s, 0, pass), 0);
    CHECK_EQ_INT(fuda_claim_decide(&s, 3, pass), 0);
    CHECK_EQ_INT(s.claim_pending, 0);
    CHECK_EQ_INT(fuda_state_actors(&s), 0); /* resolve time */
    CHECK(consistent(&s));
    fuda_claim_close(&s);
    CHECK_EQ_INT(s.claim_open, 0);
    CHECK_EQ_INT(s.claim_pending, 0);
    CHECK_EQ_INT(s.claim_eligible, 0);
    CHECK_EQ_INT(fuda_state_actors(&s), 1u << 2);
    CHECK_EQ_INT(fuda_claim_decide(&s, 0, pass), -1);
    CHECK_EQ_INT(fuda_claim_open(&s, discard, 0x1), 0); /* reopen */
    CHECK_EQ_INT(fuda_state_actors(&s), 0x1);
    CHECK(consistent(&s));
    fuda_symtab_free(syms);
}

static void hash_base(fuda_state *s, fuda_symtab *syms) {
    fuda_state_init(s, 3, 5, syms);
    int a = fuda_pile_new(s, "stock", -1, FUDA_VIS_HIDDEN);
    int b = fuda_pile_new(s, "hand", 0, FUDA_VIS_OWNER);
    fuda_pile_new(s, "hand", 1, FUDA_VIS_OWNER);
    add(s, a, "As 2s 3s 4s");
    add(s, b, "Kd Qd");
    s->turn = 0;
    s->phase = FUDA_PHASE_PLAYING;
    s->var_type[3] = FUDA_VAR_INT;
    s->var[3] = 17;
}

static void test_hash_changes(void) {
    fuda_symtab *syms = fuda_symtab_new();
    int x = fuda_symtab_intern(syms, "x", 1), y = fuda_symtab_intern(syms, "y", 1);
    fuda_state s, t;
    hash_base(&s, syms);
    hash_base(&t, syms);
    uint64_t h = fuda_state_hash(&s);
    CHECK(h == fuda_state_hash(&t));
    fuda_state_copy(&t, &s);
    CHECK(h == fuda_state_hash(&t));
    CHECK(h == fuda_state_hash(&s)); /* pure */
    int changes = 0, differ = 0;
#define CHANGE(stmt) do { fuda_state_copy(&t, &s); stmt; changes++; \
        if (fuda_state_hash(&t) != h) differ++; \
        else fprintf(stderr, "hash unchanged by: %s\n", #stmt); } while (0)
    CHANGE(t.nseats = 4);
    CHANGE(t.turn = 1);
    CHANGE(t.turn = -1);
    CHANGE(t.dir = -1);
    CHANGE(t.phase = FUDA_PHASE_HAND_OVER);
    CHANGE(t.out_mask = 4);
    CHANGE(t.winners = 1);
    CHANGE(t.winners = 2);
    CHANGE(t.hand_no = 1);
    CHANGE(t.move_no = 1);
    CHANGE(t.move_no = 1u << 31);
    CHANGE(fuda_rng_next(&t.rng));
    CHANGE(t.rng.inc += 2);
    CHANGE(fuda_claim_open(&t, x, 3));
    CHANGE(fuda_claim_open(&t, y, 3));
    CHANGE(fuda_claim_open(&t, x, 5));
    CHANGE((fuda_claim_open(&t, x, 3), fuda_claim_decide(&t, 0, y)));
    CHANGE(t.var_type[3] = FUDA_VAR_BOOL);
    CHANGE(t.var[3] = 18);
    CHANGE(t.var_type[4] = FUDA_VAR_INT);
    CHANGE((t.var_type[4] = FUDA_VAR_SYM, t.var[4] = x));
    CHANGE(t.var_type[4] = FUDA_VAR_BOOL);
    CHANGE(t.total[0][0] = 1);
    CHANGE(t.total[3][7] = -1);
    CHANGE(t.total[1][2] = 5);
    CHANGE(fuda_pile_move(&t, 0, 3, 1, -1));
    CHANGE(fuda_pile_move(&t, 0, 3, 0, 0));
    CHANGE(fuda_pile_move(&t, 1, 0, 1, -1));
    CHANGE(fuda_pile_move(&t, 1, 1, 2, -1));
    CHANGE(add(&t, 2, "5c"));
    CHANGE(fuda_pile_new(&t, "extra", -1, FUDA_VIS_PUBLIC));
    CHANGE(t.piles[0].name[0] = 'S');
    CHANGE(t.piles[1].owner = 2);
    CHANGE(t.piles[1].vis = FUDA_VIS_PUBLIC);
    CHANGE(t.cards[0] = C("Ah"));
    CHANGE(t.deck[C("As")] = 2);
    CHANGE(t.piles[0].len--);
#undef CHANGE
    CHECK_EQ_INT(differ, changes);
    /* claim windows differing only in the same choices */
    fuda_state u;
    fuda_state_copy(&t, &s);
    fuda_state_copy(&u, &s);
    fuda_claim_open(&t, x, 3);
    fuda_claim_open(&u, x, 3);
    fuda_claim_decide(&t, 1, y);
    fuda_claim_decide(&u, 1, x);
    CHECK(fuda_state_hash(&t) != fuda_state_hash(&u));
    fuda_claim_decide(&u, 0, y);
    CHECK(fuda_state_hash(&t) != fuda_state_hash(&u));
    fuda_symtab_free(syms);
}

static void test_hash_ignores(void) {
    fuda_symtab *syms = fuda_symtab_new();
    int x = fuda_symtab_intern(syms, "x", 1), y = fuda_symtab_intern(syms, "y", 1);
    fuda_state s, t;
    hash_base(&s, syms);
    fuda_claim_open(&s, x, 3);
    fuda_claim_decide(&s, 0, y);
    uint64_t h = fuda_state_hash(&s);
    fuda_state_copy(&t, &s);
    t.claim_choice[1] = 12345; /* seat 1 is still pending */
    t.claim_choice[2] = y;     /* seat 2 is not eligible */
    t.var[10] = 99;            /* var 10 is nil */
    t.cards[s.ncards] = 0x33;  /* beyond the cards in the game */
    CHECK(fuda_state_hash(&t) == h);
    /* the same cards reached by different moves */
    fuda_state a, b;
    hash_base(&a, syms);
    hash_base(&b, syms);
    fuda_pile_move(&a, 0, 0, 2, -1);
    fuda_pile_move(&a, 1, 0, 2, -1);
    fuda_pile_move(&b, 1, 0, 2, -1);
    fuda_pile_move(&b, 0, 0, 2, 0);
    CHECK(fuda_state_hash(&a) == fuda_state_hash(&b));
    fuda_symtab_free(syms);
}

static void test_hash_intern_order(void) {
    fuda_symtab *s1 = fuda_symtab_new(), *s2 = fuda_symtab_new();
    const char *words[] = { "discard", "pon", "chi", "pass", "ron", "draw", "red" };
    int id1[7], id2[7];
    for (int i = 0; i < 7; i++) id1[i] = fuda_symtab_intern(s1, words[i], strlen(words[i]));
    fuda_symtab_intern(s2, "padding", 7);
    for (int i = 6; i >= 0; i--) id2[i] = fuda_symtab_intern(s2, words[i], strlen(words[i]));
    CHECK(id1[0] != id2[0]);
    fuda_state a, b;
    hash_base(&a, s1);
    hash_base(&b, s2);
    fuda_claim_open(&a, id1[0], 7);
    fuda_claim_open(&b, id2[0], 7);
    fuda_claim_decide(&a, 1, id1[1]);
    fuda_claim_decide(&b, 1, id2[1]);
    fuda_claim_decide(&a, 2, id1[3]);
    fuda_claim_decide(&b, 2, id2[3]);
    a.var_type[0] = b.var_type[0] = FUDA_VAR_SYM;
    a.var[0] = id1[6];
    b.var[0] = id2[6];
    a.var_type[1] = b.var_type[1] = FUDA_VAR_SYM;
    a.var[1] = b.var[1] = 0; /* "" in both */
    CHECK(consistent(&a));
    CHECK(consistent(&b));
    CHECK(fuda_state_hash(&a) == fuda_state_hash(&b));
    b.var[0] = id2[5];
    CHECK(fuda_state_hash(&a) != fuda_state_hash(&b));
    fuda_symtab_free(s1);
    fuda_symtab_free(s2);
}

/* Check s, expecting failure with exactly the message want (or any, if NULL). */
static void expect_bad(const fuda_state *s, const char *want) {
    char err[160] = "";
    CHECK_EQ_INT(fuda_state_check(s, err, sizeof err), -1);
    CHECK(err[0] != '\0');
    if (want) CHECK_EQ_STR(err, want);
}

static void test_check_corruption(void) {
    fuda_symtab *syms = fuda_symtab_new();
    fuda_state s, t;
    fuda_state_init(&s, 3, 1, syms);
    int stock = fuda_pile_new(&s, "stock", -1, FUDA_VIS_HIDDEN);
    int hand = fuda_pile_new(&s, "hand", 0, FUDA_VIS_OWNER);
    fuda_pile_new(&s, "discard", -1, FUDA_VIS_TOP);
    add(&s, stock, "As 7h 3s");
    add(&s, hand, "Kd Qd");
    CHECK(consistent(&s));
    char small[8];
    t = s;
    t.cards[1] = 0x99;
    expect_bad(&t, "pile 'stock': card 0x99 is not a card");
    CHECK_EQ_INT(fuda_state_check(&t, small, sizeof small), -1);
    CHECK_EQ_INT(strlen(small), 7); /* truncated, terminated */
    CHECK_EQ_INT(fuda_state_check(&t, NULL, 0), -1);
    t = s;
    t.cards[0] = C("7h");
    expect_bad(&t, "card As: deck holds 1, piles hold 0");
    t = s;
    t.deck[C("As")] = 0;
    t.deck[C("7h")] = 1;
    t.cards[0] = C("7h");
    expect_bad(&t, "card 7h: deck holds 1, piles hold 2");
    t = s;
    t.deck[0x2e] = 1; /* rank 14 */
    expect_bad(&t, "deck counts 1 of 0x2e, which is not a card");
    t = s;
    t.piles[1].start = 2;
    expect_bad(&t, "pile 'hand': starts at 2, expected 3");
    t = s;
    t.piles[2].len = 1;
    expect_bad(&t, "pile 'discard': ends at 6, past ncards 5");
    t = s;
    t.ncards = 6;
    expect_bad(&t, "piles hold 5 cards, ncards is 6");
    t = s;
    t.piles[1].len = 1;
    t.piles[2].start = 4;
    expect_bad(&t, "piles hold 4 cards, ncards is 5");
    t = s;
    t.turn = 3;
    expect_bad(&t, "turn is 3, not in -1..2");
    t = s;
    t.turn = -2;
    expect_bad(&t, NULL);
    t = s;
    t.dir = 0;
    expect_bad(&t, "dir is 0, not +1 or -1");
    t = s;
    t.nseats = 0;
    expect_bad(&t, NULL);
    t = s;
    t.nseats = FUDA_MAX_SEATS + 1;
    expect_bad(&t, NULL);
    t = s;
    t.phase = 4;
    expect_bad(&t, NULL);
    t = s;
    t.out_mask = 8;
    expect_bad(&t, NULL);
    t = s;
    t.winners = 8;
    expect_bad(&t, NULL);
    t = s;
    t.npiles = FUDA_MAX_PILES + 1;
    expect_bad(&t, NULL);
    t = s;
    t.claim_open = 1;
    t.claim_eligible = 3;
    t.claim_pending = 4;
    expect_bad(&t, "claim_pending 0x4 is not within claim_eligible 0x3");
    t = s;
    t.claim_open = 1;
    t.claim_eligible = 9;
    t.claim_pending = 1;
    expect_bad(&t, "claim_eligible 0x9 names seats beyond nseats 3");
    t = s;
    fuda_claim_open(&t, 0, 3);
    t.claim_kind = 777;
    expect_bad(&t, "claim_kind 777 is not a symbol");
    t = s;
    fuda_claim_open(&t, 0, 3);
    fuda_claim_decide(&t, 1, 555);
    expect_bad(&t, "claim choice of seat 1 is 555, not a symbol");
    t = s;
    t.var_type[5] = 7;
    expect_bad(&t, "var 5 has type 7, not a var type");
    t = s;
    t.var_type[5] = FUDA_VAR_SYM;
    t.var[5] = 1000;
    expect_bad(&t, "var 5 holds symbol 1000, not in the table");
    t = s;
    t.var_type[5] = FUDA_VAR_BOOL;
    t.var[5] = 2;
    expect_bad(&t, NULL);
    t = s;
    t.piles[0].owner = 3;
    expect_bad(&t, "pile 'stock': owner 3 is not a seat");
    t = s;
    t.piles[0].vis = 4;
    expect_bad(&t, NULL);
    t = s;
    t.piles[0].name[0] = '\0';
    expect_bad(&t, "pile 0 has an empty name");
    t = s;
    memset(t.piles[0].name, 'x', FUDA_PILE_NAME);
    expect_bad(&t, NULL);
    t = s;
    memcpy(t.piles[2].name, "stock", 6);
    expect_bad(&t, "piles 0 and 2 are both 'stock' of owner -1");
    /* the original is still fine */
    CHECK(consistent(&s));
    fuda_symtab_free(syms);
}

/* Card conservation counts the joker too: it is the last card byte. */
static void test_check_jokers(void) {
    fuda_state s, t;
    fuda_state_init(&s, 2, 1, NULL);
    int stock = fuda_pile_new(&s, "stock", -1, FUDA_VIS_HIDDEN);
    int hand = fuda_pile_new(&s, "hand", 0, FUDA_VIS_OWNER);
    add(&s, stock, "Jk 5c Jk");
    add(&s, hand, "Kc");
    CHECK_EQ_INT(s.deck[FUDA_JOKER], 2);
    CHECK(consistent(&s));
    t = s;
    t.deck[FUDA_JOKER] = 1;
    expect_bad(&t, "card Jk: deck holds 1, piles hold 2");
    t = s;
    t.cards[0] = C("Kc"); /* a joker lost, a king made */
    expect_bad(&t, "card Kc: deck holds 1, piles hold 2");
    t = s;
    t.cards[2] = C("7h"); /* a joker became a 7h the deck also counts: only the joker is off */
    t.deck[C("7h")] = 1;
    expect_bad(&t, "card Jk: deck holds 2, piles hold 1");
}

/* The bounds of the header, the claim window and the piles, each side. */
static void test_check_bounds(void) {
    fuda_state s, t;
    fuda_state_init(&s, FUDA_MAX_SEATS, 1, NULL);
    int p = fuda_pile_new(&s, "stock", -1, FUDA_VIS_TOP);
    fuda_pile_new(&s, "hand", FUDA_MAX_SEATS - 1, FUDA_VIS_OWNER);
    fuda_card full[FUDA_MAX_CARDS];
    for (int i = 0; i < FUDA_MAX_CARDS; i++) full[i] = i < 208 ? fuda_card_make(i % 13 + 1, i / 13 % 4) : FUDA_JOKER;
    CHECK_EQ_INT(fuda_pile_create_cards(&s, p, full, FUDA_MAX_CARDS), 0);
    s.turn = FUDA_MAX_SEATS - 1;
    s.dir = -1;
    s.phase = FUDA_PHASE_MATCH_OVER;
    s.out_mask = (1u << FUDA_MAX_SEATS) - 1;
    s.var_type[FUDA_MAX_VARS - 1] = FUDA_VAR_BOOL;
    s.var[FUDA_MAX_VARS - 1] = 1;
    CHECK(consistent(&s)); /* every field at its largest allowed value */
    t = s;
    t.nseats = FUDA_MAX_SEATS + 1;
    expect_bad(&t, "nseats is 13, not in 1..12");
    t = s;
    t.nseats = 0;
    expect_bad(&t, "nseats is 0, not in 1..12");
    t = s;
    t.turn = -2;
    expect_bad(&t, "turn is -2, not in -1..11");
    t = s;
    t.turn = FUDA_MAX_SEATS;
    expect_bad(&t, "turn is 12, not in -1..11");
    t = s;
    t.dir = 2;
    expect_bad(&t, "dir is 2, not +1 or -1");
    t = s;
    t.phase = FUDA_PHASE_MATCH_OVER + 1;
    expect_bad(&t, "phase is 4, not a phase");
    t = s;
    t.nseats = 7;
    t.turn = 6;
    t.piles[1].owner = 6;
    expect_bad(&t, "out_mask 0xfff names seats beyond nseats 7");
    t = s;
    t.npiles = FUDA_MAX_PILES + 1;
    expect_bad(&t, "npiles is 41, more than 40");
    t = s;
    t.ncards = FUDA_MAX_CARDS + 1;
    expect_bad(&t, "ncards is 225, more than 224");
    t = s;
    t.piles[0].vis = FUDA_VIS_TOP + 1;
    expect_bad(&t, "pile 'stock': vis 4 is not a visibility");
    t = s;
    t.piles[0].owner = -2;
    expect_bad(&t, "pile 'stock': owner -2 is not a seat");
    t = s;
    memset(t.piles[0].name, 'x', FUDA_PILE_NAME);
    expect_bad(&t, "pile 0: name is not NUL-terminated");
    t = s;
    t.var[FUDA_MAX_VARS - 1] = 2;
    expect_bad(&t, "var 127 is a bool holding 2");
    t = s;
    t.var_type[FUDA_MAX_VARS - 1] = FUDA_VAR_SYM + 1;
    expect_bad(&t, "var 127 has type 4, not a var type");
    t = s;
    t.claim_open = 2;
    expect_bad(&t, "claim_open is 2, not 0 or 1");
    t = s;
    t.claim_eligible = (uint16_t)(1u << FUDA_MAX_SEATS);
    expect_bad(&t, "claim_eligible 0x1000 names seats beyond nseats 12");
    /* a closed window is not checked for symbols; an open one is (no table: any id) */
    t = s;
    t.claim_kind = 12345;
    CHECK(consistent(&t));
    fuda_claim_open(&t, 7, 0x81);
    fuda_claim_decide(&t, 7, 99);
    CHECK(consistent(&t));
}

static void test_copy(void) {
    fuda_state s, t;
    abc(&s);
    fuda_state_copy(&t, &s);
    fuda_pile_move(&t, 0, 0, 2, -1);
    CHECK_EQ_STR(pile_str(&s, 0), "As 2s 3s");
    CHECK_EQ_STR(pile_str(&t, 0), "2s 3s");
    CHECK(fuda_state_hash(&s) != fuda_state_hash(&t));
}

TEST_MAIN(test_init, test_pile_new_find, test_create_cards, test_move_forward, test_move_backward,
          test_move_within, test_move_errors, test_random_moves, test_pile_index, test_sort,
          test_shuffle, test_visibility, test_seat_next, test_actors_and_claims, test_hash_changes,
          test_hash_ignores, test_hash_intern_order, test_check_corruption, test_check_jokers,
          test_check_bounds, test_copy)
