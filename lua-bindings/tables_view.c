/* tables_view.c -- what the players see of a match of several tables
 * (tables.c): which table each seat sits at and the places there, each
 * table's state and whether it is playing, and the view: a line per table
 * (who is to act, or how its hand ended), who sits out, the team totals,
 * then the seat's own table in full (a spectator: every table), or one
 * table as its place sees it (a teammate's place when the seat sits
 * elsewhere and its own hand is over). The functions that make text return
 * it malloc'd (the caller's), or NULL with the engine's error. */
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "record.h"
#include "sbuf.h"
#include "match_tables.h"
#include "table.h"
#include "engine_impl.h"

int fuda_engine_tables(const fuda_engine *e) { return e->play.started ? fuda_tb_n(e) : 0; }

int fuda_engine_table_of(const fuda_engine *e, int seat, int *place) {
    if (place) *place = 0;
    if (!e->play.started || !fuda_tb_n(e) || seat < 1 || seat > FUDA_MAX_SEATS || e->tb->table_of[seat - 1] < 0) return 0;
    if (place) *place = e->tb->place_of[seat - 1] + 1;
    return e->tb->table_of[seat - 1] + 1;
}

int fuda_engine_table_seats(const fuda_engine *e, int t, int *out) {
    if (!e->play.started || t < 1 || t > fuda_tb_n(e)) return 0;
    for (int p = 0; p < e->tb->nplaces[t - 1]; p++) out[p] = e->tb->seat[t - 1][p] + 1;
    return e->tb->nplaces[t - 1];
}

const fuda_state *fuda_engine_table_state(const fuda_engine *e, int t) {
    return e->play.started && t >= 1 && t <= fuda_tb_n(e) ? fuda_tb_slot(e, t) : NULL;
}

int fuda_engine_table_playing(const fuda_engine *e, int t) {
    if (!e->play.started || t < 1 || t > fuda_tb_n(e)) return -1;
    return fuda_tb_slot(e, t)->phase == FUDA_PHASE_PLAYING;
}

/* The team of seat (from 1), 0: none. */
static int team_of(const fuda_engine *e, int seat) {
    for (int k = 0; k < e->nteams; k++)
        if (e->team[k] & (1u << (seat - 1))) return k + 1;
    return 0;
}

/* One line per table ("table 2 (seats 3, 4): seat 4 to act") and the team
 * totals, for a view. */
static void summary(fuda_engine *e, fuda_sbuf *b, int seat) {
    for (int t = 1; t <= e->tb->n; t++) {
        const fuda_state *s = fuda_tb_slot(e, t);
        fuda_sb_add(b, "Table %d (", t);
        for (int p = 0; p < e->tb->nplaces[t - 1]; p++)
            fuda_sb_add(b, "%sseat %d", p ? ", " : "", e->tb->seat[t - 1][p] + 1);
        fuda_sb_add(b, ")%s: ", e->tb->table_of[seat > 0 ? seat - 1 : 0] == t - 1 && seat > 0 ? ", yours" : "");
        uint16_t a = fuda_state_actors(s);
        if (s->phase != FUDA_PHASE_PLAYING) {
            const fuda_table_result *r = &e->tb->res[t - 1];
            if (r->done && r->winner >= 0)
                fuda_sb_add(b, "hand over, seat %d won %d (%s); waiting", e->tb->seat[t - 1][r->winner] + 1,
                            (int)r->points, fuda_sym_text(e, r->note));
            else fuda_sb_add(b, "hand over (%s); waiting", r->done ? fuda_sym_text(e, r->note) : "ended");
        } else {
            int first = 1;
            for (int p = 0; a; p++, a >>= 1)
                if (a & 1) {
                    fuda_sb_add(b, "%sseat %d", first ? "" : ", ", e->tb->seat[t - 1][p] + 1);
                    first = 0;
                }
            fuda_sb_add(b, first ? "playing" : " to act");
            int stock = fuda_pile_find(s, "stock", -1);
            if (stock >= 0) fuda_sb_add(b, ", %d cards in the stock", fuda_pile_len(s, stock));
        }
        fuda_sb_add(b, "\n");
    }
    for (int s = 1; s <= fuda_tb_slot(e, 0)->nseats; s++)
        if (e->tb->table_of[s - 1] < 0) fuda_sb_add(b, "Seat %d sits out this hand.\n", s);
    if (e->nteams) {
        fuda_sb_add(b, "Teams:");
        for (int k = 1; k <= e->nteams; k++) {
            fuda_sb_add(b, "%s team %d (", k > 1 ? ";" : "", k);
            for (int s = 1, i = 0; s <= FUDA_MAX_SEATS; s++)
                if (e->team[k - 1] & (1u << (s - 1))) fuda_sb_add(b, "%s%d", i++ ? ", " : "", s);
            fuda_sb_add(b, ")%s %d", seat > 0 && team_of(e, seat) == k ? " yours," : "", fuda_engine_team_total(e, k, 1));
        }
        fuda_sb_add(b, "\n");
    }
}

