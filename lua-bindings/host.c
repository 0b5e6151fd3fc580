/* host.c -- authors' scripts and the REPL's Lua lines (see host.h), and
 * fuda.match: a match of any variant driven from a script, one engine each
 * (the matches of one kind share their loaded variant: host_share.c).
 *
 * A fuda.Match owns its engine; m:free() (or garbage collection) frees it, and
 * any later call on the handle fails with "match was freed".
 *
 * m:mark() returns a fuda.Mark (a copy of the point the match is at, see
 * fuda_engine_mark); m:undo_to(mark) goes back to it, events included. */
#include <limits.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "lfuda.h"
#include "host.h"
#include "search.h"

struct fuda_host {
    lua_State *L;
    fuda_config cfg;
    char **search;
    char *exe;
    int ref_env;
    char *out;
};

/* An event, and the readers (bit 0: m:events(), bit k: m:events(k)) that
 * have had it already. */
typedef struct match_ev { int seat; unsigned read; char *text; } match_ev;

typedef struct match_ud {
    unsigned tag;
    fuda_engine *e;
    match_ev *evs;
    int nevs, capevs;
    size_t evbytes;    /* the events' texts kept */
    int overflow;      /* more than MAX_KEPT_EVENTS / _EVENT_BYTES came: m:events raises */
} match_ud;

/* A match keeps its events for its readers: at most these many (a stranger's
 * variant may say a lot over a long match, and nothing caps the host). */
#define MAX_KEPT_EVENTS 1000000
#define MAX_KEPT_EVENT_BYTES ((size_t)64 << 20)

static const char HOSTCFG_KEY = 'h';

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

static void free_match(match_ud *m) {
    if (m->e) fuda_engine_free(m->e);
    m->e = NULL;
    clear_events(m);
    free(m->evs);
    m->evs = NULL;
    m->capevs = 0;
}

static int m_free(lua_State *L) {
    free_match((match_ud *)fuda_checkud(L, 1, FUDA_TAG_MATCH, FUDA_MATCH_T));
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
static int int_arg(lua_State *L, int idx, lua_Integer def, lua_Integer lo, lua_Integer hi, const char *what) {
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
    int seat = int_arg(L, 2, 0, INT_MIN, INT_MAX, "seat");
    if (fuda_engine_apply(m->e, seat, luaL_checkstring(L, 3)) < 0) return fail(L, m->e);
    lua_pushboolean(L, 1);
    return 1;
}

static int m_try(lua_State *L) {
    match_ud *m = check_match(L, 1);
    luaL_checkinteger(L, 2);
    int seat = int_arg(L, 2, 0, INT_MIN, INT_MAX, "seat");
    if (fuda_engine_try(m->e, seat, luaL_checkstring(L, 3)) < 0) return fail(L, m->e);
    lua_pushboolean(L, 1);
    return 1;
}

/* m:confirm(seat, move) -> what the variant's confirm hook says the move
 * throws away, nil (nothing to ask), or nil, message (the hook failed). */
static int m_confirm(lua_State *L) {
    match_ud *m = check_match(L, 1);
    luaL_checkinteger(L, 2);
    int seat = int_arg(L, 2, 0, INT_MIN, INT_MAX, "seat");
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
    lua_State *E = e->L;
    lua_rawgeti(E, LUA_REGISTRYINDEX, seat ? e->ref_seatvaridx : e->ref_varidx);
    lua_getfield(E, -1, name);
    int isnum;
    int j = (int)lua_tointegerx(E, -1, &isnum);
    lua_pop(E, 2);
    if (!isnum) return luaL_error(L, "unknown variable '%s'", name);
    int k = seat ? e->nvars + j * FUDA_MAX_SEATS + seat - 1 : j;
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
    lua_pushinteger(L, fuda_engine_total(m->e, s, int_arg(L, 3, 1, 1, FUDA_MAX_COLS, "column")));
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
    int seat = int_arg(L, 2, 0, 0, FUDA_MAX_SEATS, "seat");
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
    return push_owned(L, fuda_engine_view(m->e, int_arg(L, 2, 0, 0, FUDA_MAX_SEATS, "seat")), m->e);
}

static int m_scoresheet(lua_State *L) {
    match_ud *m = check_match(L, 1);
    int width = int_arg(L, 2, 0, 0, 10000, "width");
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

/* The host's limits, or those of the `limits` table at index lim (0: none):
 * { memory = MiB, instructions =, time = ms }. */
static fuda_config match_config(lua_State *L, int lim) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &HOSTCFG_KEY);
    fuda_config cfg = { 0 };
    if (lua_touserdata(L, -1)) cfg = *(const fuda_config *)lua_touserdata(L, -1);
    lua_pop(L, 1);
    if (lim && lua_getfield(L, lim, "limits") == LUA_TTABLE) {
        static const char *const fields[] = {"memory", "instructions", "time", NULL};
        fuda_check_fields(L, -1, "fuda.match: limits", fields);
        lua_getfield(L, -1, "memory");
        lua_Integer mem = luaL_optinteger(L, -1, 0);
        luaL_argcheck(L, mem >= 0 && mem <= (1 << 20), 1, "limits.memory is MiB from 1 to 1048576");
        if (mem) cfg.mem_limit = (size_t)mem << 20;
        lua_getfield(L, -2, "instructions");
        lua_Integer ins = luaL_optinteger(L, -1, cfg.instr_limit);
        lua_getfield(L, -3, "time");
        lua_Integer ms = luaL_optinteger(L, -1, cfg.time_limit);
        luaL_argcheck(L, ins >= 0 && ms >= 0 && ins <= (1LL << 40) && ms <= 24LL * 3600 * 1000, 1,
                      "limits must not be negative (nor past 2^40 instructions, a day)");
        cfg.instr_limit = (long)ins, cfg.time_limit = (long)ms;
        lua_pop(L, 3);
    }
    if (lim) lua_pop(L, 1);
    return cfg;
}

