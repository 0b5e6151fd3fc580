/* meld_fast.c -- the ground of the meld search (see meld.c): the rules read
 * into a geometry, runs found with shifts on all four suits at once, the
 * fast path without wild cards (sets enumerated, runs by cover), and melds
 * as the searches build them. */
#include "meld_impl.h"

/* ---------------------------------------------------------------- rules */

static int min_size(int k) { return k == 0 ? 3 : k < 2 ? 2 : k; }

int fuda_meld_geo_init(geo *g, const fuda_meld_rules *r) {
    if (!r || r->ace > FUDA_ACE_CORNER || (unsigned)(r->set_max - 1) < 3u) return -1;
    g->val = r->value;
    g->ace = r->ace;
    g->kset = min_size(r->min_set);
    g->krun = min_size(r->min_run);
    g->nslots = r->ace == FUDA_ACE_HIGH ? 14 : 13;
    g->wild = r->wild_joker != 0;
    g->wsets = r->wild_in_sets != 0;
    g->wruns = r->wild_in_runs != 0;
    g->wmax = r->wild_max ? r->wild_max : NOLIMIT;
    g->wnat = r->wild_min_natural;
    g->set_max = r->set_max;
    return 0;
}

void fuda_meld_rules_default(fuda_meld_rules *r) {
    memset(r, 0, sizeof *r);
    r->ace = FUDA_ACE_LOW;
    r->min_set = 3;
    r->min_run = 3;
    for (int k = 1; k <= 13; k++) r->value[k] = (uint8_t)(k < 10 ? k : 10);
    r->value[0] = 0;
    r->wild_joker = 0;
    r->wild_in_sets = 1;
    r->wild_in_runs = 1;
    r->wild_max = 0;
    r->wild_min_natural = 1;
}

/* Hand to card-space mask plus joker count; -1 on a bad or repeated card. */
int fuda_meld_parse_hand(const fuda_card *h, int n, u64 *nat, int *jokers) {
    if (n < 0 || n > MAXH || (n > 0 && !h)) return -1;
    u64 m = 0;
    int j = 0;
    for (int i = 0; i < n; i++) {
        fuda_card c = h[i];
        if (c == FUDA_JOKER) { j++; continue; }
        unsigned rk = (unsigned)(c & 15) - 1u;
        if (rk >= 13 || c >= 0x40) return -1;
        u64 b = 1ULL << ((c >> 4) * 16 + rk);
        if (m & b) return -1;
        m |= b;
    }
    *nat = m;
    *jokers = j;
    return 0;
}

/* ---------------------------------------------------------------- runs */

/* Run cover on the circle: each suit doubled into a 26-bit line, two suits
 * per word, folded back. */
u64 fuda_meld_corner_cover(u64 x, int k) {
    u64 lo = (x & LANE) | (((x >> 16) & LANE) << 32);
    u64 hi = ((x >> 32) & LANE) | (((x >> 48) & LANE) << 32);
    lo |= lo << 13;
    hi |= hi << 13;
    lo = runs_cover(lo, k);
    hi = runs_cover(hi, k);
    lo = (lo | (lo >> 13)) & 0x00001fff00001fffULL;
    hi = (hi | (hi >> 13)) & 0x00001fff00001fffULL;
    return (lo & LANE) | ((lo >> 32) << 16) | ((hi & LANE) << 32) | ((hi >> 32) << 48);
}

/* Ace-high mode: per suit the better of ace-low and ace-high covers (ties
 * go low); *acehigh gets the aces played high. */
static u64 high_cover(const geo *g, u64 x, u64 *acehigh) {
    u64 a = runs_cover(x, g->krun);
    u64 cb = runs_cover((x & ~ACES) | ((x & ACES) << 13), g->krun);
    u64 b = (cb & ~(ACES << 13)) | ((cb >> 13) & ACES);
    u64 h = 0;
    if (a != b) {
        for (int s = 0; s < 64; s += 16) {
            u64 lm = LANE << s;
            if ((a & lm) != (b & lm) && maskval(b & lm, g->val) > maskval(a & lm, g->val)) {
                a = (a & ~lm) | (b & lm);
                h |= (cb >> 13) & ACES & lm;
            }
        }
    }
    if (acehigh) *acehigh = h;
    return a;
}

/* The cards the best runs of x meld (runs only, no sets). */
static inline u64 cover_of(const geo *g, u64 x, u64 *acehigh) {
    if (acehigh) *acehigh = 0;
    if (g->krun > 13) return 0;
    switch (g->ace) {
    case FUDA_ACE_LOW: return runs_cover(x, g->krun);
    case FUDA_ACE_CORNER: return fuda_meld_corner_cover(x, g->krun);
    default: return high_cover(g, x, acehigh);
    }
}

/* Cards some run of x could use (either ace placement). */
static u64 coverable(const geo *g, u64 x) {
    if (g->krun > 13) return 0;
    if (g->ace != FUDA_ACE_HIGH) return cover_of(g, x, NULL);
    u64 a = runs_cover(x, g->krun);
    u64 cb = runs_cover((x & ~ACES) | ((x & ACES) << 13), g->krun);
    return a | (cb & ~(ACES << 13)) | ((cb >> 13) & ACES);
}

/* ---------------------------------------------------------------- fast path */

/* Ranks (bit rank-1) held at least k times. */
static unsigned set_ranks(u64 m, int k) {
    unsigned a = (unsigned)(m & LANE), b = (unsigned)((m >> 16) & LANE);
    unsigned c = (unsigned)((m >> 32) & LANE), d = (unsigned)(m >> 48);
    switch (k) {
    case 2: return (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d);
    case 3: return (a & b & (c | d)) | (c & d & (a | b));
    case 4: return a & b & c & d;
    default: return 0;
    }
}


