/* meld.h -- melds and deadwood: the exact minimum-deadwood arrangement of a
 * rummy hand, every arrangement reaching it, whether a hand is a gin, which
 * cards extend a meld. The core knows no game: what a game does with these
 * (Gin's layoffs after a knock: variants/lib/gin-layoff.lua) is the game's.
 *
 * A meld is a set (min_set or more cards of one rank, at most one of each suit
 * unless wilds fill in) or a run (min_run or more consecutive ranks of one
 * suit). Aces are low only (A-2-3), high or low (A-2-3 and Q-K-A but not K-A-2)
 * or around the corner (K-A-2 too). Wild cards (jokers, when enabled) may
 * stand for any card within the limits of the rules. Each card is in one meld
 * at most. Deadwood is the summed value of the cards in no meld.
 *
 * The search is exact: it returns an arrangement of least deadwood value. Ties
 * are broken deterministically (the same hand always gives the same melds,
 * whatever order its cards come in).
 *
 * Hands hold at most FUDA_MELD_MAX_HAND cards; natural (non-wild) cards must be
 * distinct. Functions returning int return -1 for a hand that breaks these
 * limits or for rules out of range (set_max 1..3; for the gin functions, more
 * than FUDA_MELD_MAX_SHAPES shapes or a natural meld above 13 cards), leaving the
 * output unspecified; they allocate nothing. */
#ifndef FUDA_MELD_H
#define FUDA_MELD_H

#include <stdint.h>
#include "card.h"

#define FUDA_MELD_MAX_HAND 16
#define FUDA_MELD_MAX_MELDS 8
#define FUDA_MELD_MAX_LEN 16
#define FUDA_MELD_MAX_SHAPES 8

enum fuda_ace { FUDA_ACE_LOW = 0, FUDA_ACE_HIGH = 1, FUDA_ACE_CORNER = 2 };
enum fuda_meld_kind { FUDA_MELD_SET = 1, FUDA_MELD_RUN = 2 };

typedef struct fuda_meld_rules {
    uint8_t ace;             /* enum fuda_ace */
    uint8_t min_set;         /* default 3 */
    uint8_t min_run;         /* default 3 */
    uint8_t value[14];       /* deadwood value by rank; value[0] is the joker's */
    uint8_t wild_joker;      /* 1: jokers are wild */
    uint8_t wild_in_sets;    /* wilds may join sets */
    uint8_t wild_in_runs;    /* wilds may join runs */
    uint8_t wild_max;        /* most wilds in one meld (0 = no limit) */
    uint8_t wild_min_natural;/* a meld with wilds needs this many natural cards (default 1) */
    uint8_t set_max;         /* most cards in one set, wilds included: 4..16, 0 = no limit
                              * (default: four naturals plus any wilds, so a joker
                              * makes five of a kind) */
    /* What a gin is (fuda_meld_gin). With gin_nshapes and gin_natural_run
     * both 0 (the default), a gin is an arrangement with no deadwood.
     * Otherwise every card must be in a meld (even a card worth 0), the
     * melds' sizes must be one of the shapes (a multiset: {4,3,3,3} and
     * {3,4,3,3} are the same; a shape whose sizes do not add up to the hand's
     * card count is not tried), and a shape may need a natural meld: with
     * gin_natural_run k one meld of k or more cards must be a run without
     * wilds (so the wilds are in the other melds), with gin_natural k one
     * meld of k or more cards without wilds, a set or a run. A shape's own
     * gin_shape_natural (and gin_shape_natural_run: a run) overrides those
     * two for that shape. Celebes Rum: {4,3,3,3} with a natural run of 4,
     * {5,5,3} and {5,4,4} with a natural meld of 4 or more. */
    uint8_t gin_natural_run; /* 0, or 2..13 */
    uint8_t gin_natural;     /* 0, or 2..13 (gin_natural_run, when set, wins) */
    uint8_t gin_nshapes;     /* 0: any meld sizes */
    uint8_t gin_shape[FUDA_MELD_MAX_SHAPES][FUDA_MELD_MAX_MELDS]; /* sizes 2..16; 0 ends a shape */
    uint8_t gin_shape_natural[FUDA_MELD_MAX_SHAPES];     /* 0: the fields above; else 2..13 */
    uint8_t gin_shape_natural_run[FUDA_MELD_MAX_SHAPES]; /* 1: that natural meld is a run */
} fuda_meld_rules;

