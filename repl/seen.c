/* seen.c -- what a seat may know of a match (see seen.h). */
#include <string.h>

#include "seen.h"
#include "state.h"
#include "tables.h"

#define BLANK 0 /* no card is 0 (card.h), so a blanked place hashes apart from any card */

/* One table as a seat sees it: its state, the seat's place there (0-based,
 * -1: a looker-on), whether it is known whole. */
typedef struct table_view {
    const fuda_state *s;
    int place, whole;
} table_view;

static int knows(const table_view *v, int p, int i) {
    const fuda_state *s = v->s;
    const fuda_pile *pl = &s->piles[p];
    if (v->whole) return 1;
    if (s->phase != FUDA_PHASE_PLAYING && pl->owner >= 0) return 1; /* a hand shown at the end */
    if (pl->vis == FUDA_VIS_PUBLIC || (pl->vis == FUDA_VIS_TOP && i == pl->len - 1)) return 1;
    if (v->place < 0) return 0; /* a looker-on sees the face-up cards only */
    if (pl->vis == FUDA_VIS_OWNER && pl->owner == v->place) return 1;
    return (s->known[pl->start + i] >> v->place) & 1;
}

#define FNV_PRIME 1099511628211ULL
#define FNV_BASIS 14695981039346656037ULL


/* A hash of the cards of the table as v's seat knows them, place by place. */
static uint64_t cards_hash(const table_view *v, uint64_t h) {
    for (int p = 0; p < v->s->npiles; p++) {
        h = (h ^ (uint64_t)(0x100 + p)) * FNV_PRIME;
        for (int i = 0; i < v->s->piles[p].len; i++)
            h = (h ^ (knows(v, p, i) ? fuda_pile_at(v->s, p, i) : BLANK)) * FNV_PRIME;
    }
    return h;
}

typedef void (*table_fn)(const table_view *v, void *ud);

/* Each table of the match as seat sees it: fn(view, ud). One table (the
 * match's state) when the match has none. */
static void each_table(const fuda_engine *e, int seat, table_fn fn, void *ud) {
    int n = fuda_engine_tables(e);
    if (n == 0) {
        table_view v = { fuda_engine_state(e), seat - 1, 0 };
        fn(&v, ud);
        return;
    }
    int place = 0, mine = fuda_engine_table_of(e, seat, &place);
    for (int t = 1; t <= n; t++) {
        table_view v = { fuda_engine_table_state(e, t), -1, 0 };
        if (!v.s) continue;
        if (t == mine) v.place = place - 1;
        else v.whole = v.s->phase != FUDA_PHASE_PLAYING;
        fn(&v, ud);
    }
}

/* The hash of one table as a seat sees it, its rest hash given. */
static uint64_t table_hash(const table_view *v, uint64_t rest) { return cards_hash(v, FNV_BASIS ^ rest); }

static uint64_t add_part(uint64_t h, uint64_t part) { return ((h ^ part) * FNV_PRIME) ^ (h >> 29); }

/* The hashes of seats lo..hi into out[lo..hi]. */
static void seen_hashes(const fuda_engine *e, int lo, int hi, uint64_t *out) {
    int n = fuda_engine_tables(e);
    if (n == 0) {
        const fuda_state *s = fuda_engine_state(e);
        uint64_t rest = fuda_state_hash_rest(s);
        for (int seat = lo; seat <= hi; seat++) {
            table_view v = { s, seat - 1, 0 };
            out[seat] = add_part(FNV_BASIS, table_hash(&v, rest));
        }
        return;
    }
    /* a table looks the same to every seat that does not sit there */
    const fuda_state *st[FUDA_MAX_TABLES + 1];
    uint64_t rest[FUDA_MAX_TABLES + 1], look[FUDA_MAX_TABLES + 1];
    for (int t = 1; t <= n && t <= FUDA_MAX_TABLES; t++) {
        st[t] = fuda_engine_table_state(e, t);
        if (!st[t]) continue;
        table_view v = { st[t], -1, st[t]->phase != FUDA_PHASE_PLAYING };
        rest[t] = fuda_state_hash_rest(st[t]);
        look[t] = table_hash(&v, rest[t]);
    }
    for (int seat = lo; seat <= hi; seat++) {
        int place = 0, mine = fuda_engine_table_of(e, seat, &place);
        uint64_t h = FNV_BASIS;
        for (int t = 1; t <= n && t <= FUDA_MAX_TABLES; t++) {
            if (!st[t]) continue;
            table_view v = { st[t], place - 1, 0 };
            h = add_part(h, t == mine ? table_hash(&v, rest[t]) : look[t]);
        }
        out[seat] = h;
    }
}

uint64_t fuda_seen_hash(const fuda_engine *e, int seat) {
    uint64_t out[FUDA_MAX_SEATS + 1];
    if (seat < 1 || seat > FUDA_MAX_SEATS) return 0;
    seen_hashes(e, seat, seat, out);
    return out[seat];
}

void fuda_seen_hashes(const fuda_engine *e, int nseats, uint64_t *out) { seen_hashes(e, 1, nseats, out); }

static void cards_one(const table_view *v, void *ud) {
    uint8_t *cards = ud;
    for (int p = 0; p < v->s->npiles; p++)
        for (int i = 0; i < v->s->piles[p].len; i++)
            if (knows(v, p, i)) cards[fuda_pile_at(v->s, p, i)] = 1;
}

void fuda_seen_cards(const fuda_engine *e, int seat, uint8_t *cards) {
    memset(cards, 0, FUDA_CARD_SPACE);
    each_table(e, seat, cards_one, cards);
}

const char *fuda_seen_unknown_mark(const char *text, const uint8_t *known) {
    for (const char *p = strchr(text, '{'); p; p = strchr(p + 1, '{')) {
        const char *q = strchr(p + 1, '}');
        if (!q) break;
        fuda_card c;
        if (q - p - 1 > 0 && q - p - 1 <= 3 && fuda_card_parse(p + 1, (size_t)(q - p - 1), &c) == 0 && !known[c])
            return p;
    }
    return NULL;
}
