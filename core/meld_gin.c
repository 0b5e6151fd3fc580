/* meld_gin.c -- gin under gin shapes or a natural meld (fuda_meld_gin,
 * fuda_meld_discards_gin): a depth-first partition of the whole hand into
 * melds of the sizes a shape allows (see meld.c). */
#include "meld_impl.h"

/* ---------------------------------------------------------------- gin shapes */

/* Does x hold a run of k or more naturals (either ace placement)? */
static int has_run(const geo *g, u64 x, int k) {
    if (k > 13) return 0;
    switch (g->ace) {
    case FUDA_ACE_LOW: return runs_cover(x, k) != 0;
    case FUDA_ACE_CORNER: return fuda_meld_corner_cover(x, k) != 0;
    default: return runs_cover(x, k) || runs_cover((x & ~ACES) | ((x & ACES) << 13), k);
    }
}

/* Does x hold k or more naturals of one rank? */
static int has_set(u64 x, int k) {
    for (int p = 0; p < 13; p++)
        if (popc(x & (ACES << p)) >= k) return 1;
    return 0;
}

void fuda_meld_shape_natural(const fuda_meld_rules *r, int i, int *k, int *run) {
    if (i >= 0 && i < r->gin_nshapes && i < FUDA_MELD_MAX_SHAPES && r->gin_shape_natural[i]) {
        *k = r->gin_shape_natural[i];
        *run = r->gin_shape_natural_run[i] != 0;
    } else if (r->gin_natural_run) {
        *k = r->gin_natural_run;
        *run = 1;
    } else {
        *k = r->gin_natural;
        *run = 0;
    }
}

/* Could naturals x hold the natural meld (k cards or more; run: a run)? */
static int natural_possible(const geo *g, u64 x, int k, int run) {
    return k == 0 || has_run(g, x, k) || (!run && has_set(x, k));
}

/* The gin search: the whole hand into melds whose sizes are those of one
 * shape (cnt: melds still to make by size; any: sizes free), one of them a
 * wild-free meld of nat_run or more cards while nat_run > 0 (a run, or with
 * nat_any a set too). */
typedef struct ginsearch {
    const geo *g;
    int any;
    int nat_run, nat_any;
    int cnt[MAXH + 1];
    int depth;
    cmeld stack[MAXH];
} ginsearch;

static int gin_dfs(ginsearch *s, u64 rem, int wl);

static int size_ok(const ginsearch *s, int len) {
    return s->any || (len <= MAXH && s->cnt[len] > 0);
}

/* Largest size still to make (MAXH when sizes are free, 0 when none). */
static int size_top(const ginsearch *s) {
    if (s->any) return MAXH;
    int k = MAXH;
    while (k > 0 && s->cnt[k] == 0) k--;
    return k;
}

/* Put meld m (len cards) in the arrangement and search on; 1 when that
 * leads to a gin (the stack then holds it). */
static int gin_take(ginsearch *s, const cmeld *m, int len, u64 rem, int wl) {
    int saved = s->nat_run;
    if ((m->kind == FUDA_MELD_RUN || s->nat_any) && m->nw == 0 && len >= saved) s->nat_run = 0;
    if (!s->any) s->cnt[len]--;
    s->stack[s->depth++] = *m;
    if (gin_dfs(s, rem & ~m->nat, wl - m->nw)) return 1;
    s->depth--;
    if (!s->any) s->cnt[len]++;
    s->nat_run = saved;
    return 0;
}

/* No natural left: the wl wilds make the melds still to make by themselves. */
static int gin_wilds_only(ginsearch *s, int wl) {
    const geo *g = s->g;
    if (wl == 0) return 1;
    if (g->wnat > 0) return 0;
    if (s->any) {
        unsigned char reach[MAXH + 1];
        fuda_meld_wild_reach(g, wl, reach);
        if (!reach[wl]) return 0;
        s->depth += fuda_meld_wild_only_melds(g, wl, s->stack + s->depth);
        return 1;
    }
    int kind, d = s->depth;
    for (int len = 1; len <= MAXH; len++)
        for (int i = 0; i < s->cnt[len]; i++) {
            if (!fuda_meld_wild_part(g, len, &kind)) {
                s->depth = d;
                return 0;
            }
            s->stack[s->depth++] = kind == FUDA_MELD_SET ? fuda_meld_make_set(0, 0, len, 0)
                                                         : fuda_meld_make_run(0, 0, 0, len, len, 0);
        }
    return 1;
}

