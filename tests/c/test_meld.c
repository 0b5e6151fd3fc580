/* test_meld.c -- unit tests of core/meld.c: every meld shape and ace mode,
 * overlapping and tied arrangements, the seed document's worked example,
 * discards, every least-deadwood arrangement, which cards extend a meld, wild
 * jokers, bad input; and randomized cross-checks against a small brute force
 * written here (all candidate melds, every disjoint choice). */
#include "test.h"
#include "meld.h"
#include "rng.h"

#include <stdint.h>
#include <stdlib.h>

/* ------------------------------------------------------------ helpers */

/* Parse "As 10h Jk" into out; returns the count (-1 on a bad name). */
static int cards_of(const char *s, fuda_card *out) {
    int n = 0;
    while (*s) {
        while (*s == ' ') s++;
        if (!*s) break;
        size_t len = 0;
        while (s[len] && s[len] != ' ') len++;
        if (fuda_card_parse(s, len, &out[n]) != 0) return -1;
        n++;
        s += len;
    }
    return n;
}

static int dw(const fuda_meld_rules *r, const char *s) {
    fuda_card h[32];
    int n = cards_of(s, h);
    return fuda_meld_deadwood(r, h, n);
}

static int best_of(const fuda_meld_rules *r, const char *s, fuda_meld_result *res) {
    fuda_card h[32];
    int n = cards_of(s, h);
    return fuda_meld_best(r, h, n, res);
}

/* "7h 8h 9h" for a meld. */
static const char *meld_str(const fuda_meld *m) {
    static char buf[128];
    char *p = buf;
    for (int i = 0; i < m->n; i++) {
        if (i) *p++ = ' ';
        p += fuda_card_name(m->cards[i], p);
    }
    *p = '\0';
    return buf;
}

/* Does the result hold a meld laid out exactly as `s`? */
static int has_meld(const fuda_meld_result *res, const char *s) {
    fuda_card c[32];
    int n = cards_of(s, c);
    for (int i = 0; i < res->nmelds; i++)
        if (res->melds[i].n == n && memcmp(res->melds[i].cards, c, (size_t)n) == 0) return 1;
    return 0;
}

static int is_dead(const fuda_meld_result *res, const char *name) {
    fuda_card c;
    fuda_card_parse(name, (size_t)-1, &c);
    for (int i = 0; i < res->ndead; i++)
        if (res->dead[i] == c) return 1;
    return 0;
}

/* Random hands from the project's own generator (fixed seed). */
static fuda_rng test_rng = { 0, 0 };
static fuda_rng *rng(void) { /* seeded on first use */
    if (test_rng.inc == 0) fuda_rng_seed(&test_rng, 0x9e3779b97f4a7c15ULL, 7);
    return &test_rng;
}

static void shuffle(fuda_card *h, int n) {
    fuda_rng_shuffle(rng(), h, n);
}

/* Deal n cards from a shuffled 52-card deck plus `jokers` jokers. */
static void deal(fuda_card *out, int n, int jokers) {
    fuda_card deck[60];
    int m = fuda_deck52(deck);
    for (int j = 0; j < jokers; j++) deck[m++] = FUDA_JOKER;
    shuffle(deck, m);
    memcpy(out, deck, (size_t)n);
}

/* ------------------------------------------------------------ brute force */

/* A candidate meld: hand indices of its naturals and its wild count. */
typedef struct bf_cand {
    uint32_t mask;
    int wilds;
    int run;
} bf_cand;

typedef struct bf {
    const fuda_meld_rules *r;
    int n, w;
    const fuda_card *h;
    int nc;
    bf_cand c[20000];
    int best;
} bf;

static int bf_wild_ok(const fuda_meld_rules *r, int kind_ok, int nat, int k) {
    if (k == 0) return 1;
    return kind_ok && nat >= r->wild_min_natural && (r->wild_max == 0 || k <= r->wild_max);
}

static void bf_add(bf *b, uint32_t mask, int k, int run) {
    if (b->nc < (int)(sizeof b->c / sizeof b->c[0])) {
        b->c[b->nc].mask = mask;
        b->c[b->nc].wilds = k;
        b->c[b->nc].run = run;
        b->nc++;
    }
}

/* Card of suit s in run slot q (slot 13 is the high ace). */
static fuda_card bf_slot_card(int s, int q) { return fuda_card_make(q % 13 + 1, s); }

static void bf_gen(bf *b) {
    const fuda_meld_rules *r = b->r;
    b->nc = 0;
    for (int rank = 1; rank <= 13; rank++) {
        uint32_t grp = 0;
        for (int i = 0; i < b->n; i++)
            if (b->h[i] != FUDA_JOKER && fuda_card_rank(b->h[i]) == rank) grp |= 1u << i;
        for (uint32_t s = grp;; s = (s - 1) & grp) {
            int nat = __builtin_popcount(s);
            for (int k = 0; k <= b->w; k++)
                if ((nat || k) && nat + k >= r->min_set && bf_wild_ok(r, r->wild_in_sets, nat, k) &&
                    (nat > 0 || rank == 1) && (!r->set_max || nat + k <= r->set_max))
                    bf_add(b, s, k, 0);
            if (!s) break;
        }
    }
    int nslots = r->ace == FUDA_ACE_HIGH ? 14 : 13;
    for (int s = 0; s < 4; s++)
        for (int st = 0; st < nslots; st++)
            for (int len = r->min_run; len <= 13; len++) {
                if (r->ace != FUDA_ACE_CORNER && st + len > nslots) break;
                if (r->ace == FUDA_ACE_CORNER && st > 12) break;
                uint32_t pres = 0;
                for (int q = st; q < st + len; q++)
                    for (int i = 0; i < b->n; i++)
                        if (b->h[i] == bf_slot_card(s, q)) pres |= 1u << i;
                for (uint32_t t = pres;; t = (t - 1) & pres) {
                    int nat = __builtin_popcount(t), k = len - nat;
                    if (k <= b->w && bf_wild_ok(r, r->wild_in_runs, nat, k) && (nat > 0 || (s == 0 && st == 0)))
                        bf_add(b, t, k, 1);
                    if (!t) break;
                }
            }
}

static int bf_value(const fuda_meld_rules *r, fuda_card c) {
    return r->value[fuda_card_rank(c)];
}

/* Choose melds for the naturals from index i on; then melds of wilds only. */
static void bf_search(bf *b, uint32_t used, int wl, int dead) {
    int i = 0;
    while (i < b->n && ((used >> i) & 1)) i++;
    if (i == b->n) {
        int v = dead + wl * b->r->value[0];
        if (v < b->best) b->best = v;
        for (int j = 0; j < b->nc; j++)
            if (b->c[j].mask == 0 && b->c[j].wilds <= wl) bf_search(b, used, wl - b->c[j].wilds, dead);
        return;
    }
    bf_search(b, used | 1u << i, wl, dead + bf_value(b->r, b->h[i]));
    for (int j = 0; j < b->nc; j++) {
        const bf_cand *c = &b->c[j];
        if (((c->mask >> i) & 1) && !(c->mask & used) && c->wilds <= wl)
            bf_search(b, used | c->mask, wl - c->wilds, dead);
    }
}

/* Least deadwood the obvious way. Non-wild jokers are plain dead cards. */
static int bf_deadwood(const fuda_meld_rules *r, const fuda_card *hand, int n) {
    static bf b;
    fuda_card h[32];
    int m = 0, w = 0, fixed = 0;
    for (int i = 0; i < n; i++) {
        if (hand[i] == FUDA_JOKER) {
            if (r->wild_joker) w++;
            else fixed += r->value[0];
        } else {
            h[m++] = hand[i];
        }
    }
    b.r = r;
    b.n = m;
    b.w = w;
    b.h = h;
    bf_gen(&b);
    b.best = 1 << 30;
    bf_search(&b, 0, w, 0);
    return b.best + fixed;
}

/* ------------------------------------------------------------ brute-force gin */

/* The natural meld shape i needs, as the header states it: k cards or more
 * (0: none), a run when *run. */
static void bf_natural(const fuda_meld_rules *r, int i, int *k, int *run) {
    if (i < r->gin_nshapes && r->gin_shape_natural[i]) *k = r->gin_shape_natural[i], *run = r->gin_shape_natural_run[i];
    else if (r->gin_natural_run) *k = r->gin_natural_run, *run = 1;
    else *k = r->gin_natural, *run = 0;
}

