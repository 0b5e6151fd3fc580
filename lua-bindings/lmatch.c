/* lmatch.c -- fuda.Match for host scripts (`fuda run`, the REPL, the
 * scenario tests): a match of any variant driven from a script, one engine
 * each, and its methods (moves, bots and the search, what it shows, marks).
 * Making one (fuda.match, fuda.replay, fuda.list, with the host's limits)
 * is lmatch_make.c's.
 *
 * A fuda.Match owns its engine; m:free() (or garbage collection) frees it, and
 * any later call on the handle fails with "match was freed". It keeps the
 * match's events for its readers (m:events(), m:events(seat)).
 *
 * m:mark() returns a fuda.Mark (a copy of the point the match is at, see
 * fuda_engine_mark); m:undo_to(mark) goes back to it, events included. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include "lmatch_impl.h"
#include "lcard.h"
#include "game.h"
#include "lmatch.h"
#include "search.h"
#include "engine_access.h"

/* A match keeps its events for its readers: at most these many (a stranger's
 * variant may say a lot over a long match, and nothing caps the host). */
#define MAX_KEPT_EVENTS 1000000
#define MAX_KEPT_EVENT_BYTES ((size_t)64 << 20)

/* ---- fuda.Match ---- */

static match_ud *check_match(lua_State *L, int idx) {
    match_ud *m = (match_ud *)fuda_checkud(L, idx, FUDA_TAG_MATCH, FUDA_MATCH_T);
    if (!m->e) luaL_error(L, "match was freed");
    return m;
}

static void on_event(void *ud, int seat, const char *text) {
    match_ud *m = (match_ud *)ud;
    size_t len = strlen(text) + 1;
    if (m->overflow || m->nevs >= MAX_KEPT_EVENTS || m->evbytes + len > MAX_KEPT_EVENT_BYTES) {
        m->overflow = 1;
        return;
    }
    if (m->nevs >= m->capevs) {
        int cap = m->capevs ? m->capevs * 2 : 32;
        match_ev *p = (match_ev *)realloc(m->evs, (size_t)cap * sizeof *p);
        if (!p) return;
        m->evs = p, m->capevs = cap;
    }
    char *t = strdup(text);
    if (!t) return;
    m->evs[m->nevs].seat = seat;
    m->evs[m->nevs].read = 0;
    m->evs[m->nevs++].text = t;
    m->evbytes += len;
}

/* Forget the kept events from index n on, their bytes with them. */
static void drop_events(match_ud *m, int n) {
    while (m->nevs > n) {
        char *t = m->evs[--m->nevs].text;
        m->evbytes -= strlen(t) + 1;
        free(t);
    }
}

static void clear_events(match_ud *m) { drop_events(m, 0); }

void fuda_lmatch_free(match_ud *m) {
    if (m->e) fuda_engine_free(m->e);
    m->e = NULL;
    clear_events(m);
    free(m->evs);
    m->evs = NULL;
    m->capevs = 0;
}

static int m_free(lua_State *L) {
    fuda_lmatch_free((match_ud *)fuda_checkud(L, 1, FUDA_TAG_MATCH, FUDA_MATCH_T));
    return 0;
}

static int fail(lua_State *L, fuda_engine *e) {
    lua_pushnil(L);
    lua_pushstring(L, fuda_engine_error(e));
    return 2;
}

static int check_seat(lua_State *L, fuda_engine *e, int idx) {
    lua_Integer s = luaL_checkinteger(L, idx);
    const fuda_state *st = fuda_engine_state(e);
    if (s < 1 || s > st->nseats) luaL_error(L, "bad seat %I (seats are 1..%d)", (LUAI_UACINT)s, st->nseats);
    return (int)s;
}

/* The integer at idx (default def when absent), range-checked before it is
 * an int: "bad argument #idx (... out of range)". */
int fuda_lmatch_int_arg(lua_State *L, int idx, lua_Integer def, lua_Integer lo, lua_Integer hi, const char *what) {
    lua_Integer v = luaL_optinteger(L, idx, def);
    if (v < lo || v > hi) luaL_argerror(L, idx, lua_pushfstring(L, "%s out of range", what));
    return (int)v;
}

