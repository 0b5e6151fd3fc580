/* tables.c -- a match of several tables (core/tables.h): the variant's
 * `tables`, `teams`, `seating` and `hand_over`, and what match.c needs to
 * play a seat's step at its table.
 *
 * Each table is a game state of its own; the engine holds the one being
 * played in e->st and parks the others in e->tb->slot (fuda_tables_enter
 * swaps them, and marks Lua's copies of the variables stale, so the hooks
 * see the table's variables, piles and g.seats = its places). A step of
 * seat s is the step of its place at its table: match.c enters the table
 * (fuda_tables_step_begin), runs the engine's ordinary table-level code
 * there (moves.c, bots.c, search.c, view.c), and ends the step
 * (fuda_tables_step_end); fuda_seat_of turns places back into seats for
 * the log, the events and the scoresheet. A table's g:result is kept
 * (lgame.c) until every table has ended its hand; then the match's
 * hand_over(m, results, teams) hook scores them with `m` the match (every
 * seat, the totals) and may end the match.
 *
 * Failure: every function returns -1 with the message in the engine's
 * error, and the whole match (every table, the map, the log, the scoresheet)
 * as it was; events already delivered stay delivered. What the players see
 * of the tables is tables_view.c's. */
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include "strict.h"
#include "game.h"
#include "hooks.h"
#include "record.h"
#include "call.h"
#include "match_tables.h"
#include "table.h"
#include "engine_impl.h"

/* ---- the variant's declarations ---- */

/* Push field k of the variant; when it is a function, its value for the
 * seat count. */
static int variant_field(fuda_engine *e, const char *k) {
    lua_State *L = e->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->var.ref_variant);
    lua_getfield(L, -1, k);
    lua_remove(L, -2);
    if (lua_type(L, -1) == LUA_TFUNCTION) {
        lua_pushinteger(L, e->st.nseats);
        e->calling = k;
        lua_call(L, 1, 1);
        e->calling = NULL;
    }
    return lua_type(L, -1);
}

/* Integer field k of the table at idx, in lo..hi, else raise. */
static int int_field(fuda_engine *e, int idx, const char *what, const char *k, int lo, int hi) {
    lua_State *L = e->L;
    lua_getfield(L, idx, k);
    int isnum;
    lua_Integer v = lua_tointegerx(L, -1, &isnum);
    if (!isnum || v < lo || v > hi)
        luaL_error(L, "%s: %s.%s must be an integer from %d to %d (%d seats)", e->var.file, what, k, lo, hi,
                   (int)e->st.nseats);
    lua_pop(L, 1);
    return (int)v;
}