/* Do the melds (sizes sz[0..n); the longest wild-free run nrun, the longest
 * wild-free meld nany) match one of the rules' gin shapes, its natural meld
 * included? */
static int bf_shape_ok(const fuda_meld_rules *r, const int *sz, int n, int nrun, int nany) {
    for (int i = 0; i < (r->gin_nshapes ? r->gin_nshapes : 1); i++) {
        int count[20] = {0}, ok = 1, k, run;
        for (int j = 0; r->gin_nshapes && j < FUDA_MELD_MAX_MELDS && r->gin_shape[i][j]; j++)
            count[r->gin_shape[i][j]]++;
        for (int j = 0; r->gin_nshapes && j < n; j++) count[sz[j]]--;
        for (int q = 0; q < 20; q++)
            if (count[q]) ok = 0;
        bf_natural(r, i, &k, &run);
        if (k && (run ? nrun : nany) < k) ok = 0;
        if (ok) return 1;
    }
    return 0;
}

/* Cover every natural from `used` on with candidate melds, then the wilds
 * left with wild-only candidates (index from `from` on), and test the sizes. */
static int bf_gin_search(bf *b, uint32_t used, int wl, int *sz, int nsz, int nrun, int nany, int from) {
    const fuda_meld_rules *r = b->r;
    int i = 0;
    while (i < b->n && ((used >> i) & 1)) i++;
    for (int j = i < b->n ? 0 : from; j < b->nc; j++) {
        const bf_cand *c = &b->c[j];
        if (c->wilds > wl || (c->mask & used)) continue;
        if (i < b->n ? !((c->mask >> i) & 1) : c->mask != 0) continue;
        int len = __builtin_popcount(c->mask) + c->wilds;
        sz[nsz] = len;
        int nr = c->run && c->wilds == 0 && len > nrun ? len : nrun;
        int na = c->wilds == 0 && len > nany ? len : nany;
        if (bf_gin_search(b, used | c->mask, wl - c->wilds, sz, nsz + 1, nr, na, c->mask ? 0 : j)) return 1;
    }
    if (i < b->n || wl > 0) return 0;
    return bf_shape_ok(r, sz, nsz, nrun, nany);
}

/* Is the hand a gin, the obvious way? */
static int bf_gin(const fuda_meld_rules *r, const fuda_card *hand, int n) {
    static bf b;
    fuda_card h[32];
    int m = 0, w = 0, sz[32];
    if (!r->gin_nshapes && !r->gin_natural_run && !r->gin_natural) return bf_deadwood(r, hand, n) == 0;
    for (int i = 0; i < n; i++) {
        if (hand[i] != FUDA_JOKER) h[m++] = hand[i];
        else if (r->wild_joker) w++;
        else return 0;
    }
    b.r = r;
    b.n = m;
    b.w = w;
    b.h = h;
    bf_gen(&b);
    return bf_gin_search(&b, 0, w, sz, 0, 0, 0, 0);
}

/* ------------------------------------------------------------ validating */

/* Is m a legal meld under r (checked directly from the card list)? */
static int valid_meld(const fuda_meld_rules *r, const fuda_meld *m) {
    int nw = 0, nn = 0;
    for (int i = 0; i < m->n; i++) {
        if (m->cards[i] == FUDA_JOKER) nw++;
        else nn++;
    }
    if (nw && (!r->wild_joker || nn < r->wild_min_natural || (r->wild_max && nw > r->wild_max))) return 0;
    if (m->kind == FUDA_MELD_SET) {
        if (m->n < r->min_set || (nw && !r->wild_in_sets) || (r->set_max && m->n > r->set_max)) return 0;
        int rank = -1, suits = 0;
        for (int i = 0; i < m->n; i++) {
            fuda_card c = m->cards[i];
            if (c == FUDA_JOKER) continue;
            if (rank >= 0 && fuda_card_rank(c) != rank) return 0;
            rank = fuda_card_rank(c);
            if (suits & (1 << fuda_card_suit(c))) return 0;
            suits |= 1 << fuda_card_suit(c);
        }
        return 1;
    }
    if (m->kind != FUDA_MELD_RUN || m->n < r->min_run || m->n > 13 || (nw && !r->wild_in_runs)) return 0;
    int nslots = r->ace == FUDA_ACE_HIGH ? 14 : 13;
    for (int st = 0; st < nslots; st++) {
        if (r->ace != FUDA_ACE_CORNER && st + m->n > nslots) break;
        if (r->ace == FUDA_ACE_CORNER && st > 12) break;
        for (int s = 0; s < 4; s++) {
            int ok = 1;
            for (int i = 0; i < m->n && ok; i++)
                if (m->cards[i] != FUDA_JOKER && m->cards[i] != bf_slot_card(s, st + i)) ok = 0;
            if (ok) return 1;
        }
    }
    return 0;
}

/* Is res a legal arrangement of the hand whose deadwood is as stated? */
static int valid_result(const fuda_meld_rules *r, const fuda_card *hand, int n, const fuda_meld_result *res) {
    int count[256] = {0};
    for (int i = 0; i < n; i++) count[hand[i]]++;
    for (int i = 0; i < res->nmelds; i++) {
        if (!valid_meld(r, &res->melds[i])) return 0;
        for (int j = 0; j < res->melds[i].n; j++)
            if (--count[res->melds[i].cards[j]] < 0) return 0;
    }
    int v = 0;
    for (int i = 0; i < res->ndead; i++) {
        if (--count[res->dead[i]] < 0) return 0;
        v += r->value[fuda_card_rank(res->dead[i])];
    }
    for (int i = 0; i < 256; i++)
        if (count[i]) return 0;
    return v == res->deadwood;
}

/* ------------------------------------------------------------ shapes */

static void test_default_rules(void) {
    fuda_meld_rules r;
    fuda_meld_rules_default(&r);
    CHECK_EQ_INT(r.ace, FUDA_ACE_LOW);
    CHECK_EQ_INT(r.min_set, 3);
    CHECK_EQ_INT(r.min_run, 3);
    CHECK_EQ_INT(r.value[1], 1);
    CHECK_EQ_INT(r.value[7], 7);
    CHECK_EQ_INT(r.value[10], 10);
    CHECK_EQ_INT(r.value[11], 10);
    CHECK_EQ_INT(r.value[13], 10);
    CHECK_EQ_INT(r.value[0], 0);
    CHECK_EQ_INT(r.wild_joker, 0);
    CHECK_EQ_INT(r.wild_min_natural, 1);
}

static void test_values(void) {
    fuda_meld_rules r;
    fuda_meld_rules_default(&r);
    CHECK_EQ_INT(dw(&r, ""), 0);
    CHECK_EQ_INT(dw(&r, "As"), 1);
    CHECK_EQ_INT(dw(&r, "Js Qh Kd"), 30);
    CHECK_EQ_INT(dw(&r, "10c 9c"), 19);
    CHECK_EQ_INT(dw(&r, "Jk"), 0);
    CHECK_EQ_INT(dw(&r, "As 3h 5d 7c 9s Jh Kd 2c 4s 6h"), 1 + 3 + 5 + 7 + 9 + 10 + 10 + 2 + 4 + 6);
}

static void test_sets(void) {
    fuda_meld_rules r;
    fuda_meld_rules_default(&r);
    fuda_meld_result res;
    CHECK_EQ_INT(dw(&r, "7s 7h 7d"), 0);
    CHECK_EQ_INT(dw(&r, "7s 7h 7d 7c"), 0);
    CHECK_EQ_INT(dw(&r, "7s 7h"), 14);
    CHECK_EQ_INT(dw(&r, "Ks Kh Kc 2d"), 2);
    CHECK_EQ_INT(best_of(&r, "7c 7s 7d 7h 2d", &res), 2);
    CHECK_EQ_INT(res.nmelds, 1);
    CHECK_EQ_STR(meld_str(&res.melds[0]), "7s 7h 7d 7c");
    CHECK_EQ_INT(res.melds[0].kind, FUDA_MELD_SET);
    CHECK_EQ_INT(res.ndead, 1);
    /* sets of four need rules of four */
    r.min_set = 4;
    CHECK_EQ_INT(dw(&r, "7s 7h 7d"), 21);
    CHECK_EQ_INT(dw(&r, "7s 7h 7d 7c"), 0);
}

