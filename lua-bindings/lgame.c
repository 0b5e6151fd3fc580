/* lgame.c -- the game object a variant's hooks receive (fuda.Game): a cheap
 * view of the core state held by the engine, which stays the only truth
 * (hashed, cloned, undone). This file makes the game for each match, answers
 * its fields and holds its small methods (seats in turn, randomness, claim
 * windows, events); the rest is in the files game_impl.h lists: g.var and
 * g.seat[k] (lvars.c), piles (lpile.c), scores and results (lresult.c), the
 * standard deal (ldeal.c).
 *
 * Built for speed, since hooks read the game all the time: the game is a
 * Lua table per match, always empty. Its metatable's __index is a private
 * table M holding the methods (C closures over the engine) and the constant
 * fields (seats, columns, title, options, var, seat); M's own __index
 * answers the fields that change (turn, dir, hand_no, move_no, claim,
 * phase, table). Every write goes to __newindex, which checks it. The
 * metatable is locked, so a script cannot reach M; it can rawset its own
 * game table, which misleads only itself (the engine reads the core state,
 * never the table).
 *
 * Once the match is over (g:end_match) its result is final: g:score,
 * g:open_claim and giving a seat the turn raise an error.
 *
 * Using a match's objects after it ended (a new match, a new variant, its
 * engine freed while others share the state) fails with "... belongs to a
 * match that has ended" instead of touching a state that is gone: the
 * match's closures and piles reach its engine through its cell, a
 * userdata that forgets the engine when the match ends, and the old
 * game's and proxies' metatables get __index and __newindex functions that
 * raise it. Using them while another match sharing the state is played
 * fails with "... belongs to another match" (current.c). */
#include <lauxlib.h>
#include "game_impl.h"
#include "strict.h"
#include "say.h"

/* ---- an ended match ---- */

/* What an ended match's game and variable tables do on any read or write. */
static int stale_game(lua_State *L) {
    return luaL_error(L, "this game object belongs to a match that has ended");
}

static int stale_vars(lua_State *L) {
    return luaL_error(L, "this variable table belongs to a match that has ended");
}

/* Make the metatable at idx raise `fn`'s error on every read and write. */
static void make_stale(lua_State *L, int idx, lua_CFunction fn) {
    lua_pushcfunction(L, fn);
    lua_setfield(L, idx, "__index");
    lua_pushcfunction(L, fn);
    lua_setfield(L, idx, "__newindex");
}

/* The match ends for good: its game and variable proxies now raise "...
 * belongs to a match that has ended" on any use, and so do its closures
 * and piles (its cell forgets the engine). */
static void retire_match(lua_State *L, fuda_engine *e) {
    fuda_play *pl = fuda_play_of(e);
    if (pl->cell) pl->cell->e = NULL;
    pl->cell = NULL;
    if (pl->ref_piles == LUA_NOREF) return;
    fuda_current_open(L, e, 1); /* their own metatables, which go stale */
    luaL_unref(L, LUA_REGISTRYINDEX, pl->ref_lock);
    pl->ref_lock = LUA_NOREF;
    push_match_table(L, pl);
    lua_getfield(L, -1, "metas");
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, -1, i);
        make_stale(L, lua_gettop(L), stale_vars);
        lua_pop(L, 1);
    }
    lua_getfield(L, -2, "gmeta");
    make_stale(L, lua_gettop(L), stale_game);
    lua_getfield(L, -3, "named");  /* an old g.pile kept by a script starts afresh */
    clear_table(L, lua_gettop(L));
    lua_getfield(L, -4, "owned");
    clear_table(L, lua_gettop(L));
    lua_getfield(L, -5, "hands");
    clear_table(L, lua_gettop(L));
    lua_pop(L, 6);
    luaL_unref(L, LUA_REGISTRYINDEX, pl->ref_piles);
    pl->ref_piles = LUA_NOREF;
}

/* ---- the game object ---- */

static int g_next(lua_State *L) {
    fuda_play *pl = check_game(L);
    int s = check_seat(L, pl, 2);
    lua_Integer steps = luaL_optinteger(L, 3, 1);
    lua_pushinteger(L, fuda_seat_next(pl->st, s, (int)(steps % (8 * FUDA_MAX_SEATS))) + 1);
    return 1;
}

static int g_set_out(lua_State *L) {
    fuda_play *pl = check_game(L);
    int s = check_seat(L, pl, 2);
    if (lua_toboolean(L, 3)) pl->st->out_mask |= (uint16_t)(1u << s);
    else pl->st->out_mask &= (uint16_t)~(1u << s);
    return 0;
}

