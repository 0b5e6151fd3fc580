/* seen.h -- what a seat may know of a match, for fuda check's leak rule:
 * a hash of the state with every card the seat does not know blanked out,
 * the set of cards it knows, and the card marks ({7h}) of a text that name
 * a card it does not know.
 *
 * A seat knows what the engine says it knows (core/know.c: what it sees by
 * the piles' visibility, or saw since, a card that landed face up included),
 * and, once the hand is over, the hands (the seats' own piles: they are
 * shown at the end). In a match of several tables a seat knows its own table
 * from its place there, every other table as a looker-on (its face-up
 * cards), and a table that has ended its hand whole. Nothing here can fail
 * or allocate. */
#ifndef FUDA_SEEN_H
#define FUDA_SEEN_H

#include <stdint.h>
#include "engine.h"

/* A hash of the match as seat (1-based) may know it now: the whole state
 * (piles, turn, variables, scores, claim window...) with every card it does
 * not know replaced by a blank, and the game's generator left out. Two
 * states with the same hash look the same to the seat. */
uint64_t fuda_seen_hash(const fuda_engine *e, int seat);

/* fuda_seen_hash for every seat of the match's nseats at once, in
 * out[1..nseats] (the state's parts other than the cards are hashed once). */
void fuda_seen_hashes(const fuda_engine *e, int nseats, uint64_t *out);

/* Mark in cards[FUDA_CARD_SPACE] (set to 0 or 1 here) the cards seat knows
 * now, as for fuda_seen_hash, wherever they lie. */
void fuda_seen_cards(const fuda_engine *e, int seat, uint8_t *cards);

/* The first card mark {X} of text (X a card: {7h}, {10d}) whose card is not
 * in known (FUDA_CARD_SPACE entries): a pointer to its '{' in text, or NULL
 * when every mark names a known card. */
const char *fuda_seen_unknown_mark(const char *text, const uint8_t *known);

#endif
