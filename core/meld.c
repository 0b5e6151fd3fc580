/* meld.c -- the exact least-deadwood search behind meld.h: deadwood, best
 * arrangement, deadwood after each discard, gin under gin shapes, layoffs
 * after a knock.
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
#include "meld.h"

#include <limits.h>
#include <string.h>

typedef uint64_t u64;

#define LANE 0x1fffULL
#define ACES 0x0001000100010001ULL
#define NOLIMIT 64 /* wild_max 0: no limit of wilds per meld */
#define MAXH FUDA_MELD_MAX_HAND

/* ---------------------------------------------------------------- bits */

#if defined(__GNUC__) || defined(__clang__)
static inline int ctz64(u64 x) { return __builtin_ctzll(x); }
static inline int popc(u64 x) { return __builtin_popcountll(x); }
#else
static inline int ctz64(u64 x) {
    int n = 0;
    while (!(x & 1)) { x >>= 1; n++; }
    return n;
}
static inline int popc(u64 x) {
    int n = 0;
    while (x) { x &= x - 1; n++; }
    return n;
}
#endif

static inline int imin(int a, int b) { return a < b ? a : b; }
static inline int imax(int a, int b) { return a > b ? a : b; }

/* Slot to rank position on the circle: 13 (high ace) -> 0, -1 -> 12. */
static inline int norm13(int s) {
    s %= 13;
    return s < 0 ? s + 13 : s;
}

/* Lane bits of the slots st .. st+len-1 (st 0..13, len <= 13). */
static inline unsigned window_bits(int st, int len) {
    uint32_t b = ((1u << len) - 1) << st;
    return (unsigned)((b | (b >> 13)) & LANE);
}

/* ---------------------------------------------------------------- rules */

/* The rules in the form the searches use. */
typedef struct geo {
    const uint8_t *val; /* deadwood value by rank, [0] the joker */
    int ace;            /* enum fuda_ace */
    int kset, krun;     /* least set and run sizes */
    int nslots;         /* 13, or 14 with the high ace in slot 13 */
    int wild;           /* jokers are wild */
    int wsets, wruns;   /* wilds may join sets, runs */
    int wmax;           /* most wilds in one meld (NOLIMIT) */
    int wnat;           /* least naturals in a meld with wilds */
    int set_max;        /* most cards in one set (0: no limit; see set_cap) */
} geo;

/* Most cards in one set (NOLIMIT), for the searches with wilds only: the
 * wild-free fast path never holds more than four. */
static inline int set_cap(const geo *g) { return g->set_max ? g->set_max : NOLIMIT; }

static int min_size(int k) { return k == 0 ? 3 : k < 2 ? 2 : k; }

