/* lgame.c -- the game object a variant's hooks receive (fuda.Game), its piles
 * (fuda.Pile) and variables (fuda.Vars): thin handles over the core state held
 * by the engine.
 *
 * Once the match is over (g:end_match) its result is final: g:score,
 * g:open_claim and giving a seat the turn raise an error.
 *
 * A handle stores the engine and the match generation it was made in; using
 * it after its match ended (a new match, a new variant) fails with a message
 * instead of touching a state that is gone. */
#include <string.h>
#include "lfuda.h"

typedef struct game_ud { unsigned tag; uint32_t gen; fuda_engine *e; } game_ud;
typedef struct pile_ud { unsigned tag; uint32_t gen; fuda_engine *e; int idx; } pile_ud;
typedef struct vars_ud { unsigned tag; uint32_t gen; fuda_engine *e; int seat; } vars_ud; /* seat -1: game vars */

static const char *const vis_names[] = {"hidden", "owner", "public", "top", NULL};

/* ---- handles ---- */

static fuda_engine *live(lua_State *L, fuda_engine *e, uint32_t gen, const char *what) {
    if (!e->started || gen != e->gen)
        luaL_error(L, "%s belongs to a match that has ended", what);
    return e;
}

static fuda_engine *check_game(lua_State *L, int idx) {
    game_ud *g = (game_ud *)fuda_checkud(L, idx, FUDA_TAG_GAME, FUDA_GAME_T);
    return live(L, g->e, g->gen, "this game object");
}

static pile_ud *check_pile(lua_State *L, int idx) {
    pile_ud *p = (pile_ud *)fuda_checkud(L, idx, FUDA_TAG_PILE, FUDA_PILE_T);
    live(L, p->e, p->gen, "this pile");
    return p;
}

static int check_seat(lua_State *L, fuda_engine *e, int idx) {
    lua_Integer s = luaL_checkinteger(L, idx);
    if (s < 1 || s > e->st.nseats)
        luaL_error(L, "bad seat %d (seats are 1..%d)", (int)s, e->st.nseats);
    return (int)s - 1;
}

const char *fuda_sym_text(fuda_engine *e, int id) {
    const char *s = fuda_symtab_name(e->syms, id, NULL);
    return s ? s : "";
}

/* The symbol id of the string at idx; a new symbol counts against the
 * script's memory (the table lives as long as the match). */
static int intern(lua_State *L, fuda_engine *e, int idx) {
    size_t len;
    const char *s = lua_tolstring(L, idx, &len);
    if (len <= FUDA_SYMTAB_MAXLEN && fuda_symtab_lookup(e->syms, s, len) < 0) {
        size_t cost = len + 1 + 32; /* the text, its offset and hash slots */
        fuda_sandbox_cmem(L, e, cost);
        e->sym_bytes += cost;
    }
    int id = fuda_symtab_intern(e->syms, s, len);
    if (id < 0) luaL_error(L, "string too long to store in the game state (at most %d bytes)",
                           FUDA_SYMTAB_MAXLEN);
    return id;
}

/* Push the cached fuda.Pile for pile index idx. */
static void push_pile(lua_State *L, fuda_engine *e, int idx) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_piles);
    if (lua_rawgeti(L, -1, idx) == LUA_TNIL) {
        lua_pop(L, 1);
        pile_ud *p = (pile_ud *)lua_newuserdatauv(L, sizeof *p, 0);
        p->tag = FUDA_TAG_PILE, p->e = e, p->gen = e->gen, p->idx = idx;
        luaL_setmetatable(L, FUDA_PILE_T);
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, idx);
    }
    lua_remove(L, -2);
}

int fuda_pile_read(lua_State *L, int idx, fuda_card *buf, int max) {
    pile_ud *p = check_pile(L, idx);
    int n = fuda_pile_len(&p->e->st, p->idx);
    if (n > max) luaL_error(L, "too many cards (%d, at most %d)", n, max);
    memcpy(buf, fuda_pile_cards(&p->e->st, p->idx), (size_t)n);
    return n;
}

/* ---- variables ---- */

