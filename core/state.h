/* state.h -- a game state: piles of cards, seats and turn order, variables,
 * the claim window, score totals and the generator. One flat struct, so a clone
 * is a memcpy and a hash is one pass.
 *
 * Piles. All cards of a game live in one array, `cards`, grouped by pile: pile
 * p holds cards[start .. start+len). Index 0 of a pile is its bottom, len-1 its
 * top. Cards enter a game only through fuda_pile_create_cards (which also counts
 * them in `deck`), and move only between piles, so the multiset of cards is
 * conserved by construction; fuda_state_check verifies it.
 *
 * Seats are 0-based here (the Lua face numbers them from 1). Turn order follows
 * `dir` (+1 clockwise, -1 counter-clockwise) and skips seats in `out_mask`.
 *
 * Variables hold a variant's own scalars (pending draws, a multiplier, a phase
 * name). Their names live in the engine's variant definition; here only values
 * and types. FUDA_VAR_SYM values are ids in the shared symtab.
 *
 * Claim window: after an event several seats may each decide (declare or pass)
 * without seeing the others' decisions. While a window is open the seats that
 * still have to decide are the actors; when none is left the engine calls the
 * variant to resolve the window. Decisions are symtab ids.
 *
 * Failure: functions returning int return -1 on a bad argument (unknown pile,
 * index out of range, full table) and then leave the state unchanged. */
#ifndef FUDA_STATE_H
#define FUDA_STATE_H

#include <stdint.h>
#include "card.h"
#include "rng.h"
#include "symtab.h"

#define FUDA_MAX_SEATS 12
#define FUDA_MAX_PILES 40
#define FUDA_MAX_CARDS 224
#define FUDA_PILE_NAME 16
#define FUDA_MAX_VARS 128
#define FUDA_MAX_COLS 4

enum fuda_vis {
    FUDA_VIS_HIDDEN = 0, /* face down: nobody sees the cards */
    FUDA_VIS_OWNER = 1,  /* the owner sees all, others none */
    FUDA_VIS_PUBLIC = 2, /* everybody sees all */
    FUDA_VIS_TOP = 3     /* everybody sees the top card only */
};

enum fuda_var_type { FUDA_VAR_NIL = 0, FUDA_VAR_INT = 1, FUDA_VAR_BOOL = 2, FUDA_VAR_SYM = 3 };

enum fuda_phase {
    FUDA_PHASE_IDLE = 0,     /* before the first hand */
    FUDA_PHASE_PLAYING = 1,  /* a hand is on */
    FUDA_PHASE_HAND_OVER = 2,
    FUDA_PHASE_MATCH_OVER = 3
};

typedef struct fuda_pile {
    char name[FUDA_PILE_NAME];
    int8_t owner;   /* seat, or -1 for a shared pile */
    uint8_t vis;    /* enum fuda_vis */
    uint16_t start; /* first card in fuda_state.cards */
    uint16_t len;
} fuda_pile;

typedef struct fuda_state {
    fuda_symtab *syms; /* shared, not owned */
    fuda_rng rng;
    uint8_t nseats;
    int8_t turn;       /* seat to act when no claim window is open, -1 none */
    int8_t dir;        /* +1 or -1 */
    uint8_t phase;     /* enum fuda_phase */
    uint16_t out_mask; /* seats skipped by turn order */
    uint16_t npiles;
    uint16_t ncards;   /* cards in the game */
    uint32_t hand_no;  /* hands started in this match */
    uint32_t move_no;  /* actions applied in this match */
    /* claim window */
    uint8_t claim_open;
    int32_t claim_kind;            /* symtab id */
    uint16_t claim_eligible;       /* seats asked */
    uint16_t claim_pending;        /* seats yet to decide */
    int32_t claim_choice[FUDA_MAX_SEATS]; /* symtab ids, valid once decided */
    /* variables */
    uint8_t var_type[FUDA_MAX_VARS];
    int32_t var[FUDA_MAX_VARS];
    /* score totals per column and seat */
    int32_t total[FUDA_MAX_COLS][FUDA_MAX_SEATS];
    uint16_t winners;  /* seats the match format named winners at the match's end
                        * (bit seat-1); 0: the highest column-1 total wins */
    /* cards */
    uint8_t deck[FUDA_CARD_SPACE]; /* how many of each card the game holds */
    fuda_pile piles[FUDA_MAX_PILES];
    fuda_card cards[FUDA_MAX_CARDS];
    /* Knowledge, parallel to cards: bit k of known[i] is set when seat k has
     * seen card i since it was last shuffled (fuda_state_observe, know.c, and
     * fuda_pile_move for a card that lands face up). It moves with its card
     * (fuda_pile_move, fuda_pile_sort), is cleared for a pile by
     * fuda_pile_shuffle, and is derived: not hashed, not checked. */
    uint8_t known[FUDA_MAX_CARDS];
} fuda_state;