/* A fuda.Match with no engine yet, pushed on the stack. */
static match_ud *push_match(lua_State *L) {
    match_ud *m = (match_ud *)lua_newuserdatauv(L, sizeof *m, 0);
    memset(m, 0, sizeof *m);
    m->tag = FUDA_TAG_MATCH;
    luaL_setmetatable(L, FUDA_MATCH_T);
    return m;
}

/* m owns engine e from now on (NULL: out of memory, raised). */
static void set_engine(lua_State *L, match_ud *m, fuda_engine *e) {
    if (!e) luaL_error(L, "out of memory");
    m->e = e;
    fuda_engine_on_event(m->e, on_event, m);
}

/* A new engine wrapped in a fuda.Match, pushed on the stack, with the
 * limits of match_config. */
static match_ud *new_match(lua_State *L, int lim) {
    fuda_config cfg = match_config(L, lim);
    match_ud *m = push_match(L);
    set_engine(L, m, fuda_engine_new(&cfg));
    return m;
}

/* fuda.match{ variant =, seats =, seed =, options = { k = v }, limits = { ... } } */
static int l_match(lua_State *L) {
    static const char *const fields[] = {"variant", "seats", "seed", "options", "limits", NULL};
    luaL_checktype(L, 1, LUA_TTABLE);
    fuda_check_fields(L, 1, "fuda.match", fields);
    lua_getfield(L, 1, "variant");
    const char *variant = luaL_checkstring(L, -1);
    lua_getfield(L, 1, "seats");
    int seats = int_arg(L, lua_gettop(L), 0, 0, FUDA_MAX_SEATS, "seats");
    lua_getfield(L, 1, "seed");
    lua_Integer seed = luaL_optinteger(L, -1, 1);
    lua_pop(L, 2);
    /* options as "k=v" strings */
    const char *sets[FUDA_MAX_OPTS];
    int nsets = 0;
    lua_newtable(L);
    int keep = lua_gettop(L);
    if (lua_getfield(L, 1, "options") == LUA_TTABLE) {
        lua_pushnil(L);
        while (lua_next(L, -2) && nsets < FUDA_MAX_OPTS) {
            const char *v = luaL_tolstring(L, -1, NULL);        /* key, value, vtext */
            lua_pushfstring(L, "%s=%s", lua_tostring(L, -3), v);
            sets[nsets] = lua_tostring(L, -1);
            lua_rawseti(L, keep, ++nsets);                     /* anchored in keep */
            lua_pop(L, 2);
        }
    }
    lua_pop(L, 1);
    fuda_config cfg = match_config(L, 1);
    match_ud *m = push_match(L);
    set_engine(L, m, fuda_host_variant(L, &cfg, variant, sets, nsets));
    if (fuda_engine_start(m->e, seats, (uint64_t)seed) < 0) {
        lua_pushstring(L, fuda_engine_error(m->e));
        free_match(m);
        return lua_error(L);
    }
    return 1;
}

