/* infer.h -- deals that fit what the other seats did since a seat's earlier
 * decisions of the hand, for the search (infer.c has the method). Internal
 * to lua-bindings: search.c is its one user. */
#ifndef FUDA_INFER_H
#define FUDA_INFER_H

#include "engine.h"

#define FUDA_INFER_DEPTH 3 /* the seat's last decisions kept to deal at, besides its first of the hand */

/* What the engine keeps per seat between its searches (e->search_memo),
 * owned by the engine. */
typedef struct fuda_infer_memo {
    fuda_mark recent[FUDA_INFER_DEPTH]; /* the seat's last searched decisions, newest first */
    fuda_mark first;      /* its first searched decision of the hand */
    fuda_state deal;      /* the last deal that fitted, made at the decision kept_at names */
    int kept;             /* deal is set */
    long kept_nlog;       /* ... the decision's log length, its last serial and the match */
    uint64_t kept_serial, kept_match;
} fuda_infer_memo;

typedef struct fuda_infer {
    fuda_engine *e;
    int seat;             /* the searching seat, from 1 */
    const char *policy;   /* the bot the other seats are taken to play */
    const fuda_mark *start[FUDA_INFER_DEPTH + 1]; /* decisions to deal at, the oldest first */
    int nstart, at;       /* how many; the one dealt at (start[at]) */
    const fuda_mark *memo; /* that decision */
    long n, lead;         /* moves since it; the seat's own among the first */
    fuda_state *real;     /* the state after each of them, owned */
    int on;               /* deals are still worth trying */
    int resume;           /* the deal kept from the seat's last search is tried first */
    long tries, found;    /* deals tried (and mended), worlds found */
    int npins;            /* cards the deal must put in a pile (pins) */
    struct { fuda_card card; int pile; } pin[FUDA_MAX_CARDS];
    int ndrawn;           /* cards the seat's own moves since showed it */
    fuda_card drawn[FUDA_MAX_CARDS];
    double until;         /* with a time budget, when finding deals stops (else 0) */
    double (*clock)(void); /* the clock until is read on */
    fuda_mark before;     /* scratch: a deal before the seat's own move */
    fuda_state after;     /* scratch: the deal after it */
    fuda_state pre;       /* scratch: the deal before the move being replayed */
    fuda_state deal;      /* the deal being mended, or the last that fitted (at memo's point) */
} fuda_infer;

/* Get ready to deal at one of the seat's earlier decisions of this hand,
 * root being the mark of the present one: 0, or -1 when there is nothing to
 * go on (no earlier decision in this hand, only the seat's own moves since,
 * a match of several tables, too many moves since, or they do not replay);
 * then F is off and needs no fuda_infer_end. The state is root's again
 * either way. */
int fuda_infer_begin(fuda_infer *F, fuda_engine *e, int seat, const char *policy, const fuda_mark *root);

/* Make the engine's state a world that fits: 1, and the state is that world
 * (its log runs past root's: fuda_engine_undo_to(root) ends it); 0 when none
 * was found within the deals it allows (infer.c), or clock() passed `until`
 * (if > 0), and the state is root's. Deals come from r. F turns off when
 * more deals are not worth trying. */
int fuda_infer_world(fuda_infer *F, const fuda_mark *root, fuda_rng *r, double until, double (*clock)(void));

/* Keep the last world's deal for the seat's next search, and free what F
 * holds. */
void fuda_infer_end(fuda_infer *F);

/* Keep root (a mark of seat's decision now) as its previous decision for
 * the next one. Matches of several tables keep none. Out of memory: none
 * kept, the next search deals blind. */
void fuda_infer_remember(fuda_engine *e, int seat, const fuda_mark *root);

#endif
