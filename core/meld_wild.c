/* meld_wild.c -- the least-deadwood search with wild cards (see meld.c):
 * depth first on the lowest undecided card, branch and bound; concrete
 * arrangements with exact wild positions for the layoff search. */
#include "meld_impl.h"

/* ---------------------------------------------------------------- wilds */

/* May p wilds alone make a meld? *kind gets which. */
int fuda_meld_wild_part(const geo *g, int p, int *kind) {
    if (g->wsets && p >= g->kset && p <= imin(g->wmax, set_cap(g))) { *kind = FUDA_MELD_SET; return 1; }
    if (g->wruns && p >= g->krun && p <= imin(13, g->wmax)) { *kind = FUDA_MELD_RUN; return 1; }
    return 0;
}

/* reach[x]: x wilds split into melds of wilds only (x <= n <= MAXH). */
void fuda_meld_wild_reach(const geo *g, int n, unsigned char *reach) {
    int kind;
    reach[0] = 1;
    for (int x = 1; x <= n; x++) {
        reach[x] = 0;
        for (int p = 1; p <= x && !reach[x]; p++)
            if (reach[x - p] && fuda_meld_wild_part(g, p, &kind)) reach[x] = 1;
    }
}

/* How many of `freew` spare wilds the arrangement takes: up to `extra` into
 * its melds, and melds of wilds only when the rules allow them (*wonly of
 * them). */
static int absorb(const geo *g, int freew, int extra, int *wonly) {
    *wonly = 0;
    if (freew <= extra) return freew;
    if (g->wnat > 0) return extra;
    unsigned char reach[MAXH + 1];
    fuda_meld_wild_reach(g, freew, reach);
    int best = extra;
    for (int x = 1; x <= freew; x++) {
        int v = x + imin(freew - x, extra);
        if (reach[x] && v > best) { best = v; *wonly = x; }
    }
    return best;
}

/* Melds of x wilds only into ms; returns how many. */
int fuda_meld_wild_only_melds(const geo *g, int x, cmeld *ms) {
    unsigned char reach[MAXH + 1];
    int n = 0, kind;
    fuda_meld_wild_reach(g, x, reach);
    while (x > 0) {
        int p = x;
        while (p > 0 && !(reach[x - p] && fuda_meld_wild_part(g, p, &kind))) p--;
        if (p == 0) break;
        ms[n++] = kind == FUDA_MELD_SET ? fuda_meld_make_set(0, 0, p, 0) : fuda_meld_make_run(0, 0, 0, p, p, 0);
        x -= p;
    }
    return n;
}

/* Could a run with up to w wilds use the card in slot position p of lane? */
static int can_run(const geo *g, unsigned lane, int p, int w) {
    int k = g->krun;
    if (k > 13) return 0;
    if (w > 0 && g->wnat > 1) return 1; /* no cheap test: assume so */
    for (int pl = 0; pl < 2; pl++) {
        int q = pl ? 13 : p;
        if (pl && !(g->ace == FUDA_ACE_HIGH && p == 0)) break;
        for (int j = 0; j < k; j++) {
            int st = q - j;
            if (g->ace == FUDA_ACE_CORNER) st = norm13(st);
            else if (st < 0 || st + k > g->nslots) continue;
            int need = k - popc(lane & window_bits(st, k));
            if (need == 0 || need <= w) return 1;
        }
    }
    return 0;
}

/* Naturals no meld can use, even with all w wilds. */
u64 fuda_meld_never_melded(const geo *g, u64 nat, int w) {
    int wset = g->wsets ? imin(w, g->wmax) : 0;
    int wrun = g->wruns ? imin(w, g->wmax) : 0;
    u64 out = 0;
    for (u64 x = nat; x; x &= x - 1) {
        int bit = ctz64(x), p = bit & 15;
        int n = popc(nat & (ACES << p));
        if (n >= g->kset || (n >= g->wnat && g->kset - n <= wset)) continue;
        if (can_run(g, (unsigned)(nat >> (bit & 48)) & LANE, p, wrun)) continue;
        out |= 1ULL << bit;
    }
    return out;
}

static void push_try(search *s, const cmeld *m, u64 rem, int wl, int deadv, int extra) {
    s->stack[s->depth++] = *m;
    fuda_meld_dfs(s, rem & ~m->nat, wl - m->nw, deadv, extra + m->extra);
    s->depth--;
}

/* An arrangement is complete; `rest` are naturals still to arrange without
 * wilds, `deadv` already counts their deadwood. */