/* fuda.replay(log [, upto [, variant]]) -> match: the log's variant is
 * looked up by name on the search path, unless `variant` (a name or a path)
 * names it. */
static int l_replay(lua_State *L) {
    size_t len;
    const char *log = luaL_checklstring(L, 1, &len);
    lua_Integer n = luaL_optinteger(L, 2, -1);
    const char *variant = luaL_optstring(L, 3, NULL);
    luaL_argcheck(L, n >= -1 && n <= LONG_MAX, 2, "not a move count");
    match_ud *m = new_match(L, 0);
    if (fuda_engine_replay_as(m->e, variant, "log", log, len, (long)n) < 0) {
        lua_pushstring(L, fuda_engine_error(m->e));
        free_match(m);
        return lua_error(L);
    }
    return 1;
}

/* fuda.list() -> names of the built-in variants */
static int l_list(lua_State *L) {
    match_ud *m = new_match(L, 0);
    char **names;
    int n = fuda_engine_list(m->e, &names);
    lua_createtable(L, n > 0 ? n : 0, 0);
    for (int i = 0; i < n; i++) {
        lua_pushstring(L, names[i]);
        lua_rawseti(L, -2, i + 1);
    }
    fuda_free_names(names);
    return 1;
}

/* fuda.search_budget{ iters = N } or { think = MS }: the search bot's budget
 * per decision from now on, for every match of the process (as --iters and
 * --think); returns the budget that was set before, in the same shape. */
static int l_search_budget(lua_State *L) {
    static const char *const fields[] = {"iters", "think", NULL};
    luaL_checktype(L, 1, LUA_TTABLE);
    fuda_check_fields(L, 1, "fuda.search_budget", fields);
    lua_getfield(L, 1, "iters");
    lua_Integer iters = luaL_optinteger(L, -1, 0);
    lua_getfield(L, 1, "think");
    lua_Integer think = luaL_optinteger(L, -1, 0);
    luaL_argcheck(L, (iters > 0) != (think > 0), 1, "give one of iters (playouts) or think (ms), above 0");
    luaL_argcheck(L, iters <= 100000000 && think <= 3600000, 1, "iters at most 1e8, think at most 3600000 ms");
    long ms, n;
    fuda_search_budget(&ms, &n);
    lua_createtable(L, 0, 1);
    lua_pushinteger(L, n > 0 ? n : ms);
    lua_setfield(L, -2, n > 0 ? "iters" : "think");
    fuda_search_set_budget(think > 0 ? (long)think : ms, (long)iters);
    return 1;
}

/* Lines "TAG PATH" of a walk into the table on top: t[TAG] a list. */
static void push_walk(lua_State *L, const char *text) {
    lua_newtable(L);
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n'), *sp = strchr(p, ' ');
        if (!nl) nl = p + strlen(p);
        if (sp && sp < nl) {
            lua_pushlstring(L, p, (size_t)(sp - p));
            if (lua_rawget(L, -2) == LUA_TNIL) {
                lua_pop(L, 1);
                lua_newtable(L);
                lua_pushlstring(L, p, (size_t)(sp - p));
                lua_pushvalue(L, -2);
                lua_rawset(L, -4);
            }
            lua_pushlstring(L, sp + 1, (size_t)(nl - sp - 1));
            lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
            lua_pop(L, 1);
        }
        p = *nl ? nl + 1 : nl;
    }
}

