/* undo.h -- the `undo` of `fuda play`: the points of the hand a human may go
 * back to (a mark of the match taken before each step in which a human
 * moved), the events the seats were shown since, and the rule that says
 * whether a seat may go back to its last decision.
 *
 * A seat goes back to its own last decision, undoing the bots' moves after
 * it, as often as it likes within the hand, unless since that point:
 * - another human moved, or chose in the claim window now open (hot seat:
 *   each player undoes only their own moves);
 * - it or another human was told something alone (an event for one seat);
 * - a card it had not seen became visible to it: in a pile it may look at,
 *   or named in an event it was shown.
 * Nothing goes back past a deal: the history holds one hand only.
 *
 * A practice match (fuda play --practice) goes back freely: what a seat saw
 * or was told since blocks nothing, and the history outlives a deal, so undo
 * goes back into earlier hands, as far as the point practice began. Hot seat
 * still lets each player undo only their own moves. */
#ifndef FUDA_UNDO_H
#define FUDA_UNDO_H

#include <stddef.h>
#include "engine.h"

typedef struct fuda_undo_point {
    fuda_mark mk;                       /* the match before the step */
    unsigned seats;                     /* the humans who moved in that step (bit seat-1) */
    char *move[FUDA_MAX_SEATS + 1];     /* their moves, owned */
    long nevents;                       /* events recorded before the step */
    size_t held[FUDA_MAX_SEATS + 1];    /* the caller's: lengths of what it held per seat */
} fuda_undo_point;

typedef struct fuda_undo_ev { int seat; char *text; } fuda_undo_ev;

typedef struct fuda_undo {
    fuda_undo_point *pt; int npt, cappt;
    fuda_undo_ev *ev; long nev, capev;
    uint32_t hand_no;   /* the hand the history is of */
    size_t bytes;       /* the points and events kept */
    int dropped;        /* this hand's history passed FUDA_UNDO_MAX_BYTES and was dropped */
    int practice;       /* a practice match: nothing seen blocks an undo, a deal neither */
    uint32_t practice_hand; /* the hand practice began in */
} fuda_undo;

/* The most one hand's history keeps: past it the history is dropped, and
 * nothing of that hand can be undone (a variant that says a lot in a long
 * hand cannot grow it without bound). */
#define FUDA_UNDO_MAX_BYTES ((size_t)64 << 20)

/* Record an event as delivered (seat 0: everybody). Out of memory aborts,
 * as everywhere in the program. Past FUDA_UNDO_MAX_BYTES the hand's history
 * is dropped (fuda_undo_find then says so). */
void fuda_undo_event(fuda_undo *u, int seat, const char *text);

/* A step begins in hand hand_no: a new hand forgets the history (not in
 * practice). */
void fuda_undo_hand(fuda_undo *u, uint32_t hand_no);

/* From now on the match is practice (it began in hand hand_no): see above.
 * Nothing can fail. */
void fuda_undo_practice(fuda_undo *u, uint32_t hand_no);

/* A step in which the humans `seats` moved (moves[seat] their moves, copied)
 * was applied; mk and nevents were taken before it, held[] is the caller's. */
void fuda_undo_push(fuda_undo *u, const fuda_mark *mk, long nevents, unsigned seats,
                    char *const moves[], const size_t held[]);

/* May human `seat` (of the humans `humans`; `pending`: humans who already
 * chose in the step under way) go back to its last decision in match e?
 * Returns the point's index, or -1 with the reason in *why (malloc'd, the
 * caller frees; cards marked {7h}). */
int fuda_undo_find(const fuda_undo *u, const fuda_engine *e, int seat, unsigned humans,
                   unsigned pending, char **why);

/* Go back to point k (found by fuda_undo_find): the match is put back and
 * the history after it dropped. 0, or -1 when the engine refused (its
 * message in fuda_engine_error; nothing changed). */
int fuda_undo_go(fuda_undo *u, fuda_engine *e, int k);

void fuda_undo_free(fuda_undo *u);

#endif
