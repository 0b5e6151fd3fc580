/* tables.h -- several tables in one match: each table is a game state of its
 * own (its places, piles, turn, claim window, variables, generator stream),
 * the match a header state (every seat, the totals, the hand number, the
 * phase, the winners) plus the map of seats onto table places for this hand
 * and the result each table reported. One flat struct: a clone is a memcpy.
 *
 * The engine keeps the state being played (header or one table) in its own
 * `st`; the slot of that state here (slot[active]) is stale until it is
 * parked back. Seats and places are 0-based here.
 *
 * Failure: functions returning int return -1 on a bad argument and leave the
 * struct as it was. */
#ifndef FUDA_TABLES_H
#define FUDA_TABLES_H

#include <stdint.h>
#include "state.h"

#define FUDA_MAX_TABLES 6

/* How a table's hand ended, kept until every table has ended its hand. */
typedef struct fuda_table_result {
    uint8_t done;         /* the table reported (g:result) or ended its hand */
    int8_t winner, loser; /* places, -1: none */
    int32_t kind, note;   /* symtab ids, -1: none */
    int32_t points, boxes;
} fuda_table_result;

typedef struct fuda_tables {
    uint8_t n;            /* tables; 0: the match is one table of every seat */
    uint8_t active;       /* the slot the engine holds: 0 the header, 1..n a table */
    uint8_t nplaces[FUDA_MAX_TABLES];
    int8_t seat[FUDA_MAX_TABLES][FUDA_MAX_SEATS]; /* place -> seat, -1: empty */
    int8_t table_of[FUDA_MAX_SEATS];              /* seat -> table, -1: sits out */
    int8_t place_of[FUDA_MAX_SEATS];              /* seat -> place at its table */
    fuda_table_result res[FUDA_MAX_TABLES];
    fuda_state slot[FUDA_MAX_TABLES + 1];
} fuda_tables;

/* The state of slot k (0: header, 1..n: table k), given the engine's `st`
 * that holds slot tb->active. */
static inline const fuda_state *fuda_tables_slot(const fuda_tables *tb, const fuda_state *st, int k) {
    return k == tb->active ? st : &tb->slot[k];
}

/* The seat (from 1) at place p (from 1) of the table tb holds now; p itself
 * when tb is NULL (a match of one table), the header is held, or p < 1. */
static inline int fuda_tables_seat(const fuda_tables *tb, int p) {
    if (!tb || !tb->active || p < 1) return p;
    return tb->seat[tb->active - 1][p - 1] + 1;
}

/* Seat the match for a hand: lists[t][p] is the seat at place p of table t
 * (0-based), lens[t] its length (tb->nplaces[t]). Every seat at most once,
 * each within nseats; a seat not listed sits out. -1 (and tb unchanged) with
 * a message in err otherwise. Clears the results. */
int fuda_tables_seat_all(fuda_tables *tb, int nseats, const int8_t lists[][FUDA_MAX_SEATS],
                         const int *lens, int ntables, char *err, size_t errlen);

/* Seats that must act now, over every table (bit seat). */
uint16_t fuda_tables_actors(const fuda_tables *tb, const fuda_state *st);

/* Hash of the whole match: header, map, results and every table. */
uint64_t fuda_tables_hash(const fuda_tables *tb, const fuda_state *st);

#endif