static int push_walk_protected(lua_State *L) {
    push_walk(L, (const char *)lua_touserdata(L, lua_upvalueindex(1)));
    return 1;
}

/* fuda.surface([m]) -> { reached = {paths}, unlisted = {...}, stale = {...},
 * list = { name = bound } }: the walk of surface.c over a match's engine
 * (a variant's surface) or, without one, over this host state. */
static int l_surface(lua_State *L) {
    char *text;
    char want = 'h';
    if (lua_isnoneornil(L, 1)) {
        text = fuda_surface_host(L);
    } else {
        match_ud *m = check_match(L, 1);
        if (!(text = fuda_surface_engine(m->e))) return fail(L, m->e);
        want = 'v';
    }
    lua_pushlightuserdata(L, text);
    lua_pushcclosure(L, push_walk_protected, 1);
    int rc = lua_pcall(L, 0, 1, 0);
    free(text);
    if (rc != LUA_OK) return lua_error(L);
    lua_newtable(L);
    char scope;
    const char *name, *bound;
    for (int i = 0; fuda_surface_entry(i, &scope, &name, &bound); i++) {
        if (scope != 'b' && scope != want) continue;
        lua_pushstring(L, bound);
        lua_setfield(L, -2, name);
    }
    lua_setfield(L, -2, "list");
    return 1;
}

static const luaL_Reg host_module_funcs[] = {
    {"match", l_match}, {"replay", l_replay}, {"list", l_list}, {"search_budget", l_search_budget},
    {"surface", l_surface},
    {NULL, NULL}
};

void fuda_open_match(lua_State *L) {
    if (luaL_newmetatable(L, FUDA_MATCH_T)) {
        luaL_newlib(L, match_methods);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, m_free);
        lua_setfield(L, -2, "__gc");
    }
    lua_pop(L, 1);
    luaL_newmetatable(L, FUDA_MARK_T);
    lua_pop(L, 1);
    luaL_setfuncs(L, host_module_funcs, 0);
}

/* The `fuda` table of a host script: the game's module less the loader,
 * with fuda.match and the rest of host_module_funcs. */
static void open_host_libs(lua_State *L) {
    static const char *const none[] = {NULL};
    fuda_game_types(L);
    fuda_open_module(L, 1);
    fuda_open_match(L);
    fuda_strict_own(L, -1, "fuda", none); /* fuda.crad raises, "did you mean 'card'?" */
}

/* `require "fuda"` in a stock lua5.4, when fuda is built as a C module. */
int luaopen_fuda(lua_State *L);
int luaopen_fuda(lua_State *L) {
    open_host_libs(L);
    return 1;
}

/* ---- the host ---- */

fuda_host *fuda_host_new(const fuda_config *cfg) {
    fuda_host *h = (fuda_host *)calloc(1, sizeof *h);
    if (!h) return NULL;
    if (cfg) h->cfg = *cfg;
    h->cfg.paranoid = 1; /* scripts are tests: check the state after every hook */
    h->L = fuda_sandbox_host_state(open_host_libs);
    if (!h->L) {
        free(h);
        return NULL;
    }
    lua_pushlightuserdata(h->L, &h->cfg);
    lua_rawsetp(h->L, LUA_REGISTRYINDEX, &HOSTCFG_KEY);
    /* a plain (not strict) environment over the safe names */
    lua_newtable(h->L);
    fuda_sandbox_env(h->L);
    lua_pushnil(h->L);
    lua_setmetatable(h->L, -2);
    lua_newtable(h->L);
    lua_insert(h->L, -2);
    lua_setfield(h->L, -2, "__index");
    lua_setmetatable(h->L, -2);
    lua_pushvalue(h->L, -1);
    lua_setfield(h->L, -2, "_G");
    lua_pushvalue(h->L, -1);
    lua_setglobal(h->L, "_FUDA_HOST_ENV"); /* the real globals: dofile runs files here */
    h->ref_env = luaL_ref(h->L, LUA_REGISTRYINDEX);
    return h;
}

void fuda_host_free(fuda_host *h) {
    if (!h) return;
    lua_close(h->L);
    free(h->out);
    free(h);
}