/* teams = { {1, 3}, {2, 4} } or a function of the seat count giving that. */
static void read_teams(fuda_engine *e) {
    lua_State *L = e->L;
    int t = variant_field(e, "teams");
    e->nteams = 0;
    if (t == LUA_TNIL) return;
    if (t != LUA_TTABLE) luaL_error(L, "%s: teams must be a list of lists of seats, got %s", e->var.file, lua_typename(L, t));
    int n = (int)lua_rawlen(L, -1);
    if (n < 1 || n > e->st.nseats) luaL_error(L, "%s: teams: 1 to %d teams, got %d", e->var.file, e->st.nseats, n);
    unsigned seen = 0;
    for (int k = 1; k <= n; k++) {
        unsigned mask = 0;
        if (lua_rawgeti(L, -1, k) != LUA_TTABLE) luaL_error(L, "%s: teams[%d] must be a list of seats", e->var.file, k);
        int m = (int)lua_rawlen(L, -1);
        for (int i = 1; i <= m; i++) {
            lua_rawgeti(L, -1, i);
            int isnum;
            lua_Integer s = lua_tointegerx(L, -1, &isnum);
            if (!isnum || s < 1 || s > e->st.nseats)
                luaL_error(L, "%s: teams[%d][%d] is not a seat (1..%d)", e->var.file, k, i, e->st.nseats);
            if (seen & (1u << (s - 1))) luaL_error(L, "%s: teams: seat %d is in two teams", e->var.file, (int)s);
            seen |= mask |= 1u << (s - 1);
            lua_pop(L, 1);
        }
        if (!mask) luaL_error(L, "%s: teams[%d] is empty", e->var.file, k);
        e->team[e->nteams++] = mask;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* tables = { count = 2, places = 2 } (places: a number for every table, or
 * a list, one per table), or a function of the seat count giving that. */
static void read_tables(fuda_engine *e) {
    lua_State *L = e->L;
    int t = variant_field(e, "tables");
    if (e->tb) e->tb->n = 0;
    if (t == LUA_TNIL) return;
    if (!e->tb && !(e->tb = (fuda_tables *)calloc(1, sizeof *e->tb))) luaL_error(L, "out of memory");
    if (t != LUA_TTABLE) luaL_error(L, "%s: tables must be { count =, places = }, got %s", e->var.file, lua_typename(L, t));
    int idx = lua_gettop(L);
    int n = int_field(e, idx, "tables", "count", 1, FUDA_MAX_TABLES);
    int sum = 0;
    if (lua_getfield(L, idx, "places") == LUA_TTABLE) {
        if ((int)lua_rawlen(L, -1) != n) luaL_error(L, "%s: tables.places lists %d tables, count is %d", e->var.file,
                                                    (int)lua_rawlen(L, -1), n);
        for (int k = 0; k < n; k++) {
            lua_rawgeti(L, -1, k + 1);
            int isnum;
            lua_Integer p = lua_tointegerx(L, -1, &isnum);
            if (!isnum || p < 1 || p > e->st.nseats)
                luaL_error(L, "%s: tables.places[%d] must be an integer from 1 to %d", e->var.file, k + 1, e->st.nseats);
            e->tb->nplaces[k] = (uint8_t)p;
            sum += (int)p;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    } else {
        lua_pop(L, 1);
        int p = int_field(e, idx, "tables", "places", 1, e->st.nseats);
        for (int k = 0; k < n; k++) e->tb->nplaces[k] = (uint8_t)p;
        sum = n * p;
    }
    if (sum > e->st.nseats)
        luaL_error(L, "%s: tables: %d places at %d tables, but only %d seats", e->var.file, sum, n, e->st.nseats);
    e->tb->n = (uint8_t)n;
    lua_pop(L, 1);
}

static int configure_body(fuda_engine *e, void *ud) {
    (void)ud;
    read_teams(e);
    read_tables(e);
    return 0;
}

int fuda_tables_configure(fuda_engine *e) {
    return configure_body(e, NULL); /* called inside start's body: raises */
}

/* After init_vars: every table starts as the header with its own places and
 * its own generator stream (2 + table; the bots have stream 1). */
void fuda_tables_prepare(fuda_engine *e) {
    e->tb->active = 0;
    for (int t = 1; t <= e->tb->n; t++) {
        fuda_state *s = &e->tb->slot[t];
        fuda_state_copy(s, &e->st);
        s->nseats = e->tb->nplaces[t - 1];
        fuda_rng_seed(&s->rng, e->seed, (uint64_t)(1 + t));
    }
}

/* ---- switching tables ---- */

void fuda_tables_enter(fuda_engine *e, int k) {
    fuda_tables *tb = e->tb;
    if (k == tb->active) return;
    fuda_state_copy(&tb->slot[tb->active], &e->st);
    fuda_engine_mark_stale(e, &tb->slot[k]);
    fuda_state_copy(&e->st, &tb->slot[k]);
    tb->active = (uint8_t)k;
    e->moves_valid = 0;
}

/* The whole match, to put back when a step fails. */
typedef struct snap { fuda_tables tb; fuda_state st; int nrows, nevs; long nlog; } snap;

static snap *snap_take(fuda_engine *e) {
    snap *s = (snap *)malloc(sizeof *s);
    if (!s) {
        fuda_engine_seterr(e, "out of memory");
        return NULL;
    }
    s->tb = *e->tb;
    fuda_state_copy(&s->st, &e->st);
    s->nrows = e->nrows, s->nevs = e->nevs, s->nlog = e->nlog;
    return s;
}

static void snap_back(fuda_engine *e, snap *s) {
    fuda_engine_mark_stale(e, &s->st);
    *e->tb = s->tb;
    fuda_state_copy(&e->st, &s->st);
    fuda_engine_drop(e, s->nrows, s->nevs, s->nlog);
    e->moves_valid = 0;
    free(s);
}

static int after_move(fuda_engine *e);

/* ---- seating and dealing ---- */

/* In a body with the header held: the variant's seating(m) (default: the
 * seats in order, table by table), checked and put in the map. */
static int seating_body(fuda_engine *e, void *ud) {
    (void)ud;
    lua_State *L = e->L;
    int8_t lists[FUDA_MAX_TABLES][FUDA_MAX_SEATS];
    int lens[FUDA_MAX_TABLES];
    char msg[160];
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->var.ref_variant);
    if (lua_getfield(L, -1, "seating") != LUA_TFUNCTION) {
        int s = 0;
        for (int t = 0; t < e->tb->n; t++) {
            lens[t] = e->tb->nplaces[t];
            for (int p = 0; p < lens[t]; p++) lists[t][p] = (int8_t)s++;
        }
        if (fuda_tables_seat_all(e->tb, e->st.nseats, lists, lens, e->tb->n, msg, sizeof msg) < 0)
            luaL_error(L, "%s: %s", e->var.file, msg);
        return 0;
    }
    lua_Debug ar;
    lua_pushvalue(L, -1);
    lua_getinfo(L, ">S", &ar);
    char where[96];
    snprintf(where, sizeof where, "%s:%d", ar.short_src, ar.linedefined);
    fuda_engine_call_hook(e, "seating", 0, 1);
    if (!lua_istable(L, -1)) luaL_error(L, "%s: seating must return a list of tables' seats, got %s", where, luaL_typename(L, -1));
    int n = (int)lua_rawlen(L, -1);
    if (n != e->tb->n) luaL_error(L, "%s: seating returned %d tables, the match has %d", where, n, e->tb->n);
    for (int t = 0; t < n; t++) {
        if (lua_rawgeti(L, -1, t + 1) != LUA_TTABLE) luaL_error(L, "%s: seating: table %d is not a list of seats", where, t + 1);
        lens[t] = (int)lua_rawlen(L, -1);
        if (lens[t] > FUDA_MAX_SEATS) lens[t] = FUDA_MAX_SEATS + 1;
        for (int p = 0; p < lens[t] && p < FUDA_MAX_SEATS; p++) {
            lua_rawgeti(L, -1, p + 1);
            int isnum;
            lua_Integer s = lua_tointegerx(L, -1, &isnum);
            if (!isnum || s < 1 || s > e->st.nseats)
                luaL_error(L, "%s: seating: table %d place %d is %s, not a seat (1..%d)", where, t + 1, p + 1,
                           luaL_tolstring(L, -1, NULL), e->st.nseats);
            lists[t][p] = (int8_t)(s - 1);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    if (fuda_tables_seat_all(e->tb, e->st.nseats, lists, lens, n, msg, sizeof msg) < 0)
        luaL_error(L, "%s: seating: %s", where, msg);
    return 0;
}

/* Seat the match and deal at every table (the header's hand_no is the
 * hand's): -1 with the message on failure (the caller puts the match back). */
static int deal_all(fuda_engine *e) {
    fuda_tables_enter(e, 0);
    if (fuda_engine_pcall(e, seating_body, NULL) < 0) return -1;
    uint32_t hand_no = e->st.hand_no;
    for (int t = 1; t <= e->tb->n; t++) {
        fuda_tables_enter(e, t);
        if (e->st.claim_open) fuda_claim_close(&e->st);
        e->st.turn = -1;
        e->st.phase = FUDA_PHASE_PLAYING;
        e->st.hand_no = hand_no;
        if (fuda_engine_run_hook(e, FUDA_HOOK_DEAL) < 0 || fuda_engine_progress(e, "deal") < 0) return -1;
    }
    return after_move(e); /* every table may have ended its hand in its deal */
}

int fuda_tables_begin(fuda_engine *e) {
    for (int t = 1; t <= e->tb->n; t++) {
        fuda_tables_enter(e, t);
        e->play.in_setup = 1;
        int rc = fuda_engine_run_hook(e, FUDA_HOOK_SETUP);
        e->play.in_setup = 0;
        if (rc < 0) return -1;
        e->st.phase = FUDA_PHASE_PLAYING;
        e->st.hand_no = 1;
    }
    fuda_tables_enter(e, 0);
    e->st.phase = FUDA_PHASE_PLAYING;
    e->st.hand_no = 1;
    return deal_all(e);
}

int fuda_tables_next_hand(fuda_engine *e) {
    const fuda_state *h = fuda_tb_slot(e, 0);
    if (h->phase != FUDA_PHASE_HAND_OVER) {
        fuda_engine_seterr(e, "no hand to deal: the %s",
                           h->phase == FUDA_PHASE_MATCH_OVER ? "match is over" : "current hand is not over");
        return -1;
    }
    snap *s = snap_take(e);
    if (!s) return -1;
    fuda_tables_enter(e, 0);
    e->st.phase = FUDA_PHASE_PLAYING;
    e->st.hand_no++;
    if (deal_all(e) < 0 || fuda_engine_log_line(e, "next") < 0) {
        snap_back(e, s);
        return -1;
    }
    free(s);
    fuda_engine_flush(e);
    return 0;
}

/* ---- results and the match's hand_over ---- */

static void set_int(lua_State *L, const char *k, lua_Integer v) {
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
}

static const char *const table_result_names[] = {
    "table", "seats", "winner", "loser", "kind", "points", "note", "boxes", NULL
};

/* Push the list of the tables' results, seats of the match: { table =,
 * seats = {...}, winner =, loser =, kind =, points =, note =, boxes = }. */
static void push_results(fuda_engine *e) {
    lua_State *L = e->L;
    lua_createtable(L, e->tb->n, 0);
    for (int t = 0; t < e->tb->n; t++) {
        const fuda_table_result *r = &e->tb->res[t];
        lua_createtable(L, 0, 8);
        set_int(L, "table", t + 1);
        lua_createtable(L, e->tb->nplaces[t], 0);
        for (int p = 0; p < e->tb->nplaces[t]; p++) {
            lua_pushinteger(L, e->tb->seat[t][p] + 1);
            lua_rawseti(L, -2, p + 1);
        }
        lua_setfield(L, -2, "seats");
        if (r->done && r->winner >= 0) set_int(L, "winner", e->tb->seat[t][r->winner] + 1);
        if (r->done && r->loser >= 0) set_int(L, "loser", e->tb->seat[t][r->loser] + 1);
        lua_pushstring(L, r->done ? fuda_sym_text(e, r->kind) : "ended");
        lua_setfield(L, -2, "kind");
        lua_pushstring(L, r->done ? fuda_sym_text(e, r->note) : "ended");
        lua_setfield(L, -2, "note");
        set_int(L, "points", r->done ? r->points : 0);
        set_int(L, "boxes", r->done ? r->boxes : 1);
        fuda_strict_fixed(L, -1, "result", table_result_names); /* results[t].winer raises */
        lua_rawseti(L, -2, t + 1);
    }
}

static void push_teams(fuda_engine *e) {
    lua_State *L = e->L;
    lua_createtable(L, e->nteams, 0);
    for (int k = 0; k < e->nteams; k++) {
        lua_newtable(L);
        for (int s = 0, i = 0; s < FUDA_MAX_SEATS; s++)
            if (e->team[k] & (1u << s)) {
                lua_pushinteger(L, s + 1);
                lua_rawseti(L, -2, ++i);
            }
        lua_rawseti(L, -2, k + 1);
    }
}

/* In a body with the header held: hand_over(m, results, teams), or by
 * default each winner scores the points in column 1. */
static int hand_over_body(fuda_engine *e, void *ud) {
    (void)ud;
    lua_State *L = e->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->var.ref_variant);
    if (lua_getfield(L, -1, "hand_over") == LUA_TFUNCTION) {
        push_results(e);
        push_teams(e);
        e->play.in_result = 1;
        fuda_engine_call_hook(e, "hand_over", 2, 0);
        e->play.in_result = 0;
        return 0;
    }
    for (int t = 0; t < e->tb->n; t++) {
        const fuda_table_result *r = &e->tb->res[t];
        if (r->done && r->winner >= 0)
            fuda_game_add_score(L, e, e->tb->seat[t][r->winner], r->points, fuda_sym_text(e, r->note), 0);
    }
    return 0;
}

/* After a move at a table: once every table has ended its hand, the match
 * scores them (the header's phase becomes HAND_OVER unless the match ended). */
static int after_move(fuda_engine *e) {
    for (int t = 1; t <= e->tb->n; t++)
        if (fuda_tb_slot(e, t)->phase == FUDA_PHASE_PLAYING) return 0;
    fuda_tables_enter(e, 0);
    if (fuda_engine_pcall(e, hand_over_body, NULL) < 0) return -1;
    if (e->st.phase == FUDA_PHASE_PLAYING) e->st.phase = FUDA_PHASE_HAND_OVER;
    fuda_engine_flush(e);
    return 0;
}

/* ---- moves of seats ---- */

/* Seat's table (1..n) where it may act: else -1 with the message. */
static int table_to_act(fuda_engine *e, int seat) {
    const fuda_state *h = fuda_tb_slot(e, 0);
    if (seat < 1 || seat > h->nseats) {
        fuda_engine_seterr(e, "bad seat %d (seats are 1..%d)", seat, h->nseats);
        return -1;
    }
    if (h->phase != FUDA_PHASE_PLAYING) {
        fuda_engine_seterr(e, h->phase == FUDA_PHASE_HAND_OVER ? "the hand is over" : "the match is over");
        return -1;
    }
    int t = e->tb->table_of[seat - 1];
    if (t < 0) {
        fuda_engine_seterr(e, "seat %d sits out this hand", seat);
        return -1;
    }
    if (fuda_tb_slot(e, t + 1)->phase != FUDA_PHASE_PLAYING) {
        fuda_engine_seterr(e, "seat %d's table %d has ended its hand: it waits for the other tables", seat, t + 1);
        return -1;
    }
    return t + 1;
}

int fuda_tables_step_begin(fuda_engine *e, int seat, int keep, fuda_tables_step *st) {
    st->snap = NULL;
    st->place = seat;
    if (!e->play.started || !fuda_tb_n(e)) return 0; /* one table: the seat is its place */
    int t = table_to_act(e, seat);
    if (t < 0) return -1;
    if (keep && !(st->snap = snap_take(e))) return -1;
    fuda_tables_enter(e, t);
    st->place = fuda_tb_place_of(e, seat);
    return 0;
}

int fuda_tables_step_end(fuda_engine *e, fuda_tables_step *st, int rc) {
    snap *s = (snap *)st->snap;
    if (!s) return rc;
    if (rc == 0) {
        e->tb->slot[0].move_no++;
        rc = after_move(e);
    }
    if (rc < 0) snap_back(e, s);
    else free(s);
    return rc;
}

int fuda_tables_find(fuda_engine *e, int seat, int playing, int *place) {
    *place = seat;
    if (!e->play.started || !fuda_tb_n(e)) return 1;
    const fuda_state *h = fuda_tb_slot(e, 0);
    if (seat < 1 || seat > h->nseats) {
        fuda_engine_seterr(e, "bad seat %d (seats are 1..%d)", seat, h->nseats);
        return -1;
    }
    int t = e->tb->table_of[seat - 1];
    if (t < 0) return 0;
    if (playing && (h->phase != FUDA_PHASE_PLAYING || fuda_tb_slot(e, t + 1)->phase != FUDA_PHASE_PLAYING)) return 0;
    fuda_tables_enter(e, t + 1);
    *place = fuda_tb_place_of(e, seat);
    return 1;
}

const char *fuda_tables_pile_at(fuda_engine *e, const char *name, int *owner, char *base, size_t size) {
    if (!e->play.started || !fuda_tb_n(e)) return name;
    const char *at = strchr(name, '@');
    size_t len = at ? (size_t)(at - name) : strlen(name);
    int t = 0;
    if (len >= size) len = size - 1;
    memcpy(base, name, len);
    base[len] = '\0';
    if (*owner > 0 && *owner <= fuda_tb_slot(e, 0)->nseats) t = e->tb->table_of[*owner - 1] + 1;
    else if (*owner == 0 && at) t = atoi(at + 1);
    if (t < 1 || t > e->tb->n) {
        fuda_engine_seterr(e, "arrange: at a match of %d tables, a seat that sits at one, or a shared pile "
                           "named NAME@TABLE ('%s')", e->tb->n, name);
        return NULL;
    }
    fuda_tables_enter(e, t);
    if (*owner) *owner = fuda_tb_place_of(e, *owner);
    return base;
}
