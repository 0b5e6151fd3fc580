/* tables.c -- several tables in one match: seating, the actors over all
 * tables and the match hash. See tables.h for the model. */
#include "tables.h"

#include <stdio.h>
#include <string.h>

int fuda_tables_seat_all(fuda_tables *tb, int nseats, const int8_t lists[][FUDA_MAX_SEATS],
                         const int *lens, int ntables, char *err, size_t errlen) {
    int8_t table_of[FUDA_MAX_SEATS], place_of[FUDA_MAX_SEATS];
    memset(table_of, -1, sizeof table_of);
    memset(place_of, -1, sizeof place_of);
    if (ntables != tb->n) {
        snprintf(err, errlen, "%d tables listed, the match has %d", ntables, tb->n);
        return -1;
    }
    for (int t = 0; t < ntables; t++) {
        if (lens[t] != tb->nplaces[t]) {
            snprintf(err, errlen, "table %d: %d seats listed, it has %d places", t + 1, lens[t], tb->nplaces[t]);
            return -1;
        }
        for (int p = 0; p < lens[t]; p++) {
            int s = lists[t][p];
            if (s < 0 || s >= nseats) {
                snprintf(err, errlen, "table %d: seat %d is not a seat (1..%d)", t + 1, s + 1, nseats);
                return -1;
            }
            if (table_of[s] >= 0) {
                snprintf(err, errlen, "seat %d is listed twice (tables %d and %d)", s + 1, table_of[s] + 1, t + 1);
                return -1;
            }
            table_of[s] = (int8_t)t, place_of[s] = (int8_t)p;
        }
    }
    memset(tb->seat, -1, sizeof tb->seat);
    for (int t = 0; t < ntables; t++)
        for (int p = 0; p < lens[t]; p++) tb->seat[t][p] = lists[t][p];
    memcpy(tb->table_of, table_of, sizeof table_of);
    memcpy(tb->place_of, place_of, sizeof place_of);
    for (int t = 0; t < FUDA_MAX_TABLES; t++) {
        memset(&tb->res[t], 0, sizeof tb->res[t]);
        tb->res[t].winner = tb->res[t].loser = -1;
        tb->res[t].kind = tb->res[t].note = -1;
    }
    return 0;
}

uint16_t fuda_tables_actors(const fuda_tables *tb, const fuda_state *st) {
    uint16_t seats = 0;
    for (int t = 0; t < tb->n; t++) {
        uint16_t a = fuda_state_actors(fuda_tables_slot(tb, st, t + 1));
        for (int p = 0; a; p++, a >>= 1)
            if ((a & 1) && tb->seat[t][p] >= 0) seats |= (uint16_t)(1u << tb->seat[t][p]);
    }
    return seats;
}

static uint64_t mix(uint64_t h, uint64_t w) {
    h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
    return h ^ (h >> 32);
}

uint64_t fuda_tables_hash(const fuda_tables *tb, const fuda_state *st) {
    uint64_t h = fuda_state_hash(fuda_tables_slot(tb, st, 0));
    for (int t = 0; t < tb->n; t++) {
        const fuda_table_result *r = &tb->res[t];
        h = mix(h, fuda_state_hash(fuda_tables_slot(tb, st, t + 1)));
        for (int p = 0; p < tb->nplaces[t]; p++) h = mix(h, (uint64_t)(uint8_t)tb->seat[t][p]);
        h = mix(h, ((uint64_t)r->done << 16) | ((uint64_t)(uint8_t)r->winner << 8) | (uint8_t)r->loser);
        if (r->done) {
            const char *k = r->kind >= 0 ? fuda_symtab_name(st->syms, r->kind, NULL) : NULL;
            const char *n = r->note >= 0 ? fuda_symtab_name(st->syms, r->note, NULL) : NULL;
            for (const char *c = k; c && *c; c++) h = mix(h, (unsigned char)*c);
            h = mix(h, 0x100);
            for (const char *c = n; c && *c; c++) h = mix(h, (unsigned char)*c);
            h = mix(h, ((uint64_t)(uint32_t)r->points << 32) | (uint32_t)r->boxes);
        }
    }
    return h;
}