static void set_out(fuda_host *h, const char *s) {
    free(h->out);
    h->out = strdup(s ? s : "");
}

static int traceback(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    if (!msg) msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    luaL_traceback(L, L, msg, 1);
    return 1;
}

int fuda_host_run(fuda_host *h, const char *path, int argc, char **argv, const char **err) {
    lua_State *L = h->L;
    lua_settop(L, 0);
    fuda_host_forget_variants(L);
    lua_pushcfunction(L, traceback);
    if (luaL_loadfilex(L, path, "t") != LUA_OK) {
        set_out(h, lua_tostring(L, -1));
        *err = h->out;
        return -1;
    }
    if (!lua_checkstack(L, argc + 8)) { /* the arguments go on the stack as ... */
        lua_settop(L, 0);
        set_out(h, "too many arguments for a Lua script");
        *err = h->out;
        return -1;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->ref_env);
    lua_createtable(L, argc, 1);
    lua_pushstring(L, path);
    lua_rawseti(L, -2, 0);
    for (int i = 0; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "arg");
    lua_setupvalue(L, -2, 1);
    for (int i = 0; i < argc; i++) lua_pushstring(L, argv[i]); /* also as ... */
    if (lua_pcall(L, argc, 0, 1) != LUA_OK) {
        set_out(h, lua_tostring(L, -1));
        *err = h->out;
        lua_settop(L, 0);
        return -1;
    }
    lua_settop(L, 0);
    return 0;
}

/* ---- showing a result (the REPL) ----
 * A table prints its contents, { "7h", "8h", n = 2 }: the list part first,
 * then the other keys (strings sorted, then the rest). Only raw reads, so no
 * metamethod (nor any other script code) runs; a table met again on its own
 * path prints as <cycle>, nesting deeper than SHOW_DEPTH as {...}, after
 * SHOW_ITEMS values in all the rest is "...", and a string longer than
 * SHOW_STRING is cut ("..." after it). Values inside tables never run
 * __tostring either: a function or userdata prints as its type and address. */
#define SHOW_DEPTH 4
#define SHOW_ITEMS 200
#define SHOW_STRING 200

typedef struct shower {
    char *p;
    size_t len, cap;
    const void *path[SHOW_DEPTH + 1]; /* the tables being shown, outermost first */
    int depth;
    int items;
} shower;

static void show_add(shower *w, const char *s, size_t n) {
    if (w->len + n + 1 > w->cap) {
        size_t cap = (w->cap + n + 1) * 2;
        char *p = (char *)realloc(w->p, cap);
        if (!p) return; /* out of memory: the text is cut */
        w->p = p, w->cap = cap;
    }
    memcpy(w->p + w->len, s, n);
    w->len += n;
    w->p[w->len] = '\0';
}

static void show_adds(shower *w, const char *s) { show_add(w, s, strlen(s)); }

static void show_value(lua_State *L, shower *w, int idx);

static void show_string(shower *w, const char *s, size_t len) {
    show_adds(w, "\"");
    for (size_t i = 0; i < len && i < SHOW_STRING; i++) {
        unsigned char ch = (unsigned char)s[i];
        char esc[8];
        if (ch == '"' || ch == '\\') {
            esc[0] = '\\', esc[1] = (char)ch;
            show_add(w, esc, 2);
        } else if (ch == '\n') {
            show_adds(w, "\\n");
        } else if (ch < 32 || ch == 127) {
            snprintf(esc, sizeof esc, "\\%d", ch);
            show_adds(w, esc);
        } else {
            show_add(w, (const char *)&s[i], 1);
        }
    }
    show_adds(w, len > SHOW_STRING ? "\"..." : "\"");
}

