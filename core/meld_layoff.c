/* meld_layoff.c -- which cards a meld accepts, and the defender's best
 * layoffs after a knock over every least-deadwood arrangement of the
 * knocker's (fuda_meld_accepts, fuda_meld_layoff; see meld.c). */
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

/* ---------------------------------------------------------------- layoffs */

/* The defender's layoffs onto one knocker arrangement. */
typedef struct layctx {
    const geo *gk, *gd;
    int dfixed;       /* defender's dead value of jokers that are not wild */
    const cmeld *km;  /* the knocker's melds */
    int nkm;
    int best;         /* least defender deadwood found */
    int record;
    int ncur, nbl;
    fuda_layoff cur[MAXH], bl[MAXH];
    u64 bdnat;        /* defender cards left with the best layoffs */
    int bdw;
} layctx;

static void lay_meld(layctx *L, int i, u64 dnat, int dw);

static void lay_push(layctx *L, fuda_card c, int i) {
    L->cur[L->ncur].card = c;
    L->cur[L->ncur].meld = (uint8_t)i;
    L->ncur++;
}

/* Cards laid on set i: naturals t (a submask), then k wilds. */
static void lay_set(layctx *L, int i, u64 dnat, int dw) {
    const cmeld *m = &L->km[i];
    const geo *g = L->gk;
    u64 avail = m->rank ? dnat & (ACES << (m->rank - 1)) & ~m->nat : 0;
    int nn = popc(m->nat);
    for (u64 t = 0;; t = (t - avail) & avail) { /* submasks, smallest first */
        int room = set_cap(g) - nn - popc(t) - m->nw;
        if (room < 0) {
            if (t == avail) break;
            continue;
        }
        int mark = L->ncur;
        for (u64 x = t; x; x &= x - 1) lay_push(L, bit_card(ctz64(x)), i);
        int kmax = g->wsets && nn + popc(t) >= g->wnat ? imin(imin(dw, g->wmax - m->nw), room) : 0;
        for (int k = 0; k <= kmax; k++) {
            if (k) lay_push(L, FUDA_JOKER, i);
            lay_meld(L, i + 1, dnat & ~t, dw - k);
        }
        L->ncur = mark;
        if (t == avail) break;
    }
}

/* Chains on run i: side 0 grows downward from slot `start`, side 1 upward
 * from start+len-1; nn naturals and nw wilds in it so far. */
static void lay_run(layctx *L, int i, int side, int start, int len, int nn, int nw, u64 dnat, int dw) {
    const geo *g = L->gk;
    const cmeld *m = &L->km[i];
    if (side == 0) lay_run(L, i, 1, start, len, nn, nw, dnat, dw);
    else lay_meld(L, i + 1, dnat, dw);
    if (len >= 13) return;
    int slot = side == 0 ? start - 1 : start + len;
    if (!slot_ok(g, slot)) return;
    int nstart = side == 0 ? start - 1 : start;
    if (m->nat) {
        u64 b = 1ULL << (16 * m->suit + norm13(slot));
        if (dnat & b) {
            lay_push(L, bit_card(ctz64(b)), i);
            lay_run(L, i, side, nstart, len + 1, nn + 1, nw, dnat & ~b, dw);
            L->ncur--;
        }
    }
    if (dw > 0 && g->wruns && nw < g->wmax && nn >= g->wnat) {
        lay_push(L, FUDA_JOKER, i);
        lay_run(L, i, side, nstart, len + 1, nn, nw + 1, dnat, dw - 1);
        L->ncur--;
    }
}

static void lay_meld(layctx *L, int i, u64 dnat, int dw) {
    if (i == L->nkm) {
        int d = fuda_meld_own_deadwood(L->gd, dnat, dw) + L->dfixed;
        if (d < L->best) {
            L->best = d;
            if (L->record) {
                L->nbl = L->ncur;
                memcpy(L->bl, L->cur, (size_t)L->ncur * sizeof *L->cur);
                L->bdnat = dnat;
                L->bdw = dw;
            }
        }
        return;
    }
    const cmeld *m = &L->km[i];
    if (m->kind == FUDA_MELD_SET) lay_set(L, i, dnat, dw);
    else lay_run(L, i, 0, m->start, m->len, popc(m->nat), m->nw, dnat, dw);
}