static void at_leaf(search *s, int wl, int deadv, int extra, u64 rest) {
    const geo *g = s->g;
    int wonly;
    int taken = absorb(g, wl, s->concrete ? 0 : extra, &wonly);
    int total = deadv + (wl - taken) * g->val[0];
    if (s->concrete) {
        if (total == s->target) s->leaf(s, wl, wonly);
        return;
    }
    if (total >= s->best) return;
    s->best = total;
    if (s->record) {
        s->nbest = s->depth;
        memcpy(s->bstack, s->stack, (size_t)s->depth * sizeof *s->stack);
        s->bwleft = wl;
        s->bextra = extra;
        s->brest = rest;
    }
    if (total <= s->lb) s->stop = 1;
}

/* Sets holding the card cb, the lowest undecided one. */
static void gen_sets(search *s, u64 rem, u64 cb, int wl, int deadv, int extra) {
    const geo *g = s->g;
    int bit = ctz64(cb);
    u64 others = rem & (ACES << (bit & 15)) & ~cb;
    for (u64 t = others;; t = (t - 1) & others) {
        int n = popc(t) + 1;
        int need = g->kset > n ? g->kset - n : 0;
        int cap = g->wsets && n >= g->wnat ? imin(g->wmax, set_cap(g) - n) : 0;
        if (need <= cap && need <= wl) {
            cmeld m = fuda_meld_make_set(cb | t, (bit & 15) + 1, need, cap - need);
            if (!s->concrete) {
                push_try(s, &m, rem, wl, deadv, extra);
            } else {
                m.extra = 0;
                for (int k = need; k <= cap && k <= wl; k++) {
                    m.nw = (uint8_t)k;
                    push_try(s, &m, rem, wl, deadv, extra);
                }
            }
        }
        if (!t) break;
    }
}

/* The run of window rw with naturals nat (lane bits) needing `need` wilds. */
static void emit_run(search *s, const runw *rw, unsigned nat, int need) {
    const geo *g = s->g;
    int n = popc(nat);
    int cap = g->wruns && n >= g->wnat ? imin(13 - n, g->wmax) : 0;
    if (need > cap || need > rw->wl) return;
    u64 m64 = (u64)nat << (16 * rw->suit);
    if (!s->concrete) {
        cmeld m = fuda_meld_make_run(m64, rw->suit, rw->st, rw->len, need, cap - need);
        push_try(s, &m, rw->rem, rw->wl, rw->deadv, rw->extra);
        return;
    }
    int corner = g->ace == FUDA_ACE_CORNER;
    int maxl = imin(13, n + imin(cap, rw->wl));
    for (int len = imin(13, n + need); len <= maxl; len++) {
        for (int e1 = 0; e1 <= len - rw->len; e1++) {
            int lo = rw->l - e1, hi = rw->l + len - 1 - e1;
            if (!corner && (lo < 0 || hi >= g->nslots)) continue;
            cmeld m = fuda_meld_make_run(m64, rw->suit, corner ? norm13(lo) : lo, len, len - n, 0);
            push_try(s, &m, rw->rem, rw->wl, rw->deadv, rw->extra);
        }
    }
}

/* Runs of the window with up to `budget` of the inner naturals `avail` left
 * out (replaced by wilds, those naturals kept for other melds). */
static void run_drops(search *s, const runw *rw, unsigned avail, unsigned drop, int budget) {
    emit_run(s, rw, rw->mem & ~drop, rw->base + popc(drop));
    if (!budget) return;
    for (unsigned x = avail; x; x &= x - 1) {
        unsigned b = x & (0u - x);
        run_drops(s, rw, x & ~b, drop | b, budget - 1);
    }
}

/* The window l .. l+len-1 around the card in slot position p0; both ends are
 * naturals, `gaps` slots inside hold none. */
static void run_window(search *s, runw *rw, unsigned lane, int p0, int l, int len, int gaps, int wcap) {
    const geo *g = s->g;
    rw->l = l;
    rw->st = g->ace == FUDA_ACE_CORNER ? norm13(l) : l;
    rw->len = len;
    rw->mem = lane & window_bits(rw->st, len);
    int ext = g->krun > len ? g->krun - len : 0;
    rw->base = gaps + ext;
    int budget = wcap - rw->base;
    if (budget < 0) return;
    unsigned ends = (1u << norm13(l)) | (1u << norm13(l + len - 1)) | (1u << p0);
    run_drops(s, rw, rw->mem & ~ends, 0, budget);
}

