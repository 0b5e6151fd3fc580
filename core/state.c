/* state.c -- the flat game state: init, piles (segments of one card array),
 * card moves, visibility, turn order, the claim window, the play hash and the
 * consistency check. See state.h for the model. */
#include "state.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- small helpers ---- */

static uint16_t seat_mask(const fuda_state *s) {
    return (uint16_t)((1u << s->nseats) - 1u);
}

static int pile_ok(const fuda_state *s, int p) {
    return p >= 0 && p < s->npiles;
}

/* Length of a pile name, at most FUDA_PILE_NAME (no NUL needed at the end). */
static size_t name_len(const char *name) {
    size_t n = 0;
    while (n < FUDA_PILE_NAME && name[n]) n++;
    return n;
}

int fuda_state_init(fuda_state *s, int nseats, uint64_t seed, fuda_symtab *syms) {
    if (nseats < 1 || nseats > FUDA_MAX_SEATS) return -1;
    memset(s, 0, sizeof *s);
    s->syms = syms;
    fuda_rng_seed(&s->rng, seed, 0);
    s->nseats = (uint8_t)nseats;
    s->turn = -1;
    s->dir = 1;
    s->phase = FUDA_PHASE_IDLE;
    return 0;
}

/* ---- hash: FNV-1a 64 over a canonical byte stream, then a final mix ---- */

typedef struct hasher {
    uint64_t h;
} hasher;

/* One 64-bit word into the hash: xor, multiply by an odd constant, fold the
 * high half down (the final mix64 spreads the rest). */
static void h_word(hasher *k, uint64_t w) {
    k->h = (k->h ^ w) * 0x9e3779b97f4a7c15ULL;
    k->h ^= k->h >> 32;
}

/* Bytes, eight at a time (little-endian words, the tail padded with zeros). */
static void h_bytes(hasher *k, const void *p, size_t n) {
    const unsigned char *b = p;
    while (n > 0) {
        size_t m = n < 8 ? n : 8;
        uint64_t w = 0;
        for (size_t i = 0; i < m; i++) w |= (uint64_t)b[i] << (8 * i);
        h_word(k, w);
        b += m;
        n -= m;
    }
}

static void h_int(hasher *k, int64_t v) { h_word(k, (uint64_t)v); }

static void h_u64(hasher *k, uint64_t v) { h_word(k, v); }

/* A length-prefixed string. */
static void h_str(hasher *k, const char *p, size_t n) {
    h_int(k, (int64_t)n);
    h_bytes(k, p, n);
}

/* A symbol by its text; an id unknown to the table by a tagged id. */
static void h_sym(hasher *k, const fuda_state *s, int32_t id) {
    size_t len = 0;
    const char *name = s->syms ? fuda_symtab_name(s->syms, id, &len) : NULL;
    if (name) {
        h_int(k, 1);
        h_str(k, name, len);
    } else {
        h_int(k, 2);
        h_int(k, id);
    }
}

static void hash_header(hasher *k, const fuda_state *s, int rng) {
    h_int(k, s->nseats);
    h_int(k, s->turn);
    h_int(k, s->dir);
    h_int(k, s->phase);
    h_int(k, s->out_mask);
    h_int(k, s->hand_no);
    h_int(k, s->move_no);
    if (!rng) return;
    h_u64(k, s->rng.state);
    h_u64(k, s->rng.inc);
}

static void hash_claim(hasher *k, const fuda_state *s) {
    h_int(k, s->claim_open);
    h_sym(k, s, s->claim_kind);
    h_int(k, s->claim_eligible);
    h_int(k, s->claim_pending);
    uint16_t decided = (uint16_t)(s->claim_eligible & ~s->claim_pending);
    for (int i = 0; i < FUDA_MAX_SEATS; i++)
        if (decided & (1u << i)) h_sym(k, s, s->claim_choice[i]);
}

static void hash_vars(hasher *k, const fuda_state *s) {
    for (int i = 0; i < FUDA_MAX_VARS; i++) {
        if (s->var_type[i] == FUDA_VAR_SYM) {
            h_int(k, FUDA_VAR_SYM);
            h_sym(k, s, s->var[i]);
        } else {
            uint32_t v = s->var_type[i] == FUDA_VAR_NIL ? 0 : (uint32_t)s->var[i];
            h_word(k, (uint64_t)s->var_type[i] << 32 | v);
        }
    }
}