static void push_var(lua_State *L, fuda_engine *e, int i) {
    switch (e->st.var_type[i]) {
    case FUDA_VAR_INT: lua_pushinteger(L, e->st.var[i]); break;
    case FUDA_VAR_BOOL: lua_pushboolean(L, e->st.var[i]); break;
    case FUDA_VAR_SYM: lua_pushstring(L, fuda_sym_text(e, e->st.var[i])); break;
    default: lua_pushnil(L);
    }
}

/* Store the Lua value at idx into variable slot i. */
static void set_var(lua_State *L, fuda_engine *e, int i, int idx, const char *name) {
    switch (lua_type(L, idx)) {
    case LUA_TNIL: e->st.var_type[i] = FUDA_VAR_NIL; e->st.var[i] = 0; break;
    case LUA_TBOOLEAN: e->st.var_type[i] = FUDA_VAR_BOOL; e->st.var[i] = lua_toboolean(L, idx); break;
    case LUA_TSTRING: e->st.var[i] = intern(L, e, idx); e->st.var_type[i] = FUDA_VAR_SYM; break;
    case LUA_TNUMBER: {
        int isnum;
        lua_Integer v = lua_tointegerx(L, idx, &isnum);
        if (!isnum || v < INT32_MIN || v > INT32_MAX)
            luaL_error(L, "variable '%s': only 32-bit integers can be stored, got %s", name,
                       lua_tostring(L, idx));
        e->st.var_type[i] = FUDA_VAR_INT;
        e->st.var[i] = (int32_t)v;
        break;
    }
    default:
        luaL_error(L, "variable '%s': a game variable holds an integer, boolean, string or "
                   "nil, not a %s", name, luaL_typename(L, idx));
    }
}

/* Slot of variable `name` (the Lua string at index 2) for vars handle v, or
 * raise an error. */
static int var_slot(lua_State *L, vars_ud *v, const char *name) {
    fuda_engine *e = v->e;
    lua_rawgeti(L, LUA_REGISTRYINDEX, v->seat < 0 ? e->ref_varidx : e->ref_seatvaridx);
    lua_pushvalue(L, 2);
    lua_rawget(L, -2);
    int isnum;
    int j = (int)lua_tointegerx(L, -1, &isnum);
    lua_pop(L, 2);
    if (!isnum)
        luaL_error(L, "unknown %s variable '%s' (declare it in %s = { ... })",
                   v->seat < 0 ? "game" : "seat", name, v->seat < 0 ? "state" : "seat_state");
    return v->seat < 0 ? j : e->nvars + j * FUDA_MAX_SEATS + v->seat;
}

static int vars_index(lua_State *L) {
    vars_ud *v = (vars_ud *)fuda_checkud(L, 1, FUDA_TAG_VARS, FUDA_VARS_T);
    live(L, v->e, v->gen, "this variable table");
    push_var(L, v->e, var_slot(L, v, luaL_checkstring(L, 2)));
    return 1;
}

static int vars_newindex(lua_State *L) {
    vars_ud *v = (vars_ud *)fuda_checkud(L, 1, FUDA_TAG_VARS, FUDA_VARS_T);
    live(L, v->e, v->gen, "this variable table");
    const char *name = luaL_checkstring(L, 2);
    set_var(L, v->e, var_slot(L, v, name), 3, name);
    return 0;
}

static void new_vars(lua_State *L, fuda_engine *e, int seat) {
    vars_ud *v = (vars_ud *)lua_newuserdatauv(L, sizeof *v, 0);
    v->tag = FUDA_TAG_VARS, v->e = e, v->gen = e->gen, v->seat = seat;
    luaL_setmetatable(L, FUDA_VARS_T);
}

/* ---- the game object ---- */

void fuda_game_reset(fuda_engine *e) {
    lua_State *L = e->L;
    e->gen++;
    game_ud *g = (game_ud *)lua_newuserdatauv(L, sizeof *g, 2);
    g->tag = FUDA_TAG_GAME, g->e = e, g->gen = e->gen;
    luaL_setmetatable(L, FUDA_GAME_T);
    new_vars(L, e, -1);
    lua_setiuservalue(L, -2, 1);
    lua_createtable(L, e->st.nseats, 0);
    for (int s = 0; s < e->st.nseats; s++) {
        new_vars(L, e, s);
        lua_rawseti(L, -2, s + 1);
    }
    lua_setiuservalue(L, -2, 2);
    if (e->ref_game != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, e->ref_game);
    e->ref_game = luaL_ref(L, LUA_REGISTRYINDEX);
    if (e->ref_piles != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, e->ref_piles);
    lua_newtable(L);
    e->ref_piles = luaL_ref(L, LUA_REGISTRYINDEX);
}