/* Is s (len bytes) a Lua name, not a keyword, of at most NAME_MAX_LEN bytes? */
#define NAME_MAX_LEN 256
static int is_name(const char *s, size_t len) {
    static const char *const keywords[] = { "and", "break", "do", "else", "elseif", "end", "false", "for",
                                            "function", "goto", "if", "in", "local", "nil", "not", "or",
                                            "repeat", "return", "then", "true", "until", "while", NULL };
    if (len == 0 || len > NAME_MAX_LEN || (s[0] >= '0' && s[0] <= '9')) return 0;
    for (size_t i = 0; i < len; i++)
        if (!(s[i] == '_' || (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
              (s[i] >= '0' && s[i] <= '9')))
            return 0;
    for (const char *const *k = keywords; *k; k++)
        if (strlen(*k) == len && memcmp(*k, s, len) == 0) return 0;
    return 1;
}

/* A key, as it is written before " = ". */
static void show_key(lua_State *L, shower *w, int idx) {
    size_t len;
    if (lua_type(L, idx) == LUA_TSTRING) {
        const char *s = lua_tolstring(L, idx, &len);
        if (is_name(s, len)) {
            show_add(w, s, len);
            return;
        }
    }
    show_adds(w, "[");
    show_value(L, w, idx);
    show_adds(w, "]");
}

/* Does key a come before key b? Strings in byte order, then numbers, then
 * the others by type (their order among themselves is the table's). */
static int key_before(lua_State *L, int a, int b) {
    int ta = lua_type(L, a), tb = lua_type(L, b);
    if (ta == LUA_TSTRING && tb == LUA_TSTRING) return strcmp(lua_tostring(L, a), lua_tostring(L, b)) < 0;
    if (ta == LUA_TNUMBER && tb == LUA_TNUMBER) return lua_tonumber(L, a) < lua_tonumber(L, b);
    if (ta == tb) return 0;
    if (ta == LUA_TSTRING) return 1;
    if (tb == LUA_TSTRING) return 0;
    if (ta == LUA_TNUMBER) return 1;
    if (tb == LUA_TNUMBER) return 0;
    return ta < tb;
}

/* The keys of the table at idx but its list part 1..n, at most SHOW_ITEMS + 1
 * of them, sorted, as a new list on the stack (insertion sort: few keys). */
static void sorted_keys(lua_State *L, int idx, lua_Integer n) {
    lua_newtable(L);
    int keys = lua_gettop(L);
    lua_Integer k = 0;
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {
        lua_pop(L, 1);
        if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 && lua_tointeger(L, -1) <= n) continue;
        lua_Integer j = k++;
        for (; j >= 1; j--) { /* shift the keys after this one up */
            lua_rawgeti(L, keys, j);
            int after = key_before(L, -2, -1);
            if (!after) {
                lua_pop(L, 1);
                break;
            }
            lua_rawseti(L, keys, j + 1);
        }
        lua_pushvalue(L, -1);
        lua_rawseti(L, keys, j + 1);
        if (k > SHOW_ITEMS) {
            lua_pop(L, 1);
            break;
        }
    }
}

static void show_table(lua_State *L, shower *w, int idx) {
    const void *p = lua_topointer(L, idx);
    for (int i = 0; i < w->depth; i++)
        if (w->path[i] == p) {
            show_adds(w, "<cycle>");
            return;
        }
    if (w->depth >= SHOW_DEPTH) {
        show_adds(w, "{...}");
        return;
    }
    luaL_checkstack(L, 8, "showing a table");
    w->path[w->depth++] = p;
    lua_Integer n = 0;
    int first = 1;
    show_adds(w, "{");
    while (w->items < SHOW_ITEMS && lua_rawgeti(L, idx, n + 1) != LUA_TNIL) {
        show_adds(w, first ? " " : ", ");
        first = 0;
        w->items++;
        show_value(L, w, lua_gettop(L));
        lua_pop(L, 1);
        n++;
    }
    lua_pop(L, 1);
    int more = w->items >= SHOW_ITEMS;
    if (!more) {
        sorted_keys(L, idx, n);
        int keys = lua_gettop(L);
        lua_Integer nk = (lua_Integer)lua_rawlen(L, keys);
        for (lua_Integer k = 1; k <= nk && !more; k++) {
            if (w->items >= SHOW_ITEMS) {
                more = 1;
                break;
            }
            show_adds(w, first ? " " : ", ");
            first = 0;
            w->items++;
            lua_rawgeti(L, keys, k);
            show_key(L, w, lua_gettop(L));
            show_adds(w, " = ");
            lua_rawget(L, idx);
            show_value(L, w, lua_gettop(L));
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    if (more) show_adds(w, first ? " ..." : ", ...");
    show_adds(w, first ? "}" : " }");
    w->depth--;
}

/* One value at idx, shown. */
static void show_value(lua_State *L, shower *w, int idx) {
    char tmp[64];
    size_t len;
    const char *s;
    switch (lua_type(L, idx)) {
    case LUA_TSTRING:
        s = lua_tolstring(L, idx, &len);
        show_string(w, s, len);
        break;
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx)) snprintf(tmp, sizeof tmp, LUA_INTEGER_FMT, lua_tointeger(L, idx));
        else snprintf(tmp, sizeof tmp, LUA_NUMBER_FMT, lua_tonumber(L, idx));
        show_adds(w, tmp);
        break;
    case LUA_TBOOLEAN: show_adds(w, lua_toboolean(L, idx) ? "true" : "false"); break;
    case LUA_TNIL: show_adds(w, "nil"); break;
    case LUA_TTABLE: show_table(L, w, idx); break;
    default:
        snprintf(tmp, sizeof tmp, "%s: %p", luaL_typename(L, idx), lua_topointer(L, idx));
        show_adds(w, tmp);
        break;
    }
}

