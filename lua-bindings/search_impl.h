/* search_impl.h -- private to the search bot, included by its two files
 * only: search.c (the rounds: the worlds dealt, the playouts, the budget,
 * fuda_table_search) and search_choice.c (the statistics of the moves tried
 * and the choice of the move to play). What they share: one decision's
 * search (struct search, filled by search.c's rounds and read by the
 * choice), the constants both read, and search_choice.c's functions. None
 * of these fails, allocates or calls the engine. */
#ifndef FUDA_SEARCH_IMPL_H
#define FUDA_SEARCH_IMPL_H

#include <stdint.h>
#include "table.h"
#include "infer.h"
#include "search.h"

#define MIN_Z 2.0         /* standard errors another move must lead the bot's choice by, at least,
                           * however few moves (the variant's search.sure, when it says) */
#define REFUSED_RES -2    /* the match result of a move the variant refused in a deal: tells it
                           * from a real margin that low */

/* One decision's search. Move `base` is the seat's own bot's choice: the
 * search plays another move only when, over the same deals, it did clearly
 * better than base (fuda_search_best_arm): the argmax of many noisy means is
 * otherwise often worse than the bot. */
typedef struct search {
    fuda_engine *e;
    fuda_state *st;         /* the state of the table, the engine's: the search plays it in place */
    int seat, n;            /* seat (1-based), number of moves */
    const char **moves;     /* their texts (the engine's, valid all match) */
    int base;               /* own's choice, or -1 (none: best mean) */
    long rounds;            /* whole rounds: every move once in one deal */
    double *wins, *margin;  /* per move: wins (ties half), sum of margins */
    double *dsum, *dsq;     /* per move: sum and sum of squares of judged margin - base's */
    double *rsum, *rsq;     /* the same for the match's result (win 1, top shared by k 1/k, loss 0) */
    long ended;             /* rounds in which every move's playout ended the match */
    long *cnt;              /* per move: the rounds it was played in */
    unsigned char *live;    /* per move: still tried (a move clearly worse than base is dropped) */
    fuda_mark root;
    int32_t root_total[FUDA_MAX_SEATS];
    const char *policy;     /* the playout bot of the other seats (search.others, else the first bot) */
    const char *own;        /* the seat's own playout bot, which gives base (search.bot) */
    int has_eval;
    int has_likely;         /* the variant weighs deals (likely) */
    int by_winner;          /* the variant judges a hand by who won it (fuda_search_judged) */
    double sure;            /* standard errors another move must lead base by, at least */
    long playouts;
    int failed;
    fuda_rng rng;
    fuda_infer infer;       /* worlds that fit the others' moves (infer.c) */
    fuda_mark world;        /* the round's deal */
    double deadline;        /* with a time budget, when it ends (finding deals stops then too) */
    double stop;            /* with a time budget, when a playout is cut short and its round dropped */
    int out_of_time;        /* a playout was cut short by stop or a stop request */
    int stopped;            /* ... by a stop request */
#if defined FUDA_SEARCH_DEBUG && defined FUDA_SEARCH_ORACLE
    int to_end;             /* playouts go on through the hands to the match's end */
#endif
} search;

/* ---- search_choice.c ---- */

/* A playout's margin m (its match result res) as the moves are compared by
 * it: the margin itself, or with by_winner its sign. */
double fuda_search_judged(const search *S, double m, double res);

/* Whether the moves are compared by the match's result (every round so far
 * ended the match in every move's playout), else by points. */
int fuda_search_by_result(const search *S);

/* Mean and standard error of move i's paired advantage over base. */
void fuda_search_advantage(const search *S, int i, double *mean, double *se);

/* After a few rounds, stop trying the moves clearly worse than base. */
void fuda_search_prune(search *S);

/* The move to play (an index into S->moves): base unless another is
 * clearly better. */
int fuda_search_best_arm(const search *S);

/* Fill *rep (if not NULL) with what the search found for move arm. */
void fuda_search_fill_report(const search *S, int arm, fuda_search_report *rep);

#endif