/* Runs holding the card cb, the lowest undecided one. */
static void gen_runs(search *s, u64 rem, u64 cb, int wl, int deadv, int extra) {
    const geo *g = s->g;
    if (g->krun > 13) return;
    int bit = ctz64(cb), p0 = bit & 15;
    unsigned lane = (unsigned)(rem >> (bit & 48)) & LANE;
    int wcap = g->wruns ? imin(g->wmax, wl) : 0;
    int corner = g->ace == FUDA_ACE_CORNER;
    runw rw;
    rw.suit = bit >> 4;
    rw.rem = rem;
    rw.wl = wl;
    rw.deadv = deadv;
    rw.extra = extra;
    int np = g->ace == FUDA_ACE_HIGH && p0 == 0 ? 2 : 1;
    for (int pi = 0; pi < np; pi++) {
        int p = pi ? 13 : p0, gl = 0;
        for (int a = 0; a <= 12; a++) {
            int l = p - a;
            if (!corner && l < 0) break;
            if (a > 0 && !((lane >> norm13(l)) & 1)) {
                if (++gl > wcap) break;
                continue;
            }
            int gr = 0;
            for (int b = 0; a + b < 13; b++) {
                int h = p + b;
                if (!corner && h >= g->nslots) break;
                if (b > 0 && !((lane >> norm13(h)) & 1)) {
                    if (gl + ++gr > wcap) break;
                    continue;
                }
                run_window(s, &rw, lane, p0, l, a + b + 1, gl + gr, wcap);
            }
        }
    }
}

void fuda_meld_dfs(search *s, u64 rem, int wl, int deadv, int extra) {
    if (s->stop) return;
    if (s->concrete ? deadv > s->target : deadv >= s->best) return;
    if (!rem) { at_leaf(s, wl, deadv, extra, 0); return; }
    if (wl == 0 && !s->concrete) { /* no wilds left: the fast path ends it */
        at_leaf(s, 0, deadv + fuda_meld_fast_deadwood(s->g, rem), extra, rem);
        return;
    }
    u64 cb = rem & (0 - rem);
    gen_sets(s, rem, cb, wl, deadv, extra);
    gen_runs(s, rem, cb, wl, deadv, extra);
    fuda_meld_dfs(s, rem & ~cb, wl, deadv + s->g->val[(ctz64(cb) & 15) + 1], extra);
}

/* Least deadwood of naturals nat with w wilds (abstract search). With
 * `record`, s keeps the first best arrangement. */
static int wild_best(const geo *g, u64 nat, int w, search *s, int record) {
    s->g = g;
    s->concrete = 0;
    s->stop = 0;
    s->record = record;
    s->depth = 0;
    s->nbest = 0;
    s->bwleft = w;
    s->bextra = 0;
    s->brest = 0;
    u64 never = fuda_meld_never_melded(g, nat, w);
    int d0 = maskval(never, g->val);
    s->lb = d0;
    s->best = fuda_meld_fast_deadwood(g, nat) + w * g->val[0] + 1;
    fuda_meld_dfs(s, nat & ~never, w, d0, 0);
    return s->best;
}

/* Least deadwood of naturals nat and w wilds. */
int fuda_meld_own_deadwood(const geo *g, u64 nat, int w) {
    if (w == 0) return fuda_meld_fast_deadwood(g, nat);
    search s;
    return wild_best(g, nat, w, &s, 0);
}

/* Widen an abstract run to hold its wilds: upward first, then downward. */
static void place_run(const geo *g, cmeld *m) {
    int total = popc(m->nat) + m->nw;
    if (g->ace != FUDA_ACE_CORNER) {
        int len = m->len;
        while (len < total && m->start + len < g->nslots) len++;
        m->start = (int8_t)(m->start - (total - len));
    }
    m->len = (uint8_t)total;
}

/* The recorded abstract arrangement with its spare wilds placed; returns the
 * meld count, *wdead the wilds left dead. */
static int concretize(const geo *g, const search *s, cmeld *ms, int *wdead) {
    int nm = s->nbest, wonly;
    memcpy(ms, s->bstack, (size_t)nm * sizeof *ms);
    int taken = absorb(g, s->bwleft, s->bextra, &wonly);
    int give = taken - wonly;
    for (int i = 0; i < nm; i++) {
        int t = imin(ms[i].extra, give);
        ms[i].nw = (uint8_t)(ms[i].nw + t);
        ms[i].extra = 0;
        give -= t;
        if (ms[i].kind == FUDA_MELD_RUN) place_run(g, &ms[i]);
    }
    nm += fuda_meld_wild_only_melds(g, wonly, ms + nm);
    if (s->brest) {
        int k;
        fuda_meld_fast_arrange(g, s->brest, ms + nm, &k);
        nm += k;
    }
    *wdead = s->bwleft - taken;
    return nm;
}

/* One least-deadwood arrangement of naturals nat and w wilds. */
int fuda_meld_arrange(const geo *g, u64 nat, int w, cmeld *ms, int *nm, int *wdead) {
    if (w == 0) {
        *wdead = 0;
        return fuda_meld_fast_arrange(g, nat, ms, nm);
    }
    search s;
    int d = wild_best(g, nat, w, &s, 1);
    *nm = concretize(g, &s, ms, wdead);
    return d;
}
