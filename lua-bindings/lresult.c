/* lresult.c -- a hand's and a match's outcome: g:score and g:total (the
 * columns of the scoresheet), g:result (how a hand ended, through the
 * variant's result and match hooks), g:end_hand and g:end_match. Once the
 * hand ended its result is final, and once the match ended (g:end_match)
 * everything that would change it raises. */
#include <lauxlib.h>
#include "game_impl.h"
#include "strict.h"

static int check_col(lua_State *L, int idx) {
    lua_Integer c = luaL_optinteger(L, idx, 1);
    luaL_argcheck(L, c >= 1 && c <= FUDA_MAX_COLS, idx, "column must be 1..4");
    return (int)c - 1;
}

/* The total of seat s (from 0) in column col: at a table of several, the
 * match's total of the seat at place s. */
static int32_t *total_of(fuda_play *pl, int col, int s) {
    fuda_tables *tb = fuda_engine_tables_of(fuda_play_engine(pl));
    if (tb && tb->active) return &tb->slot[0].total[col][fuda_tables_seat(tb, s + 1) - 1];
    return &pl->st->total[col][s];
}

/* Add pts to seat s's total in column col (both from 0) with a scoresheet
 * line; raises on a total out of range or out of memory. */
static void add_score(lua_State *L, fuda_play *pl, int s, lua_Integer pts, const char *note, int col) {
    int32_t *tot = total_of(pl, col, s);
    int64_t t = (int64_t)*tot + pts;
    if (t > INT32_MAX || t < INT32_MIN) luaL_error(L, "score: total out of range");
    *tot = (int32_t)t;
    if (fuda_engine_record(fuda_play_engine(pl), s + 1, col + 1, (int)pts, note) < 0)
        luaL_error(L, "score: out of memory");
}

void fuda_game_add_score(lua_State *L, fuda_engine *e, int s, lua_Integer pts, const char *note, int col) {
    add_score(L, fuda_play_of(e), s, pts, note, col);
}

/* A score is written while the hand is on (or in setup): once g:end_hand
 * (or g:result) closed the hand, its result is final, so a rule that adds
 * points afterwards -- past the match format's decision -- fails at once. */
static void check_score_time(lua_State *L, fuda_play *pl, const char *call) {
    check_not_over(L, pl, call);
    if (pl->st->phase == FUDA_PHASE_HAND_OVER)
        luaL_error(L, "%s after the hand ended: its result is final (change a hand's points in a "
                   "result hook, before the match format decides)", call);
}

static int g_score(lua_State *L) {
    fuda_play *pl = check_game(L);
    int s = check_seat(L, pl, 2);
    lua_Integer pts = luaL_checkinteger(L, 3);
    const char *note = luaL_optstring(L, 4, "");
    int col = check_col(L, 5);
    luaL_argcheck(L, pts > -1000000000 && pts < 1000000000, 3, "points out of range");
    check_score_time(L, pl, "g:score");
    add_score(L, pl, s, pts, note, col);
    return 0;
}

static int g_total(lua_State *L) {
    fuda_play *pl = check_game(L);
    int s = check_seat(L, pl, 2);
    lua_pushinteger(L, *total_of(pl, check_col(L, 3), s));
    return 1;
}

static void end_hand(fuda_play *pl) {
    if (pl->st->phase == FUDA_PHASE_PLAYING) pl->st->phase = FUDA_PHASE_HAND_OVER;
    if (pl->st->claim_open) fuda_claim_close(pl->st);
    pl->st->turn = -1;
}

static int g_end_hand(lua_State *L) {
    end_hand(check_game(L));
    return 0;
}

/* The seats at idx: nil (none), a seat, or a list of seats; as a mask. */
static unsigned check_seats(lua_State *L, fuda_play *pl, int idx) {
    unsigned mask = 0;
    if (lua_isnoneornil(L, idx)) return 0;
    if (lua_type(L, idx) != LUA_TTABLE) return 1u << check_seat(L, pl, idx);
    lua_Unsigned n = lua_rawlen(L, idx);
    luaL_argcheck(L, n >= 1 && n <= FUDA_MAX_SEATS, idx, "a list of 1 to 12 seats");
    for (lua_Unsigned i = 1; i <= n; i++) {
        lua_rawgeti(L, idx, (lua_Integer)i);
        mask |= 1u << check_seat(L, pl, -1);
        lua_pop(L, 1);
    }
    return mask;
}

