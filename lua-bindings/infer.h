/* infer.h -- deals that fit what the other seats did since a seat's previous
 * decision, for the search (infer.c has the method). Internal to
 * lua-bindings: search.c is its one user. */
#ifndef FUDA_INFER_H
#define FUDA_INFER_H

#include "engine.h"

typedef struct fuda_infer {
    fuda_engine *e;
    int seat;             /* the searching seat, from 1 */
    const char *policy;   /* the bot the other seats are taken to play */
    const fuda_mark *memo; /* the seat's decision dealt at (one of the engine's) */
    int back;             /* which: 0 the previous one, 1 the one before, ... */
    long n, lead;         /* moves since it; the seat's own among the first */
    fuda_state *real;     /* the state after each of them, owned */
    int on;               /* deals are still worth trying */
    long tries, found;    /* deals tried, worlds found */
    int npins;            /* cards the deal must put in a pile (pins) */
    struct { fuda_card card; int pile; } pin[FUDA_MAX_CARDS];
    double until;         /* with a time budget, when finding deals stops (else 0) */
    double (*clock)(void); /* the clock until is read on */
    fuda_mark before;     /* scratch: a deal before the seat's own move */
    fuda_state after;     /* scratch: the deal after it */
} fuda_infer;

/* Get ready to deal at the seat's previous decision, root being the mark of
 * the present one: 0, or -1 when there is nothing to go on (no previous
 * decision in this hand, only the seat's own moves since, a match of several
 * tables, too many moves since, or they do not replay); then F is off and
 * needs no fuda_infer_end. The state is root's again either way. */
int fuda_infer_begin(fuda_infer *F, fuda_engine *e, int seat, const char *policy, const fuda_mark *root);

/* Make the engine's state a world that fits: 1, and the state is that world
 * (its log runs past root's: fuda_engine_undo_to(root) ends it); 0 when none
 * was found within the deals it allows (infer.c), or clock() passed `until`
 * (if > 0), and the state is root's. Deals come from r. F turns off when
 * more deals are not worth trying. */
int fuda_infer_world(fuda_infer *F, const fuda_mark *root, fuda_rng *r, double until, double (*clock)(void));

/* Free what F holds. */
void fuda_infer_end(fuda_infer *F);

/* Keep root (a mark of seat's decision now) as its previous decision for
 * the next one. Matches of several tables keep none. Out of memory: none
 * kept, the next search deals blind. */
void fuda_infer_remember(fuda_engine *e, int seat, const fuda_mark *root);

#endif
