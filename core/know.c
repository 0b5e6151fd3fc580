/* know.c -- what each seat knows of the cards, and determinization: dealing
 * the cards a seat cannot know anew, for a search that must not read them.
 *
 * Knowledge is the per-card mask fuda_state.known (bit per seat), kept next
 * to the cards by state.c's moves, sorts and shuffles. Here it grows: after
 * every action the engine marks what each seat sees as known to it, so a card
 * seen on the discard pile and taken into a hand stays known to all. Nothing
 * here needs code from the variant: visibility is the piles' own (vis, owner).
 *
 * Failure: fuda_state_resample returns -1 for a bad seat and then leaves the
 * state untouched; the others cannot fail. */
#include "state.h"

void fuda_state_observe(fuda_state *s) {
    for (int p = 0; p < s->npiles; p++) {
        const fuda_pile *pl = &s->piles[p];
        uint8_t *kn = s->known + pl->start;
        uint8_t all = (uint8_t)((1u << s->nseats) - 1u);
        switch (pl->vis) {
        case FUDA_VIS_PUBLIC:
            for (int i = 0; i < pl->len; i++) kn[i] |= all;
            break;
        case FUDA_VIS_TOP:
            if (pl->len) kn[pl->len - 1] |= all;
            break;
        case FUDA_VIS_OWNER:
            if (pl->owner >= 0)
                for (int i = 0; i < pl->len; i++) kn[i] |= (uint8_t)(1u << pl->owner);
            break;
        default:
            break;
        }
    }
}

int fuda_state_knows(const fuda_state *s, int p, int i, int seat) {
    if (seat < 0 || seat >= s->nseats || p < 0 || p >= s->npiles || i < 0 || i >= s->piles[p].len)
        return 0;
    if (fuda_pile_visible(s, p, i, seat)) return 1;
    return (s->known[s->piles[p].start + i] >> seat) & 1;
}

/* Shuffle the cards at the places i with keep[i] == 0 among those places,
 * clear their known bits, reseed the state's generator from rng; how many
 * places were dealt anew. The cards are put in order before the shuffle, so
 * the deal depends on which cards are hidden, not on where they lie: a search
 * deals the same from two games that differ only in hidden places. */
static int redeal(fuda_state *s, const uint8_t *keep, fuda_rng *rng, int keep_rng) {
    uint16_t slot[FUDA_MAX_CARDS];
    fuda_card pool[FUDA_MAX_CARDS];
    int n = 0;
    for (int p = 0; p < s->npiles; p++)
        for (int i = 0; i < s->piles[p].len; i++) {
            int at = s->piles[p].start + i;
            if (keep[at]) continue;
            slot[n] = (uint16_t)at;
            pool[n++] = s->cards[at];
        }
    uint8_t count[FUDA_CARD_SPACE] = { 0 };
    for (int k = 0; k < n; k++) count[pool[k]]++;
    for (int c = 0, k = 0; c < FUDA_CARD_SPACE; c++)
        for (int j = 0; j < count[c]; j++) pool[k++] = (fuda_card)c;
    fuda_rng_shuffle(rng, pool, n);
    for (int k = 0; k < n; k++) {
        /* what the others knew of this place was about another card: the
         * next observe gives them back what they see */
        s->cards[slot[k]] = pool[k];
        s->known[slot[k]] = 0;
    }
    if (!keep_rng) {
        uint64_t hi = fuda_rng_next(rng), lo = fuda_rng_next(rng);
        fuda_rng_seed(&s->rng, hi << 32 | lo, 0);
    }
    return n;
}

int fuda_state_resample(fuda_state *s, int seat, fuda_rng *rng) {
    if (seat < 0 || seat >= s->nseats) return -1;
    uint8_t keep[FUDA_MAX_CARDS];
    for (int p = 0; p < s->npiles; p++)
        for (int i = 0; i < s->piles[p].len; i++)
            keep[s->piles[p].start + i] = (uint8_t)fuda_state_knows(s, p, i, seat);
    return redeal(s, keep, rng, 0);
}

int fuda_state_resample_blind(fuda_state *s, fuda_rng *rng) {
    uint8_t keep[FUDA_MAX_CARDS];
    for (int p = 0; p < s->npiles; p++) {
        const fuda_pile *pl = &s->piles[p];
        for (int i = 0; i < pl->len; i++)
            keep[pl->start + i] = pl->vis == FUDA_VIS_PUBLIC || (pl->vis == FUDA_VIS_TOP && i == pl->len - 1);
    }
    return redeal(s, keep, rng, 0);
}