/* g:end_match([winners]): winners a seat or a list of seats (the match
 * format's verdict: Straight Gin's series, Hollywood's columns); without
 * them the highest column-1 total wins. */
static int g_end_match(lua_State *L) {
    fuda_play *pl = check_game(L);
    if (table_active(pl))
        return luaL_error(L, "g:end_match at a table: the match's hand_over hook ends a match of several tables");
    unsigned winners = check_seats(L, pl, 2);
    if (pl->st->phase == FUDA_PHASE_MATCH_OVER && winners && winners != pl->st->winners)
        return luaL_error(L, "g:end_match after g:end_match: the match is over and its result is final");
    if (winners) pl->st->winners = (uint16_t)winners;
    pl->st->phase = FUDA_PHASE_MATCH_OVER;
    if (pl->st->claim_open) fuda_claim_close(pl->st);
    pl->st->turn = -1;
    return 0;
}

/* ---- hand results ----
 * g:result{ winner =, loser =, kind =, points =, note = } reports how a hand
 * ended; the variant's result hook (a house rule) may change it, then its
 * match hook (a match format) scores it and decides whether the match is
 * over; then the hand ends. */

/* Push field k of the result table at r, read raw: a metatable of the
 * script's cannot answer a check one way and the scoring another. */
static int result_field(lua_State *L, int r, const char *k) {
    lua_pushstring(L, k);
    return lua_rawget(L, r);
}

static void set_result_field(lua_State *L, int r, const char *k) {
    lua_pushstring(L, k);
    lua_insert(L, -2);
    lua_rawset(L, r);
}

/* The seat field k of result table r (index r): nil or a seat. */
static void result_seat(lua_State *L, fuda_play *pl, int r, const char *k, const char *who) {
    if (result_field(L, r, k) != LUA_TNIL) {
        int isnum;
        lua_Integer s = lua_tointegerx(L, -1, &isnum);
        if (!isnum || s < 1 || s > pl->st->nseats)
            luaL_error(L, "%s: result.%s must be a seat (1..%d) or nil, got %s", who, k,
                       pl->st->nseats, luaL_tolstring(L, -1, NULL));
    }
    lua_pop(L, 1);
}

/* Check a result table, filling in defaults (points 0, note = kind). */
static void check_result(lua_State *L, fuda_play *pl, int r, const char *who) {
    if (!lua_istable(L, r)) luaL_error(L, "%s: the result must be a table", who);
    result_seat(L, pl, r, "winner", who);
    result_seat(L, pl, r, "loser", who);
    if (result_field(L, r, "kind") != LUA_TSTRING)
        luaL_error(L, "%s: result.kind must be a string (\"gin\", \"knock\", \"void\", ...), got %s",
                   who, luaL_typename(L, -1));
    lua_pop(L, 1);
    int t = result_field(L, r, "points"), isnum;
    lua_Integer pts = lua_tointegerx(L, -1, &isnum);
    if (t == LUA_TNIL) {
        lua_pushinteger(L, 0);
        set_result_field(L, r, "points");
    } else if (!isnum || pts < 0 || pts >= 1000000000) {
        luaL_error(L, "%s: result.points must be an integer from 0 to 999999999, got %s", who,
                   luaL_tolstring(L, -1, NULL));
    }
    lua_pop(L, 1);
    t = result_field(L, r, "note");
    if (t == LUA_TNIL) {
        result_field(L, r, "kind");
        set_result_field(L, r, "note");
    } else if (t != LUA_TSTRING) {
        luaL_error(L, "%s: result.note must be a string, got %s", who, luaL_typename(L, -1));
    }
    lua_pop(L, 1);
}

/* Call hook h (pushed) with the game (index 1) and the result (index r).
 * The result hook changes r in place: a value it returns would be ignored
 * (a house rule that builds a new result would silently do nothing), so it
 * raises, naming where the hook is written. */
static void call_result_hook(lua_State *L, fuda_play *pl, int r, const char *name) {
    fuda_engine *e = fuda_play_engine(pl);
    int ret = strcmp(name, "result") == 0;
    lua_Debug ar;
    char where[96] = "";
    if (ret) {
        lua_pushvalue(L, -1);
        if (lua_getinfo(L, ">S", &ar)) snprintf(where, sizeof where, "%s:%d: ", ar.short_src, ar.linedefined);
    }
    lua_pushvalue(L, 1);
    lua_pushvalue(L, r);
    fuda_sandbox_note_function(e, -3);
    const char *calling = fuda_engine_set_calling(e, name);
    lua_call(L, 2, ret);
    fuda_engine_set_calling(e, calling);
    if (ret && !lua_isnil(L, -1))
        luaL_error(L, "%sthe result hook returned a %s, which fuda ignores: change the result it is given "
                   "in place (r.points = ...)", where, luaL_typename(L, -1));
    if (ret) lua_pop(L, 1);
}