/* Sets holding cb, the lowest natural left. */
static int gin_sets(ginsearch *s, u64 rem, u64 cb, int wl) {
    const geo *g = s->g;
    int bit = ctz64(cb);
    u64 others = rem & (ACES << (bit & 15)) & ~cb;
    for (u64 t = others;; t = (t - 1) & others) {
        int n = popc(t) + 1;
        int cap = g->wsets && n >= g->wnat ? imin(imin(g->wmax, wl), set_cap(g) - n) : 0;
        for (int k = g->kset > n ? g->kset - n : 0; k <= cap; k++) {
            if (!size_ok(s, n + k)) continue;
            cmeld m = fuda_meld_make_set(cb | t, (bit & 15) + 1, k, 0);
            if (gin_take(s, &m, n + k, rem, wl)) return 1;
        }
        if (!t) break;
    }
    return 0;
}

/* The run of window rw with naturals mem minus some of avail (up to budget
 * of them, each replaced by a wild). */
static int gin_drops(ginsearch *s, const runw *rw, unsigned mem, unsigned avail, int budget) {
    const geo *g = s->g;
    int n = popc(mem), nw = rw->len - n;
    if (nw == 0 || n >= g->wnat) {
        cmeld m = fuda_meld_make_run((u64)mem << (16 * rw->suit), rw->suit, rw->st, rw->len, nw, 0);
        if (gin_take(s, &m, rw->len, rw->rem, rw->wl)) return 1;
    }
    if (budget == 0) return 0;
    for (unsigned x = avail; x; x &= x - 1) {
        unsigned b = x & (0u - x);
        if (gin_drops(s, rw, mem & ~b, x & ~b, budget - 1)) return 1;
    }
    return 0;
}

/* Runs holding cb, the lowest natural left: every window of an allowed size
 * around it, gaps filled with wilds. */
static int gin_runs(ginsearch *s, u64 rem, u64 cb, int wl) {
    const geo *g = s->g;
    if (g->krun > 13) return 0;
    int bit = ctz64(cb), p0 = bit & 15;
    unsigned lane = (unsigned)(rem >> (bit & 48)) & LANE;
    int wcap = g->wruns ? imin(g->wmax, wl) : 0;
    int corner = g->ace == FUDA_ACE_CORNER;
    int np = g->ace == FUDA_ACE_HIGH && p0 == 0 ? 2 : 1;
    runw rw;
    rw.suit = bit >> 4;
    rw.rem = rem;
    rw.wl = wl;
    for (int len = g->krun; len <= 13; len++) {
        if (!size_ok(s, len)) continue;
        for (int pi = 0; pi < np; pi++) {
            int p = pi ? 13 : p0;
            for (int a = 0; a < len; a++) {
                int st = p - a;
                if (corner) {
                    if (len == 13 && a > 0) break; /* one circle, whatever its start */
                    st = norm13(st);
                } else if (st < 0 || st + len > g->nslots) {
                    continue;
                }
                unsigned mem = lane & window_bits(st, len);
                int holes = len - popc(mem);
                if (holes > wcap) continue;
                rw.st = st;
                rw.len = len;
                if (gin_drops(s, &rw, mem, mem & ~(1u << p0), wcap - holes)) return 1;
            }
        }
    }
    return 0;
}

static int gin_dfs(ginsearch *s, u64 rem, int wl) {
    if (!rem) return s->nat_run == 0 && gin_wilds_only(s, wl);
    if (s->nat_run && (size_top(s) < s->nat_run || !natural_possible(s->g, rem, s->nat_run, !s->nat_any)))
        return 0;
    u64 cb = rem & (0 - rem);
    return gin_runs(s, rem, cb, wl) || gin_sets(s, rem, cb, wl);
}

/* Is there a gin of naturals nat and w wilds, n cards in all, under rules r?
 * Its melds go to ms (*nm of them). */