int fuda_state_shuffle_unseen(fuda_state *s, fuda_rng *rng) {
    uint8_t keep[FUDA_MAX_CARDS];
    for (int p = 0; p < s->npiles; p++)
        for (int i = 0; i < s->piles[p].len; i++) {
            int seen = 0;
            for (int k = 0; k < s->nseats && !seen; k++) seen = fuda_state_knows(s, p, i, k);
            keep[s->piles[p].start + i] = (uint8_t)seen;
        }
    return redeal(s, keep, rng, 0);
}

int fuda_state_resample_keep(fuda_state *s, int seat, const uint8_t *cards, fuda_rng *rng) {
    if (seat >= s->nseats) return -1;
    uint8_t keep[FUDA_MAX_CARDS];
    for (int p = 0; p < s->npiles; p++) {
        const fuda_pile *pl = &s->piles[p];
        for (int i = 0; i < pl->len; i++) {
            int at = pl->start + i;
            int seen = seat >= 0 ? fuda_state_knows(s, p, i, seat)
                                 : pl->vis == FUDA_VIS_PUBLIC || (pl->vis == FUDA_VIS_TOP && i == pl->len - 1);
            keep[at] = (uint8_t)(seen || (cards && cards[s->cards[at]]));
        }
    }
    return redeal(s, keep, rng, 1);
}

/* ---- mending a deal: small changes among the places a seat does not know ---- */

/* The places of s that seat does not know, in piles owned by `owner` (-1:
 * the piles nobody owns) into at[]; how many. */
static int unknown_places(const fuda_state *s, int seat, int owner, uint16_t *at) {
    int n = 0;
    for (int p = 0; p < s->npiles; p++) {
        if (s->piles[p].owner != owner) continue;
        for (int i = 0; i < s->piles[p].len; i++)
            if (!fuda_state_knows(s, p, i, seat)) at[n++] = (uint16_t)(s->piles[p].start + i);
    }
    return n;
}

static void swap_places(fuda_state *s, int a, int b) {
    fuda_card t = s->cards[a];
    s->cards[a] = s->cards[b];
    s->cards[b] = t;
    s->known[a] = s->known[b] = 0;
}

int fuda_state_redeal_owner(fuda_state *s, int seat, int owner, fuda_rng *rng) {
    if (seat < 0 || seat >= s->nseats || owner < 0 || owner >= s->nseats || owner == seat) return -1;
    uint16_t pool[FUDA_MAX_CARDS];
    int m = unknown_places(s, seat, owner, pool);
    int n = m + unknown_places(s, seat, -1, pool + m);
    for (int i = 0; i < m; i++) /* the first m of a shuffle of the pool */
        swap_places(s, pool[i], pool[i + (int)fuda_rng_below(rng, (uint32_t)(n - i))]);
    return m;
}

int fuda_state_swap_unknown(fuda_state *s, int seat, fuda_card c, fuda_card d) {
    int pc = -1, pd = -1;
    for (int p = 0; p < s->npiles; p++)
        for (int i = 0; i < s->piles[p].len; i++) {
            int at = s->piles[p].start + i;
            if (fuda_state_knows(s, p, i, seat)) continue;
            if (s->cards[at] == c && pc < 0) pc = at;
            else if (s->cards[at] == d && pd < 0) pd = at;
        }
    if (c == d || pc < 0 || pd < 0) return -1;
    swap_places(s, pc, pd);
    return 0;
}

int fuda_state_unown(fuda_state *s, int seat, fuda_card c, fuda_rng *rng) {
    uint16_t free_[FUDA_MAX_CARDS];
    int n = unknown_places(s, seat, -1, free_), from = -1;
    for (int k = 0; k < n; k++)
        if (s->cards[free_[k]] == c) return 0;
    for (int p = 0; p < s->npiles && from < 0; p++) {
        if (s->piles[p].owner < 0 || s->piles[p].owner == seat) continue;
        for (int i = 0; i < s->piles[p].len && from < 0; i++)
            if (s->cards[s->piles[p].start + i] == c && !fuda_state_knows(s, p, i, seat)) from = s->piles[p].start + i;
    }
    if (from < 0 || n == 0) return 0;
    swap_places(s, from, free_[fuda_rng_below(rng, (uint32_t)n)]);
    return 1;
}