static void test_runs(void) {
    fuda_meld_rules r;
    fuda_meld_rules_default(&r);
    fuda_meld_result res;
    CHECK_EQ_INT(dw(&r, "4h 5h 6h"), 0);
    CHECK_EQ_INT(dw(&r, "4h 5h 7h"), 16);
    CHECK_EQ_INT(dw(&r, "4h 5h 6d"), 15);
    const char *runs[] = {"2d 3d 4d", "2d 3d 4d 5d", "2d 3d 4d 5d 6d", "2d 3d 4d 5d 6d 7d",
                          "2d 3d 4d 5d 6d 7d 8d", "2d 3d 4d 5d 6d 7d 8d 9d",
                          "2d 3d 4d 5d 6d 7d 8d 9d 10d", "2d 3d 4d 5d 6d 7d 8d 9d 10d Jd"};
    for (int i = 0; i < 8; i++) {
        CHECK_EQ_INT(best_of(&r, runs[i], &res), 0);
        CHECK_EQ_INT(res.nmelds, 1);
        CHECK_EQ_STR(meld_str(&res.melds[0]), runs[i]);
        CHECK_EQ_INT(res.melds[0].kind, FUDA_MELD_RUN);
    }
    CHECK_EQ_INT(dw(&r, "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks"), 0);
    /* two runs in one suit */
    CHECK_EQ_INT(best_of(&r, "2c 3c 4c 6c 7c 8c", &res), 0);
    CHECK_EQ_INT(res.nmelds, 2);
    CHECK(has_meld(&res, "2c 3c 4c"));
    CHECK(has_meld(&res, "6c 7c 8c"));
    r.min_run = 4;
    CHECK_EQ_INT(dw(&r, "4h 5h 6h"), 15);
    CHECK_EQ_INT(dw(&r, "4h 5h 6h 7h"), 0);
}

static void test_aces(void) {
    fuda_meld_rules r;
    fuda_meld_rules_default(&r);
    fuda_meld_result res;
    /* low */
    CHECK_EQ_INT(dw(&r, "Ah 2h 3h"), 0);
    CHECK_EQ_INT(dw(&r, "Qh Kh Ah"), 21);
    CHECK_EQ_INT(dw(&r, "Kh Ah 2h"), 13);
    /* high or low */
    r.ace = FUDA_ACE_HIGH;
    CHECK_EQ_INT(dw(&r, "Ah 2h 3h"), 0);
    CHECK_EQ_INT(best_of(&r, "Qh Ah Kh", &res), 0);
    CHECK_EQ_STR(meld_str(&res.melds[0]), "Qh Kh Ah");
    CHECK_EQ_INT(dw(&r, "Kh Ah 2h"), 13);
    CHECK_EQ_INT(dw(&r, "Jh Qh Kh Ah"), 0);
    /* the ace goes where it melds more */
    CHECK_EQ_INT(dw(&r, "Ah 2h 3h Qh Kh"), 5);
    CHECK_EQ_INT(dw(&r, "Ah 2h 3h 4h Qh Kh"), 0);
    CHECK_EQ_INT(dw(&r, "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks"), 0);
    /* corner */
    r.ace = FUDA_ACE_CORNER;
    CHECK_EQ_INT(dw(&r, "Kh Ah 2h"), 0);
    CHECK_EQ_INT(dw(&r, "Qh Kh Ah"), 0);
    CHECK_EQ_INT(best_of(&r, "2h Jh Ah Qh Kh", &res), 0);
    CHECK_EQ_STR(meld_str(&res.melds[0]), "Jh Qh Kh Ah 2h");
    CHECK_EQ_INT(dw(&r, "Qh Kh 2h 3h"), 25);
    CHECK_EQ_INT(dw(&r, "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks"), 0);
    CHECK_EQ_INT(best_of(&r, "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks", &res), 0);
    CHECK_EQ_INT(res.nmelds, 1);
    CHECK_EQ_INT(res.melds[0].n, 13);
}

static void test_overlaps(void) {
    fuda_meld_rules r;
    fuda_meld_rules_default(&r);
    fuda_meld_result res;
    CHECK_EQ_INT(best_of(&r, "7h 8h 9h 9c 9d 9s", &res), 0);
    CHECK(has_meld(&res, "7h 8h 9h"));
    CHECK(has_meld(&res, "9s 9d 9c"));
    /* run 7-8-9h leaves 9c 9d (18); the set leaves 7h 8h (15) */
    CHECK_EQ_INT(best_of(&r, "7h 8h 9h 9c 9d", &res), 15);
    CHECK(has_meld(&res, "9h 9d 9c"));
    /* the other way round: set leaves 2h 3h 5s? no -- run is better */
    CHECK_EQ_INT(best_of(&r, "Jh Qh Kh Kc Kd", &res), 20);
    /* 5h in a run of four or in a set of four: both meld all */
    CHECK_EQ_INT(dw(&r, "2h 3h 4h 5h 5s 5c 5d"), 0);
    /* a 4-set giving one card to a run */
    CHECK_EQ_INT(best_of(&r, "5s 5h 5d 5c 6c 7c", &res), 0);
    CHECK(has_meld(&res, "5c 6c 7c"));
    CHECK(has_meld(&res, "5s 5h 5d"));
    /* two sets and two runs crossing */
    CHECK_EQ_INT(dw(&r, "3s 4s 5s 3h 4h 5h 3d 4d 5d"), 0);
    CHECK_EQ_INT(dw(&r, "3s 4s 5s 3h 4h 5h 3d 4d"), 7);
}

static void test_ties_deterministic(void) {
    fuda_meld_rules r;
    fuda_meld_rules_default(&r);
    const char *hands[] = {
        "3s 4s 5s 3h 4h 5h 3d 4d 5d 3c",  /* rows or columns */
        "5s 5h 5d 5c 6c 7c 6h 7h 2d 9s",
        "As 2s 3s Ah Ad 4s 10c Jc Qc Kc",
        "7h 8h 9h 9c 9d 9s 10h Jh 2c 2d",
        "Jk 5h 7h 7s 7d 9h Jk 2c 3c Kd",
        "Jk 4s 4h 6s 8s Qd Kd 2c 3c",
    };
    for (int ace = 0; ace < 6; ace++) {
        r.ace = (uint8_t)(ace % 3);
        r.wild_joker = ace >= 3;
        for (int k = 0; k < 6; k++) {
            fuda_card h[16];
            int n = cards_of(hands[k], h);
            fuda_meld_result a, b;
            int da = fuda_meld_best(&r, h, n, &a);
            CHECK(valid_result(&r, h, n, &a));
            for (int t = 0; t < 20; t++) {
                shuffle(h, n);
                int db = fuda_meld_best(&r, h, n, &b);
                CHECK_EQ_INT(db, da);
                CHECK(memcmp(&a, &b, sizeof a) == 0);
            }
        }
    }
}

/* The seed's beginner example: A A 2 2 4 6 7 8 10 K valued 51, but 6-7-8 of
 * one suit is a run: 30. Drawing the 9 and dropping the K: 10. */
static void test_intro_example(void) {
    fuda_meld_rules r;
    fuda_meld_rules_default(&r);
    CHECK_EQ_INT(dw(&r, "As Ac 2h 2c 4s 6d 7h 8d 10d Kd"), 51);
    CHECK_EQ_INT(dw(&r, "As Ac 2h 2c 4s 6d 7d 8d 10d Kd"), 30);
    CHECK_EQ_INT(dw(&r, "As Ac 2h 2c 4s 6d 7d 8d 9d 10d"), 10);
    fuda_card h[16];
    int out[16];
    int n = cards_of("As Ac 2h 2c 4s 6d 7d 8d 10d Kd 9d", h);
    CHECK_EQ_INT(fuda_meld_discards(&r, h, n, out), 0);
    CHECK_EQ_INT(out[9], 10); /* drop Kd */
    CHECK_EQ_INT(out[10], 30); /* drop the 9d again */
    CHECK_EQ_INT(out[0], 19);  /* drop As: Ac 2h 2c 4s Kd left over */
}

