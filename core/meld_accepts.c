/* meld_accepts.c -- which cards extend a meld laid out as a list of cards
 * (fuda_meld_accepts; see meld.c): one end of a run, or a set not yet full,
 * wilds within the rules' limits. Gin's layoffs are built on it in Lua
 * (variants/lib/gin-layoff.lua). */
#include "meld_impl.h"

/* First slot of a laid-out run (-99 when the cards fit no run). */
static int run_start(const geo *g, const fuda_meld *m, int *suit) {
    int anchor = -1;
    for (int i = 0; i < m->n; i++) {
        if (m->cards[i] == FUDA_JOKER) continue;
        if (anchor < 0 || fuda_card_rank(m->cards[anchor]) == 1) anchor = i;
    }
    if (anchor < 0) { *suit = -1; return 0; }
    fuda_card c = m->cards[anchor];
    *suit = fuda_card_suit(c);
    int slot = fuda_card_rank(c) - 1;
    if (g->ace == FUDA_ACE_CORNER) return norm13(slot - anchor);
    if (slot == 0 && g->ace == FUDA_ACE_HIGH && anchor > 0) slot = 13;
    int st = slot - anchor;
    if (st < 0 || st + m->n > g->nslots) return -99;
    return st;
}

/* Does slot `slot` (possibly outside 0..nslots-1) extend the run? */
static int slot_ok(const geo *g, int slot) {
    return g->ace == FUDA_ACE_CORNER || (slot >= 0 && slot < g->nslots);
}

int fuda_meld_accepts(const fuda_meld_rules *r, const fuda_meld *m, fuda_card c) {
    geo g;
    if (fuda_meld_geo_init(&g, r) || !m || m->n == 0) return 0;
    int wild = c == FUDA_JOKER;
    if (wild && !g.wild) return 0;
    if (!wild && ((unsigned)(c & 15) - 1u >= 13 || c >= 0x40)) return 0;
    int nw = 0, nn = 0;
    for (int i = 0; i < m->n; i++) {
        if (m->cards[i] == FUDA_JOKER) nw++;
        else nn++;
    }
    if (m->n >= FUDA_MELD_MAX_LEN || (m->kind == FUDA_MELD_SET && m->n >= set_cap(&g))) return 0;
    if (wild) {
        if (nw + 1 > g.wmax || nn < g.wnat) return 0;
        if (m->kind == FUDA_MELD_SET) return g.wsets;
        if (!g.wruns || m->n >= 13) return 0;
    }
    if (m->kind == FUDA_MELD_SET) {
        for (int i = 0; i < m->n; i++) {
            fuda_card x = m->cards[i];
            if (x == FUDA_JOKER) continue;
            if (fuda_card_rank(x) != fuda_card_rank(c) || fuda_card_suit(x) == fuda_card_suit(c)) return 0;
        }
        return nn > 0 || (g.wsets && g.wnat <= 1);
    }
    if (m->kind != FUDA_MELD_RUN || m->n >= 13) return 0;
    int suit;
    int st = run_start(&g, m, &suit);
    if (st == -99) return 0;
    if (suit < 0) return 1; /* wilds only: any card fits somewhere */
    int lo = st - 1, hi = st + m->n;
    if (wild) return slot_ok(&g, lo) || slot_ok(&g, hi);
    if (fuda_card_suit(c) != suit) return 0;
    int p = fuda_card_rank(c) - 1;
    for (int k = 0; k < 2; k++) {
        int s = k ? hi : lo;
        if (slot_ok(&g, s) && norm13(s) == p) return 1;
    }
    return 0;
}