static int g_random(lua_State *L) {
    fuda_play *pl = check_game(L);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_argcheck(L, n >= 1 && n <= 0x7fffffff, 2, "must be 1 or more");
    lua_pushinteger(L, (lua_Integer)fuda_rng_below(&pl->st->rng, (uint32_t)n) + 1);
    return 1;
}

static int g_open_claim(lua_State *L) {
    fuda_play *pl = check_game(L);
    luaL_checkstring(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    unsigned mask = 0;
    lua_Integer n = luaL_len(L, 3);
    for (lua_Integer i = 1; i <= n; i++) { /* as long as the list (the cap bounds it): ticks */
        lua_rawgeti(L, 3, i);
        mask |= 1u << check_seat(L, pl, -1);
        lua_pop(L, 1);
        if ((i & 255) == 0) fuda_sandbox_tick(L, 256);
    }
    if (pl->st->claim_open)
        return luaL_error(L, "open_claim: a claim window ('%s') is open already",
                          fuda_sym_text(fuda_play_engine(pl), pl->st->claim_kind));
    check_not_over(L, pl, "g:open_claim");
    if (mask == 0) {
        lua_pushboolean(L, 0);
        return 1;
    }
    fuda_claim_open(pl->st, intern(L, pl, 2), (uint16_t)mask);
    lua_pushboolean(L, 1);
    return 1;
}

/* An event of g:say(text) or g:tell(seat, text) for seat (0: everybody):
 * the string at idx, or with more arguments after it the text of the format
 * at idx (say.c), checked and counted against the limits whether anybody
 * reads events or not, and written only when somebody does: a match plays
 * the same either way. A bad format raises "file:line: bad argument ...",
 * the line of the g:say. */
static void add_event(lua_State *L, fuda_play *pl, int seat, int idx, const char *fname) {
    size_t flen;
    const char *text = luaL_checklstring(L, idx, &flen);
    int fmt = lua_gettop(L) > idx;
    size_t len = fmt ? fuda_say_length(L, idx, text, flen, fname) : strlen(text);
    char *out;
    if (fuda_engine_event_room(fuda_play_engine(pl), seat, len, &out) < 0) luaL_error(L, "%s: out of memory", fname);
    if (out && fmt) fuda_say_render(L, idx, text, flen, fname, out, len + 1);
    else if (out) memcpy(out, text, len + 1);
}

static int g_say(lua_State *L) {
    add_event(L, check_game(L), 0, 2, "say");
    return 0;
}

static int g_tell(lua_State *L) {
    fuda_play *pl = check_game(L);
    int s = check_seat(L, pl, 2);
    add_event(L, pl, s + 1, 3, "tell");
    return 0;
}

/* g:tally(name): count an occurrence for fuda check's coverage report. */
static int g_tally(lua_State *L) {
    fuda_play *pl = check_game(L);
    if (fuda_engine_event(fuda_play_engine(pl), -1, luaL_checkstring(L, 2)) < 0)
        return luaL_error(L, "tally: out of memory");
    return 0;
}


/* g:name(seat [, viewer]) -> "Seat 2", or "you" when seat is the viewer. */
static int g_name(lua_State *L) {
    fuda_play *pl = check_game(L);
    int s = check_seat(L, pl, 2);
    if (!lua_isnoneornil(L, 3) && luaL_checkinteger(L, 3) == s + 1) lua_pushliteral(L, "you");
    else lua_pushfstring(L, "Seat %d", seat_of(pl, s + 1));
    return 1;
}

/* g:seat_of(place) -> the seat of the match at that place of the table being
 * played (at a match of one table, the seat itself). */
static int g_seat_of(lua_State *L) {
    fuda_play *pl = check_game(L);
    lua_pushinteger(L, seat_of(pl, check_seat(L, pl, 2) + 1));
    return 1;
}

/* g:waiting() -> the seats an open claim window still waits for, as a set
 * ({ [2] = true, [3] = true }); {} when no window is open. A new table. */
static int g_waiting(lua_State *L) {
    fuda_play *pl = check_game(L);
    lua_newtable(L);
    for (int k = 0; pl->st->claim_open && k < pl->st->nseats; k++) {
        if (!(pl->st->claim_pending & (1u << k))) continue;
        lua_pushboolean(L, 1);
        lua_rawseti(L, -2, k + 1);
    }
    return 1;
}

/* Methods made per match with the engine as upvalue (the other files of
 * the game object add theirs, see fill_methods). */
static const luaL_Reg game_methods[] = {
    {"tally", g_tally}, {"name", g_name}, {"waiting", g_waiting}, {"seat_of", g_seat_of},
    {"next", g_next}, {"set_out", g_set_out}, {"random", g_random},
    {"open_claim", g_open_claim}, {"say", g_say}, {"tell", g_tell},
    {NULL, NULL}
};

/* The game's methods kept in the other files: scores and results, the deal. */
static const luaL_Reg *const more_methods[] = {fuda_game_result_methods, fuda_game_deal_methods, NULL};

enum { F_TURN = 1, F_DIR, F_HAND_NO, F_MOVE_NO, F_CLAIM, F_PHASE, F_TABLE };
static const char *const game_fields[] = {
    "turn", "dir", "hand_no", "move_no", "claim", "phase", "table", NULL
};
static const char *const phase_names[] = {"setup", "playing", "hand_over", "match_over"};

/* Registry key of the table field name -> F_*, one per Lua state. */
static const char game_fields_key = 'g';

/* Raise for g.key that is no field (M, key on the stack): with the closest
 * of the methods and constant fields (M's keys) and the changing ones. */
static int no_game_field(lua_State *L) {
    const char *k = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : NULL;
    const char *best = fuda_closest_key(L, k, 1, lua_upvalueindex(2));
    if (best) return luaL_error(L, "the game has no field '%s' (did you mean '%s'?)", k, best);
    return luaL_error(L, "the game has no field '%s'", luaL_tolstring(L, 2, NULL));
}

/* M's __index (M, key): a field that changes, read from the core state.
 * Upvalues: the engine, the field table. */
static int game_field(lua_State *L) {
    fuda_play *pl = play_up(L);
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(2));
    fuda_state *s = pl->st;
    switch ((int)lua_tointeger(L, -1)) {
    case F_TURN: if (s->turn >= 0) lua_pushinteger(L, s->turn + 1); else lua_pushnil(L); break;
    case F_DIR: lua_pushinteger(L, s->dir); break;
    case F_HAND_NO: lua_pushinteger(L, s->hand_no); break;
    case F_MOVE_NO: lua_pushinteger(L, s->move_no); break;
    case F_CLAIM:
        if (s->claim_open) lua_pushstring(L, fuda_sym_text(fuda_play_engine(pl), s->claim_kind));
        else lua_pushnil(L);
        break;
    case F_PHASE: lua_pushstring(L, phase_names[s->phase & 3]); break;
    case F_TABLE: if (table_active(pl)) lua_pushinteger(L, table_active(pl)); else lua_pushnil(L); break;
    default: return no_game_field(L);
    }
    return 1;
}