static int gin_search(const geo *g, const fuda_meld_rules *r, u64 nat, int w, int n,
                      cmeld *ms, int *nm) {
    ginsearch s;
    s.g = g;
    for (int i = 0; i < imax(1, r->gin_nshapes); i++) {
        memset(s.cnt, 0, sizeof s.cnt);
        int run;
        s.any = r->gin_nshapes == 0;
        fuda_meld_shape_natural(r, i, &s.nat_run, &run);
        s.nat_any = !run;
        if (!natural_possible(g, nat, s.nat_run, run)) continue;
        s.depth = 0;
        int sum = 0;
        for (int j = 0; !s.any && j < FUDA_MELD_MAX_MELDS && r->gin_shape[i][j]; j++) {
            int len = r->gin_shape[i][j];
            sum += len;
            if (sum > n) break;
            s.cnt[len]++;
        }
        if (!s.any && sum != n) continue;
        if (gin_dfs(&s, nat, w)) {
            memcpy(ms, s.stack, (size_t)s.depth * sizeof *ms);
            *nm = s.depth;
            return 1;
        }
    }
    return 0;
}

/* Could naturals nat meet the natural meld of some shape (a cheap cut)? */
static int some_natural_possible(const geo *g, const fuda_meld_rules *r, u64 nat) {
    for (int i = 0; i < imax(1, r->gin_nshapes); i++) {
        int k, run;
        fuda_meld_shape_natural(r, i, &k, &run);
        if (natural_possible(g, nat, k, run)) return 1;
    }
    return 0;
}

/* Gin under gin shapes (fuda_meld_rules): 1 with its melds in *out, or 0.
 * zero: the least deadwood is already known to be 0. */
static int shaped_gin(const geo *g, const fuda_meld_rules *r, const hand *h, int n, int zero,
                      fuda_meld_result *out) {
    cmeld ms[MAXH];
    int nm;
    if (h->jdead) return 0; /* a joker that is not wild melds nowhere */
    if (!some_natural_possible(g, r, h->nat)) return 0;
    if (!zero && fuda_meld_own_deadwood(g, h->nat, h->wilds) != 0) return 0;
    if (!gin_search(g, r, h->nat, h->wilds, n, ms, &nm)) return 0;
    if (out) fuda_meld_build_result(ms, nm, h->nat, 0, 0, out);
    return 1;
}

static int bad_gin_rules(const fuda_meld_rules *r) {
    if (r->gin_nshapes > FUDA_MELD_MAX_SHAPES || r->gin_natural_run > 13 || r->gin_natural > 13) return 1;
    for (int i = 0; i < FUDA_MELD_MAX_SHAPES; i++)
        if (r->gin_shape_natural[i] > 13) return 1;
    return 0;
}

static int has_gin_rules(const fuda_meld_rules *r) {
    return r->gin_nshapes > 0 || r->gin_natural_run > 0 || r->gin_natural > 0;
}

int fuda_meld_gin(const fuda_meld_rules *r, const fuda_card *cards, int n, fuda_meld_result *out) {
    geo g;
    hand h;
    cmeld ms[MAXH];
    int nm, wdead;
    if (fuda_meld_geo_init(&g, r) || bad_gin_rules(r) || fuda_meld_load(&g, cards, n, &h)) return -1;
    if (has_gin_rules(r)) return shaped_gin(&g, r, &h, n, 0, out);
    if (!out) return fuda_meld_own_deadwood(&g, h.nat, h.wilds) + h.fixed == 0;
    if (fuda_meld_arrange(&g, h.nat, h.wilds, ms, &nm, &wdead) + h.fixed != 0) return 0;
    fuda_meld_build_result(ms, nm, h.nat, wdead + h.jdead, 0, out);
    return 1;
}

int fuda_meld_discards_gin(const fuda_meld_rules *r, const fuda_card *cards, int n, int *out,
                           int *gin) {
    geo g;
    hand h;
    fuda_card rest[MAXH];
    if (!r || bad_gin_rules(r) || fuda_meld_discards(r, cards, n, out)) return -1;
    fuda_meld_geo_init(&g, r);
    for (int i = 0; i < n; i++) {
        gin[i] = out[i] == 0;
        if (!gin[i] || !has_gin_rules(r)) continue;
        memcpy(rest, cards, (size_t)i * sizeof *rest);
        memcpy(rest + i, cards + i + 1, (size_t)(n - 1 - i) * sizeof *rest);
        fuda_meld_load(&g, rest, n - 1, &h);
        gin[i] = shaped_gin(&g, r, &h, n - 1, 1, NULL);
    }
    return 0;
}