void fuda_game_push(fuda_engine *e) {
    lua_rawgeti(e->L, LUA_REGISTRYINDEX, e->ref_game);
}

static int g_new_pile(lua_State *L) {
    fuda_engine *e = check_game(L, 1);
    const char *name = luaL_checkstring(L, 2);
    int owner = -1, vis = FUDA_VIS_HIDDEN;
    if (!lua_isnoneornil(L, 3)) {
        luaL_checktype(L, 3, LUA_TTABLE);
        if (lua_getfield(L, 3, "owner") != LUA_TNIL) owner = check_seat(L, e, -1);
        lua_pop(L, 1);
        if (lua_getfield(L, 3, "vis") != LUA_TNIL) vis = luaL_checkoption(L, -1, NULL, vis_names);
        lua_pop(L, 1);
    }
    if (fuda_pile_find(&e->st, name, owner) >= 0)
        return luaL_error(L, "pile '%s' exists already", name);
    if (strlen(name) == 0 || strlen(name) >= FUDA_PILE_NAME)
        return luaL_error(L, "pile name '%s' must be 1 to %d characters", name, FUDA_PILE_NAME - 1);
    int p = fuda_pile_new(&e->st, name, owner, vis);
    if (p < 0) return luaL_error(L, "too many piles (at most %d)", FUDA_MAX_PILES);
    push_pile(L, e, p);
    return 1;
}

static int find_pile(lua_State *L, fuda_engine *e, const char *name, int owner) {
    int p = fuda_pile_find(&e->st, name, owner);
    if (p < 0) {
        if (owner >= 0) luaL_error(L, "no pile '%s' of seat %d", name, owner + 1);
        luaL_error(L, "no pile '%s'", name);
    }
    return p;
}

/* Push pile (name at index 2, owner) through the by-name cache: one table
 * lookup on the interned name instead of comparing pile names. */
static void push_named(lua_State *L, fuda_engine *e, int owner) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_piles);
    if (lua_rawgeti(L, -1, -1) != LUA_TTABLE) { /* [-1]: name -> { [owner+1] = pile } */
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, -1);
    }
    lua_pushvalue(L, 2);
    if (lua_rawget(L, -2) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, 2);
        lua_pushvalue(L, -2);
        lua_rawset(L, -4);
    }
    if (lua_rawgeti(L, -1, owner + 1) == LUA_TNIL) {
        lua_pop(L, 1);
        push_pile(L, e, find_pile(L, e, lua_tostring(L, 2), owner));
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, owner + 1);
    }
    lua_replace(L, -4);
    lua_pop(L, 2);
}

static int g_pile(lua_State *L) {
    fuda_engine *e = check_game(L, 1);
    luaL_checkstring(L, 2);
    int owner = lua_isnoneornil(L, 3) ? -1 : check_seat(L, e, 3);
    lua_settop(L, 2);
    push_named(L, e, owner);
    return 1;
}

static int g_hand(lua_State *L) {
    fuda_engine *e = check_game(L, 1);
    int owner = check_seat(L, e, 2);
    lua_settop(L, 1);
    lua_pushliteral(L, "hand");
    push_named(L, e, owner);
    return 1;
}

static int g_new_deck(lua_State *L) {
    fuda_engine *e = check_game(L, 1);
    pile_ud *p = check_pile(L, 2);
    if (!e->in_setup) return luaL_error(L, "new_deck: cards can only be created in setup");
    int decks = 1, jokers = 0;
    if (!lua_isnoneornil(L, 3)) {
        luaL_checktype(L, 3, LUA_TTABLE);
        if (lua_getfield(L, 3, "decks") != LUA_TNIL) decks = (int)luaL_checkinteger(L, -1);
        if (lua_getfield(L, 3, "jokers") != LUA_TNIL) jokers = (int)luaL_checkinteger(L, -1);
        lua_pop(L, 2);
    }
    if (decks < 0 || jokers < 0 || decks * 52 + jokers + e->st.ncards > FUDA_MAX_CARDS)
        return luaL_error(L, "new_deck: at most %d cards in a game", FUDA_MAX_CARDS);
    fuda_card deck[52];
    fuda_deck52(deck);
    for (int d = 0; d < decks; d++) fuda_pile_create_cards(&e->st, p->idx, deck, 52);
    fuda_card j = FUDA_JOKER;
    for (int k = 0; k < jokers; k++) fuda_pile_create_cards(&e->st, p->idx, &j, 1);
    return 0;
}

