/* card.h -- playing cards as one byte each: parse, format, rank, suit, value.
 *
 * A card is a fuda_card (uint8_t): bits 0-3 hold the rank (1 = ace .. 13 = king),
 * bits 4-6 the suit (0 spades, 1 hearts, 2 diamonds, 3 clubs). The joker is
 * FUDA_JOKER (suit 4, rank 0). The value 0 (FUDA_NOCARD) is never a card.
 * Several decks simply contain equal bytes several times: fuda tracks cards as
 * a multiset, so two 7h are interchangeable.
 *
 * Names. The canonical ASCII name is rank then suit: "As" "7h" "10d" "Qc", and
 * "Jk" for the joker. Parsing is case-insensitive and also accepts suit first
 * ("H7", "sq", "h10"), "T" for ten ("Ts"), "1" for ace, "joker"/"jk"/"jo", and
 * the UTF-8 suit symbols ♠♥♦♣ (or ♤♡♢♧) in place of the suit letter, before or
 * after the rank ("7♥", "♥7"). Nothing else: no spaces, no trailing bytes. The
 * core never prints: formatting writes into a caller buffer. */
#ifndef FUDA_CARD_H
#define FUDA_CARD_H

#include <stddef.h>
#include <stdint.h>

typedef uint8_t fuda_card;

#define FUDA_NOCARD 0
#define FUDA_JOKER 0x40
#define FUDA_SUITS 4
#define FUDA_SPADES 0
#define FUDA_HEARTS 1
#define FUDA_DIAMONDS 2
#define FUDA_CLUBS 3
#define FUDA_SUIT_JOKER 4
/* Largest card byte + 1: arrays indexed by card use this size. */
#define FUDA_CARD_SPACE 0x41

static inline fuda_card fuda_card_make(int rank, int suit) {
    return (fuda_card)((suit << 4) | rank);
}
static inline int fuda_card_rank(fuda_card c) { return c & 0x0f; }
static inline int fuda_card_suit(fuda_card c) { return (c >> 4) & 0x07; }
static inline int fuda_card_is_joker(fuda_card c) { return c == FUDA_JOKER; }

/* 1 if c is a card of a standard deck or the joker, else 0. */
int fuda_card_valid(fuda_card c);

/* Parse a card name (see top). On success stores the card in *out and returns 0.
 * On failure returns -1 and leaves *out unchanged. `len` may be (size_t)-1 for a
 * NUL-terminated string. Surrounding whitespace is not accepted. */
int fuda_card_parse(const char *s, size_t len, fuda_card *out);

/* Write the canonical ASCII name ("7h", "10d", "Jk") into buf (at least 4 bytes)
 * and return its length. An invalid card writes "??". */
int fuda_card_name(fuda_card c, char *buf);

/* Rank name without suit: "A" "2".."10" "J" "Q" "K", "Jk" for the joker
 * (rank 0), "?" for a rank outside 0..13. */
const char *fuda_rank_name(int rank);

/* Suit letter 's' 'h' 'd' 'c' ('?' for any other suit, the joker's included),
 * and UTF-8 symbol "♠" "♥" "♦" "♣" ("" for any other suit, the joker's
 * included, so that rank name + symbol displays the joker as "Jk"). */
char fuda_suit_letter(int suit);
const char *fuda_suit_symbol(int suit);

/* Parse a suit: letter, name singular or plural, or symbol ("h", "H", "heart",
 * "Hearts", "♥", "♡"), case-insensitive; -1 if none. `len` may be (size_t)-1
 * for a NUL-terminated string. */
int fuda_suit_parse(const char *s, size_t len);

/* 1 if the suit is red (hearts, diamonds). */
static inline int fuda_suit_red(int suit) { return suit == FUDA_HEARTS || suit == FUDA_DIAMONDS; }

/* Fill out[] with one standard 52-card deck in a fixed order (spades A..K,
 * hearts, diamonds, clubs) and return 52. out must hold 52 cards. */
int fuda_deck52(fuda_card *out);

#endif