static void fast_eval(fast *f, u64 sets) {
    u64 rem = f->m & ~sets;
    u64 dead = rem & ~cover_of(f->g, rem, NULL);
    int v = maskval(dead, f->g->val);
    if (v < f->best) {
        f->best = v;
        f->bsets = sets;
        f->bdeadu = dead;
    } else if (v == f->best) {
        f->bdeadu |= dead;
    }
}

static void fast_combo(fast *f, int i, u64 sets) {
    if (i == f->nvar) { fast_eval(f, sets); return; }
    for (int j = 0; j < f->nopt[i]; j++) fast_combo(f, i + 1, sets | f->opt[i][j]);
}

/* Set choices of one rank: every subset of size >= kset containing the cards
 * no run can use, and no set at all unless those alone make one. Returns the
 * count (1: a forced choice). */
static int rank_options(int kset, u64 col, u64 cov, u64 *opt) {
    u64 nc = col & ~cov, cv = col & cov;
    int n = 0;
    for (u64 t = cv;; t = (t - 1) & cv) {
        if (popc(nc | t) >= kset) opt[n++] = nc | t;
        if (!t) break;
    }
    if (popc(nc) < kset) opt[n++] = 0;
    return n;
}

/* Least deadwood of a wild-free hand (naturals m), with the details in *f. */
int fuda_meld_fast_search(const geo *g, u64 m, fast *f) {
    f->g = g;
    f->m = m;
    f->nvar = 0;
    f->best = INT_MAX;
    f->bsets = 0;
    f->bdeadu = 0;
    u64 forced = 0;
    unsigned sr = set_ranks(m, g->kset);
    if (sr) {
        u64 cov = coverable(g, m);
        for (; sr; sr &= sr - 1) {
            u64 col = m & (ACES << ctz64(sr));
            u64 *opt = f->opt[f->nvar];
            int n = rank_options(g->kset, col, cov, opt);
            if (n == 1) forced |= opt[0];
            else f->nopt[f->nvar++] = n;
        }
    }
    fast_combo(f, 0, forced);
    return f->best;
}

/* Least deadwood of a wild-free hand: the hot path. */
int fuda_meld_fast_deadwood(const geo *g, u64 m) {
    if (!set_ranks(m, g->kset)) return maskval(m & ~cover_of(g, m, NULL), g->val);
    fast f;
    return fuda_meld_fast_search(g, m, &f);
}

/* ---------------------------------------------------------------- melds */

cmeld fuda_meld_make_set(u64 nat, int rank, int nw, int extra) {
    cmeld m;
    memset(&m, 0, sizeof m);
    m.nat = nat;
    m.kind = FUDA_MELD_SET;
    m.rank = (uint8_t)rank;
    m.nw = (uint8_t)nw;
    m.extra = (uint8_t)extra;
    return m;
}

cmeld fuda_meld_make_run(u64 nat, int suit, int start, int len, int nw, int extra) {
    cmeld m;
    memset(&m, 0, sizeof m);
    m.nat = nat;
    m.kind = FUDA_MELD_RUN;
    m.suit = (uint8_t)suit;
    m.start = (int8_t)start;
    m.len = (uint8_t)len;
    m.nw = (uint8_t)nw;
    m.extra = (uint8_t)extra;
    return m;
}

/* Runs of the slot-space lane `slots` (14 bits, no wrap) of one suit. */
static int line_blocks(unsigned slots, int suit, cmeld *ms) {
    int n = 0;
    while (slots) {
        int st = ctz64(slots);
        int len = ctz64(~(u64)(slots >> st));
        unsigned wb = ((1u << len) - 1) << st;
        unsigned nat = (wb | (wb >> 13)) & LANE;
        ms[n++] = fuda_meld_make_run((u64)nat << (16 * suit), suit, st, len, 0, 0);
        slots &= ~wb;
    }
    return n;
}

/* Runs of a covered lane on the circle. */
static int circle_blocks(unsigned lane, int suit, cmeld *ms) {
    if (lane == LANE) {
        ms[0] = fuda_meld_make_run(LANE << (16 * suit), suit, 0, 13, 0, 0);
        return 1;
    }
    int z = ctz64(~(u64)lane & LANE) + 1; /* first slot after a hole */
    unsigned rot = ((lane >> z) | (lane << (13 - z))) & LANE;
    int n = 0;
    while (rot) {
        int st = ctz64(rot);
        int len = ctz64(~(u64)(rot >> st));
        int s0 = norm13(st + z);
        ms[n++] = fuda_meld_make_run((u64)window_bits(s0, len) << (16 * suit), suit, s0, len, 0, 0);
        rot &= ~(((1u << len) - 1) << st);
    }
    return n;
}

/* One least-deadwood arrangement of a wild-free hand. */
int fuda_meld_fast_arrange(const geo *g, u64 nat, cmeld *ms, int *nm) {
    fast f;
    int d = fuda_meld_fast_search(g, nat, &f);
    int n = 0;
    for (int r = 0; r < 13; r++) {
        u64 col = f.bsets & (ACES << r);
        if (col) ms[n++] = fuda_meld_make_set(col, r + 1, 0, 0);
    }
    u64 hi;
    u64 cov = cover_of(g, nat & ~f.bsets, &hi);
    for (int s = 0; s < 4; s++) {
        unsigned lane = (unsigned)(cov >> (16 * s)) & LANE;
        if (g->ace == FUDA_ACE_CORNER) {
            n += circle_blocks(lane, s, ms + n);
        } else {
            if ((hi >> (16 * s)) & 1) lane = (lane & ~1u) | (1u << 13);
            n += line_blocks(lane, s, ms + n);
        }
    }
    *nm = n;
    return d;
}