static int g_next(lua_State *L) {
    fuda_engine *e = check_game(L, 1);
    int s = check_seat(L, e, 2);
    lua_Integer steps = luaL_optinteger(L, 3, 1);
    lua_pushinteger(L, fuda_seat_next(&e->st, s, (int)(steps % (8 * FUDA_MAX_SEATS))) + 1);
    return 1;
}

static int g_set_out(lua_State *L) {
    fuda_engine *e = check_game(L, 1);
    int s = check_seat(L, e, 2);
    if (lua_toboolean(L, 3)) e->st.out_mask |= (uint16_t)(1u << s);
    else e->st.out_mask &= (uint16_t)~(1u << s);
    return 0;
}

static int g_random(lua_State *L) {
    fuda_engine *e = check_game(L, 1);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_argcheck(L, n >= 1 && n <= 0x7fffffff, 2, "must be 1 or more");
    lua_pushinteger(L, (lua_Integer)fuda_rng_below(&e->st.rng, (uint32_t)n) + 1);
    return 1;
}

/* Once g:end_match() was called the result is final: what would change it
 * (a score, a seat to act, a claim window) raises "file:line: g:CALL after
 * g:end_match: ...", so the hook fails and the move is refused. */
static void check_not_over(lua_State *L, fuda_engine *e, const char *call) {
    if (e->st.phase == FUDA_PHASE_MATCH_OVER)
        luaL_error(L, "%s after g:end_match: the match is over and its result is final", call);
}

static int g_open_claim(lua_State *L) {
    fuda_engine *e = check_game(L, 1);
    luaL_checkstring(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    unsigned mask = 0;
    lua_Integer n = luaL_len(L, 3);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, 3, i);
        mask |= 1u << check_seat(L, e, -1);
        lua_pop(L, 1);
    }
    if (e->st.claim_open)
        return luaL_error(L, "open_claim: a claim window ('%s') is open already",
                          fuda_sym_text(e, e->st.claim_kind));
    check_not_over(L, e, "g:open_claim");
    if (mask == 0) {
        lua_pushboolean(L, 0);
        return 1;
    }
    fuda_claim_open(&e->st, intern(L, e, 2), (uint16_t)mask);
    lua_pushboolean(L, 1);
    return 1;
}

static int check_col(lua_State *L, int idx) {
    lua_Integer c = luaL_optinteger(L, idx, 1);
    luaL_argcheck(L, c >= 1 && c <= FUDA_MAX_COLS, idx, "column must be 1..4");
    return (int)c - 1;
}

static int g_score(lua_State *L) {
    fuda_engine *e = check_game(L, 1);
    int s = check_seat(L, e, 2);
    lua_Integer pts = luaL_checkinteger(L, 3);
    const char *note = luaL_optstring(L, 4, "");
    int col = check_col(L, 5);
    luaL_argcheck(L, pts > -1000000000 && pts < 1000000000, 3, "points out of range");
    check_not_over(L, e, "g:score");
    int64_t t = (int64_t)e->st.total[col][s] + pts;
    if (t > INT32_MAX || t < INT32_MIN) return luaL_error(L, "score: total out of range");
    e->st.total[col][s] = (int32_t)t;
    if (fuda_engine_record(e, s + 1, col + 1, (int)pts, note) < 0)
        return luaL_error(L, "score: out of memory");
    return 0;
}

static int g_total(lua_State *L) {
    fuda_engine *e = check_game(L, 1);
    int s = check_seat(L, e, 2);
    lua_pushinteger(L, e->st.total[check_col(L, 3)][s]);
    return 1;
}

