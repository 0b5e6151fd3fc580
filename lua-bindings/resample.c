/* resample.c -- dealing anew the cards a seat can neither see nor know
 * (search.h: fuda_engine_resample, fuda_engine_resample_keep): a world the
 * seat cannot tell from the real one, for the search's rounds, the
 * inference of what the others hold (infer.c), and Python's env.resample.
 * The core does the dealing (core/know.c); this file walks the tables of a
 * match of several. Failure: -1 with the message, nothing changed. */
#include "record.h"
#include "search.h"
#include "table.h"
#include "engine_access.h"

/* Deal anew, from r, what seat (1-based, valid) can neither see nor know. In
 * a match of several tables: at its own table, from its place there; at
 * every other table (all of them when it sits out) as a looker-on, who sees
 * only the face-up cards there (the view of another table shows no more than
 * its counts), so even what the players there know of each other is dealt
 * anew. A table that has ended its hand is left as it is: its hands are
 * shown at the end and play no further part. The header (slot 0) holds no
 * hidden card of any table. */
int fuda_resample_with(fuda_engine *e, int seat, fuda_rng *r) {
    fuda_engine_moves_stale(e);
    fuda_tables *tb = fuda_engine_tables_of(e);
    fuda_state *st = fuda_engine_table_st(e);
    if (!tb || !tb->n) return fuda_state_resample(st, seat - 1, r);
    int mine = tb->table_of[seat - 1] + 1, n = 0;
    for (int t = 1; t <= tb->n; t++) {
        fuda_state *s = t == tb->active ? st : &tb->slot[t];
        if (s->phase != FUDA_PHASE_PLAYING) continue;
        n += t == mine ? fuda_state_resample(s, tb->place_of[seat - 1], r) : fuda_state_resample_blind(s, r);
    }
    return n;
}

/* The same, keeping also the places of the cards marked in `cards`, and the
 * states' generators (fuda_state_resample_keep). */
static int resample_keeping(fuda_engine *e, int seat, const uint8_t *cards, fuda_rng *r) {
    fuda_engine_moves_stale(e);
    fuda_tables *tb = fuda_engine_tables_of(e);
    fuda_state *st = fuda_engine_table_st(e);
    if (!tb || !tb->n) return fuda_state_resample_keep(st, seat - 1, cards, r);
    int mine = tb->table_of[seat - 1] + 1, n = 0;
    for (int t = 1; t <= tb->n; t++) {
        fuda_state *s = t == tb->active ? st : &tb->slot[t];
        if (s->phase != FUDA_PHASE_PLAYING) continue;
        n += fuda_state_resample_keep(s, t == mine ? tb->place_of[seat - 1] : -1, cards, r);
    }
    return n;
}

int fuda_engine_resample(fuda_engine *e, int seat, uint64_t seed) {
    if (!fuda_engine_started(e)) {
        fuda_engine_seterr(e, "no match is running");
        return -1;
    }
    int nseats = fuda_engine_state(e)->nseats; /* the match's seats (a header over tables) */
    if (seat < 1 || seat > nseats) {
        fuda_engine_seterr(e, "bad seat %d (seats are 1..%d)", seat, nseats);
        return -1;
    }
    fuda_rng r;
    fuda_rng_seed(&r, seed, 11);
    return fuda_resample_with(e, seat, &r);
}

int fuda_engine_resample_keep(fuda_engine *e, int seat, uint64_t seed, const uint8_t *cards) {
    if (!fuda_engine_started(e)) {
        fuda_engine_seterr(e, "no match is running");
        return -1;
    }
    int nseats = fuda_engine_state(e)->nseats;
    if (seat < 1 || seat > nseats) {
        fuda_engine_seterr(e, "bad seat %d (seats are 1..%d)", seat, nseats);
        return -1;
    }
    fuda_rng r;
    fuda_rng_seed(&r, seed, 11);
    return resample_keeping(e, seat, cards, &r);
}