/* The view of table t by its place p (0: a spectator), under a heading. */
static void table_view(fuda_engine *e, fuda_sbuf *b, int t, int p) {
    fuda_tables_enter(e, t);
    char *v = fuda_table_view(e, p);
    fuda_sb_add(b, "%s", v ? v : fuda_engine_error(e));
    if (v && *v && v[strlen(v) - 1] != '\n') fuda_sb_add(b, "\n");
    free(v);
}

char *fuda_tables_view(fuda_engine *e, int seat) {
    const fuda_state *h = fuda_tb_slot(e, 0);
    if (seat < 0 || seat > h->nseats) {
        fuda_engine_seterr(e, "bad seat %d", seat);
        return NULL;
    }
    fuda_sbuf b = {NULL, 0, 0};
    fuda_sb_add(&b, "");
    summary(e, &b, seat);
    int t = seat ? e->tb->table_of[seat - 1] : -1;
    if (t >= 0) {
        fuda_sb_add(&b, "-- table %d, your table --\n", t + 1);
        table_view(e, &b, t + 1, fuda_tb_place_of(e, seat));
    } else {
        for (int k = 1; k <= e->tb->n; k++) {
            fuda_sb_add(&b, "-- table %d --\n", k);
            table_view(e, &b, k, 0);
        }
    }
    return b.s;
}

char *fuda_engine_view_table(fuda_engine *e, int seat, int t) {
    if (!e->play.started || !fuda_tb_n(e)) {
        fuda_engine_seterr(e, "this match has one table");
        return NULL;
    }
    const fuda_state *h = fuda_tb_slot(e, 0);
    if (t < 1 || t > e->tb->n || seat < 0 || seat > h->nseats) {
        fuda_engine_seterr(e, t < 1 || t > e->tb->n ? "no table %d (tables 1..%d)" : "bad seat %d", t < 1 || t > e->tb->n ? t : seat, e->tb->n);
        return NULL;
    }
    int own = seat ? e->tb->table_of[seat - 1] + 1 : 0;
    int p = 0;
    if (own == t) {
        p = fuda_tb_place_of(e, seat);
    } else {
        if (own > 0 && fuda_tb_slot(e, own)->phase == FUDA_PHASE_PLAYING && h->phase == FUDA_PHASE_PLAYING) {
            fuda_engine_seterr(e, "your own table's hand is on: finish it before looking at table %d", t);
            return NULL;
        }
        int team = seat ? team_of(e, seat) : 0;
        for (int q = 0; team && q < e->tb->nplaces[t - 1]; q++)
            if (team_of(e, e->tb->seat[t - 1][q] + 1) == team) p = q + 1; /* a teammate's eyes */
    }
    fuda_sbuf b = {NULL, 0, 0};
    fuda_sb_add(&b, "-- table %d", t);
    if (p && own != t) fuda_sb_add(&b, ", as your partner seat %d sees it", e->tb->seat[t - 1][p - 1] + 1);
    fuda_sb_add(&b, " --\n");
    table_view(e, &b, t, p);
    return b.s;
}
