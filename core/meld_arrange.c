/* meld_arrange.c -- every least-deadwood arrangement of a hand, in the order
 * the depth-first search meets them (fuda_meld_arrangements; see meld.c for
 * how a hand is held). A general query: what a game does with the
 * arrangements (Gin's knocker shows the one that leaves the defender most,
 * variants/lib/gin-layoff.lua) is the game's. */
#include "meld_impl.h"

typedef struct walk {
    fuda_meld_arrangement_fn fn;
    void *user;
    const hand *h;
    int deadwood; /* the least deadwood, fixed jokers included */
    int count;
} walk;

/* One arrangement met: its melds sorted, built and handed to the caller. */
static void walk_leaf(search *s, int wleft, int wonly) {
    walk *w = s->user;
    cmeld ms[MAXH];
    int nm = s->depth;
    fuda_meld_result res;
    memcpy(ms, s->stack, (size_t)nm * sizeof *ms);
    nm += fuda_meld_wild_only_melds(s->g, wonly, ms + nm);
    fuda_meld_build_result(ms, nm, w->h->nat, wleft - wonly + w->h->jdead, w->deadwood, &res);
    w->count++;
    if (w->fn(w->user, &res)) s->stop = 1;
}

int fuda_meld_arrangements(const fuda_meld_rules *r, const fuda_card *cards, int n,
                           fuda_meld_arrangement_fn fn, void *user) {
    geo g;
    hand h;
    search s;
    if (!fn || fuda_meld_geo_init(&g, r) || fuda_meld_load(&g, cards, n, &h)) return -1;
    int kd = fuda_meld_own_deadwood(&g, h.nat, h.wilds);
    walk w = { fn, user, &h, kd + h.fixed, 0 };
    memset(&s, 0, sizeof s);
    s.g = &g;
    s.concrete = 1;
    s.target = kd;
    s.leaf = walk_leaf;
    s.user = &w;
    u64 never = fuda_meld_never_melded(&g, h.nat, h.wilds);
    fuda_meld_dfs(&s, h.nat & ~never, h.wilds, maskval(never, g.val), 0);
    return w.count;
}