/* The game's __newindex (g, key, value): every write, since g stays empty. */
static int game_newindex(lua_State *L) {
    fuda_play *pl = play_up(L);
    const char *k = luaL_checkstring(L, 2);
    if (strcmp(k, "turn") == 0) {
        if (!lua_isnil(L, 3)) check_not_over(L, pl, "setting g.turn");
        pl->st->turn = (int8_t)(lua_isnil(L, 3) ? -1 : check_seat(L, pl, 3));
    } else if (strcmp(k, "dir") == 0) {
        lua_Integer d = luaL_checkinteger(L, 3);
        if (d != 1 && d != -1) return luaL_error(L, "dir must be 1 or -1");
        pl->st->dir = (int8_t)d;
    } else {
        return luaL_error(L, "cannot set the game's field '%s' (use g.var.%s for your own "
                          "variables)", k, k);
    }
    return 0;
}

/* Fill M (on top) for a new match: methods, constant fields, its own
 * metatable for the changing fields. mt is the match table's index. */
static void fill_methods(lua_State *L, fuda_play *pl, int mt) {
    const fuda_variant *var = fuda_engine_variant(fuda_play_engine(pl));
    int m = lua_gettop(L);
    lua_getfield(L, mt, "cell");
    luaL_setfuncs(L, game_methods, 1);
    for (int i = 0; more_methods[i]; i++) {
        lua_getfield(L, mt, "cell");
        luaL_setfuncs(L, more_methods[i], 1);
    }
    fuda_pile_game_methods(L, m, mt);
    lua_pushinteger(L, pl->st->nseats);
    lua_setfield(L, m, "seats");
    lua_createtable(L, var->ncols, 0);
    for (int c = 0; c < var->ncols; c++) {
        lua_pushstring(L, var->colnames[c]);
        lua_rawseti(L, -2, c + 1);
    }
    lua_setfield(L, m, "columns");
    lua_pushstring(L, var->title ? var->title : var->name ? var->name : "");
    lua_setfield(L, m, "title");
    lua_rawgeti(L, LUA_REGISTRYINDEX, var->ref_options);
    lua_setfield(L, m, "options");
    fuda_vars_new(L, pl, -1, mt);
    lua_setfield(L, m, "var");
    lua_createtable(L, pl->st->nseats, 0);
    for (int s = 0; s < pl->st->nseats; s++) {
        fuda_vars_new(L, pl, s, mt);
        lua_rawseti(L, -2, s + 1);
    }
    lua_setfield(L, m, "seat");
    lua_createtable(L, 0, 1);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &game_fields_key);
    push_closure(L, mt, game_field, 1);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, m);
}