/* The natural meld shape i of r needs (i past the shapes: the rules' own):
 * *k cards or more (0: none needed), *run 1 when it must be a run. */
void fuda_meld_shape_natural(const fuda_meld_rules *r, int i, int *k, int *run);

/* Defaults: ace low, sets and runs of 3+, A=1, 2..10 face, J/Q/K=10, joker 0
 * and not wild, no set limit, gin is no deadwood. */
void fuda_meld_rules_default(fuda_meld_rules *r);

typedef struct fuda_meld {
    uint8_t kind;  /* enum fuda_meld_kind */
    uint8_t n;
    /* Cards in order: runs low to high as they are laid (a wild stands in its
     * place), sets by suit. */
    fuda_card cards[FUDA_MELD_MAX_LEN];
} fuda_meld;

typedef struct fuda_meld_result {
    int deadwood; /* value of the cards in no meld */
    int nmelds;
    fuda_meld melds[FUDA_MELD_MAX_MELDS];
    int ndead;
    fuda_card dead[FUDA_MELD_MAX_HAND]; /* unmelded cards, sorted by rank then suit */
} fuda_meld_result;

/* Least deadwood value of the hand. The fast path: no arrangement is built. */
int fuda_meld_deadwood(const fuda_meld_rules *r, const fuda_card *hand, int n);

/* Least deadwood and one arrangement reaching it into *out. Returns the
 * deadwood, or -1. */
int fuda_meld_best(const fuda_meld_rules *r, const fuda_card *hand, int n,
                   fuda_meld_result *out);

/* For a hand of n cards, out[i] = least deadwood of the n-1 cards left after
 * discarding hand[i]. Returns 0, or -1. */
int fuda_meld_discards(const fuda_meld_rules *r, const fuda_card *hand, int n, int *out);

/* Is the hand a gin under the rules' gin fields (see fuda_meld_rules)? Returns
 * 1 and one gin arrangement into *out (deadwood 0, no dead card; out may be
 * NULL), 0 when the hand is no gin (*out untouched), or -1. The search is
 * exact: a depth-first partition of the whole hand into melds of the allowed
 * sizes, tried only when the least deadwood is 0. The same hand always gives
 * the same arrangement, whatever order its cards come in. */
int fuda_meld_gin(const fuda_meld_rules *r, const fuda_card *hand, int n, fuda_meld_result *out);

/* fuda_meld_discards, and gin[i] = 1 when the n-1 cards left after discarding
 * hand[i] are a gin (fuda_meld_gin), else 0. Returns 0, or -1. */
int fuda_meld_discards_gin(const fuda_meld_rules *r, const fuda_card *hand, int n, int *out,
                           int *gin);

/* Is `c` a card that could extend meld m (one end of a run, or a set that is
 * not yet full)? */
int fuda_meld_accepts(const fuda_meld_rules *r, const fuda_meld *m, fuda_card c);

/* Every arrangement of least deadwood of the hand, in the order the exact
 * search meets them (the same hand always gives the same order, whatever
 * order its cards come in), each built as fuda_meld_best builds one (melds by
 * lowest natural, wilds at exact places, dead cards sorted) and passed to
 * fn(user, arrangement); the arrangement lives until fn returns. fn returns
 * nonzero to stop. Returns the count of arrangements passed, or -1 (fn not
 * called). */
typedef int (*fuda_meld_arrangement_fn)(void *user, const fuda_meld_result *arrangement);
int fuda_meld_arrangements(const fuda_meld_rules *r, const fuda_card *hand, int n,
                           fuda_meld_arrangement_fn fn, void *user);

#endif
