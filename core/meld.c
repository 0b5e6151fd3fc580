/* meld.c -- the exact least-deadwood search behind meld.h: deadwood, best
 * arrangement, deadwood after each discard (here), gin under gin shapes
 * (meld_gin.c), every least-deadwood arrangement (meld_arrange.c), which cards extend a meld (meld_accepts.c), over the fast path
 * (meld_fast.c) and the search with wilds (meld_wild.c).
 *
 * A hand is a bit mask in "card space": bit 16*suit + rank-1 of a uint64_t,
 * one 16-bit lane per suit whose three top bits stay zero, so shifting the
 * whole mask never joins two suits into one run. Run positions are "slots":
 * slot = rank-1; in ace-high mode slot 13 is the ace played high; corner mode
 * works on a circle of 13 slots.
 *
 * Without wild cards (the hot path): once the sets are fixed, the best runs of
 * each suit are simply all cards lying in stretches of min_run or more
 * consecutive ranks (found with shifts, all four suits at once); in ace-high
 * mode the ace goes low or high, whichever melds more value. So the search
 * only enumerates the set choices of the few ranks held min_set or more times
 * (no set, each 3-card subset, all four), leaving out choices that merely free
 * cards no run could use. No tables, no allocation, nothing shared.
 *
 * With wild cards: a depth-first search on the lowest undecided card (dead,
 * or in a set or run that contains it), branch and bound. A meld keeps the
 * least wilds it needs and how many more it could take; spare wilds are put
 * into melds at the leaves.
 *
 * Layoffs: every least-deadwood arrangement of the knocker (with exact wild
 * positions) is tried; for each, the defender's layoffs are enumerated meld by
 * meld (chains outward from each run end; further cards and wilds onto sets)
 * and the defender's remaining cards are scored with the searches above.
 *
 * Gin shapes (fuda_meld_gin under gin_shapes or a natural meld), tried only
 * on a hand whose least deadwood is 0: a depth-first partition of the whole
 * hand. The lowest natural left goes into a set or a run of a size the shape
 * still needs (runs: every window around it, gaps filled with wilds, and
 * naturals inside it left out for other melds while wilds last); spare wilds
 * end in melds of wilds only when the rules allow them. Until the natural meld
 * the shape needs is placed, a node whose cards hold no such meld is cut.
 *
 * Reading of the rules: min_set/min_run 0 mean 3, 1 means 2 (a meld has at
 * least two cards); a meld of wilds only (wild_min_natural 0) takes only wilds
 * as layoffs; a wild may stand for a card that another meld holds. */
#include "meld_impl.h"

/* ---------------------------------------------------------------- output */

static void to_fuda_meld(const cmeld *m, fuda_meld *out) {
    memset(out, 0, sizeof *out);
    out->kind = m->kind;
    int n = 0;
    if (m->kind == FUDA_MELD_SET) {
        for (u64 x = m->nat; x; x &= x - 1) out->cards[n++] = bit_card(ctz64(x));
        for (int i = 0; i < m->nw && n < FUDA_MELD_MAX_LEN; i++) out->cards[n++] = FUDA_JOKER;
    } else {
        for (int i = 0; i < m->len; i++) {
            int bit = 16 * m->suit + norm13(m->start + i);
            out->cards[n++] = (m->nat >> bit) & 1 ? bit_card(bit) : FUDA_JOKER;
        }
    }
    out->n = (uint8_t)n;
}

static int meld_key(const cmeld *m) { return m->nat ? ctz64(m->nat) : 64; }

/* Canonical meld order: by lowest natural (suit, then rank), wilds-only last. */
void fuda_meld_sort_melds(cmeld *ms, int n) {
    for (int i = 1; i < n; i++) {
        cmeld m = ms[i];
        int j = i;
        while (j > 0 && meld_key(&ms[j - 1]) > meld_key(&m)) {
            ms[j] = ms[j - 1];
            j--;
        }
        ms[j] = m;
    }
}

/* Fill *out: melds in canonical order (sorted in place), dead cards by rank
 * then suit (jokers, rank 0, first). */