/* A new match: retire the old one's objects, make the game and its match
 * table. Runs inside a protected call (it allocates). */
void fuda_game_reset(fuda_engine *e) {
    fuda_play *pl = fuda_play_of(e);
    const fuda_variant *var = fuda_engine_variant(e);
    lua_State *L = play_lua(pl);
    retire_match(L, e);
    pl->vars_stale = pl->stale_piles = 0;
    memset(pl->stale_slot, 0, sizeof pl->stale_slot);
    pl->nsymcache = 0;
    lua_createtable(L, 0, 8);             /* the match table */
    int mt = lua_gettop(L);
    fuda_cell *cell = (fuda_cell *)lua_newuserdatauv(L, sizeof *cell, 0);
    cell->e = e;
    lua_setfield(L, mt, "cell");
    lua_createtable(L, 2 * pl->st->nseats + 4, 0); /* the lock list: the game's pair first */
    lua_pushboolean(L, 0);
    lua_rawseti(L, -2, 1);
    lua_pushboolean(L, 0);
    lua_rawseti(L, -2, 2);
    lua_setfield(L, mt, "lock");
    lua_newtable(L);
    lua_setfield(L, mt, "named");
    lua_newtable(L);
    lua_setfield(L, mt, "owned");
    lua_newtable(L);
    lua_setfield(L, mt, "hands");
    lua_createtable(L, pl->st->nseats + 1, 0);
    lua_setfield(L, mt, "metas");
    lua_createtable(L, pl->st->nseats + 1, 0);
    lua_setfield(L, mt, "slots");
    int nslots = var->nvars + var->nseatvars * FUDA_MAX_SEATS; /* slots in use: 0 .. nslots - 1 */
    lua_createtable(L, nslots, 0);
    lua_setfield(L, mt, "vt");
    lua_createtable(L, nslots, 0);
    lua_setfield(L, mt, "vn");
    lua_newtable(L);
    lua_setfield(L, mt, "syms");
    lua_newtable(L);                      /* the game */
    lua_createtable(L, 0, 4);             /* its metatable */
    lua_createtable(L, 0, 24);            /* M */
    fill_methods(L, pl, mt);
    lua_setfield(L, -2, "__index");
    push_closure(L, mt, game_newindex, 0);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_pushliteral(L, FUDA_GAME_T);
    lua_setfield(L, -2, "__name");
    lua_pushvalue(L, -1);
    lua_setfield(L, mt, "gmeta");
    lua_setmetatable(L, -2);
    lua_getfield(L, mt, "lock");
    lua_pushvalue(L, -2);
    lua_rawseti(L, -2, 1);
    lua_getmetatable(L, -2);
    lua_rawseti(L, -2, 2);
    pl->ref_lock = luaL_ref(L, LUA_REGISTRYINDEX);
    pl->game_ptr = lua_topointer(L, -1);
    if (pl->ref_game != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, pl->ref_game);
    pl->ref_game = luaL_ref(L, LUA_REGISTRYINDEX);
    pl->ref_piles = luaL_ref(L, LUA_REGISTRYINDEX);
    pl->cell = cell;
}

void fuda_game_retire(fuda_engine *e) {
    fuda_play *pl = fuda_play_of(e);
    lua_State *L = play_lua(pl);
    retire_match(L, e);
    if (pl->ref_game != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, pl->ref_game);
    pl->ref_game = LUA_NOREF;
    pl->game_ptr = NULL;
}

void fuda_game_push(fuda_engine *e) {
    fuda_play *pl = fuda_play_of(e);
    lua_rawgeti(play_lua(pl), LUA_REGISTRYINDEX, pl->ref_game);
}

const char fuda_format_key = 'f';

void fuda_game_types(lua_State *L) {
    lua_getglobal(L, "string");
    lua_getfield(L, -1, "format");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &fuda_format_key);
    lua_pop(L, 1);
    lua_newtable(L);
    for (int i = 0; game_fields[i]; i++) {
        lua_pushinteger(L, i + 1);
        lua_setfield(L, -2, game_fields[i]);
    }
    lua_rawsetp(L, LUA_REGISTRYINDEX, &game_fields_key);
    fuda_pile_type(L);
    fuda_current_types(L);
}