static int g_end_hand(lua_State *L) {
    fuda_engine *e = check_game(L, 1);
    if (e->st.phase == FUDA_PHASE_PLAYING) e->st.phase = FUDA_PHASE_HAND_OVER;
    if (e->st.claim_open) fuda_claim_close(&e->st);
    e->st.turn = -1;
    return 0;
}

static int g_end_match(lua_State *L) {
    fuda_engine *e = check_game(L, 1);
    e->st.phase = FUDA_PHASE_MATCH_OVER;
    if (e->st.claim_open) fuda_claim_close(&e->st);
    e->st.turn = -1;
    return 0;
}

/* The text of an event, for g:say(text) and g:tell(seat, text): the string at
 * idx, or with more arguments after it string.format(text, ...) -- formatted
 * only when somebody reads events (a player, a host script, a paranoid
 * engine, which also catches a bad format in fuda check); *skip is set
 * when nobody does. */
static const char *event_text(lua_State *L, fuda_engine *e, int idx, int *skip) {
    const char *fmt = luaL_checkstring(L, idx);
    *skip = 0;
    if (lua_gettop(L) == idx) return fmt;
    if (!e->ev_fn && !e->paranoid) {
        *skip = 1;
        return fmt;
    }
    lua_rawgetp(L, LUA_REGISTRYINDEX, &fuda_format_key);
    lua_insert(L, idx);
    lua_call(L, lua_gettop(L) - idx, 1);
    return luaL_checkstring(L, -1);
}

static int g_say(lua_State *L) {
    fuda_engine *e = check_game(L, 1);
    int skip;
    const char *text = event_text(L, e, 2, &skip);
    if (!skip && fuda_engine_event(e, 0, text) < 0) return luaL_error(L, "say: out of memory");
    return 0;
}

static int g_tell(lua_State *L) {
    fuda_engine *e = check_game(L, 1);
    int s = check_seat(L, e, 2), skip;
    const char *text = event_text(L, e, 3, &skip);
    if (!skip && fuda_engine_event(e, s + 1, text) < 0) return luaL_error(L, "tell: out of memory");
    return 0;
}

/* g:tally(name): count an occurrence for fuda check's coverage report. */
static int g_tally(lua_State *L) {
    fuda_engine *e = check_game(L, 1);
    if (fuda_engine_event(e, -1, luaL_checkstring(L, 2)) < 0) return luaL_error(L, "tally: out of memory");
    return 0;
}

static const luaL_Reg game_methods[] = {
    {"tally", g_tally},
    {"new_pile", g_new_pile}, {"pile", g_pile}, {"hand", g_hand}, {"new_deck", g_new_deck},
    {"next", g_next}, {"set_out", g_set_out}, {"random", g_random},
    {"open_claim", g_open_claim}, {"score", g_score}, {"total", g_total},
    {"end_hand", g_end_hand}, {"end_match", g_end_match}, {"say", g_say}, {"tell", g_tell},
    {NULL, NULL}
};

enum { F_SEATS = 1, F_TURN, F_DIR, F_HAND_NO, F_MOVE_NO, F_OPTIONS, F_VAR, F_SEAT, F_CLAIM, F_PHASE };
static const char *const game_fields[] = {
    "seats", "turn", "dir", "hand_no", "move_no", "options", "var", "seat", "claim", "phase", NULL
};
static const char *const phase_names[] = {"setup", "playing", "hand_over", "match_over"};

/* g.key: a method (upvalue 1), else a field (upvalue 2 maps names to F_*). */
static int game_index(lua_State *L) {
    fuda_engine *e = check_game(L, 1);
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 1;
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(2));
    fuda_state *s = &e->st;
    switch ((int)lua_tointeger(L, -1)) {
    case F_SEATS: lua_pushinteger(L, s->nseats); break;
    case F_TURN: if (s->turn >= 0) lua_pushinteger(L, s->turn + 1); else lua_pushnil(L); break;
    case F_DIR: lua_pushinteger(L, s->dir); break;
    case F_HAND_NO: lua_pushinteger(L, s->hand_no); break;
    case F_MOVE_NO: lua_pushinteger(L, s->move_no); break;
    case F_OPTIONS: lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_options); break;
    case F_VAR: lua_getiuservalue(L, 1, 1); break;
    case F_SEAT: lua_getiuservalue(L, 1, 2); break;
    case F_CLAIM:
        if (s->claim_open) lua_pushstring(L, fuda_sym_text(e, s->claim_kind)); else lua_pushnil(L);
        break;
    case F_PHASE: lua_pushstring(L, phase_names[s->phase & 3]); break;
    default: return luaL_error(L, "the game has no field '%s'", luaL_tolstring(L, 2, NULL));
    }
    return 1;
}