/* Least defender deadwood against knocker melds km. */
static int defend(layctx *L, const cmeld *km, int nkm, u64 dnat, int dw) {
    L->km = km;
    L->nkm = nkm;
    L->best = INT_MAX;
    L->ncur = 0;
    L->nbl = 0;
    L->bdnat = dnat;
    L->bdw = dw;
    lay_meld(L, 0, dnat, dw);
    return L->best;
}

/* The knocker's choice among its least-deadwood arrangements. */
typedef struct knock {
    layctx lay;
    u64 dnat;
    int dw;
    int best;  /* most defender deadwood so far (-1: none yet) */
    int ub;    /* defender deadwood with no layoffs: nothing beats it */
    int nkm, kwdead;
    cmeld km[MAXH];
} knock;

static void knock_leaf(search *s, int wleft, int wonly) {
    knock *K = s->user;
    cmeld ms[MAXH];
    int nm = s->depth;
    memcpy(ms, s->stack, (size_t)nm * sizeof *ms);
    nm += fuda_meld_wild_only_melds(s->g, wonly, ms + nm);
    fuda_meld_sort_melds(ms, nm);
    int d = defend(&K->lay, ms, nm, K->dnat, K->dw);
    if (d > K->best) {
        K->best = d;
        K->nkm = nm;
        memcpy(K->km, ms, (size_t)nm * sizeof *ms);
        K->kwdead = wleft - wonly;
        if (d >= K->ub) s->stop = 1;
    }
}

/* Every least-deadwood arrangement (deadwood kd) of the knocker's naturals
 * knat and kw wilds goes through knock_leaf. */
static void knocker_choose(const geo *gk, u64 knat, int kw, int kd, knock *K) {
    search s;
    s.g = gk;
    s.concrete = 1;
    s.target = kd;
    s.stop = 0;
    s.record = 0;
    s.depth = 0;
    s.leaf = knock_leaf;
    s.user = K;
    u64 never = fuda_meld_never_melded(gk, knat, kw);
    fuda_meld_dfs(&s, knat & ~never, kw, maskval(never, gk->val), 0);
}

int fuda_meld_layoff(const fuda_meld_rules *rk, const fuda_meld_rules *rd,
                     const fuda_card *knocker, int nk,
                     const fuda_card *defender, int nd, int allow_layoff,
                     fuda_layoff_result *out) {
    geo gk, gd;
    hand hk, hd;
    cmeld ms[MAXH];
    int nm, wdead;
    if (fuda_meld_geo_init(&gk, rk) || fuda_meld_geo_init(&gd, rd)) return -1;
    if (fuda_meld_load(&gk, knocker, nk, &hk) || fuda_meld_load(&gd, defender, nd, &hd)) return -1;
    if (out) memset(out, 0, sizeof *out);
    if (!allow_layoff) {
        int d = fuda_meld_arrange(&gd, hd.nat, hd.wilds, ms, &nm, &wdead) + hd.fixed;
        if (out) {
            fuda_meld_build_result(ms, nm, hd.nat, wdead + hd.jdead, d, &out->defender);
            int k = fuda_meld_arrange(&gk, hk.nat, hk.wilds, ms, &nm, &wdead) + hk.fixed;
            fuda_meld_build_result(ms, nm, hk.nat, wdead + hk.jdead, k, &out->knocker);
        }
        return d;
    }
    knock K;
    K.lay.gk = &gk;
    K.lay.gd = &gd;
    K.lay.dfixed = hd.fixed;
    K.lay.record = 0;
    K.dnat = hd.nat;
    K.dw = hd.wilds;
    K.best = -1;
    K.nkm = 0;
    K.kwdead = 0;
    K.ub = fuda_meld_own_deadwood(&gd, hd.nat, hd.wilds) + hd.fixed;
    int kd = fuda_meld_own_deadwood(&gk, hk.nat, hk.wilds);
    knocker_choose(&gk, hk.nat, hk.wilds, kd, &K);
    K.lay.record = 1;
    int d = defend(&K.lay, K.km, K.nkm, hd.nat, hd.wilds);
    if (out) {
        fuda_meld_build_result(K.km, K.nkm, hk.nat, K.kwdead + hk.jdead, kd + hk.fixed, &out->knocker);
        fuda_meld_arrange(&gd, K.lay.bdnat, K.lay.bdw, ms, &nm, &wdead);
        fuda_meld_build_result(ms, nm, K.lay.bdnat, wdead + hd.jdead, d, &out->defender);
        out->nlayoffs = K.lay.nbl;
        memcpy(out->layoffs, K.lay.bl, (size_t)K.lay.nbl * sizeof *K.lay.bl);
    }
    return d;
}