/* Push the text of the table at idx (protected by the caller's pcall: only
 * running out of stack or memory raises). */
static int show_pushed(lua_State *L) {
    shower w = { NULL, 0, 0, { NULL }, 0, 0 };
    show_value(L, &w, 1);
    lua_pushstring(L, w.p ? w.p : "");
    free(w.p);
    return 1;
}

/* Is the syntax error on top of the stack an unfinished statement? */
static int incomplete(lua_State *L) {
    size_t len;
    const char *msg = lua_tolstring(L, -1, &len);
    return msg && len >= 5 && strcmp(msg + len - 5, "<eof>") == 0;
}

int fuda_host_eval(fuda_host *h, const char *chunk, const char **out) {
    lua_State *L = h->L;
    lua_settop(L, 0);
    fuda_host_forget_variants(L); /* a variant edited since the last line is read afresh */
    lua_pushcfunction(L, traceback);
    const char *ret = lua_pushfstring(L, "return %s;", chunk);
    int rc = luaL_loadbufferx(L, ret, strlen(ret), "=stdin", "t");
    lua_remove(L, -2);
    if (rc != LUA_OK) {
        lua_pop(L, 1);
        rc = luaL_loadbufferx(L, chunk, strlen(chunk), "=stdin", "t");
        if (rc == LUA_ERRSYNTAX && incomplete(L)) {
            lua_settop(L, 0);
            return 1;
        }
        if (rc != LUA_OK) {
            set_out(h, lua_tostring(L, -1));
            *out = h->out;
            lua_settop(L, 0);
            return -1;
        }
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->ref_env);
    lua_setupvalue(L, -2, 1);
    if (lua_pcall(L, 0, LUA_MULTRET, 1) != LUA_OK) {
        set_out(h, lua_tostring(L, -1));
        *out = h->out;
        lua_settop(L, 0);
        return -1;
    }
    luaL_Buffer b;
    int n = lua_gettop(L);
    luaL_buffinit(L, &b);
    for (int i = 2; i <= n; i++) {
        if (i > 2) luaL_addchar(&b, '\t');
        if (lua_type(L, i) == LUA_TTABLE) {
            lua_pushcfunction(L, show_pushed);
            lua_pushvalue(L, i);
            if (lua_pcall(L, 1, 1, 0) != LUA_OK) lua_pushliteral(L, "<table: too big to show>");
            luaL_addvalue(&b);
        } else {
            luaL_tolstring(L, i, NULL);
            luaL_addvalue(&b);
        }
    }
    luaL_pushresult(&b);
    set_out(h, lua_tostring(L, -1));
    *out = h->out;
    lua_settop(L, 0);
    return 0;
}

/* ---- Tab completion of Lua names (the REPL) ----
 * Tables are read with raw access only (lua_rawget, lua_next,
 * lua_getmetatable): no metamethod, so no script code, runs. __index is
 * followed only when it is a table, at most WALK_DEPTH times (a cycle ends
 * there), and at most WALK_KEYS keys are looked at in all. */

