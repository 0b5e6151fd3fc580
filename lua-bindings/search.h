/* search.h -- the search bot ("--bots search" for any variant) and what it
 * rests on: dealing anew the cards a seat cannot know (fuda_engine_resample)
 * and the variant's optional estimate (fuda_engine_evaluate).
 *
 * The search is a determinized flat Monte Carlo search over the seat's legal
 * moves: each round deals the unknown cards anew for the seat (core/know.c),
 * keeping, where it can, only deals in which the other seats, playing that
 * bot, would have made the moves they made since the seat's earlier
 * decisions of the hand (infer.h), tries each move in that deal, plays the hand out
 * quietly with the others' bot (search.others, else the variant's first
 * bot, else random) at the other seats and the seat's own bot at the seat
 * (search.bot, else the first bot), and
 * scores the end for the seat (its column-1 points minus the best other
 * seat's; in the match's last hand, when every playout ended the match,
 * whether it won the match: 1, a top shared by k seats 1/k, 0). It
 * plays its own bot's choice unless another move, tried in 8 deals or
 * more, did better over the same deals by more than luck explains: by 2
 * standard errors or more (the variant's search.sure), more the more moves
 * there are (with no bot of its own: the best mean).
 * So with few playouts it plays as its own bot does.
 * Under a time budget a playout stops when the time is up (search.c, run);
 * a stop request (Ctrl-C) ends every search at once with what it found so
 * far. The search never reads a card the seat does not know, and leaves
 * the game exactly as it found it (it checks the state's hash). */
#ifndef FUDA_SEARCH_H
#define FUDA_SEARCH_H

#include <stdint.h>
#include "engine.h"

#define FUDA_SEARCH_THINK 200 /* ms per decision by default */
#define FUDA_SEARCH_CUT 24    /* with an evaluate hook, a playout stops after this many moves */

/* The budget of every search in the process: think_ms of thinking per
 * decision, or, when iters > 0, exactly iters playouts (then the result does
 * not depend on the machine's speed: the same seed, the same move). Call it
 * before any search starts (it is not synchronised with running ones).
 * Values below 1 are taken as "not given". */
void fuda_search_set_budget(long think_ms, long iters);
/* The budget as set: *think_ms (FUDA_SEARCH_THINK if never set) and *iters
 * (0: by time). Returns 1 when fuda_search_set_budget gave one, else 0. */
int fuda_search_budget(long *think_ms, long *iters);

/* Ask every search running or starting in the process to stop: each ends
 * after the move of a playout it is in, with the move its playouts so far
 * support (its own bot's unless it is already sure of another), as if its
 * budget were spent. Async-signal-safe: for a SIGINT handler. The request
 * holds until fuda_search_clear_stop. */
void fuda_search_request_stop(void);
void fuda_search_clear_stop(void);
/* 1 while a stop is requested, else 0. */
int fuda_search_stop_requested(void);

/* The units of a search's gains: the seat's margin of points, hands won
 * (won 1, lost -1: a variant's search = { hands = "winner" }), or in the
 * match's last hand matches won (1, a top shared by k seats 1/k, 0). */
enum { FUDA_GAIN_POINTS, FUDA_GAIN_HANDS, FUDA_GAIN_MATCHES };

/* What a search found, for a hint. Texts are the engine's (valid until the
 * match ends). */
typedef struct fuda_search_report {
    int nmoves;      /* legal moves considered */
    long playouts;   /* iterations run over all moves */
    long visits;     /* of them, those of the chosen move */
    double win_rate; /* share of the chosen move's playouts the seat won (ties count half) */
    double margin;   /* its mean score margin over the best other seat */
    int failed;      /* playouts stopped by an error of the variant */
    long worlds;     /* deals that fit what the others did since the seat's earlier decisions */
    long tries;      /* deals tried and mended for that (the other rounds were dealt blind) */
    const char *own; /* the seat's own bot (search.bot, else the first), NULL when it has none */
    const char *own_move; /* its move here, the search's floor; NULL without one */
    int sure;        /* the chosen move is not own_move: it did better by more than luck explains */
    const char *rival; /* chosen == own_move: the other move that did best against it (a
                        * better mean, not enough to be sure), or NULL when none did better */
    double gain;     /* the chosen move's (sure) or the rival's mean gain over own_move a deal */
    int unit;        /* gain's unit: FUDA_GAIN_* */
    int stopped;     /* a stop request ended the search before its budget */
} fuda_search_report;

/* Choose seat's move by search. *move is the move's text, owned by the
 * engine (valid until the match ends); rep (may be NULL) gets the figures.
 * A single legal move is answered at once. Playouts whose hooks fail are
 * scored as they stand; if every playout fails the first legal move is
 * chosen. Returns -1 (the error set) when the seat has nothing to do or the
 * moves cannot be listed; the game, log, scoresheet and tallies are left as
 * they were, and no event is delivered, either way. */
int fuda_search_move(fuda_engine *e, int seat, const char **move, fuda_search_report *rep);

/* How the engine's last search ended: 1 when a stop request cut it short,
 * else 0; *sure (may be NULL) is 1 when it played another move than its own
 * bot's, being sure of it. For a search bot's move, which gives no report. */
int fuda_search_last(const fuda_engine *e, int *sure);

/* Deal anew, from a generator seeded with `seed`, the cards seat (1-based)
 * neither sees nor knows, and reseed the game's generator (fuda_state_resample).
 * The history (log, marks) does not record it: this is for checks and
 * searches, which go back to a mark afterwards. Returns the number of cards
 * open to resampling, or -1 (the error set, nothing changed) when no match is
 * running or the seat is bad. */
int fuda_engine_resample(fuda_engine *e, int seat, uint64_t seed);

/* The same (table by table as fuda_engine_resample), keeping also every
 * place that holds a card c with cards[c] != 0 (cards: FUDA_CARD_SPACE
 * entries, or NULL), and the game's generator as it is, not reseeded: for
 * fuda check, which compares what a move shows a seat in the real deal and in
 * others that agree with all the seat knows before and after the move. */
int fuda_engine_resample_keep(fuda_engine *e, int seat, uint64_t seed, const uint8_t *cards);

/* The variant's evaluate(g, seat): how good the position is for seat, in
 * the units of its column-1 scores. 0 with *v set; 1 when the variant has
 * no evaluate hook; -1 when the hook failed, gave no number or changed the
 * game (the error set). The game is left as it was. */
int fuda_engine_evaluate(fuda_engine *e, int seat, double *v);

/* The variant's likely(g, seat): how likely the cards seat cannot see lie as
 * they do now, given what it saw, from 0 to 1 (relative: the search deals
 * several times and keeps a deal in proportion to it). 0 with *w set; 1
 * when the variant has no likely hook; -1 when the hook failed, gave no
 * number from 0 to 1 or changed the game (the error set). The game is left
 * as it was. */
int fuda_engine_likely(fuda_engine *e, int seat, double *w);

#endif