static void test_gin_and_eleven(void) {
    fuda_meld_rules r;
    fuda_meld_rules_default(&r);
    fuda_meld_result res;
    CHECK_EQ_INT(best_of(&r, "As 2s 3s 7h 7d 7c 10c Jc Qc Kc", &res), 0);
    CHECK_EQ_INT(res.nmelds, 3);
    CHECK_EQ_INT(res.ndead, 0);
    /* eleven cards, one to spare */
    CHECK_EQ_INT(dw(&r, "As 2s 3s 7h 7d 7c 10c Jc Qc Kc 5d"), 5);
    CHECK_EQ_INT(dw(&r, "As 2s 3s 4s 7h 7d 7c 7s 10c Jc Qc"), 0);
    CHECK_EQ_INT(dw(&r, "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js"), 0);
}

static void test_bad_input(void) {
    fuda_meld_rules r;
    fuda_meld_rules_default(&r);
    fuda_card h[64];
    int out[20];
    fuda_meld_result res;
    int n = cards_of("As 2s 3s As", h);
    CHECK_EQ_INT(fuda_meld_deadwood(&r, h, n), -1);
    CHECK_EQ_INT(fuda_meld_best(&r, h, n, &res), -1);
    CHECK_EQ_INT(fuda_meld_discards(&r, h, n, out), -1);
    h[0] = 0x0e; /* rank 14 */
    CHECK_EQ_INT(fuda_meld_deadwood(&r, h, 1), -1);
    h[0] = 0x00;
    CHECK_EQ_INT(fuda_meld_deadwood(&r, h, 1), -1);
    h[0] = 0x41;
    CHECK_EQ_INT(fuda_meld_deadwood(&r, h, 1), -1);
    fuda_deck52(h);
    h[16] = 1;
    CHECK_EQ_INT(fuda_meld_deadwood(&r, h, 17), -1);
    CHECK(fuda_meld_deadwood(&r, h, 16) >= 0);
    CHECK_EQ_INT(fuda_meld_deadwood(&r, h, -1), -1);
    /* two jokers are fine */
    n = cards_of("Jk Jk 5h", h);
    CHECK_EQ_INT(fuda_meld_deadwood(&r, h, n), 5);
    r.value[0] = 15;
    CHECK_EQ_INT(fuda_meld_deadwood(&r, h, n), 35);
    r.ace = 7;
    CHECK_EQ_INT(fuda_meld_deadwood(&r, h, n), -1);
}

/* ------------------------------------------------------------ wilds */

static void wild_rules(fuda_meld_rules *r) {
    fuda_meld_rules_default(r);
    r->wild_joker = 1;
}

static void test_wild_shapes(void) {
    fuda_meld_rules r;
    wild_rules(&r);
    fuda_meld_result res;
    CHECK_EQ_INT(dw(&r, "7s 7h Jk"), 0);
    CHECK_EQ_INT(dw(&r, "4h 6h Jk"), 0);
    CHECK_EQ_INT(best_of(&r, "4h 6h Jk", &res), 0);
    CHECK_EQ_STR(meld_str(&res.melds[0]), "4h Jk 6h");
    CHECK_EQ_INT(best_of(&r, "Qh Kh Jk", &res), 0);
    CHECK_EQ_STR(meld_str(&res.melds[0]), "Jk Qh Kh");
    CHECK_EQ_INT(dw(&r, "4h Jk Jk"), 0);
    CHECK_EQ_INT(dw(&r, "4h 9h Jk"), 13);
    /* five of a kind */
    CHECK_EQ_INT(best_of(&r, "9s 9h 9d 9c Jk", &res), 0);
    CHECK_EQ_INT(res.nmelds, 1);
    CHECK_EQ_INT(res.melds[0].n, 5);
    /* the spare joker joins a meld */
    CHECK_EQ_INT(best_of(&r, "4h 5h 6h Jk", &res), 0);
    CHECK_EQ_STR(meld_str(&res.melds[0]), "4h 5h 6h Jk");
    /* limits */
    r.wild_max = 1;
    CHECK_EQ_INT(dw(&r, "4h Jk Jk"), 4);
    CHECK_EQ_INT(dw(&r, "4h 5h Jk Jk"), 0);
    r.wild_max = 0;
    r.wild_min_natural = 2;
    CHECK_EQ_INT(dw(&r, "4h Jk Jk"), 4);
    CHECK_EQ_INT(dw(&r, "4h 5h Jk"), 0);
    r.wild_min_natural = 1;
    r.wild_in_sets = 0;
    CHECK_EQ_INT(dw(&r, "7s 7h Jk"), 14);
    CHECK_EQ_INT(dw(&r, "7s 8s Jk"), 0);
    r.wild_in_sets = 1;
    r.wild_in_runs = 0;
    CHECK_EQ_INT(dw(&r, "7s 8s Jk"), 15);
    CHECK_EQ_INT(dw(&r, "7s 7h Jk"), 0);
    /* a joker standing for a card another meld holds */
    r.wild_in_runs = 1;
    r.wild_in_sets = 0;
    CHECK_EQ_INT(best_of(&r, "5h 6h 7h 7s 7c Jk", &res), 0);
    CHECK(has_meld(&res, "5h 6h Jk"));
    CHECK(has_meld(&res, "7s 7h 7c"));
    /* runs of more than 13 are not allowed */
    fuda_meld_rules_default(&r);
    r.wild_joker = 1;
    r.ace = FUDA_ACE_CORNER;
    CHECK_EQ_INT(dw(&r, "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks Jk"), 0);
    /* the joker's deadwood */
    r.value[0] = 15;
    CHECK_EQ_INT(dw(&r, "Jk 2h 9c"), 26);
    CHECK_EQ_INT(dw(&r, "Jk 2h 3h 9c"), 9);
    /* jokers not wild are dead */
    r.wild_joker = 0;
    CHECK_EQ_INT(dw(&r, "Jk 2h 3h"), 20);
    /* melds of wilds only */
    wild_rules(&r);
    r.wild_min_natural = 0;
    r.value[0] = 25;
    CHECK_EQ_INT(dw(&r, "Jk Jk Jk 5c"), 0);
    CHECK_EQ_INT(dw(&r, "Jk Jk Jk 5c 9d"), 5);
    CHECK_EQ_INT(best_of(&r, "Jk Jk Jk Jk Jk Jk 5c", &res), 0);
    CHECK(valid_result(&r, (const fuda_card[]){FUDA_JOKER, FUDA_JOKER, FUDA_JOKER, FUDA_JOKER,
                                                FUDA_JOKER, FUDA_JOKER, 0x35},
                       7, &res));
}

/* ------------------------------------------------------------ gin shapes */

/* Celebes Rum's gin: 4-3-3-3 with a natural 4-run, 5-5-3 or 5-4-4 with a
 * natural meld (a set or a run) of 4 or 5; jokers wild. */
static void celebes_rules(fuda_meld_rules *r) {
    static const uint8_t shapes[3][4] = { {4, 3, 3, 3}, {5, 5, 3}, {5, 4, 4} };
    wild_rules(r);
    r->gin_nshapes = 3;
    for (int i = 0; i < 3; i++) {
        memcpy(r->gin_shape[i], shapes[i], sizeof shapes[i]);
        r->gin_shape_natural[i] = 4;
        r->gin_shape_natural_run[i] = i == 0;
    }
}

/* The rules before Celebes' ruling: a natural run of 4 in every shape. */
static void celebes_run_rules(fuda_meld_rules *r) {
    celebes_rules(r);
    memset(r->gin_shape_natural, 0, sizeof r->gin_shape_natural);
    r->gin_natural_run = 4;
}

static int gin_of(const fuda_meld_rules *r, const char *s, fuda_meld_result *res) {
    fuda_card h[32];
    int n = cards_of(s, h);
    return fuda_meld_gin(r, h, n, res);
}

/* Is res a gin arrangement of the hand under r's gin fields? */
static int valid_gin(const fuda_meld_rules *r, const fuda_card *hand, int n, const fuda_meld_result *res) {
    int sz[FUDA_MELD_MAX_MELDS], nrun = 0, nany = 0;
    if (!valid_result(r, hand, n, res) || res->deadwood != 0) return 0;
    if (!r->gin_nshapes && !r->gin_natural_run && !r->gin_natural) return 1;
    if (res->ndead) return 0;
    for (int i = 0; i < res->nmelds; i++) {
        const fuda_meld *m = &res->melds[i];
        int wild = 0;
        for (int j = 0; j < m->n; j++) wild |= m->cards[j] == FUDA_JOKER;
        if (m->kind == FUDA_MELD_RUN && !wild && m->n > nrun) nrun = m->n;
        if (!wild && m->n > nany) nany = m->n;
        sz[i] = m->n;
    }
    return bf_shape_ok(r, sz, res->nmelds, nrun, nany);
}