/* Reset s to an empty game for nseats (1..FUDA_MAX_SEATS) seeded with seed
 * (generator stream 0): no piles or cards, turn -1, dir +1, phase IDLE, no
 * claim window, all vars NIL, totals 0. `syms` may be NULL (symbols are then
 * hashed by id). Returns -1 (and leaves s untouched) if nseats is out of range. */
int fuda_state_init(fuda_state *s, int nseats, uint64_t seed, fuda_symtab *syms);

/* Copy a state. Both share the symtab. */
static inline void fuda_state_copy(fuda_state *dst, const fuda_state *src) { *dst = *src; }

/* 64-bit hash of everything that matters to play (not pile start offsets).
 * Symbol values are hashed by their text, so the hash does not depend on the
 * order strings were interned in. Covered: nseats, turn, dir, phase, out_mask,
 * hand_no, move_no, the generator, the claim fields (choices of decided seats
 * only), vars by type (NIL values ignored), totals, winners (when set), deck counts, and per pile
 * its name, owner, vis and cards. Bytes beyond ncards are ignored. */
uint64_t fuda_state_hash(const fuda_state *s);
/* The same but for the generator and the cards themselves (the piles' names,
 * owners, visibility and sizes, and the deck's counts, are in): what a state
 * shows one who sees none of its cards, for fuda check's leak rule. */
uint64_t fuda_state_hash_rest(const fuda_state *s);

/* Consistency check: pile segments tile the card array in pile order, pile
 * names/owners/vis valid and (name, owner) unique, every card valid, the
 * multiset of cards equals `deck`, nseats/turn/dir/phase/out_mask in range,
 * claim_pending within claim_eligible within the seats, symbols (claim kind and
 * decided choices of an open window, SYM vars) known to the symtab, var types
 * valid and BOOL vars 0/1. Returns 0 if consistent, else -1 with the first
 * problem in err (errlen bytes, truncated; err may be NULL), e.g.
 * "pile 'stock': card 0x99 is not a card" or "card 7h: deck holds 1, piles hold 2". */
int fuda_state_check(const fuda_state *s, char *err, size_t errlen);

/* ---- piles ---- */
/* Create a pile (empty, placed after all cards); returns its index, or -1 if
 * the name is empty or too long (at most FUDA_PILE_NAME - 1 bytes), the
 * (name, owner) pair exists already, owner/vis is out of range, or the table
 * is full. */
int fuda_pile_new(fuda_state *s, const char *name, int owner, int vis);
/* Index of the pile (name, owner), or -1. */
int fuda_pile_find(const fuda_state *s, const char *name, int owner);
static inline int fuda_pile_len(const fuda_state *s, int p) { return s->piles[p].len; }
static inline fuda_card fuda_pile_at(const fuda_state *s, int p, int i) {
    return s->cards[s->piles[p].start + i];
}
static inline const fuda_card *fuda_pile_cards(const fuda_state *s, int p) {
    return s->cards + s->piles[p].start;
}
/* Put n new cards on top of pile p and count them in the deck. -1 if a card
 * is invalid or the game would exceed FUDA_MAX_CARDS. */
int fuda_pile_create_cards(fuda_state *s, int p, const fuda_card *cards, int n);
/* Move the card at index i of pile `from` onto pile `to` at index pos (pos ==
 * -1 or pos == len means the top). -1 on a bad pile or index. Within one pile
 * (from == to) pos is the card's index after the move, 0..len-1 (len or -1:
 * the top). A card that lands face up (on a public pile, or on top of a pile
 * that shows its top) is known to every seat from then on, even if another
 * covers it before the action ends. O(cards between the two places). */
int fuda_pile_move(fuda_state *s, int from, int i, int to, int pos);
/* Index (searching from the top) of a card in pile p, or -1. */
int fuda_pile_index(const fuda_state *s, int p, fuda_card c);
/* Shuffle pile p with the state's generator; nobody knows its cards any more
 * (their known bits are cleared). */
void fuda_pile_shuffle(fuda_state *s, int p);
/* Sort pile p bottom to top by suit then rank (`by_rank` 0) or rank then suit,
 * stable, ace low (rank 1), suits in order s h d c, jokers last. */
