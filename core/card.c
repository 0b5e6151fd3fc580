/* card.c -- parsing and formatting of one-byte cards, suit names and symbols,
 * and the standard 52-card deck. See card.h for the encoding and the forms of
 * card names accepted. */
#include "card.h"

#include <string.h>

/* UTF-8 suit symbols: the filled ones are canonical, the outlined ones
 * (♤ ♡ ♢ ♧) are accepted as input too. */
static const char *const filled_symbol[FUDA_SUITS] = { "\xe2\x99\xa0", "\xe2\x99\xa5",
                                                      "\xe2\x99\xa6", "\xe2\x99\xa3" };
static const char *const outline_symbol[FUDA_SUITS] = { "\xe2\x99\xa4", "\xe2\x99\xa1",
                                                       "\xe2\x99\xa2", "\xe2\x99\xa7" };
static const char suit_letters[FUDA_SUITS] = { 's', 'h', 'd', 'c' };
static const char *const suit_words[FUDA_SUITS] = { "spade", "heart", "diamond", "club" };
static const char *const rank_names[14] = { "Jk", "A", "2", "3", "4", "5", "6",
                                            "7",  "8", "9", "10", "J", "Q", "K" };

static int lower(int ch) {
    return (ch >= 'A' && ch <= 'Z') ? ch - 'A' + 'a' : ch;
}

/* Case-insensitive comparison of s[0..len) with the lower-case word w. */
static int word_eq(const char *s, size_t len, const char *w) {
    size_t n = strlen(w);
    if (len != n) return 0;
    for (size_t i = 0; i < n; i++)
        if (lower((unsigned char)s[i]) != w[i]) return 0;
    return 1;
}

int fuda_card_valid(fuda_card c) {
    if (c == FUDA_JOKER) return 1;
    return fuda_card_suit(c) < FUDA_SUITS && fuda_card_rank(c) >= 1 && fuda_card_rank(c) <= 13
        && (c & 0x80) == 0;
}

/* Suit at the start of s: a letter or a 3-byte symbol. Returns the suit and
 * sets *used, or -1. */
static int suit_prefix(const char *s, size_t len, size_t *used) {
    if (len >= 1) {
        int ch = lower((unsigned char)s[0]);
        for (int i = 0; i < FUDA_SUITS; i++)
            if (ch == suit_letters[i]) { *used = 1; return i; }
    }
    if (len >= 3) {
        for (int i = 0; i < FUDA_SUITS; i++)
            if (memcmp(s, filled_symbol[i], 3) == 0 || memcmp(s, outline_symbol[i], 3) == 0) {
                *used = 3;
                return i;
            }
    }
    return -1;
}

/* Rank at the start of s: "10" (greedy), "1"/"a", "2".."9", "t", "j", "q",
 * "k". Returns the rank and sets *used, or -1. */
static int rank_prefix(const char *s, size_t len, size_t *used) {
    if (len == 0) return -1;
    int ch = lower((unsigned char)s[0]);
    *used = 1;
    if (ch == '1') {
        if (len >= 2 && s[1] == '0') { *used = 2; return 10; }
        return 1;
    }
    if (ch >= '2' && ch <= '9') return ch - '0';
    switch (ch) {
    case 'a': return 1;
    case 't': return 10;
    case 'j': return 11;
    case 'q': return 12;
    case 'k': return 13;
    default: return -1;
    }
}

/* Rank then suit, the whole string consumed. */
static int parse_rank_first(const char *s, size_t len, fuda_card *out) {
    size_t ru, su;
    int rank = rank_prefix(s, len, &ru);
    if (rank < 0) return -1;
    int suit = suit_prefix(s + ru, len - ru, &su);
    if (suit < 0 || ru + su != len) return -1;
    *out = fuda_card_make(rank, suit);
    return 0;
}

/* Suit then rank, the whole string consumed. */
static int parse_suit_first(const char *s, size_t len, fuda_card *out) {
    size_t ru, su;
    int suit = suit_prefix(s, len, &su);
    if (suit < 0) return -1;
    int rank = rank_prefix(s + su, len - su, &ru);
    if (rank < 0 || ru + su != len) return -1;
    *out = fuda_card_make(rank, suit);
    return 0;
}

int fuda_card_parse(const char *s, size_t len, fuda_card *out) {
    if (!s) return -1;
    if (len == (size_t)-1) len = strlen(s);
    if (word_eq(s, len, "jk") || word_eq(s, len, "jo") || word_eq(s, len, "joker")) {
        *out = FUDA_JOKER;
        return 0;
    }
    if (parse_rank_first(s, len, out) == 0) return 0;
    return parse_suit_first(s, len, out);
}

int fuda_card_name(fuda_card c, char *buf) {
    if (!fuda_card_valid(c)) {
        memcpy(buf, "??", 3);
        return 2;
    }
    const char *r = rank_names[fuda_card_rank(c)];
    size_t n = strlen(r);
    memcpy(buf, r, n);
    if (!fuda_card_is_joker(c)) buf[n++] = suit_letters[fuda_card_suit(c)];
    buf[n] = '\0';
    return (int)n;
}

const char *fuda_rank_name(int rank) {
    if (rank < 0 || rank > 13) return "?";
    return rank_names[rank];
}

char fuda_suit_letter(int suit) {
    if (suit < 0 || suit >= FUDA_SUITS) return '?';
    return suit_letters[suit];
}

const char *fuda_suit_symbol(int suit) {
    if (suit < 0 || suit >= FUDA_SUITS) return "";
    return filled_symbol[suit];
}

/* Suit word, singular or plural ("heart", "hearts"), any case. */
static int suit_word(const char *s, size_t len) {
    for (int i = 0; i < FUDA_SUITS; i++) {
        size_t n = strlen(suit_words[i]);
        if (word_eq(s, len, suit_words[i])) return i;
        if (len == n + 1 && lower((unsigned char)s[n]) == 's' && word_eq(s, n, suit_words[i]))
            return i;
    }
    return -1;
}

int fuda_suit_parse(const char *s, size_t len) {
    if (!s) return -1;
    if (len == (size_t)-1) len = strlen(s);
    size_t used;
    int suit = suit_prefix(s, len, &used);
    if (suit >= 0 && used == len) return suit;
    return suit_word(s, len);
}

int fuda_deck52(fuda_card *out) {
    int n = 0;
    for (int suit = 0; suit < FUDA_SUITS; suit++)
        for (int rank = 1; rank <= 13; rank++) out[n++] = fuda_card_make(rank, suit);
    return n;
}