static int game_newindex(lua_State *L) {
    fuda_engine *e = check_game(L, 1);
    const char *k = luaL_checkstring(L, 2);
    if (strcmp(k, "turn") == 0) {
        if (!lua_isnil(L, 3)) check_not_over(L, e, "setting g.turn");
        e->st.turn = (int8_t)(lua_isnil(L, 3) ? -1 : check_seat(L, e, 3));
    } else if (strcmp(k, "dir") == 0) {
        lua_Integer d = luaL_checkinteger(L, 3);
        if (d != 1 && d != -1) return luaL_error(L, "dir must be 1 or -1");
        e->st.dir = (int8_t)d;
    } else {
        return luaL_error(L, "cannot set the game's field '%s' (use g.var.%s for your own "
                          "variables)", k, k);
    }
    return 0;
}

/* ---- piles ---- */

static fuda_state *pst(pile_ud *p) { return &p->e->st; }

/* Index in pile p of the Lua card at idx, or raise "not in pile". */
static int card_index(lua_State *L, pile_ud *p, int idx) {
    fuda_card c = fuda_check_card(L, idx);
    int i = fuda_pile_index(pst(p), p->idx, c);
    if (i < 0) {
        char buf[8];
        fuda_card_name(c, buf);
        luaL_error(L, "card %s is not in pile '%s'", buf, pst(p)->piles[p->idx].name);
    }
    return i;
}

static int p_count(lua_State *L) {
    pile_ud *p = check_pile(L, 1);
    lua_pushinteger(L, fuda_pile_len(pst(p), p->idx));
    return 1;
}

static int p_top(lua_State *L) {
    pile_ud *p = check_pile(L, 1);
    int n = fuda_pile_len(pst(p), p->idx);
    if (n == 0) return 0;
    fuda_push_card(L, fuda_pile_at(pst(p), p->idx, n - 1));
    return 1;
}

static int p_at(lua_State *L) {
    pile_ud *p = check_pile(L, 1);
    lua_Integer i = luaL_checkinteger(L, 2);
    if (i < 1 || i > fuda_pile_len(pst(p), p->idx)) return 0;
    fuda_push_card(L, fuda_pile_at(pst(p), p->idx, (int)i - 1));
    return 1;
}