/* The melds of a gin as one string: "4h 5h 6h 7h | 9s 9d 9c | ...". */
static const char *melds_str(const fuda_meld_result *res) {
    static char buf[256];
    buf[0] = '\0';
    for (int i = 0; i < res->nmelds; i++) {
        if (i) strcat(buf, " | ");
        strcat(buf, meld_str(&res->melds[i]));
    }
    return buf;
}

static void test_gin_shapes(void) {
    fuda_meld_rules r;
    fuda_meld_result res;
    celebes_rules(&r);
    /* 4-3-3-3 with the 4 a natural run */
    CHECK_EQ_INT(gin_of(&r, "4h 5h 6h 7h 9s 9d 9c 2c 3c 4c Kd Ks Kh", &res), 1);
    CHECK_EQ_STR(melds_str(&res), "9s 9d 9c | Ks Kh Kd | 4h 5h 6h 7h | 2c 3c 4c");
    CHECK_EQ_INT(res.deadwood, 0);
    CHECK_EQ_INT(res.ndead, 0);
    /* ... a joker in a 3 */
    CHECK_EQ_INT(gin_of(&r, "4h 5h 6h 7h 9s Jk 9c 2c 3c 4c Kd Ks Kh", &res), 1);
    CHECK(has_meld(&res, "4h 5h 6h 7h"));
    CHECK(has_meld(&res, "9s 9c Jk"));
    /* the joker in the 4: not a gin, though all is melded */
    CHECK_EQ_INT(dw(&r, "4h 5h Jk 7h 9s 9d 9c 2c 3c 4c Kd Ks Kh"), 0);
    CHECK_EQ_INT(gin_of(&r, "4h 5h Jk 7h 9s 9d 9c 2c 3c 4c Kd Ks Kh", &res), 0);
    /* the 4 a set, not a run: no natural run */
    CHECK_EQ_INT(gin_of(&r, "9s 9d 9c 9h 4h 5h 6h 2c 3c 4c Kd Ks Kh", NULL), 0);
    /* 5-5-3 with a natural 5-run, jokers in the others */
    CHECK_EQ_INT(gin_of(&r, "3d 4d 5d 6d 7d 8s 9s Jk Js Qs Kh Kc Jk", &res), 1);
    CHECK_EQ_STR(melds_str(&res), "8s 9s Jk Js Qs | Kh Kc Jk | 3d 4d 5d 6d 7d");
    /* 5-4-4 where no 4 or 5 is a natural run (a joker in each run) but the set
     * of 4 is natural: a natural meld, a set as well as a run */
    CHECK_EQ_INT(gin_of(&r, "2h 3h Jk 5h 6h 7c 7d 7s 7h 9c 10c Jk Qc", &res), 1);
    CHECK(has_meld(&res, "7s 7h 7d 7c") || has_meld(&res, "7c 7d 7h 7s") || has_meld(&res, "7s 7h 7c 7d"));
    CHECK_EQ_INT(dw(&r, "2h 3h Jk 5h 6h 7c 7d 7s 7h 9c 10c Jk Qc"), 0);
    /* four nines, a five-card run with a joker, a set of kings with a joker: 5-4-4 */
    CHECK_EQ_INT(gin_of(&r, "9s 9h 9d 9c 3h 4h Jk 6h 7h Kd Ks Kh Jk", &res), 1);
    /* a natural meld of 3 is not enough for 5-5-3 */
    CHECK_EQ_INT(gin_of(&r, "3h 4h Jk 6h 7h 8c 9c Jk Jc Qc Kd Ks Kh", NULL), 0);
    /* under a natural run in every shape (gin_natural_run) the set does not do */
    celebes_run_rules(&r);
    CHECK_EQ_INT(gin_of(&r, "2h 3h Jk 5h 6h 7c 7d 7s 7h 9c 10c Jk Qc", NULL), 0);
    CHECK_EQ_INT(gin_of(&r, "9s 9h 9d 9c 3h 4h Jk 6h 7h Kd Ks Kh Jk", NULL), 0);
    /* gin_natural: a natural meld of either kind in every shape, 4-3-3-3 too */
    celebes_rules(&r);
    memset(r.gin_shape_natural, 0, sizeof r.gin_shape_natural);
    r.gin_natural = 4;
    CHECK_EQ_INT(gin_of(&r, "9s 9d 9c 9h 4h 5h 6h 2c 3c 4c Kd Ks Kh", NULL), 1);
    celebes_rules(&r);
    /* ... while a natural 4-run makes it one (5-4-4: 4 natural, jokers in the 5 and the other 4) */
    CHECK_EQ_INT(gin_of(&r, "2h 3h Jk 5h 6h 7c 7d 7s Jk 9c 10c Jc Qc", &res), 1);
    CHECK(has_meld(&res, "9c 10c Jc Qc"));
    /* five of a kind with a joker, in a 5-5-3 with a natural 5-run */
    CHECK_EQ_INT(gin_of(&r, "9s 9h 9d 9c Jk 2h 3h 4h 5h 6h Ks Kd Kc", &res), 1);
    CHECK(has_meld(&res, "9s 9h 9d 9c Jk"));
    CHECK(has_meld(&res, "2h 3h 4h 5h 6h"));
    /* ... unless sets hold four cards at most (then 5-4-4: 9s 9h 9d 9c, Ks Kd Kc Jk) */
    r.set_max = 4;
    CHECK_EQ_INT(gin_of(&r, "9s 9h 9d 9c Jk 2h 3h 4h 5h 6h Ks Kd Kc", &res), 1);
    CHECK(has_meld(&res, "9s 9h 9d 9c"));
    r.gin_nshapes = 2; /* 4-3-3-3 and 5-5-3 only */
    CHECK_EQ_INT(gin_of(&r, "9s 9h 9d 9c Jk 2h 3h 4h 5h 6h Ks Kd Kc", NULL), 0);
    r.set_max = 0;
    CHECK_EQ_INT(gin_of(&r, "9s 9h 9d 9c Jk 2h 3h 4h 5h 6h Ks Kd Kc", NULL), 1);
    /* set_max in the least-deadwood search too */
    r.value[0] = 15;
    CHECK_EQ_INT(dw(&r, "9s 9h 9d 9c Jk"), 0);
    r.set_max = 4;
    CHECK_EQ_INT(dw(&r, "9s 9h 9d 9c Jk"), 9);
    CHECK_EQ_INT(dw(&r, "9s 9h Jk Jk"), 0);
    r.wild_in_runs = 0;
    CHECK_EQ_INT(dw(&r, "9s 9h 9d Jk Jk"), 9); /* 9s 9h Jk Jk, 9d dead */
    r.set_max = 0;
    CHECK_EQ_INT(dw(&r, "9s 9h 9d Jk Jk"), 0);
    celebes_rules(&r);
    /* the order of the melds and of the cards does not matter: 3-3-3-4 */
    CHECK_EQ_INT(gin_of(&r, "Kd 2c Ks 9c 3c 9d 7h Kh 4c 6h 9s 5h 4h", &res), 1);
    CHECK_EQ_STR(melds_str(&res), "9s 9d 9c | Ks Kh Kd | 4h 5h 6h 7h | 2c 3c 4c");
    /* two jokers, each in a 3 */
    CHECK_EQ_INT(gin_of(&r, "Jk 10h 10d 6s 7s 8s 9s Ac Jk 3c Qd Qs Qh", &res), 1);
    CHECK(has_meld(&res, "6s 7s 8s 9s"));
    CHECK(has_meld(&res, "Ac Jk 3c"));
    /* two jokers in one 3 */
    CHECK_EQ_INT(gin_of(&r, "Jk Jk Kd 6s 7s 8s 9s Ac 2c 3c 5d 5s 5h", &res), 1);
    CHECK_EQ_STR(melds_str(&res), "5s 5h 5d | 6s 7s 8s 9s | Jk Jk Kd | Ac 2c 3c");
    r.wild_min_natural = 2;
    CHECK_EQ_INT(gin_of(&r, "Jk Jk Kd 6s 7s 8s 9s Ac 2c 3c 5d 5s 5h", NULL), 0);
    /* ... but Jd Qd Kd and Qs Qh Jk, a joker standing for a card another meld holds */
    CHECK_EQ_INT(gin_of(&r, "Jk Jk Kd 6s 7s 8s 9s Ac 2c 3c Qd Qs Qh", &res), 1);
    CHECK(has_meld(&res, "Jk Qd Kd"));
    r.wild_min_natural = 1;
    /* 13 cards only: shapes of 13 do not fit 12 or 14 */
    CHECK_EQ_INT(gin_of(&r, "4h 5h 6h 7h 9s 9d 9c 2c 3c 4c Kd Ks", NULL), 0);
    CHECK_EQ_INT(gin_of(&r, "4h 5h 6h 7h 9s 9d 9c 2c 3c 4c Kd Ks Kh Kc", NULL), 0);
    /* a dead card worth nothing is still no gin under shapes */
    r.value[13] = 0;
    CHECK_EQ_INT(dw(&r, "4h 5h 6h 7h 9s 9d 9c 2c 3c 4c 8d 8s Kh"), 8 + 8);
    CHECK_EQ_INT(gin_of(&r, "4h 5h 6h 7h 9s 9d 9c 2c 3c 4c Qd Qs Qh Kh", NULL), 0);
    /* no gin fields: gin is no deadwood, as before */
    wild_rules(&r);
    r.value[0] = 0;
    CHECK_EQ_INT(gin_of(&r, "4h 5h Jk 7h 9s 9d 9c 2c 3c 4c Kd Ks Kh", &res), 1);
    CHECK_EQ_INT(gin_of(&r, "4h 5h 6h 7h Jk", &res), 1);
    CHECK_EQ_INT(gin_of(&r, "4h 5h 6h 8h", NULL), 0);
    /* a natural run alone, sizes free */
    wild_rules(&r);
    r.gin_natural_run = 5;
    CHECK_EQ_INT(gin_of(&r, "4h 5h 6h 7h 8h 9s 9d Jk", NULL), 1);
    CHECK_EQ_INT(gin_of(&r, "4h 5h 6h 7h Jk 9s 9d 9c", NULL), 0);
    /* aces: high (Q-K-A natural) and corner (K-A-2) */
    celebes_rules(&r);
    r.ace = FUDA_ACE_HIGH;
    CHECK_EQ_INT(gin_of(&r, "Jh Qh Kh Ah 2s 3s 4s 5d 5c 5h 8c 8d Jk", &res), 1);
    CHECK(has_meld(&res, "Jh Qh Kh Ah"));
    r.ace = FUDA_ACE_LOW;
    CHECK_EQ_INT(gin_of(&r, "Jh Qh Kh Ah 2s 3s 4s 5d 5c 5h 8c 8d Jk", NULL), 0);
    r.ace = FUDA_ACE_CORNER;
    CHECK_EQ_INT(gin_of(&r, "Kh Ah 2h 3h 2s 3s 4s 5d 5c 5h 8c 8d Jk", &res), 1);
    CHECK(has_meld(&res, "Kh Ah 2h 3h"));
    /* a run leaving out a natural card for a joker, the card going to a set
     * that cannot take a second wild */
    static const uint8_t three_three[2] = {3, 3};
    wild_rules(&r);
    r.wild_max = 1;
    r.gin_nshapes = 1;
    memcpy(r.gin_shape[0], three_three, 2);
    CHECK_EQ_INT(gin_of(&r, "4s 5s 6s 5h Jk Jk", &res), 1);
    CHECK_EQ_STR(melds_str(&res), "4s Jk 6s | 5s 5h Jk");
    /* jokers that are not wild never meld */
    celebes_rules(&r);
    r.wild_joker = 0;
    CHECK_EQ_INT(gin_of(&r, "4h 5h 6h 7h 9s Jk 9c 2c 3c 4c Kd Ks Kh", NULL), 0);
    /* bad rules */
    celebes_rules(&r);
    r.set_max = 3;
    CHECK_EQ_INT(gin_of(&r, "4h 5h 6h", NULL), -1);
    celebes_rules(&r);
    r.gin_nshapes = FUDA_MELD_MAX_SHAPES + 1;
    CHECK_EQ_INT(gin_of(&r, "4h 5h 6h", NULL), -1);
    celebes_rules(&r);
    r.gin_shape_natural[1] = 14;
    CHECK_EQ_INT(gin_of(&r, "4h 5h 6h", NULL), -1);
    celebes_rules(&r);
    r.gin_natural = 14;
    CHECK_EQ_INT(gin_of(&r, "4h 5h 6h", NULL), -1);
}