#define WALK_DEPTH 16
#define WALK_KEYS 100000
#define WALK_NAME_MAX NAME_MAX_LEN

typedef struct complete_req {
    const char *word;
    fuda_host_add_fn add;
    void *ud;
} complete_req;

/* Replace the value on top with its metatable's __index when that is a
 * table; 0 (top popped) otherwise. */
static int next_index(lua_State *L) {
    if (!lua_getmetatable(L, -1)) {
        lua_pop(L, 1);
        return 0;
    }
    lua_pushliteral(L, "__index");
    lua_rawget(L, -2);
    lua_remove(L, -2);
    lua_remove(L, -2);
    if (lua_type(L, -1) == LUA_TTABLE) return 1;
    lua_pop(L, 1);
    return 0;
}

/* Replace the value on top with its field key (raw, along the __index
 * tables); nil when there is none. */
static void raw_field(lua_State *L, const char *key, size_t len) {
    for (int d = 0; d < WALK_DEPTH; d++) {
        if (lua_type(L, -1) == LUA_TTABLE) {
            lua_pushlstring(L, key, len);
            if (lua_rawget(L, -2) != LUA_TNIL) {
                lua_remove(L, -2);
                return;
            }
            lua_pop(L, 1);
        }
        if (!next_index(L)) {
            lua_pushnil(L);
            return;
        }
    }
    lua_pop(L, 1);
    lua_pushnil(L);
}

/* Call add(head .. key) for each name key of the value on top (popped) and
 * of its __index tables that starts with prefix. */
static void list_names(lua_State *L, const complete_req *r, size_t headlen, const char *prefix) {
    char name[2 * WALK_NAME_MAX + 2];
    size_t plen = strlen(prefix);
    long budget = WALK_KEYS;
    int base = lua_gettop(L);
    for (int d = 0; d < WALK_DEPTH && budget > 0; d++) {
        if (lua_type(L, -1) == LUA_TTABLE) {
            lua_pushnil(L);
            while (budget-- > 0 && lua_next(L, -2)) {
                lua_pop(L, 1);
                size_t len;
                const char *key = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
                if (key && is_name(key, len) && len >= plen && memcmp(key, prefix, plen) == 0) {
                    memcpy(name, r->word, headlen);
                    memcpy(name + headlen, key, len);
                    name[headlen + len] = '\0';
                    r->add(r->ud, name);
                }
            }
            lua_settop(L, base);
        }
        if (!next_index(L)) return;
    }
    lua_settop(L, base - 1);
}

/* lua_CFunction: the walk for the complete_req at index 1, the globals at 2. */
static int complete_walk(lua_State *L) {
    const complete_req *r = lua_touserdata(L, 1);
    const char *w = r->word, *sep = NULL;
    for (const char *p = w; *p; p++)
        if (*p == '.' || *p == ':') sep = p;
    if (strlen(w) > WALK_NAME_MAX) return 0;
    size_t headlen = sep ? (size_t)(sep - w) + 1 : 0;
    const char *seg = w;
    while (sep && seg < sep) { /* down the path a.b.c */
        size_t len = strcspn(seg, ".:");
        if (seg + len != sep && seg[len] == ':') return 0; /* a:b.c is no name */
        if (!is_name(seg, len)) return 0;
        raw_field(L, seg, len);
        seg += len + 1;
    }
    list_names(L, r, headlen, sep ? sep + 1 : w);
    return 0;
}

void fuda_host_complete(fuda_host *h, const char *word, fuda_host_add_fn add, void *ud) {
    lua_State *L = h->L;
    int top = lua_gettop(L);
    complete_req r = { word, add, ud };
    if (lua_checkstack(L, 8)) {
        lua_pushcfunction(L, complete_walk);
        lua_pushlightuserdata(L, &r);
        lua_rawgeti(L, LUA_REGISTRYINDEX, h->ref_env);
        lua_pcall(L, 2, 0, 0); /* out of memory: fewer names, nothing more */
    }
    lua_settop(L, top);
}