/* Without a match hook: the winner scores the points in column 1. */
static void default_match(lua_State *L, fuda_play *pl, int r) {
    if (result_field(L, r, "winner") != LUA_TNIL) { /* checked just before, read raw both times */
        int s = (int)lua_tointeger(L, -1) - 1;
        result_field(L, r, "points");
        result_field(L, r, "note");
        add_score(L, pl, s, lua_tointeger(L, -2), lua_tostring(L, -1), 0);
        lua_pop(L, 2);
    }
    lua_pop(L, 1);
}

/* At a table of several: the result table at r, checked by g:result
 * (places), kept for the table being played; tables.c scores the results
 * once every table has ended its hand. */
static void keep_table_result(lua_State *L, fuda_play *pl, int r) {
    fuda_tables *tb = fuda_engine_tables_of(fuda_play_engine(pl));
    fuda_table_result *res = &tb->res[tb->active - 1];
    static const char *const keys[] = {"winner", "loser", "kind", "note", "points", "boxes"};
    int32_t v[6];
    for (int k = 0; k < 6; k++) {
        lua_pushstring(L, keys[k]);
        int t = lua_rawget(L, r);
        if (k < 2) v[k] = t == LUA_TNIL ? -1 : (int32_t)lua_tointeger(L, -1) - 1;
        else if (k < 4) {
            size_t len;
            const char *text = lua_tolstring(L, -1, &len);
            if (len > FUDA_SYMTAB_MAXLEN) len = FUDA_SYMTAB_MAXLEN;
            v[k] = fuda_game_intern(L, fuda_play_engine(pl), text, len);
        } else {
            int isnum;
            lua_Integer n = lua_tointegerx(L, -1, &isnum);
            if (t != LUA_TNIL && (!isnum || n < 0 || n > 1000000)) luaL_error(L, "g:result: result.%s must be an integer from 0 to 1000000", keys[k]);
            v[k] = t == LUA_TNIL ? (k == 5 ? 1 : 0) : (int32_t)n;
        }
        lua_pop(L, 1);
    }
    res->winner = (int8_t)v[0], res->loser = (int8_t)v[1];
    res->kind = v[2], res->note = v[3], res->points = v[4], res->boxes = v[5];
    res->done = 1;
}


/* The fields every result may have; the rules' own (gin's boxes is one of
 * these) are those of the table they give g:result. */
static const char *const result_names[] = {"winner", "loser", "kind", "points", "note", "boxes", NULL};

static int g_result(lua_State *L) {
    fuda_play *pl = check_game(L);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_settop(L, 2);
    if (pl->in_result) return luaL_error(L, "g:result inside a result or match hook");
    check_score_time(L, pl, "g:result");
    if (pl->st->phase != FUDA_PHASE_PLAYING) return luaL_error(L, "g:result: no hand is being played");
    if (!fuda_strict_can_set(L, 2)) return luaL_error(L, "g:result: the result must be a plain table (this one has a metatable)");
    check_result(L, pl, 2, "g:result");
    fuda_strict_own(L, 2, "result", result_names); /* a typo (r.winer) raises in the hooks */
    pl->in_result = 1;
    if (fuda_engine_push_hook(fuda_play_engine(pl), FUDA_HOOK_RESULT)) {
        call_result_hook(L, pl, 2, "result");
        check_result(L, pl, 2, "after the result hook");
    }
    if (table_active(pl)) keep_table_result(L, pl, 2); /* scored once every table has ended */
    else if (fuda_engine_push_hook(fuda_play_engine(pl), FUDA_HOOK_MATCH)) call_result_hook(L, pl, 2, "match");
    else default_match(L, pl, 2);
    pl->in_result = 0;
    end_hand(pl);
    return 1;
}

const luaL_Reg fuda_game_result_methods[] = {
    {"score", g_score}, {"total", g_total}, {"end_hand", g_end_hand}, {"end_match", g_end_match},
    {"result", g_result}, {NULL, NULL}
};