/* discard_moves' question: which discards leave a gin? */
static void test_gin_discards(void) {
    fuda_meld_rules r;
    fuda_card h[16];
    int out[16], gin[16];
    celebes_rules(&r);
    /* Qc out leaves all melded, but the only 4 holds the joker */
    int n = cards_of("4h 5h Jk 7h 9s 9d 9c 2c 3c 4c Kd Ks Kh Qc", h);
    CHECK_EQ_INT(fuda_meld_discards_gin(&r, h, n, out, gin), 0);
    CHECK_EQ_INT(out[13], 0);
    int ngin = 0;
    for (int i = 0; i < n; i++) ngin += gin[i];
    CHECK_EQ_INT(ngin, 0);
    /* without gin fields, gin is deadwood 0 */
    wild_rules(&r);
    CHECK_EQ_INT(fuda_meld_discards_gin(&r, h, n, out, gin), 0);
    CHECK_EQ_INT(gin[13], 1);
    /* with the natural 6h: gin with Qc out only */
    celebes_rules(&r);
    n = cards_of("4h 5h 6h 7h 9s 9d 9c 2c 3c 4c Kd Ks Kh Qc", h);
    CHECK_EQ_INT(fuda_meld_discards_gin(&r, h, n, out, gin), 0);
    ngin = 0;
    for (int i = 0; i < n; i++) ngin += gin[i];
    CHECK_EQ_INT(ngin, 1);
    CHECK_EQ_INT(gin[13], 1);
}

/* A hand near a gin of one of r's shapes: the shape's melds dealt at random
 * (runs and sets), `jokers` of the cards then made jokers; with `spoil`, one
 * card swapped for another from the deck. n: 13 or 14 (a random extra card). */
static void near_gin(const fuda_meld_rules *r, fuda_card *h, int n, int jokers, int spoil) {
    fuda_rng *g = rng();
    int used[64] = {0}, m = 0, jk = 0;
    const uint8_t *shape = r->gin_shape[fuda_rng_below(g, r->gin_nshapes)];
    for (int i = 0; i < FUDA_MELD_MAX_MELDS && shape[i]; i++) {
        int len = shape[i], done = 0;
        for (int t = 0; t < 30 && !done; t++) {
            fuda_card c[16];
            int k = 0;
            if (fuda_rng_below(g, 2)) {
                int suit = (int)fuda_rng_below(g, 4), st = (int)fuda_rng_below(g, (uint32_t)(14 - len));
                for (int q = 0; q < len; q++) c[k++] = fuda_card_make(st + q + 1, suit);
            } else {
                int rank = (int)fuda_rng_below(g, 13) + 1;
                if (len > 4 && jk + len - 4 > jokers) continue;
                for (int q = 0; q < len; q++) c[k++] = q < 4 ? fuda_card_make(rank, q) : FUDA_JOKER;
                if (len < 4) c[fuda_rng_below(g, (uint32_t)len)] = fuda_card_make(rank, 3);
            }
            done = 1;
            for (int q = 0; q < k; q++)
                if (c[q] != FUDA_JOKER && used[c[q]]) done = 0;
            if (!done) continue;
            for (int q = 0; q < k; q++) {
                if (c[q] == FUDA_JOKER) jk++;
                else used[c[q]] = 1;
                h[m++] = c[q];
            }
        }
        while (!done && len-- > 0) { /* no room: any cards */
            fuda_card c;
            do c = fuda_card_make((int)fuda_rng_below(g, 13) + 1, (int)fuda_rng_below(g, 4));
            while (used[c]);
            used[c] = 1;
            h[m++] = c;
        }
    }
    for (int t = 0; jk < jokers && t < 100; t++) {
        int i = (int)fuda_rng_below(g, (uint32_t)m);
        if (h[i] != FUDA_JOKER) { h[i] = FUDA_JOKER; jk++; }
    }
    for (int extra = m < n ? n - m : 0; extra-- > 0 || spoil-- > 0;) {
        fuda_card c;
        do c = fuda_card_make((int)fuda_rng_below(g, 13) + 1, (int)fuda_rng_below(g, 4));
        while (used[c]);
        used[c] = 1;
        if (m < n) h[m++] = c;
        else h[fuda_rng_below(g, (uint32_t)m)] = c;
    }
    shuffle(h, n);
}