static void hash_totals(hasher *k, const fuda_state *s) {
    for (int c = 0; c < FUDA_MAX_COLS; c++)
        for (int i = 0; i < FUDA_MAX_SEATS; i++) h_int(k, s->total[c][i]);
    if (s->winners) h_int(k, s->winners); /* unset: the hash of a state without the field */
}

static void hash_piles(hasher *k, const fuda_state *s, int cards) {
    h_bytes(k, s->deck, sizeof s->deck);
    h_int(k, s->npiles);
    for (int p = 0; p < s->npiles; p++) {
        const fuda_pile *pl = &s->piles[p];
        h_str(k, pl->name, name_len(pl->name));
        h_int(k, pl->owner);
        h_int(k, pl->vis);
        h_int(k, pl->len);
        if (cards && pl->start + pl->len <= FUDA_MAX_CARDS) h_bytes(k, s->cards + pl->start, pl->len);
    }
}

/* splitmix64 finaliser: spreads FNV's weak high bits. */
static uint64_t mix64(uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

uint64_t fuda_state_hash(const fuda_state *s) {
    hasher k = { 0xcbf29ce484222325ULL };
    hash_header(&k, s, 1);
    hash_claim(&k, s);
    hash_vars(&k, s);
    hash_totals(&k, s);
    hash_piles(&k, s, 1);
    return mix64(k.h);
}

uint64_t fuda_state_hash_rest(const fuda_state *s) {
    hasher k = { 0x84222325cbf29ce4ULL };
    hash_header(&k, s, 0);
    hash_claim(&k, s);
    hash_vars(&k, s);
    hash_totals(&k, s);
    hash_piles(&k, s, 0);
    return mix64(k.h);
}

/* ---- consistency check ---- */

#if defined(__GNUC__)
static int fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
#endif

/* Write a message into err (if there is room) and return -1. */
static int fail(char *err, size_t errlen, const char *fmt, ...) {
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int check_header(const fuda_state *s, char *err, size_t errlen) {
    if (s->nseats < 1 || s->nseats > FUDA_MAX_SEATS)
        return fail(err, errlen, "nseats is %d, not in 1..%d", s->nseats, FUDA_MAX_SEATS);
    if (s->turn < -1 || s->turn >= s->nseats)
        return fail(err, errlen, "turn is %d, not in -1..%d", s->turn, s->nseats - 1);
    if (s->dir != 1 && s->dir != -1) return fail(err, errlen, "dir is %d, not +1 or -1", s->dir);
    if (s->phase > FUDA_PHASE_MATCH_OVER) return fail(err, errlen, "phase is %d, not a phase", s->phase);
    if (s->out_mask & ~seat_mask(s))
        return fail(err, errlen, "out_mask 0x%x names seats beyond nseats %d", s->out_mask, s->nseats);
    if (s->winners & ~seat_mask(s))
        return fail(err, errlen, "winners 0x%x names seats beyond nseats %d", s->winners, s->nseats);
    if (s->npiles > FUDA_MAX_PILES)
        return fail(err, errlen, "npiles is %d, more than %d", s->npiles, FUDA_MAX_PILES);
    if (s->ncards > FUDA_MAX_CARDS)
        return fail(err, errlen, "ncards is %d, more than %d", s->ncards, FUDA_MAX_CARDS);
    return 0;
}

/* A symbol id must be known to the table (when the state has one). */
static int sym_known(const fuda_state *s, int32_t id) {
    return !s->syms || fuda_symtab_name(s->syms, id, NULL) != NULL;
}

static int check_claim(const fuda_state *s, char *err, size_t errlen) {
    if (s->claim_open > 1) return fail(err, errlen, "claim_open is %d, not 0 or 1", s->claim_open);
    if (s->claim_eligible & ~seat_mask(s))
        return fail(err, errlen, "claim_eligible 0x%x names seats beyond nseats %d",
                    s->claim_eligible, s->nseats);
    if (s->claim_pending & ~s->claim_eligible)
        return fail(err, errlen, "claim_pending 0x%x is not within claim_eligible 0x%x",
                    s->claim_pending, s->claim_eligible);
    if (!s->claim_open) return 0;
    if (!sym_known(s, s->claim_kind))
        return fail(err, errlen, "claim_kind %d is not a symbol", (int)s->claim_kind);
    uint16_t decided = (uint16_t)(s->claim_eligible & ~s->claim_pending);
    for (int i = 0; i < s->nseats; i++)
        if ((decided & (1u << i)) && !sym_known(s, s->claim_choice[i]))
            return fail(err, errlen, "claim choice of seat %d is %d, not a symbol", i,
                        (int)s->claim_choice[i]);
    return 0;
}

static int check_vars(const fuda_state *s, char *err, size_t errlen) {
    for (int i = 0; i < FUDA_MAX_VARS; i++) {
        if (s->var_type[i] > FUDA_VAR_SYM)
            return fail(err, errlen, "var %d has type %d, not a var type", i, s->var_type[i]);
        if (s->var_type[i] == FUDA_VAR_BOOL && s->var[i] != 0 && s->var[i] != 1)
            return fail(err, errlen, "var %d is a bool holding %d", i, (int)s->var[i]);
        if (s->var_type[i] == FUDA_VAR_SYM && !sym_known(s, s->var[i]))
            return fail(err, errlen, "var %d holds symbol %d, not in the table", i, (int)s->var[i]);
    }
    return 0;
}

static int check_pile_fields(const fuda_state *s, int p, char *err, size_t errlen) {
    const fuda_pile *pl = &s->piles[p];
    size_t n = name_len(pl->name);
    if (n == 0) return fail(err, errlen, "pile %d has an empty name", p);
    if (n >= FUDA_PILE_NAME) return fail(err, errlen, "pile %d: name is not NUL-terminated", p);
    if (pl->owner < -1 || pl->owner >= s->nseats)
        return fail(err, errlen, "pile '%s': owner %d is not a seat", pl->name, pl->owner);
    if (pl->vis > FUDA_VIS_TOP)
        return fail(err, errlen, "pile '%s': vis %d is not a visibility", pl->name, pl->vis);
    for (int q = 0; q < p; q++)
        if (s->piles[q].owner == pl->owner && strcmp(s->piles[q].name, pl->name) == 0)
            return fail(err, errlen, "piles %d and %d are both '%s' of owner %d", q, p, pl->name,
                        pl->owner);
    return 0;
}

/* Segments tile [0, ncards) in pile order; every card is valid. */
static int check_segments(const fuda_state *s, char *err, size_t errlen) {
    int at = 0;
    for (int p = 0; p < s->npiles; p++) {
        const fuda_pile *pl = &s->piles[p];
        if (check_pile_fields(s, p, err, errlen)) return -1;
        if (pl->start != at)
            return fail(err, errlen, "pile '%s': starts at %d, expected %d", pl->name, pl->start, at);
        if (at + pl->len > s->ncards)
            return fail(err, errlen, "pile '%s': ends at %d, past ncards %d", pl->name,
                        at + pl->len, s->ncards);
        for (int i = 0; i < pl->len; i++)
            if (!fuda_card_valid(s->cards[at + i]))
                return fail(err, errlen, "pile '%s': card 0x%02x is not a card", pl->name,
                            s->cards[at + i]);
        at += pl->len;
    }
    if (at != s->ncards)
        return fail(err, errlen, "piles hold %d cards, ncards is %d", at, s->ncards);
    return 0;
}

/* The multiset of cards in piles equals deck[]. Run after check_segments. */
static int check_deck(const fuda_state *s, char *err, size_t errlen) {
    int count[FUDA_CARD_SPACE] = { 0 };
    for (int i = 0; i < s->ncards; i++) count[s->cards[i]]++;
    for (int c = 0; c < FUDA_CARD_SPACE; c++) {
        if (count[c] == s->deck[c]) continue;
        if (!fuda_card_valid((fuda_card)c))
            return fail(err, errlen, "deck counts %d of 0x%02x, which is not a card", s->deck[c], c);
        char name[8];
        fuda_card_name((fuda_card)c, name);
        return fail(err, errlen, "card %s: deck holds %d, piles hold %d", name, s->deck[c], count[c]);
    }
    return 0;
}

int fuda_state_check(const fuda_state *s, char *err, size_t errlen) {
    if (err && errlen) err[0] = '\0';
    if (check_header(s, err, errlen)) return -1;
    if (check_segments(s, err, errlen)) return -1;
    if (check_deck(s, err, errlen)) return -1;
    if (check_claim(s, err, errlen)) return -1;
    return check_vars(s, err, errlen);
}

/* ---- piles ---- */

int fuda_pile_new(fuda_state *s, const char *name, int owner, int vis) {
    if (!name) return -1;
    size_t n = strlen(name);
    if (n == 0 || n >= FUDA_PILE_NAME) return -1;
    if (owner < -1 || owner >= s->nseats) return -1;
    if (vis < FUDA_VIS_HIDDEN || vis > FUDA_VIS_TOP) return -1;
    if (s->npiles >= FUDA_MAX_PILES || fuda_pile_find(s, name, owner) >= 0) return -1;
    fuda_pile *pl = &s->piles[s->npiles];
    memset(pl, 0, sizeof *pl);
    memcpy(pl->name, name, n);
    pl->owner = (int8_t)owner;
    pl->vis = (uint8_t)vis;
    pl->start = s->ncards;
    pl->len = 0;
    return s->npiles++;
}

int fuda_pile_find(const fuda_state *s, const char *name, int owner) {
    if (!name || strlen(name) >= FUDA_PILE_NAME) return -1;
    for (int p = 0; p < s->npiles; p++)
        if (s->piles[p].owner == owner && strncmp(s->piles[p].name, name, FUDA_PILE_NAME) == 0)
            return p;
    return -1;
}

int fuda_pile_create_cards(fuda_state *s, int p, const fuda_card *cards, int n) {
    if (!pile_ok(s, p) || n < 0 || (n > 0 && !cards)) return -1;
    if (s->ncards + n > FUDA_MAX_CARDS) return -1;
    for (int i = 0; i < n; i++)
        if (!fuda_card_valid(cards[i])) return -1;
    int at = s->piles[p].start + s->piles[p].len;
    memmove(s->cards + at + n, s->cards + at, (size_t)(s->ncards - at));
    memcpy(s->cards + at, cards, (size_t)n);
    memmove(s->known + at + n, s->known + at, (size_t)(s->ncards - at));
    memset(s->known + at, 0, (size_t)n);
    for (int q = p + 1; q < s->npiles; q++) s->piles[q].start = (uint16_t)(s->piles[q].start + n);
    s->piles[p].len = (uint16_t)(s->piles[p].len + n);
    s->ncards = (uint16_t)(s->ncards + n);
    for (int i = 0; i < n; i++) s->deck[cards[i]]++;
    return 0;
}

/* Take the byte at index a out and put it at index b of the array as it is
 * after the removal; everything between shifts by one. */
static void relocate(uint8_t *arr, int a, int b) {
    uint8_t c = arr[a];
    if (b > a) memmove(arr + a, arr + a + 1, (size_t)(b - a));
    else if (b < a) memmove(arr + b + 1, arr + b, (size_t)(a - b));
    arr[b] = c;
}

/* Move a card and its knowledge alike. */
static void relocate_card(fuda_state *s, int a, int b) {
    relocate(s->cards, a, b);
    relocate(s->known, a, b);
}

/* Shift the start of piles lo..hi (inclusive) by delta. */
static void shift_starts(fuda_state *s, int lo, int hi, int delta) {
    for (int q = lo; q <= hi; q++) s->piles[q].start = (uint16_t)(s->piles[q].start + delta);
}

int fuda_pile_move(fuda_state *s, int from, int i, int to, int pos) {
    if (!pile_ok(s, from) || !pile_ok(s, to)) return -1;
    fuda_pile *src = &s->piles[from], *dst = &s->piles[to];
    if (i < 0 || i >= src->len) return -1;
    int room = from == to ? src->len - 1 : dst->len; /* top index after the move */
    if (pos == -1 || (from == to && pos == src->len)) pos = room;
    if (pos < 0 || pos > room) return -1;
    int a = src->start + i;
    if (from == to) {
        relocate_card(s, a, src->start + pos);
    } else if (from < to) {
        relocate_card(s, a, dst->start - 1 + pos);
        shift_starts(s, from + 1, to, -1);
    } else {
        relocate_card(s, a, dst->start + pos);
        shift_starts(s, to + 1, from, +1);
    }
    if (from != to) {
        src->len--;
        dst->len++;
    }
    /* a card that lands face up is seen by every seat, even when another
     * covers it before the action ends (the opening flips of a field) */
    if (dst->vis == FUDA_VIS_PUBLIC || (dst->vis == FUDA_VIS_TOP && pos == dst->len - 1))
        s->known[dst->start + pos] |= (uint8_t)((1u << s->nseats) - 1u);
    return 0;
}

int fuda_pile_index(const fuda_state *s, int p, fuda_card c) {
    if (!pile_ok(s, p)) return -1;
    const fuda_card *cs = fuda_pile_cards(s, p);
    for (int i = s->piles[p].len - 1; i >= 0; i--)
        if (cs[i] == c) return i;
    return -1;
}

void fuda_pile_shuffle(fuda_state *s, int p) {
    if (!pile_ok(s, p)) return;
    fuda_rng_shuffle(&s->rng, s->cards + s->piles[p].start, s->piles[p].len);
    memset(s->known + s->piles[p].start, 0, s->piles[p].len);
}

/* Sort key: suit then rank, or rank then suit; the joker after everything. */
static int sort_key(fuda_card c, int by_rank) {
    if (fuda_card_is_joker(c)) return 1000;
    if (by_rank) return fuda_card_rank(c) * 8 + fuda_card_suit(c);
    return fuda_card_suit(c) * 16 + fuda_card_rank(c);
}

void fuda_pile_sort(fuda_state *s, int p, int by_rank) {
    if (!pile_ok(s, p)) return;
    fuda_card *cs = s->cards + s->piles[p].start;
    uint8_t *kn = s->known + s->piles[p].start;
    int n = s->piles[p].len;
    for (int i = 1; i < n; i++) { /* insertion sort: stable, n is small */
        fuda_card c = cs[i];
        uint8_t m = kn[i];
        int k = sort_key(c, by_rank), j = i;
        while (j > 0 && sort_key(cs[j - 1], by_rank) > k) {
            cs[j] = cs[j - 1];
            kn[j] = kn[j - 1];
            j--;
        }
        cs[j] = c;
        kn[j] = m;
    }
}

int fuda_pile_visible(const fuda_state *s, int p, int i, int seat) {
    if (!pile_ok(s, p) || i < 0 || i >= s->piles[p].len) return 0;
    const fuda_pile *pl = &s->piles[p];
    switch (pl->vis) {
    case FUDA_VIS_PUBLIC: return 1;
    case FUDA_VIS_TOP: return i == pl->len - 1;
    case FUDA_VIS_OWNER: return seat >= 0 && seat == pl->owner;
    default: return 0;
    }
}

/* ---- seats and turn order ---- */

/* One step from seat in direction d (+1/-1) to the next seat not out. The
 * caller guarantees some seat other than `seat` is in. */
static int step_seat(const fuda_state *s, int seat, int d) {
    do seat = (seat + d + s->nseats) % s->nseats;
    while (s->out_mask & (1u << seat));
    return seat;
}

int fuda_seat_next(const fuda_state *s, int from, int steps) {
    if (from < 0 || from >= s->nseats) return -1;
    if (steps == 0) return from;
    uint16_t others = (uint16_t)(seat_mask(s) & ~s->out_mask & ~(1u << from));
    if (!others) return from;
    int d = s->dir < 0 ? -1 : 1;
    if (steps < 0) {
        d = -d;
        steps = -steps;
    }
    int seat = from;
    while (steps--) seat = step_seat(s, seat, d);
    return seat;
}

uint16_t fuda_state_actors(const fuda_state *s) {
    if (s->claim_open) return s->claim_pending;
    if (s->phase == FUDA_PHASE_PLAYING && s->turn >= 0 && s->turn < s->nseats)
        return (uint16_t)(1u << s->turn);
    return 0;
}

/* ---- claim window ---- */

int fuda_claim_open(fuda_state *s, int kind_sym, uint16_t eligible) {
    if (s->claim_open || eligible == 0 || (eligible & ~seat_mask(s))) return -1;
    s->claim_open = 1;
    s->claim_kind = kind_sym;
    s->claim_eligible = eligible;
    s->claim_pending = eligible;
    memset(s->claim_choice, 0, sizeof s->claim_choice);
    return 0;
}

int fuda_claim_decide(fuda_state *s, int seat, int choice_sym) {
    if (!s->claim_open || seat < 0 || seat >= s->nseats) return -1;
    if (!(s->claim_pending & (1u << seat))) return -1;
    s->claim_pending = (uint16_t)(s->claim_pending & ~(1u << seat));
    s->claim_choice[seat] = choice_sym;
    return 0;
}

void fuda_claim_close(fuda_state *s) {
    s->claim_open = 0;
    s->claim_kind = 0;
    s->claim_eligible = 0;
    s->claim_pending = 0;
    memset(s->claim_choice, 0, sizeof s->claim_choice);
}