void fuda_pile_sort(fuda_state *s, int p, int by_rank);
/* May `seat` (-1: a spectator) see card i of pile p? HIDDEN: nobody; OWNER:
 * only seat == owner (a shared OWNER pile is seen by nobody); PUBLIC: all;
 * TOP: all, index len-1 only. 0 for a bad pile or index. */
int fuda_pile_visible(const fuda_state *s, int p, int i, int seat);

/* ---- seats and turn order ---- */
/* The seat `steps` places from `from` in the current direction (negative steps
 * go against it), skipping seats in out_mask (from itself may be out). steps 0
 * returns from. Returns from if every other seat is out, -1 if from is not a
 * seat. */
int fuda_seat_next(const fuda_state *s, int from, int steps);
/* Bit mask of the seats that must act now: the pending seats of an open claim
 * window, else the turn seat while a hand is on, else 0. */
uint16_t fuda_state_actors(const fuda_state *s);

/* ---- claim window ---- */
/* Open a window of kind `kind_sym` for the seats in `eligible` (nonzero, within
 * nseats). -1 if one is open already or the mask is bad. */
int fuda_claim_open(fuda_state *s, int kind_sym, uint16_t eligible);
/* Record seat's decision. -1 if no window is open or the seat is not pending. */
int fuda_claim_decide(fuda_state *s, int seat, int choice_sym);
/* Close the window (after it was resolved): clears kind, eligible, pending
 * and the choices, so closed windows hash alike. */
void fuda_claim_close(fuda_state *s);

/* ---- knowledge (know.c) ---- */
/* Mark every card each seat can see now (fuda_pile_visible) as known to it.
 * The engine calls it after each deal and each applied action. */
void fuda_state_observe(fuda_state *s);
/* Does seat (0-based) see card i of pile p now, or know it from before? 0 for
 * a bad pile, index or seat. */
int fuda_state_knows(const fuda_state *s, int p, int i, int seat);
/* Determinize s for seat: the cards seat neither sees nor knows are dealt
 * anew, uniformly at random from rng, among the places they hold (every pile
 * keeps its size; cards seat sees or knows stay where they are, with their
 * known bits). The state's own generator is then reseeded from rng, so the
 * shuffles to come do not follow the real game's. Returns how many cards
 * were open to resampling, or -1 (s untouched) for a bad seat. */
int fuda_state_resample(fuda_state *s, int seat, fuda_rng *rng);
/* The same for a looker-on who sits elsewhere (another table of the match):
 * only what every seat sees now stays (public piles, the top of a pile that
 * shows its top); every other card is dealt anew. Returns how many were;
 * cannot fail. */
int fuda_state_resample_blind(fuda_state *s, fuda_rng *rng);
/* fuda_state_resample (seat >= 0) or fuda_state_resample_blind (seat -1),
 * keeping also every place that holds a card c with cards[c] != 0 (cards may
 * be NULL: none), and the state's own generator as it is: for fuda check,
 * which compares what a move shows a seat in the real deal and in others
 * that agree with all the seat knows before and after it. Returns how many
 * cards were dealt anew, or -1 (s untouched) for a bad seat. */
int fuda_state_resample_keep(fuda_state *s, int seat, const uint8_t *cards, fuda_rng *rng);
/* The same for what no seat knows (a stock's order, a face-down pile no
 * one has looked at): those cards are dealt anew among their places; every
 * card some seat sees or knows stays. Returns how many were; cannot fail. */
int fuda_state_shuffle_unseen(fuda_state *s, fuda_rng *rng);
/* Small changes to a deal, for a search that mends one (lua-bindings/infer.c);
 * each moves cards only among places `seat` does not know, and clears the
 * known bits of the places it changes. Deal anew the cards of owner's piles
 * there: a random draw from them and the places of the piles nobody owns (a
 * stock), whose cards they displace. Returns how many places of owner's
 * piles were dealt, or -1 (s untouched) for a bad seat or owner or owner ==
 * seat. */
int fuda_state_redeal_owner(fuda_state *s, int seat, int owner, fuda_rng *rng);
/* Exchange a card c and a card d (the first of each) there: 0, or -1 (s
 * untouched) when c == d or either is in no such place. */
int fuda_state_swap_unknown(fuda_state *s, int seat, fuda_card c, fuda_card d);
/* When no such place of a pile nobody owns holds c and one of another
 * seat's piles does, c changes places with a random card of those unowned
 * places: 1; else 0 (nothing to do, or nowhere to put it). */
int fuda_state_unown(fuda_state *s, int seat, fuda_card c, fuda_rng *rng);

#endif