/* Shape gins against the brute force: 13-card hands (fuda_meld_gin) and
 * 14-card hands (fuda_meld_discards_gin, each discard). Returns the gins. */
static int gin_cross_check(const fuda_meld_rules *r, int n, int jokers, int count, int near, int *bad) {
    int pos = 0;
    for (int t = 0; t < count; t++) {
        fuda_card h[16], h2[16];
        fuda_meld_result res;
        if (near) near_gin(r, h, n, jokers, t % 3 == 0);
        else deal(h, n, jokers);
        if (n == 13) {
            int a = fuda_meld_gin(r, h, n, &res), b = bf_gin(r, h, n);
            pos += a == 1;
            if (a == b && (a != 1 || valid_gin(r, h, n, &res))) continue;
        } else {
            int out[16], gin[16], ok = fuda_meld_discards_gin(r, h, n, out, gin) == 0;
            for (int i = 0; i < n && ok; i++) {
                int m = 0;
                for (int j = 0; j < n; j++)
                    if (j != i) h2[m++] = h[j];
                ok = gin[i] == bf_gin(r, h2, m) && out[i] == fuda_meld_deadwood(r, h2, m);
                pos += gin[i];
            }
            if (ok) continue;
        }
        if ((*bad)++ < 3) {
            char buf[8];
            fprintf(stderr, "gin ace %d jokers %d:", r->ace, jokers);
            for (int i = 0; i < n; i++) {
                fuda_card_name(h[i], buf);
                fprintf(stderr, " %s", buf);
            }
            fprintf(stderr, "\n");
        }
    }
    return pos;
}

static void test_gin_random(void) {
    fuda_meld_rules r;
    int bad = 0, pos = 0;
    celebes_rules(&r);
    for (int ace = 0; ace < 3; ace++) {
        r.ace = (uint8_t)ace;
        for (int j = 0; j <= 2; j++) {
            pos += gin_cross_check(&r, 13, j, 400, 1, &bad);
            pos += gin_cross_check(&r, 14, j, 60, 1, &bad);
            gin_cross_check(&r, 13, j, 100, 0, &bad);
        }
    }
    CHECK(pos > 1000); /* near-gin hands: positives are frequent */
    /* the older reading (a natural run in every shape), and a natural meld of
     * either kind in every shape, sizes free */
    celebes_run_rules(&r);
    for (int j = 0; j <= 2; j++) gin_cross_check(&r, 13, j, 200, 1, &bad);
    wild_rules(&r);
    r.gin_natural = 4;
    for (int j = 0; j <= 2; j++) gin_cross_check(&r, 10, j, 150, 0, &bad);
    /* other rules: wilds anywhere in 4+4+3 or 5+3+3 without a natural run;
     * sets of at most 4; melds of wilds only */
    static const uint8_t other[2][4] = { {4, 4, 3}, {5, 3, 3} };
    wild_rules(&r);
    r.gin_nshapes = 2;
    for (int i = 0; i < 2; i++) memcpy(r.gin_shape[i], other[i], sizeof other[i]);
    r.set_max = 4;
    for (int j = 0; j <= 2; j++) gin_cross_check(&r, 11, j, 200, 1, &bad);
    wild_rules(&r);
    r.wild_min_natural = 0;
    r.gin_natural_run = 3;
    for (int j = 0; j <= 3; j++) gin_cross_check(&r, 10, j, 150, 0, &bad);
    CHECK_EQ_INT(bad, 0);
}

/* ------------------------------------------------------------ random */

static void cross_check(const fuda_meld_rules *r, int ncards, int jokers, int count) {
    int bad = 0;
    for (int t = 0; t < count; t++) {
        fuda_card h[16];
        fuda_meld_result res;
        deal(h, ncards, jokers);
        int a = fuda_meld_deadwood(r, h, ncards);
        int b = bf_deadwood(r, h, ncards);
        int c = fuda_meld_best(r, h, ncards, &res);
        if (a != b || c != a || !valid_result(r, h, ncards, &res)) {
            if (bad++ < 3) {
                char buf[8];
                fprintf(stderr, "ace %d jokers %d: meld %d best %d brute %d hand:", r->ace, jokers, a, c, b);
                for (int i = 0; i < ncards; i++) {
                    fuda_card_name(h[i], buf);
                    fprintf(stderr, " %s", buf);
                }
                fprintf(stderr, "\n");
            }
        }
    }
    CHECK_EQ_INT(bad, 0);
}

static void test_random_plain(void) {
    fuda_meld_rules r;
    fuda_meld_rules_default(&r);
    for (int ace = 0; ace < 3; ace++) {
        r.ace = (uint8_t)ace;
        cross_check(&r, 10, 0, 3000);
        cross_check(&r, 11, 0, 3000);
        cross_check(&r, 16, 0, 300);
    }
    /* odd rules: aces 15, sets of 4, runs of 4, sets of 2 */
    fuda_meld_rules_default(&r);
    r.value[1] = 15;
    r.value[13] = 0;
    r.ace = FUDA_ACE_HIGH;
    cross_check(&r, 11, 0, 1000);
    fuda_meld_rules_default(&r);
    r.min_set = 4;
    r.min_run = 4;
    r.ace = FUDA_ACE_CORNER;
    cross_check(&r, 13, 0, 500);
    fuda_meld_rules_default(&r);
    r.min_set = 2;
    cross_check(&r, 10, 0, 500);
}

static void test_random_wild(void) {
    fuda_meld_rules r;
    wild_rules(&r);
    for (int ace = 0; ace < 3; ace++) {
        r.ace = (uint8_t)ace;
        r.value[0] = 0;
        cross_check(&r, 10, 1, 400);
        cross_check(&r, 10, 2, 200);
        r.value[0] = 15;
        cross_check(&r, 11, 2, 150);
    }
    wild_rules(&r);
    r.wild_max = 1;
    r.value[0] = 20;
    cross_check(&r, 11, 2, 150);
    wild_rules(&r);
    r.wild_in_sets = 0;
    r.wild_min_natural = 2;
    cross_check(&r, 10, 2, 150);
    wild_rules(&r);
    r.wild_in_runs = 0;
    cross_check(&r, 10, 2, 150);
    wild_rules(&r);
    r.wild_min_natural = 0;
    r.value[0] = 5;
    cross_check(&r, 9, 3, 60);
    r.set_max = 4;
    cross_check(&r, 9, 3, 60);
    wild_rules(&r);
    r.set_max = 5;
    r.value[0] = 15;
    cross_check(&r, 11, 2, 150);
    /* jokers present but not wild */
    fuda_meld_rules_default(&r);
    r.value[0] = 15;
    cross_check(&r, 10, 2, 300);
}

static void test_discards(void) {
    fuda_meld_rules r;
    int bad = 0;
    for (int mode = 0; mode < 5; mode++) {
        fuda_meld_rules_default(&r);
        int jokers = 0;
        if (mode < 3) r.ace = (uint8_t)mode;
        if (mode == 3) { r.wild_joker = 1; jokers = 2; r.value[0] = 10; }
        if (mode == 4) { r.value[0] = 15; jokers = 2; }
        int count = mode >= 3 ? 150 : 1500;
        for (int t = 0; t < count; t++) {
            fuda_card h[16], h2[16];
            int out[16];
            int n = 11;
            deal(h, n, jokers);
            if (fuda_meld_discards(&r, h, n, out) != 0) { bad++; continue; }
            for (int i = 0; i < n; i++) {
                int m = 0;
                for (int j = 0; j < n; j++)
                    if (j != i) h2[m++] = h[j];
                int want = mode >= 3 ? bf_deadwood(&r, h2, m) : fuda_meld_deadwood(&r, h2, m);
                if (mode < 3 && t % 10 == 0) want = bf_deadwood(&r, h2, m);
                if (out[i] != want) bad++;
            }
        }
    }
    CHECK_EQ_INT(bad, 0);
}

/* ------------------------------------------------------------ arrangements */

typedef struct arrs { int n, stop_at; fuda_meld_result r[64]; } arrs;

static int keep_arr(void *user, const fuda_meld_result *m) {
    arrs *a = user;
    if (a->n < 64) a->r[a->n] = *m;
    a->n++;
    return a->stop_at && a->n >= a->stop_at;
}

