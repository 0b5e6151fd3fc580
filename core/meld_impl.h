/* meld_impl.h -- what the parts of the meld search share (meld_fast.c: the
 * rules' geometry, runs, the fast path without wilds, melds; meld_wild.c:
 * the search with wild cards; meld.c: output and the API; meld_gin.c: gin
 * under gin shapes; meld_accepts.c: which cards extend a meld; meld_arrange.c:
 * every least-deadwood arrangement). Private to core/meld*.c; see meld.c for how a hand
 * is held (card space, lanes, slots). */
#ifndef FUDA_MELD_IMPL_H
#define FUDA_MELD_IMPL_H

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

/* A parsed hand under some rules. */
typedef struct hand {
    u64 nat;
    int wilds; /* jokers, when wild */
    int fixed; /* dead value of jokers that are not wild */
    int jdead; /* jokers that are not wild */
} hand;

/* A run window being expanded into melds. */
typedef struct runw {
    int suit, l, st, len, base; /* raw first slot, normalized, span, wilds for gaps */
    unsigned mem;               /* naturals in the window */
    u64 rem;
    int wl, deadv, extra;
} runw;

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

/* Most cards in one set (NOLIMIT), for the searches with wilds only: the
 * wild-free fast path never holds more than four. */
static inline int set_cap(const geo *g) { return g->set_max ? g->set_max : NOLIMIT; }

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

/* meld_fast.c */
int fuda_meld_geo_init(geo *g, const fuda_meld_rules *r);
u64 fuda_meld_corner_cover(u64 x, int k);
int fuda_meld_fast_deadwood(const geo *g, u64 m);
cmeld fuda_meld_make_set(u64 nat, int rank, int nw, int extra);
cmeld fuda_meld_make_run(u64 nat, int suit, int start, int len, int nw, int extra);
int fuda_meld_fast_arrange(const geo *g, u64 nat, cmeld *ms, int *nm);
int fuda_meld_parse_hand(const fuda_card *h, int n, u64 *nat, int *jokers);
int fuda_meld_fast_search(const geo *g, u64 m, fast *f);

/* meld_wild.c */
int fuda_meld_wild_part(const geo *g, int p, int *kind);
void fuda_meld_wild_reach(const geo *g, int n, unsigned char *reach);
int fuda_meld_wild_only_melds(const geo *g, int x, cmeld *ms);
u64 fuda_meld_never_melded(const geo *g, u64 nat, int w);
void fuda_meld_dfs(search *s, u64 rem, int wl, int deadv, int extra);
int fuda_meld_own_deadwood(const geo *g, u64 nat, int w);
int fuda_meld_arrange(const geo *g, u64 nat, int w, cmeld *ms, int *nm, int *wdead);

/* meld.c */
void fuda_meld_sort_melds(cmeld *ms, int n);
void fuda_meld_build_result(cmeld *ms, int nm, u64 nat, int jdead, int deadwood, fuda_meld_result *out);
int fuda_meld_load(const geo *g, const fuda_card *cards, int n, hand *h);

#endif