static int m_moves(lua_State *L) {
    match_ud *m = check_match(L, 1);
    const char *const *mv;
    int n = fuda_engine_moves(m->e, check_seat(L, m->e, 2), &mv);
    if (n < 0) return luaL_error(L, "%s", fuda_engine_error(m->e));
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushstring(L, mv[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int m_apply(lua_State *L) {
    match_ud *m = check_match(L, 1);
    luaL_checkinteger(L, 2);
    int seat = fuda_lmatch_int_arg(L, 2, 0, INT_MIN, INT_MAX, "seat");
    if (fuda_engine_apply(m->e, seat, luaL_checkstring(L, 3)) < 0) return fail(L, m->e);
    lua_pushboolean(L, 1);
    return 1;
}

static int m_try(lua_State *L) {
    match_ud *m = check_match(L, 1);
    luaL_checkinteger(L, 2);
    int seat = fuda_lmatch_int_arg(L, 2, 0, INT_MIN, INT_MAX, "seat");
    if (fuda_engine_try(m->e, seat, luaL_checkstring(L, 3)) < 0) return fail(L, m->e);
    lua_pushboolean(L, 1);
    return 1;
}

/* m:confirm(seat, move) -> what the variant's confirm hook says the move
 * throws away, nil (nothing to ask), or nil, message (the hook failed). */
static int m_confirm(lua_State *L) {
    match_ud *m = check_match(L, 1);
    luaL_checkinteger(L, 2);
    int seat = fuda_lmatch_int_arg(L, 2, 0, INT_MIN, INT_MAX, "seat");
    char *text;
    if (fuda_engine_confirm(m->e, seat, luaL_checkstring(L, 3), &text) < 0) return fail(L, m->e);
    if (text) lua_pushstring(L, text);
    else lua_pushnil(L);
    free(text);
    return 1;
}

static int m_actors(lua_State *L) {
    match_ud *m = check_match(L, 1);
    unsigned a = fuda_engine_actors(m->e);
    lua_newtable(L);
    int n = 0;
    for (int s = 0; s < FUDA_MAX_SEATS; s++)
        if (a & (1u << s)) {
            lua_pushinteger(L, s + 1);
            lua_rawseti(L, -2, ++n);
        }
    return 1;
}

static int m_claim(lua_State *L) {
    match_ud *m = check_match(L, 1);
    const char *k = fuda_engine_claim(m->e);
    if (!k) return 0;
    lua_pushstring(L, k);
    return 1;
}

static int m_bot(lua_State *L) {
    match_ud *m = check_match(L, 1);
    const char *mv;
    if (fuda_engine_bot(m->e, check_seat(L, m->e, 2), luaL_optstring(L, 3, "random"), &mv) < 0)
        return fail(L, m->e);
    lua_pushstring(L, mv);
    return 1;
}

/* m:search(seat) -> the search bot's move and what it found: { moves =,
 * playouts =, visits =, win_rate =, margin =, failed =, worlds =, tries =,
 * own =, own_move =, sure =, rival =, gain =, unit =, stopped = } (search.h,
 * fuda_search_report; own, own_move and rival nil when there is none). */
static int m_search(lua_State *L) {
    match_ud *m = check_match(L, 1);
    const char *mv;
    fuda_search_report rep;
    if (fuda_search_move(m->e, check_seat(L, m->e, 2), &mv, &rep) < 0) return fail(L, m->e);
    lua_pushstring(L, mv);
    lua_createtable(L, 0, 15);
    lua_pushinteger(L, rep.nmoves), lua_setfield(L, -2, "moves");
    lua_pushinteger(L, rep.playouts), lua_setfield(L, -2, "playouts");
    lua_pushinteger(L, rep.visits), lua_setfield(L, -2, "visits");
    lua_pushnumber(L, rep.win_rate), lua_setfield(L, -2, "win_rate");
    lua_pushnumber(L, rep.margin), lua_setfield(L, -2, "margin");
    lua_pushinteger(L, rep.failed), lua_setfield(L, -2, "failed");
    lua_pushinteger(L, rep.worlds), lua_setfield(L, -2, "worlds");
    lua_pushinteger(L, rep.tries), lua_setfield(L, -2, "tries");
    static const char *const units[] = { "points", "hands", "matches" };
    if (rep.own) lua_pushstring(L, rep.own), lua_setfield(L, -2, "own");
    if (rep.own_move) lua_pushstring(L, rep.own_move), lua_setfield(L, -2, "own_move");
    lua_pushboolean(L, rep.sure), lua_setfield(L, -2, "sure");
    if (rep.rival) lua_pushstring(L, rep.rival), lua_setfield(L, -2, "rival");
    lua_pushnumber(L, rep.gain), lua_setfield(L, -2, "gain");
    lua_pushstring(L, units[rep.unit]), lua_setfield(L, -2, "unit");
    lua_pushboolean(L, rep.stopped), lua_setfield(L, -2, "stopped");
    return 2;
}

/* m:play_bots([names]) -- bots act for every seat until the hand is over.
 * Returns the number of moves made, or nil, message. */
static int m_play_bots(lua_State *L) {
    match_ud *m = check_match(L, 1);
    int nseats = fuda_engine_state(m->e)->nseats;
    long count = 0;
    while (fuda_engine_phase(m->e) == FUDA_PHASE_PLAYING) {
        unsigned a = fuda_engine_actors(m->e);
        for (int s = 1; s <= nseats; s++) {
            if (!(a & (1u << (s - 1)))) continue;
            const char *bot = "random";
            if (lua_istable(L, 2)) {
                lua_rawgeti(L, 2, s);
                if (lua_isstring(L, -1)) bot = lua_tostring(L, -1);
                lua_pop(L, 1);
            } else if (lua_isstring(L, 2)) {
                bot = lua_tostring(L, 2);
            }
            const char *mv;
            if (fuda_engine_bot_apply(m->e, s, bot, &mv) < 0) return fail(L, m->e);
            count++;
            break; /* actors may have changed */
        }
        if (count > 1000000) return luaL_error(L, "play_bots: no end after a million moves");
    }
    lua_pushinteger(L, count);
    return 1;
}

static int m_next_hand(lua_State *L) {
    match_ud *m = check_match(L, 1);
    if (fuda_engine_next_hand(m->e) < 0) return fail(L, m->e);
    lua_pushboolean(L, 1);
    return 1;
}

static int m_phase(lua_State *L) {
    static const char *const names[] = {"idle", "playing", "hand_over", "match_over"};
    match_ud *m = check_match(L, 1);
    lua_pushstring(L, names[fuda_engine_phase(m->e) & 3]);
    return 1;
}

static int m_pile(lua_State *L) {
    match_ud *m = check_match(L, 1);
    const fuda_state *st = fuda_engine_state(m->e);
    const char *name = luaL_checkstring(L, 2);
    int owner = lua_isnoneornil(L, 3) ? 0 : check_seat(L, m->e, 3);
    char base[64];
    if (fuda_engine_tables(m->e)) { /* a seat's pile at its table, NAME@T table T's shared pile */
        const char *at = strchr(name, '@');
        int t = owner ? fuda_engine_table_of(m->e, owner, &owner) : at ? atoi(at + 1) : 0;
        st = fuda_engine_table_state(m->e, t);
        if (!st) return luaL_error(L, "no pile '%s' (a seat's pile at its table, or NAME@TABLE)", name);
        snprintf(base, sizeof base, "%.*s", at ? (int)(at - name) : 63, name);
        name = base;
    }
    int p = fuda_pile_find(st, name, owner - 1);
    if (p < 0) return luaL_error(L, "no pile '%s'", name);
    int names = fuda_push_card_names(L);
    lua_createtable(L, st->piles[p].len, 0);
    for (int i = 0; i < st->piles[p].len; i++) {
        lua_rawgeti(L, names, fuda_pile_at(st, p, i));
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* Value of variable slot found by name in the engine's name tables. */
static int read_var(lua_State *L, fuda_engine *e, const char *name, int seat) {
    lua_State *E = fuda_engine_lua(e);
    lua_rawgeti(E, LUA_REGISTRYINDEX, fuda_engine_ref_varidx(e, seat));
    lua_getfield(E, -1, name);
    int isnum;
    int j = (int)lua_tointegerx(E, -1, &isnum);
    lua_pop(E, 2);
    if (!isnum) return luaL_error(L, "unknown variable '%s'", name);
    int k = seat ? fuda_engine_nvars(e) + j * FUDA_MAX_SEATS + seat - 1 : j;
    const fuda_state *st = fuda_engine_state(e);
    switch (st->var_type[k]) {
    case FUDA_VAR_INT: lua_pushinteger(L, st->var[k]); break;
    case FUDA_VAR_BOOL: lua_pushboolean(L, st->var[k]); break;
    case FUDA_VAR_SYM: lua_pushstring(L, fuda_sym_text(e, st->var[k])); break;
    default: lua_pushnil(L);
    }
    return 1;
}

static int m_var(lua_State *L) {
    match_ud *m = check_match(L, 1);
    return read_var(L, m->e, luaL_checkstring(L, 2), 0);
}

static int m_seat_var(lua_State *L) {
    match_ud *m = check_match(L, 1);
    int s = check_seat(L, m->e, 2);
    return read_var(L, m->e, luaL_checkstring(L, 3), s);
}

static int m_total(lua_State *L) {
    match_ud *m = check_match(L, 1);
    int s = check_seat(L, m->e, 2);
    lua_pushinteger(L, fuda_engine_total(m->e, s, fuda_lmatch_int_arg(L, 3, 1, 1, FUDA_MAX_COLS, "column")));
    return 1;
}

/* m:winners(): the seats the match format named winners at the match's end
 * (g:end_match(winners)), as a list; empty when it named none. */
static int m_winners(lua_State *L) {
    match_ud *m = check_match(L, 1);
    unsigned w = fuda_engine_winners(m->e);
    lua_newtable(L);
    for (int s = 1, n = 0; s <= FUDA_MAX_SEATS; s++)
        if (w & (1u << (s - 1))) {
            lua_pushinteger(L, s);
            lua_rawseti(L, -2, ++n);
        }
    return 1;
}

static int m_arrange(lua_State *L) {
    match_ud *m = check_match(L, 1);
    const char *name = luaL_checkstring(L, 2);
    int owner = lua_isnil(L, 3) ? 0 : check_seat(L, m->e, 3);
    fuda_card cards[FUDA_MAX_CARDS];
    int n = fuda_read_cards(L, 4, cards, FUDA_MAX_CARDS);
    if (fuda_engine_arrange(m->e, name, owner, cards, n, lua_toboolean(L, 5)) < 0)
        return luaL_error(L, "%s", fuda_engine_error(m->e));
    return 0;
}

/* m:events([seat]): the events this reader has not had yet -- all of them
 * without a seat, else those everybody or that seat may see. Each reader
 * keeps its own place. */
static int m_events(lua_State *L) {
    match_ud *m = check_match(L, 1);
    int seat = fuda_lmatch_int_arg(L, 2, 0, 0, FUDA_MAX_SEATS, "seat");
    if (m->overflow)
        return luaL_error(L, "the match said more than %d events or %d MiB: the rest were dropped",
                          MAX_KEPT_EVENTS, (int)(MAX_KEPT_EVENT_BYTES >> 20));
    unsigned bit = 1u << seat;
    lua_newtable(L);
    int n = 0;
    for (int i = 0; i < m->nevs; i++) {
        match_ev *ev = &m->evs[i];
        if (ev->read & bit) continue;
        if (seat == 0 || ev->seat == 0 || ev->seat == seat) {
            lua_pushstring(L, ev->text);
            lua_rawseti(L, -2, ++n);
        }
        ev->read |= bit;
    }
    return 1;
}

static int push_owned(lua_State *L, char *s, fuda_engine *e) {
    if (!s) return fail(L, e);
    lua_pushstring(L, s);
    free(s);
    return 1;
}

static int m_view(lua_State *L) {
    match_ud *m = check_match(L, 1);
    return push_owned(L, fuda_engine_view(m->e, fuda_lmatch_int_arg(L, 2, 0, 0, FUDA_MAX_SEATS, "seat")), m->e);
}

static int m_scoresheet(lua_State *L) {
    match_ud *m = check_match(L, 1);
    int width = fuda_lmatch_int_arg(L, 2, 0, 0, 10000, "width");
    return push_owned(L, fuda_engine_scoresheet_fit(m->e, width), m->e);
}

static int m_log(lua_State *L) {
    match_ud *m = check_match(L, 1);
    return push_owned(L, fuda_engine_log(m->e), m->e);
}

static int m_hash(lua_State *L) {
    match_ud *m = check_match(L, 1);
    char buf[32];
    snprintf(buf, sizeof buf, "%016llx", (unsigned long long)fuda_engine_hash(m->e));
    lua_pushstring(L, buf);
    return 1;
}

/* m:tallies() -> { name = count } of what the variant tallied so far */
static int m_tallies(lua_State *L) {
    match_ud *m = check_match(L, 1);
    const fuda_tally *t;
    int n = fuda_engine_tallies(m->e, &t);
    lua_createtable(L, 0, n);
    for (int i = 0; i < n; i++) {
        lua_pushinteger(L, t[i].count);
        lua_setfield(L, -2, t[i].name);
    }
    return 1;
}

static int m_moves_made(lua_State *L) {
    match_ud *m = check_match(L, 1);
    lua_pushinteger(L, fuda_engine_move_count(m->e));
    return 1;
}

/* m:mark() -> a fuda.Mark of the point the match is at now */
typedef struct mark_ud { unsigned tag; int nevs; fuda_mark mk; } mark_ud;

static int m_mark(lua_State *L) {
    match_ud *m = check_match(L, 1);
    mark_ud *k = (mark_ud *)lua_newuserdatauv(L, sizeof *k, 0);
    k->tag = FUDA_TAG_MARK;
    k->nevs = m->nevs;
    if (fuda_engine_mark(m->e, &k->mk) < 0) return luaL_error(L, "%s", fuda_engine_error(m->e));
    luaL_setmetatable(L, FUDA_MARK_T);
    return 1;
}

/* m:undo_to(mark) -> true, or nil, message (nothing changed); the events
 * after the mark are forgotten too. */
static int m_undo_to(lua_State *L) {
    match_ud *m = check_match(L, 1);
    mark_ud *k = (mark_ud *)fuda_checkud(L, 2, FUDA_TAG_MARK, FUDA_MARK_T);
    if (fuda_engine_undo_to(m->e, &k->mk) < 0) return fail(L, m->e);
    drop_events(m, k->nevs);
    lua_pushboolean(L, 1);
    return 1;
}

static const luaL_Reg match_methods[] = {
    {"moves", m_moves}, {"apply", m_apply}, {"try", m_try}, {"confirm", m_confirm}, {"actors", m_actors},
    {"claim", m_claim},
    {"bot", m_bot}, {"search", m_search}, {"play_bots", m_play_bots}, {"next_hand", m_next_hand}, {"phase", m_phase},
    {"winners", m_winners},
    {"pile", m_pile}, {"var", m_var}, {"seat_var", m_seat_var}, {"total", m_total},
    {"arrange", m_arrange}, {"events", m_events}, {"view", m_view}, {"scoresheet", m_scoresheet},
    {"log", m_log}, {"hash", m_hash}, {"move_count", m_moves_made}, {"tallies", m_tallies}, {"free", m_free},
    {"mark", m_mark}, {"undo_to", m_undo_to},
    {NULL, NULL}
};

/* A fuda.Match with no engine yet, pushed on the stack. */
match_ud *fuda_lmatch_push(lua_State *L) {
    match_ud *m = (match_ud *)lua_newuserdatauv(L, sizeof *m, 0);
    memset(m, 0, sizeof *m);
    m->tag = FUDA_TAG_MATCH;
    luaL_setmetatable(L, FUDA_MATCH_T);
    return m;
}

/* m owns engine e from now on (NULL: out of memory, raised). */
void fuda_lmatch_set_engine(lua_State *L, match_ud *m, fuda_engine *e) {
    if (!e) luaL_error(L, "out of memory");
    m->e = e;
    fuda_engine_on_event(m->e, on_event, m);
}

void fuda_lmatch_types(lua_State *L) {
    if (luaL_newmetatable(L, FUDA_MATCH_T)) {
        luaL_newlib(L, match_methods);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, m_free);
        lua_setfield(L, -2, "__gc");
    }
    lua_pop(L, 1);
    luaL_newmetatable(L, FUDA_MARK_T);
    lua_pop(L, 1);
}

fuda_engine *fuda_match_engine(lua_State *L, int idx) {
    return check_match(L, idx)->e;
}