static int arrangements_of(const fuda_meld_rules *r, const char *hand, arrs *a) {
    fuda_card h[32];
    int n = cards_of(hand, h);
    memset(a, 0, sizeof *a);
    return fuda_meld_arrangements(r, h, n, keep_arr, a);
}

static void test_arrangements(void) {
    fuda_meld_rules r;
    fuda_meld_rules_default(&r);
    arrs a;
    /* 5h in 2-3-4-5h or in 5-5-5-5: two arrangements, deadwood Ac 2d Ks = 13 */
    CHECK_EQ_INT(arrangements_of(&r, "2h 3h 4h 5h 5s 5c 5d Ac 2d Ks", &a), 2);
    CHECK_EQ_INT(a.r[0].deadwood, 13);
    CHECK_EQ_INT(a.r[1].deadwood, 13);
    CHECK(is_dead(&a.r[0], "Ks") && is_dead(&a.r[1], "Ac"));
    CHECK(has_meld(&a.r[0], "2h 3h 4h 5h") != has_meld(&a.r[1], "2h 3h 4h 5h"));
    CHECK(has_meld(&a.r[0], "5s 5h 5d 5c") != has_meld(&a.r[1], "5s 5h 5d 5c"));
    /* one way only */
    CHECK_EQ_INT(arrangements_of(&r, "4h 5h 6h 9s 9c 9d Kc Kd Ks 2c", &a), 1);
    CHECK_EQ_INT(a.r[0].deadwood, 2);
    CHECK_EQ_INT(a.r[0].nmelds, 3);
    /* no meld at all: one arrangement, all dead */
    CHECK_EQ_INT(arrangements_of(&r, "2c 5d 9h", &a), 1);
    CHECK_EQ_INT(a.r[0].ndead, 3);
    /* fn stops the walk */
    fuda_card h[10];
    int n = cards_of("2h 3h 4h 5h 5s 5c 5d Ac 2d Ks", h);
    memset(&a, 0, sizeof a);
    a.stop_at = 1;
    CHECK_EQ_INT(fuda_meld_arrangements(&r, h, n, keep_arr, &a), 1);
    /* bad hands and no fn: -1 */
    CHECK_EQ_INT(arrangements_of(&r, "2h 2h", &a), -1);
    CHECK_EQ_INT(fuda_meld_arrangements(&r, h, n, NULL, NULL), -1);
    /* wilds at exact places: 4h 5h 6h Jk is 3h or 7h, two arrangements */
    fuda_meld_rules w;
    wild_rules(&w);
    CHECK(arrangements_of(&w, "4h 5h 6h Jk 9s 9c 9d", &a) >= 2);
    for (int i = 0; i < a.n && i < 64; i++) CHECK_EQ_INT(a.r[i].deadwood, 0);
}

/* Random hands: every arrangement has the least deadwood and is valid, the
 * first is the one fuda_meld_best gives back as deadwood, and the same cards
 * in another order give the same arrangements in the same order. */
static void test_arrangements_random(void) {
    fuda_meld_rules r;
    int bad = 0;
    static arrs a, b;
    for (int mode = 0; mode < 5; mode++) {
        fuda_meld_rules_default(&r);
        r.ace = (uint8_t)(mode % 3);
        r.wild_joker = mode >= 3;
        r.set_max = mode == 4 ? 4 : 0;
        for (int t = 0; t < 300; t++) {
            fuda_card h[12];
            deal(h, 10, mode >= 3 ? 2 : 0);
            memset(&a, 0, sizeof a);
            memset(&b, 0, sizeof b);
            int na = fuda_meld_arrangements(&r, h, 10, keep_arr, &a);
            int d = fuda_meld_deadwood(&r, h, 10);
            if (na < 1) bad++;
            for (int i = 0; i < na && i < 64; i++)
                if (a.r[i].deadwood != d || !valid_result(&r, h, 10, &a.r[i])) bad++;
            shuffle(h, 10);
            int nb = fuda_meld_arrangements(&r, h, 10, keep_arr, &b);
            if (na != nb || memcmp(a.r, b.r, sizeof a.r) != 0) bad++;
        }
    }
    CHECK_EQ_INT(bad, 0);
}

/* ------------------------------------------------------------ accepts */

static int accepts(const fuda_meld_rules *r, int kind, const char *meld, const char *card) {
    fuda_meld m;
    fuda_card c;
    memset(&m, 0, sizeof m);
    m.kind = (uint8_t)kind;
    m.n = (uint8_t)cards_of(meld, m.cards);
    fuda_card_parse(card, (size_t)-1, &c);
    return fuda_meld_accepts(r, &m, c);
}

static void test_accepts(void) {
    fuda_meld_rules r;
    fuda_meld_rules_default(&r);
    CHECK(accepts(&r, FUDA_MELD_RUN, "4h 5h 6h", "7h"));
    CHECK(accepts(&r, FUDA_MELD_RUN, "4h 5h 6h", "3h"));
    CHECK(!accepts(&r, FUDA_MELD_RUN, "4h 5h 6h", "8h"));
    CHECK(!accepts(&r, FUDA_MELD_RUN, "4h 5h 6h", "7s"));
    CHECK(!accepts(&r, FUDA_MELD_RUN, "4h 5h 6h", "Jk"));
    CHECK(!accepts(&r, FUDA_MELD_RUN, "Jh Qh Kh", "Ah"));
    CHECK(!accepts(&r, FUDA_MELD_RUN, "Ah 2h 3h", "Kh"));
    CHECK(accepts(&r, FUDA_MELD_SET, "9s 9c 9d", "9h"));
    CHECK(!accepts(&r, FUDA_MELD_SET, "9s 9c 9d", "8h"));
    CHECK(!accepts(&r, FUDA_MELD_SET, "9s 9c 9d 9h", "9h"));
    r.ace = FUDA_ACE_HIGH;
    CHECK(accepts(&r, FUDA_MELD_RUN, "Jh Qh Kh", "Ah"));
    CHECK(accepts(&r, FUDA_MELD_RUN, "Ah 2h 3h", "4h"));
    CHECK(!accepts(&r, FUDA_MELD_RUN, "Qh Kh Ah", "2h"));
    CHECK(accepts(&r, FUDA_MELD_RUN, "Qh Kh Ah", "Jh"));
    r.ace = FUDA_ACE_CORNER;
    CHECK(accepts(&r, FUDA_MELD_RUN, "Qh Kh Ah", "2h"));
    CHECK(accepts(&r, FUDA_MELD_RUN, "Ah 2h 3h", "Kh"));
    CHECK(!accepts(&r, FUDA_MELD_RUN, "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", "Ah"));
    wild_rules(&r);
    CHECK(accepts(&r, FUDA_MELD_RUN, "4h 5h 6h", "Jk"));
    CHECK(accepts(&r, FUDA_MELD_RUN, "4h Jk 6h", "7h"));
    CHECK(accepts(&r, FUDA_MELD_RUN, "4h Jk 6h", "3h"));
    CHECK(!accepts(&r, FUDA_MELD_RUN, "4h Jk 6h", "5h"));
    CHECK(accepts(&r, FUDA_MELD_SET, "9s 9c 9d 9h", "Jk"));
    r.set_max = 4;
    CHECK(!accepts(&r, FUDA_MELD_SET, "9s 9c 9d 9h", "Jk"));
    CHECK(!accepts(&r, FUDA_MELD_SET, "9s 9c Jk Jk", "9d"));
    CHECK(accepts(&r, FUDA_MELD_SET, "9s 9c Jk", "9d"));
    r.set_max = 0;
    CHECK(accepts(&r, FUDA_MELD_SET, "9s 9c Jk", "9h"));
    r.wild_max = 1;
    CHECK(!accepts(&r, FUDA_MELD_SET, "9s 9c Jk", "Jk"));
    r.wild_in_sets = 0;
    CHECK(!accepts(&r, FUDA_MELD_SET, "9s 9c 9d", "Jk"));
}

TEST_MAIN(test_default_rules, test_values, test_sets, test_runs, test_aces, test_overlaps,
          test_ties_deterministic, test_intro_example, test_gin_and_eleven, test_bad_input,
          test_wild_shapes, test_random_plain, test_random_wild, test_discards, test_arrangements,
          test_arrangements_random, test_accepts, test_gin_shapes,
          test_gin_discards, test_gin_random)