void fuda_meld_build_result(cmeld *ms, int nm, u64 nat, int jdead, int deadwood,
                         fuda_meld_result *out) {
    u64 melded = 0;
    memset(out, 0, sizeof *out);
    fuda_meld_sort_melds(ms, nm);
    for (int i = 0; i < nm; i++) melded |= ms[i].nat;
    out->deadwood = deadwood;
    out->nmelds = imin(nm, FUDA_MELD_MAX_MELDS);
    for (int i = 0; i < out->nmelds; i++) to_fuda_meld(&ms[i], &out->melds[i]);
    int n = 0;
    for (int i = 0; i < jdead && n < MAXH; i++) out->dead[n++] = FUDA_JOKER;
    u64 dead = nat & ~melded;
    for (int r = 0; r < 13; r++)
        for (int s = 0; s < 4; s++)
            if ((dead >> (16 * s + r)) & 1) out->dead[n++] = fuda_card_make(r + 1, s);
    out->ndead = n;
}

/* ---------------------------------------------------------------- API */

int fuda_meld_load(const geo *g, const fuda_card *cards, int n, hand *h) {
    int j;
    if (fuda_meld_parse_hand(cards, n, &h->nat, &j)) return -1;
    h->wilds = g->wild ? j : 0;
    h->jdead = g->wild ? 0 : j;
    h->fixed = h->jdead * g->val[0];
    return 0;
}

int fuda_meld_deadwood(const fuda_meld_rules *r, const fuda_card *cards, int n) {
    geo g;
    hand h;
    if (fuda_meld_geo_init(&g, r) || fuda_meld_load(&g, cards, n, &h)) return -1;
    return fuda_meld_own_deadwood(&g, h.nat, h.wilds) + h.fixed;
}

int fuda_meld_best(const fuda_meld_rules *r, const fuda_card *cards, int n,
                   fuda_meld_result *out) {
    geo g;
    hand h;
    cmeld ms[MAXH];
    int nm, wdead;
    if (fuda_meld_geo_init(&g, r) || fuda_meld_load(&g, cards, n, &h)) return -1;
    int d = fuda_meld_arrange(&g, h.nat, h.wilds, ms, &nm, &wdead) + h.fixed;
    if (out) fuda_meld_build_result(ms, nm, h.nat, wdead + h.jdead, d, out);
    return d;
}

/* Least deadwood of a hand and the naturals dead in some best arrangement
 * (dropping one of those lowers the deadwood by its value exactly), plus
 * whether a wild is left dead in it. */
static int best_with_dead(const geo *g, const hand *h, u64 *dead, int *wild_dead) {
    if (h->wilds == 0) {
        fast f;
        int d = fuda_meld_fast_search(g, h->nat, &f);
        *dead = f.bdeadu;
        *wild_dead = 0;
        return d;
    }
    cmeld ms[MAXH];
    int nm, wd;
    int d = fuda_meld_arrange(g, h->nat, h->wilds, ms, &nm, &wd);
    u64 melded = 0;
    for (int i = 0; i < nm; i++) melded |= ms[i].nat;
    *dead = h->nat & ~melded;
    *wild_dead = wd > 0;
    return d;
}

int fuda_meld_discards(const fuda_meld_rules *r, const fuda_card *cards, int n, int *out) {
    geo g;
    hand h;
    u64 dead;
    int wdead, wild_less = -1;
    if (fuda_meld_geo_init(&g, r) || fuda_meld_load(&g, cards, n, &h)) return -1;
    int d = best_with_dead(&g, &h, &dead, &wdead) + h.fixed;
    for (int i = 0; i < n; i++) {
        fuda_card c = cards[i];
        if (c == FUDA_JOKER) {
            if (!g.wild || wdead) out[i] = d - g.val[0];
            else {
                if (wild_less < 0) wild_less = fuda_meld_own_deadwood(&g, h.nat, h.wilds - 1) + h.fixed;
                out[i] = wild_less;
            }
            continue;
        }
        u64 b = 1ULL << ((c >> 4) * 16 + (c & 15) - 1);
        if (dead & b) out[i] = d - g.val[c & 15];
        else out[i] = fuda_meld_own_deadwood(&g, h.nat & ~b, h.wilds) + h.fixed;
    }
    return 0;
}