static int geo_init(geo *g, const fuda_meld_rules *r) {
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
static int parse_hand(const fuda_card *h, int n, u64 *nat, int *jokers) {
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

static inline fuda_card bit_card(int bit) {
    return fuda_card_make((bit & 15) + 1, bit >> 4);
}

/* Summed deadwood value of the cards of mask d. */
static inline int maskval(u64 d, const uint8_t *val) {
    int s = 0;
    while (d) {
        s += val[(ctz64(d) & 15) + 1];
        d &= d - 1;
    }
    return s;
}

/* ---------------------------------------------------------------- runs */

/* Cards in some window of k consecutive set bits; lanes must be separated by
 * at least one zero bit. */
static inline u64 runs_cover(u64 x, int k) {
    if (k == 3) {
        u64 s = x & (x >> 1) & (x >> 2);
        return s | (s << 1) | (s << 2);
    }
    u64 s = x;
    for (int i = 1; i < k; i++) s &= x >> i;
    u64 c = s;
    for (int i = 1; i < k; i++) c |= s << i;
    return c;
}

/* Run cover on the circle: each suit doubled into a 26-bit line, two suits
 * per word, folded back. */
static u64 corner_cover(u64 x, int k) {
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
    case FUDA_ACE_CORNER: return corner_cover(x, g->krun);
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

/* Search state of the wild-free search: the set choices per rank. */
typedef struct fast {
    const geo *g;
    u64 m;
    int nvar;
    int nopt[13];
    u64 opt[13][16];
    int best;
    u64 bsets;  /* set cards of the first best arrangement */
    u64 bdeadu; /* union of the dead cards of best arrangements */
} fast;

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
static int fast_search(const geo *g, u64 m, fast *f) {
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
static int fast_deadwood(const geo *g, u64 m) {
    if (!set_ranks(m, g->kset)) return maskval(m & ~cover_of(g, m, NULL), g->val);
    fast f;
    return fast_search(g, m, &f);
}

/* ---------------------------------------------------------------- melds */

/* A meld inside the searches. Runs span slots start .. start+len-1 (start
 * 0..12 in corner mode, 0..13 else); a slot whose card is not in nat holds a
 * wild. */
typedef struct cmeld {
    u64 nat;       /* natural cards */
    uint8_t kind;  /* FUDA_MELD_SET / FUDA_MELD_RUN */
    uint8_t suit;  /* runs */
    uint8_t rank;  /* sets: the rank, 0 for wilds only */
    uint8_t len;   /* runs: slots spanned (an abstract run: the naturals' span) */
    int8_t start;  /* runs: first slot */
    uint8_t nw;    /* wilds in it (the least it needs, in an abstract meld) */
    uint8_t extra; /* abstract melds: further wilds it could take */
} cmeld;

static cmeld make_set(u64 nat, int rank, int nw, int extra) {
    cmeld m;
    memset(&m, 0, sizeof m);
    m.nat = nat;
    m.kind = FUDA_MELD_SET;
    m.rank = (uint8_t)rank;
    m.nw = (uint8_t)nw;
    m.extra = (uint8_t)extra;
    return m;
}

static cmeld make_run(u64 nat, int suit, int start, int len, int nw, int extra) {
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
        ms[n++] = make_run((u64)nat << (16 * suit), suit, st, len, 0, 0);
        slots &= ~wb;
    }
    return n;
}

/* Runs of a covered lane on the circle. */
static int circle_blocks(unsigned lane, int suit, cmeld *ms) {
    if (lane == LANE) {
        ms[0] = make_run(LANE << (16 * suit), suit, 0, 13, 0, 0);
        return 1;
    }
    int z = ctz64(~(u64)lane & LANE) + 1; /* first slot after a hole */
    unsigned rot = ((lane >> z) | (lane << (13 - z))) & LANE;
    int n = 0;
    while (rot) {
        int st = ctz64(rot);
        int len = ctz64(~(u64)(rot >> st));
        int s0 = norm13(st + z);
        ms[n++] = make_run((u64)window_bits(s0, len) << (16 * suit), suit, s0, len, 0, 0);
        rot &= ~(((1u << len) - 1) << st);
    }
    return n;
}

/* One least-deadwood arrangement of a wild-free hand. */
static int fast_arrange(const geo *g, u64 nat, cmeld *ms, int *nm) {
    fast f;
    int d = fast_search(g, nat, &f);
    int n = 0;
    for (int r = 0; r < 13; r++) {
        u64 col = f.bsets & (ACES << r);
        if (col) ms[n++] = make_set(col, r + 1, 0, 0);
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

/* ---------------------------------------------------------------- wilds */

/* May p wilds alone make a meld? *kind gets which. */
static int wild_part(const geo *g, int p, int *kind) {
    if (g->wsets && p >= g->kset && p <= imin(g->wmax, set_cap(g))) { *kind = FUDA_MELD_SET; return 1; }
    if (g->wruns && p >= g->krun && p <= imin(13, g->wmax)) { *kind = FUDA_MELD_RUN; return 1; }
    return 0;
}

/* reach[x]: x wilds split into melds of wilds only (x <= n <= MAXH). */
static void wild_reach(const geo *g, int n, unsigned char *reach) {
    int kind;
    reach[0] = 1;
    for (int x = 1; x <= n; x++) {
        reach[x] = 0;
        for (int p = 1; p <= x && !reach[x]; p++)
            if (reach[x - p] && wild_part(g, p, &kind)) reach[x] = 1;
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
    wild_reach(g, freew, reach);
    int best = extra;
    for (int x = 1; x <= freew; x++) {
        int v = x + imin(freew - x, extra);
        if (reach[x] && v > best) { best = v; *wonly = x; }
    }
    return best;
}

/* Melds of x wilds only into ms; returns how many. */
static int wild_only_melds(const geo *g, int x, cmeld *ms) {
    unsigned char reach[MAXH + 1];
    int n = 0, kind;
    wild_reach(g, x, reach);
    while (x > 0) {
        int p = x;
        while (p > 0 && !(reach[x - p] && wild_part(g, p, &kind))) p--;
        if (p == 0) break;
        ms[n++] = kind == FUDA_MELD_SET ? make_set(0, 0, p, 0) : make_run(0, 0, 0, p, p, 0);
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
static u64 never_melded(const geo *g, u64 nat, int w) {
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

typedef struct search search;
typedef void (*leaf_fn)(search *s, int wleft, int wonly);

/* The depth-first search. Abstract mode finds the least deadwood (and the
 * first arrangement reaching it); concrete mode calls `leaf` for every
 * arrangement, exact wild positions included, whose deadwood is `target`. */
struct search {
    const geo *g;
    int concrete;
    int best;   /* abstract: least deadwood so far */
    int lb;     /* abstract: no arrangement goes below this */
    int target; /* concrete */
    int stop;
    int record;
    int depth;
    cmeld stack[MAXH];
    int nbest, bwleft, bextra; /* abstract: the first best arrangement, */
    u64 brest;                 /* ... whose cards brest are left to fast_arrange */
    cmeld bstack[MAXH];
    leaf_fn leaf;
    void *user;
};

static void dfs(search *s, u64 rem, int wl, int deadv, int extra);

static void push_try(search *s, const cmeld *m, u64 rem, int wl, int deadv, int extra) {
    s->stack[s->depth++] = *m;
    dfs(s, rem & ~m->nat, wl - m->nw, deadv, extra + m->extra);
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
            cmeld m = make_set(cb | t, (bit & 15) + 1, need, cap - need);
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

/* A run window being expanded into melds. */
typedef struct runw {
    int suit, l, st, len, base; /* raw first slot, normalized, span, wilds for gaps */
    unsigned mem;               /* naturals in the window */
    u64 rem;
    int wl, deadv, extra;
} runw;

/* The run of window rw with naturals nat (lane bits) needing `need` wilds. */
static void emit_run(search *s, const runw *rw, unsigned nat, int need) {
    const geo *g = s->g;
    int n = popc(nat);
    int cap = g->wruns && n >= g->wnat ? imin(13 - n, g->wmax) : 0;
    if (need > cap || need > rw->wl) return;
    u64 m64 = (u64)nat << (16 * rw->suit);
    if (!s->concrete) {
        cmeld m = make_run(m64, rw->suit, rw->st, rw->len, need, cap - need);
        push_try(s, &m, rw->rem, rw->wl, rw->deadv, rw->extra);
        return;
    }
    int corner = g->ace == FUDA_ACE_CORNER;
    int maxl = imin(13, n + imin(cap, rw->wl));
    for (int len = imin(13, n + need); len <= maxl; len++) {
        for (int e1 = 0; e1 <= len - rw->len; e1++) {
            int lo = rw->l - e1, hi = rw->l + len - 1 - e1;
            if (!corner && (lo < 0 || hi >= g->nslots)) continue;
            cmeld m = make_run(m64, rw->suit, corner ? norm13(lo) : lo, len, len - n, 0);
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

static void dfs(search *s, u64 rem, int wl, int deadv, int extra) {
    if (s->stop) return;
    if (s->concrete ? deadv > s->target : deadv >= s->best) return;
    if (!rem) { at_leaf(s, wl, deadv, extra, 0); return; }
    if (wl == 0 && !s->concrete) { /* no wilds left: the fast path ends it */
        at_leaf(s, 0, deadv + fast_deadwood(s->g, rem), extra, rem);
        return;
    }
    u64 cb = rem & (0 - rem);
    gen_sets(s, rem, cb, wl, deadv, extra);
    gen_runs(s, rem, cb, wl, deadv, extra);
    dfs(s, rem & ~cb, wl, deadv + s->g->val[(ctz64(cb) & 15) + 1], extra);
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
    u64 never = never_melded(g, nat, w);
    int d0 = maskval(never, g->val);
    s->lb = d0;
    s->best = fast_deadwood(g, nat) + w * g->val[0] + 1;
    dfs(s, nat & ~never, w, d0, 0);
    return s->best;
}

/* Least deadwood of naturals nat and w wilds. */
static int own_deadwood(const geo *g, u64 nat, int w) {
    if (w == 0) return fast_deadwood(g, nat);
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
    nm += wild_only_melds(g, wonly, ms + nm);
    if (s->brest) {
        int k;
        fast_arrange(g, s->brest, ms + nm, &k);
        nm += k;
    }
    *wdead = s->bwleft - taken;
    return nm;
}

/* One least-deadwood arrangement of naturals nat and w wilds. */
static int arrange(const geo *g, u64 nat, int w, cmeld *ms, int *nm, int *wdead) {
    if (w == 0) {
        *wdead = 0;
        return fast_arrange(g, nat, ms, nm);
    }
    search s;
    int d = wild_best(g, nat, w, &s, 1);
    *nm = concretize(g, &s, ms, wdead);
    return d;
}

/* ---------------------------------------------------------------- gin shapes */

/* Does x hold a run of k or more naturals (either ace placement)? */
static int has_run(const geo *g, u64 x, int k) {
    if (k > 13) return 0;
    switch (g->ace) {
    case FUDA_ACE_LOW: return runs_cover(x, k) != 0;
    case FUDA_ACE_CORNER: return corner_cover(x, k) != 0;
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
        wild_reach(g, wl, reach);
        if (!reach[wl]) return 0;
        s->depth += wild_only_melds(g, wl, s->stack + s->depth);
        return 1;
    }
    int kind, d = s->depth;
    for (int len = 1; len <= MAXH; len++)
        for (int i = 0; i < s->cnt[len]; i++) {
            if (!wild_part(g, len, &kind)) {
                s->depth = d;
                return 0;
            }
            s->stack[s->depth++] = kind == FUDA_MELD_SET ? make_set(0, 0, len, 0)
                                                         : make_run(0, 0, 0, len, len, 0);
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
            cmeld m = make_set(cb | t, (bit & 15) + 1, k, 0);
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
        cmeld m = make_run((u64)mem << (16 * rw->suit), rw->suit, rw->st, rw->len, nw, 0);
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
static void sort_melds(cmeld *ms, int n) {
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
static void build_result(cmeld *ms, int nm, u64 nat, int jdead, int deadwood,
                         fuda_meld_result *out) {
    u64 melded = 0;
    memset(out, 0, sizeof *out);
    sort_melds(ms, nm);
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

/* A parsed hand under some rules. */
typedef struct hand {
    u64 nat;
    int wilds; /* jokers, when wild */
    int fixed; /* dead value of jokers that are not wild */
    int jdead; /* jokers that are not wild */
} hand;

static int load(const geo *g, const fuda_card *cards, int n, hand *h) {
    int j;
    if (parse_hand(cards, n, &h->nat, &j)) return -1;
    h->wilds = g->wild ? j : 0;
    h->jdead = g->wild ? 0 : j;
    h->fixed = h->jdead * g->val[0];
    return 0;
}

int fuda_meld_deadwood(const fuda_meld_rules *r, const fuda_card *cards, int n) {
    geo g;
    hand h;
    if (geo_init(&g, r) || load(&g, cards, n, &h)) return -1;
    return own_deadwood(&g, h.nat, h.wilds) + h.fixed;
}

int fuda_meld_best(const fuda_meld_rules *r, const fuda_card *cards, int n,
                   fuda_meld_result *out) {
    geo g;
    hand h;
    cmeld ms[MAXH];
    int nm, wdead;
    if (geo_init(&g, r) || load(&g, cards, n, &h)) return -1;
    int d = arrange(&g, h.nat, h.wilds, ms, &nm, &wdead) + h.fixed;
    if (out) build_result(ms, nm, h.nat, wdead + h.jdead, d, out);
    return d;
}

/* Least deadwood of a hand and the naturals dead in some best arrangement
 * (dropping one of those lowers the deadwood by its value exactly), plus
 * whether a wild is left dead in it. */
static int best_with_dead(const geo *g, const hand *h, u64 *dead, int *wild_dead) {
    if (h->wilds == 0) {
        fast f;
        int d = fast_search(g, h->nat, &f);
        *dead = f.bdeadu;
        *wild_dead = 0;
        return d;
    }
    cmeld ms[MAXH];
    int nm, wd;
    int d = arrange(g, h->nat, h->wilds, ms, &nm, &wd);
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
    if (geo_init(&g, r) || load(&g, cards, n, &h)) return -1;
    int d = best_with_dead(&g, &h, &dead, &wdead) + h.fixed;
    for (int i = 0; i < n; i++) {
        fuda_card c = cards[i];
        if (c == FUDA_JOKER) {
            if (!g.wild || wdead) out[i] = d - g.val[0];
            else {
                if (wild_less < 0) wild_less = own_deadwood(&g, h.nat, h.wilds - 1) + h.fixed;
                out[i] = wild_less;
            }
            continue;
        }
        u64 b = 1ULL << ((c >> 4) * 16 + (c & 15) - 1);
        if (dead & b) out[i] = d - g.val[c & 15];
        else out[i] = own_deadwood(&g, h.nat & ~b, h.wilds) + h.fixed;
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
    if (!zero && own_deadwood(g, h->nat, h->wilds) != 0) return 0;
    if (!gin_search(g, r, h->nat, h->wilds, n, ms, &nm)) return 0;
    if (out) build_result(ms, nm, h->nat, 0, 0, out);
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
    if (geo_init(&g, r) || bad_gin_rules(r) || load(&g, cards, n, &h)) return -1;
    if (has_gin_rules(r)) return shaped_gin(&g, r, &h, n, 0, out);
    if (!out) return own_deadwood(&g, h.nat, h.wilds) + h.fixed == 0;
    if (arrange(&g, h.nat, h.wilds, ms, &nm, &wdead) + h.fixed != 0) return 0;
    build_result(ms, nm, h.nat, wdead + h.jdead, 0, out);
    return 1;
}

int fuda_meld_discards_gin(const fuda_meld_rules *r, const fuda_card *cards, int n, int *out,
                           int *gin) {
    geo g;
    hand h;
    fuda_card rest[MAXH];
    if (!r || bad_gin_rules(r) || fuda_meld_discards(r, cards, n, out)) return -1;
    geo_init(&g, r);
    for (int i = 0; i < n; i++) {
        gin[i] = out[i] == 0;
        if (!gin[i] || !has_gin_rules(r)) continue;
        memcpy(rest, cards, (size_t)i * sizeof *rest);
        memcpy(rest + i, cards + i + 1, (size_t)(n - 1 - i) * sizeof *rest);
        load(&g, rest, n - 1, &h);
        gin[i] = shaped_gin(&g, r, &h, n - 1, 1, NULL);
    }
    return 0;
}

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
    if (geo_init(&g, r) || !m || m->n == 0) return 0;
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
        int d = own_deadwood(L->gd, dnat, dw) + L->dfixed;
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
    nm += wild_only_melds(s->g, wonly, ms + nm);
    sort_melds(ms, nm);
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
    u64 never = never_melded(gk, knat, kw);
    dfs(&s, knat & ~never, kw, maskval(never, gk->val), 0);
}

int fuda_meld_layoff(const fuda_meld_rules *rk, const fuda_meld_rules *rd,
                     const fuda_card *knocker, int nk,
                     const fuda_card *defender, int nd, int allow_layoff,
                     fuda_layoff_result *out) {
    geo gk, gd;
    hand hk, hd;
    cmeld ms[MAXH];
    int nm, wdead;
    if (geo_init(&gk, rk) || geo_init(&gd, rd)) return -1;
    if (load(&gk, knocker, nk, &hk) || load(&gd, defender, nd, &hd)) return -1;
    if (out) memset(out, 0, sizeof *out);
    if (!allow_layoff) {
        int d = arrange(&gd, hd.nat, hd.wilds, ms, &nm, &wdead) + hd.fixed;
        if (out) {
            build_result(ms, nm, hd.nat, wdead + hd.jdead, d, &out->defender);
            int k = arrange(&gk, hk.nat, hk.wilds, ms, &nm, &wdead) + hk.fixed;
            build_result(ms, nm, hk.nat, wdead + hk.jdead, k, &out->knocker);
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
    K.ub = own_deadwood(&gd, hd.nat, hd.wilds) + hd.fixed;
    int kd = own_deadwood(&gk, hk.nat, hk.wilds);
    knocker_choose(&gk, hk.nat, hk.wilds, kd, &K);
    K.lay.record = 1;
    int d = defend(&K.lay, K.km, K.nkm, hd.nat, hd.wilds);
    if (out) {
        build_result(K.km, K.nkm, hk.nat, K.kwdead + hk.jdead, kd + hk.fixed, &out->knocker);
        arrange(&gd, K.lay.bdnat, K.lay.bdw, ms, &nm, &wdead);
        build_result(ms, nm, K.lay.bdnat, wdead + hd.jdead, d, &out->defender);
        out->nlayoffs = K.lay.nbl;
        memcpy(out->layoffs, K.lay.bl, (size_t)K.lay.nbl * sizeof *K.lay.bl);
    }
    return d;
}