static int p_cards(lua_State *L) {
    pile_ud *p = check_pile(L, 1);
    int n = fuda_pile_len(pst(p), p->idx);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        fuda_push_card(L, fuda_pile_at(pst(p), p->idx, i));
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int p_has(lua_State *L) {
    pile_ud *p = check_pile(L, 1);
    lua_pushboolean(L, fuda_pile_index(pst(p), p->idx, fuda_check_card(L, 2)) >= 0);
    return 1;
}

static int p_move(lua_State *L) {
    pile_ud *p = check_pile(L, 1);
    int i = card_index(L, p, 2);
    pile_ud *d = check_pile(L, 3);
    int pos = -1;
    if (!lua_isnoneornil(L, 4)) {
        lua_Integer k = luaL_checkinteger(L, 4);
        int len = fuda_pile_len(pst(d), d->idx);
        if (k < 1 || k > len + 1) return luaL_error(L, "move: position %d out of 1..%d", (int)k, len + 1);
        pos = (int)k - 1;
    }
    if (fuda_pile_move(pst(p), p->idx, i, d->idx, pos) < 0) return luaL_error(L, "move failed");
    return 0;
}

static int p_move_top(lua_State *L) {
    pile_ud *p = check_pile(L, 1);
    pile_ud *d = check_pile(L, 2);
    lua_Integer n = luaL_optinteger(L, 3, 1);
    int len = fuda_pile_len(pst(p), p->idx);
    if (n < 0 || n > len)
        return luaL_error(L, "move_top: pile '%s' has %d cards, cannot move %d",
                          pst(p)->piles[p->idx].name, len, (int)n);
    for (lua_Integer k = 0; k < n; k++)
        fuda_pile_move(pst(p), p->idx, fuda_pile_len(pst(p), p->idx) - 1, d->idx, -1);
    return 0;
}

static int p_move_all(lua_State *L) {
    pile_ud *p = check_pile(L, 1);
    pile_ud *d = check_pile(L, 2);
    if (p->idx == d->idx) return 0;
    while (fuda_pile_len(pst(p), p->idx) > 0)
        fuda_pile_move(pst(p), p->idx, 0, d->idx, -1);
    return 0;
}

static int p_shuffle(lua_State *L) {
    pile_ud *p = check_pile(L, 1);
    fuda_pile_shuffle(pst(p), p->idx);
    return 0;
}

static int p_sort(lua_State *L) {
    pile_ud *p = check_pile(L, 1);
    static const char *const by[] = {"suit", "rank", NULL};
    fuda_pile_sort(pst(p), p->idx, luaL_checkoption(L, 2, "suit", by));
    return 0;
}

static int p_index(lua_State *L) {
    pile_ud *p = check_pile(L, 1);
    const char *k = luaL_checkstring(L, 2);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 1;
    const fuda_pile *pl = &pst(p)->piles[p->idx];
    if (strcmp(k, "name") == 0) lua_pushstring(L, pl->name);
    else if (strcmp(k, "owner") == 0) { if (pl->owner >= 0) lua_pushinteger(L, pl->owner + 1); else lua_pushnil(L); }
    else if (strcmp(k, "vis") == 0) lua_pushstring(L, vis_names[pl->vis & 3]);
    else return luaL_error(L, "a pile has no field '%s'", k);
    return 1;
}

static int p_tostring(lua_State *L) {
    pile_ud *p = (pile_ud *)fuda_checkud(L, 1, FUDA_TAG_PILE, FUDA_PILE_T);
    if (!p->e->started || p->gen != p->e->gen) {
        lua_pushliteral(L, "fuda.Pile (of an ended match)");
        return 1;
    }
    const fuda_pile *pl = &pst(p)->piles[p->idx];
    if (pl->owner >= 0) lua_pushfstring(L, "fuda.Pile '%s' of seat %d (%d cards)", pl->name, pl->owner + 1, pl->len);
    else lua_pushfstring(L, "fuda.Pile '%s' (%d cards)", pl->name, pl->len);
    return 1;
}

static const luaL_Reg pile_methods[] = {
    {"count", p_count}, {"top", p_top}, {"at", p_at}, {"cards", p_cards}, {"has", p_has},
    {"move", p_move}, {"move_top", p_move_top}, {"move_all", p_move_all},
    {"shuffle", p_shuffle}, {"sort", p_sort}, {NULL, NULL}
};

static void new_type(lua_State *L, const char *name, const luaL_Reg *methods,
                     lua_CFunction index, lua_CFunction newindex, const char *const *fields) {
    luaL_newmetatable(L, name);
    if (methods) {
        lua_newtable(L);
        luaL_setfuncs(L, methods, 0);
        lua_newtable(L);
        for (int i = 0; fields && fields[i]; i++) {
            lua_pushinteger(L, i + 1);
            lua_setfield(L, -2, fields[i]);
        }
        lua_pushcclosure(L, index, 2);
    } else {
        lua_pushcfunction(L, index);
    }
    lua_setfield(L, -2, "__index");
    if (newindex) {
        lua_pushcfunction(L, newindex);
        lua_setfield(L, -2, "__newindex");
    }
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
}

const char fuda_format_key = 'f';

void fuda_game_types(lua_State *L) {
    lua_getglobal(L, "string");
    lua_getfield(L, -1, "format");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &fuda_format_key);
    lua_pop(L, 1);
    new_type(L, FUDA_GAME_T, game_methods, game_index, game_newindex, game_fields);
    lua_pop(L, 1);
    new_type(L, FUDA_PILE_T, pile_methods, p_index, NULL, NULL);
    lua_pushcfunction(L, p_count);
    lua_setfield(L, -2, "__len");
    lua_pushcfunction(L, p_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pop(L, 1);
    new_type(L, FUDA_VARS_T, NULL, vars_index, vars_newindex, NULL);
    lua_pop(L, 1);
}
