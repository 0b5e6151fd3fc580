/* lpile.c -- piles as Lua sees them: the game's pile handles (g:new_pile,
 * g:pile, g:hand, g:piles, g:new_deck) and the fuda.Pile type, a view of one
 * pile of the core state. A pile is made once per match; it has its own
 * metatable whose __index is a table of the methods (p:top() is two table
 * lookups, no C call); its fields (name, owner, vis) come from that table's
 * __index, a C function reading the state. A pile holds its match's cell:
 * used after the match ended, it raises "this pile belongs to a match that
 * has ended", and while another match sharing the state is played, "...
 * belongs to another match". g:pile and g:hand answer from per-match caches
 * held as upvalues. */
#include <lauxlib.h>
#include "game_impl.h"
#include "strict.h"

/* A fuda.Pile: the card-list header lcard.c reads (fuda_cards_ud) first. */
typedef struct pile_ud { fuda_cards_ud head; fuda_cell *cell; int idx; } pile_ud;

static const char *const vis_names[] = {"hidden", "owner", "public", "top", NULL};

static pile_ud *check_pile(lua_State *L, int idx) {
    pile_ud *p = (pile_ud *)fuda_checkud(L, idx, FUDA_TAG_PILE, FUDA_PILE_T);
    if (!cell_play(p->cell)) not_played(L, p->cell, "this pile");
    return p;
}

static int pile_read(lua_State *L, int idx, fuda_card *buf, int max);

/* The state pile p is of: its match's, which check_pile found played. */
static fuda_state *pst(pile_ud *p) { return fuda_play_of(p->cell->e)->st; }

/* Registry keys: the pile methods (name -> C function), the metatable every
 * pile's index table shares ({ __index = p_index }); and in a pile's index
 * table, the key of the pile itself (a light userdata: no script indexes with
 * one). */
static const char pile_methods_key = 'm', pile_tmeta_key = 't', pile_self_key = 'p';

/* Give the new pile on top its own metatable: the shared one's entries
 * (FUDA_PILE_T: __len, __tostring, __name, the lock), but __index a table T
 * of the methods and the pile, whose own __index (p_index) answers the
 * fields. A method is then found by table lookups, not a C call. Memory:
 * a few hundred bytes a pile, counted as the script's. */
static void set_pile_meta(lua_State *L) {
    int ud = lua_gettop(L);
    luaL_getmetatable(L, FUDA_PILE_T);
    lua_createtable(L, 0, 6);
    lua_pushnil(L);
    while (lua_next(L, ud + 1)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, ud + 2);
    }
    lua_createtable(L, 0, 12);                  /* T */
    lua_rawgetp(L, LUA_REGISTRYINDEX, &pile_methods_key);
    lua_pushnil(L);
    while (lua_next(L, ud + 4)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, ud + 3);
    }
    lua_pop(L, 1);
    lua_pushvalue(L, ud);
    lua_rawsetp(L, ud + 3, &pile_self_key);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &pile_tmeta_key);
    lua_setmetatable(L, ud + 3);
    lua_setfield(L, ud + 2, "__index");
    lua_setmetatable(L, ud);
    lua_pop(L, 1);
}

/* Push the fuda.Pile for pile index idx, made once per match. */
void fuda_pile_push(lua_State *L, fuda_play *pl, int idx) {
    push_match_table(L, pl);
    if (lua_rawgeti(L, -1, idx) == LUA_TNIL) {
        lua_pop(L, 1);
        pile_ud *p = (pile_ud *)lua_newuserdatauv(L, sizeof *p, 1);
        p->head.tag = FUDA_TAG_PILE, p->head.read = pile_read;
        p->cell = pl->cell, p->idx = idx;
        lua_getfield(L, -2, "cell"); /* the pile keeps the cell alive */
        lua_setiuservalue(L, -2, 1);
        set_pile_meta(L);
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, idx);
    }
    lua_remove(L, -2);
}

int fuda_game_pile_index(lua_State *L, fuda_engine *e, int idx) {
    pile_ud *p = (pile_ud *)fuda_testud(L, idx, FUDA_TAG_PILE);
    const fuda_play *pl = fuda_play_of(e);
    if (!p || p->cell->e != e || !pl->started || p->idx >= pl->st->npiles) return -1;
    return p->idx;
}

static int pile_read(lua_State *L, int idx, fuda_card *buf, int max) {
    pile_ud *p = check_pile(L, idx);
    fuda_state *st = pst(p);
    int n = fuda_pile_len(st, p->idx);
    if (n > max) luaL_error(L, "too many cards (%d, at most %d)", n, max);
    memcpy(buf, fuda_pile_cards(st, p->idx), (size_t)n);
    return n;
}

/* ---- the game's pile handles ---- */

static int g_new_pile(lua_State *L) {
    fuda_play *pl = check_game(L);
    const char *name = luaL_checkstring(L, 2);
    int owner = -1, vis = FUDA_VIS_HIDDEN;
    if (!lua_isnoneornil(L, 3)) {
        static const char *const fields[] = {"owner", "vis", NULL};
        luaL_checktype(L, 3, LUA_TTABLE);
        fuda_check_fields(L, 3, "new_pile", fields);
        if (lua_getfield(L, 3, "owner") != LUA_TNIL) owner = check_seat(L, pl, -1);
        lua_pop(L, 1);
        if (lua_getfield(L, 3, "vis") != LUA_TNIL) vis = luaL_checkoption(L, -1, NULL, vis_names);
        lua_pop(L, 1);
    }
    if (fuda_pile_find(pl->st, name, owner) >= 0)
        return luaL_error(L, "pile '%s' exists already", name);
    if (strlen(name) == 0 || strlen(name) >= FUDA_PILE_NAME)
        return luaL_error(L, "pile name '%s' must be 1 to %d characters", name, FUDA_PILE_NAME - 1);
    int p = fuda_pile_new(pl->st, name, owner, vis);
    if (p < 0) return luaL_error(L, "too many piles (at most %d)", FUDA_MAX_PILES);
    fuda_pile_push(L, pl, p);
    return 1;
}

static int find_pile(lua_State *L, fuda_play *pl, const char *name, int owner) {
    int p = fuda_pile_find(pl->st, name, owner);
    if (p < 0) {
        if (owner >= 0) luaL_error(L, "no pile '%s' of seat %d", name, owner + 1);
        luaL_error(L, "no pile '%s'", name);
    }
    return p;
}

/* g:pile(name [, seat]): upvalue 2 caches name -> shared pile, upvalue 3
 * name -> { [seat] = that seat's pile }. */
static int g_pile(lua_State *L) {
    fuda_play *pl = check_game(L);
    luaL_checkstring(L, 2);
    if (lua_isnoneornil(L, 3)) {
        lua_settop(L, 2);
        lua_pushvalue(L, 2);
        if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) return 1;
        fuda_pile_push(L, pl, find_pile(L, pl, lua_tostring(L, 2), -1));
        lua_pushvalue(L, 2);
        lua_pushvalue(L, -2);
        lua_rawset(L, lua_upvalueindex(2));
        return 1;
    }
    int owner = check_seat(L, pl, 3);
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    int cached = lua_rawget(L, lua_upvalueindex(3)) == LUA_TTABLE;
    if (cached && lua_rawgeti(L, 3, owner + 1) != LUA_TNIL) return 1;
    lua_settop(L, cached ? 3 : 2);
    int p = find_pile(L, pl, lua_tostring(L, 2), owner); /* raises for no such pile: no entry made */
    if (!cached) {
        lua_createtable(L, pl->st->nseats, 0);
        lua_pushvalue(L, 2);
        lua_pushvalue(L, -2);
        lua_rawset(L, lua_upvalueindex(3));
    }
    fuda_pile_push(L, pl, p);
    lua_pushvalue(L, -1);
    lua_rawseti(L, 3, owner + 1);
    return 1;
}

/* g:hand(seat): upvalue 2 caches seat -> pile. */
static int g_hand(lua_State *L) {
    fuda_play *pl = check_game(L);
    int owner = check_seat(L, pl, 2);
    if (lua_rawgeti(L, lua_upvalueindex(2), owner + 1) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    fuda_pile_push(L, pl, find_pile(L, pl, "hand", owner));
    lua_pushvalue(L, -1);
    lua_rawseti(L, lua_upvalueindex(2), owner + 1);
    return 1;
}

static int g_new_deck(lua_State *L) {
    fuda_play *pl = check_game(L);
    pile_ud *p = check_pile(L, 2);
    if (!pl->in_setup) return luaL_error(L, "new_deck: cards can only be created in setup");
    lua_Integer decks = 1, jokers = 0; /* range-checked as lua_Integer, before any int arithmetic */
    if (!lua_isnoneornil(L, 3)) {
        static const char *const fields[] = {"decks", "jokers", NULL};
        luaL_checktype(L, 3, LUA_TTABLE);
        fuda_check_fields(L, 3, "new_deck", fields);
        if (lua_getfield(L, 3, "decks") != LUA_TNIL) decks = luaL_checkinteger(L, -1);
        if (lua_getfield(L, 3, "jokers") != LUA_TNIL) jokers = luaL_checkinteger(L, -1);
        lua_pop(L, 2);
    }
    if (decks < 0 || jokers < 0 || decks > FUDA_MAX_CARDS / 52 || jokers > FUDA_MAX_CARDS ||
        decks * 52 + jokers + pl->st->ncards > FUDA_MAX_CARDS)
        return luaL_error(L, "new_deck: at most %d cards in a game", FUDA_MAX_CARDS);
    fuda_card deck[52];
    fuda_deck52(deck);
    for (lua_Integer d = 0; d < decks; d++) fuda_pile_create_cards(pl->st, p->idx, deck, 52);
    fuda_card j = FUDA_JOKER;
    for (lua_Integer k = 0; k < jokers; k++) fuda_pile_create_cards(pl->st, p->idx, &j, 1);
    return 0;
}

/* g:piles() -> every pile, in the order they were made (a new list). */
static int g_piles(lua_State *L) {
    fuda_play *pl = check_game(L);
    lua_createtable(L, pl->st->npiles, 0);
    for (int p = 0; p < pl->st->npiles; p++) {
        fuda_pile_push(L, pl, p);
        lua_rawseti(L, -2, p + 1);
    }
    return 1;
}

/* ---- fuda.Pile ---- */

/* The pile methods have the byte -> name table as upvalue 1, the name ->
 * byte table as upvalue 2. */
#define UV_CARDS lua_upvalueindex(1)
#define UV_BYTES lua_upvalueindex(2)

/* Index in pile p of the Lua card at idx, or raise "not in pile". */
static int card_index(lua_State *L, pile_ud *p, int idx) {
    fuda_card c = fuda_check_card_in(L, idx, UV_BYTES);
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
    lua_rawgeti(L, UV_CARDS, fuda_pile_at(pst(p), p->idx, n - 1));
    return 1;
}

static int p_at(lua_State *L) {
    pile_ud *p = check_pile(L, 1);
    lua_Integer i = luaL_checkinteger(L, 2);
    if (i < 1 || i > fuda_pile_len(pst(p), p->idx)) return 0;
    lua_rawgeti(L, UV_CARDS, fuda_pile_at(pst(p), p->idx, (int)i - 1));
    return 1;
}

static int p_cards(lua_State *L) {
    pile_ud *p = check_pile(L, 1);
    int n = fuda_pile_len(pst(p), p->idx);
    const fuda_card *c = fuda_pile_cards(pst(p), p->idx);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, UV_CARDS, c[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int p_has(lua_State *L) {
    pile_ud *p = check_pile(L, 1);
    lua_pushboolean(L, fuda_pile_index(pst(p), p->idx, fuda_check_card_in(L, 2, UV_BYTES)) >= 0);
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
        if (k < 1 || k > len + 1)
            return luaL_error(L, "move: position %I out of 1..%d", (LUAI_UACINT)k, len + 1);
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
        return luaL_error(L, "move_top: pile '%s' has %d cards, cannot move %I",
                          pst(p)->piles[p->idx].name, len, (LUAI_UACINT)n);
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

/* p.key: a method (upvalue 1; the method checks the pile), else a field.
 * Called with the pile (the shared metatable's __index), or with a pile's
 * index table T (set_pile_meta), which holds the methods and the pile. */
static int p_index(lua_State *L) {
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 1;
    if (lua_type(L, 1) == LUA_TTABLE) lua_rawgetp(L, 1, &pile_self_key);
    else lua_pushvalue(L, 1);
    pile_ud *p = check_pile(L, lua_gettop(L));
    const char *k = luaL_checkstring(L, 2);
    const fuda_pile *pl = &pst(p)->piles[p->idx];
    if (strcmp(k, "name") == 0) lua_pushstring(L, pl->name);
    else if (strcmp(k, "owner") == 0) { if (pl->owner >= 0) lua_pushinteger(L, pl->owner + 1); else lua_pushnil(L); }
    else if (strcmp(k, "vis") == 0) lua_pushstring(L, vis_names[pl->vis & 3]);
    else { /* the closest method or field */
        lua_createtable(L, 0, 3);
        for (int i = 0; i < 3; i++) {
            lua_pushboolean(L, 1);
            lua_setfield(L, -2, i == 0 ? "name" : i == 1 ? "owner" : "vis");
        }
        const char *best = fuda_closest_key(L, k, lua_upvalueindex(1), -1);
        if (best) return luaL_error(L, "a pile has no field '%s' (did you mean '%s'?)", k, best);
        return luaL_error(L, "a pile has no field '%s'", k);
    }
    return 1;
}

static int p_tostring(lua_State *L) {
    pile_ud *p = (pile_ud *)fuda_checkud(L, 1, FUDA_TAG_PILE, FUDA_PILE_T);
    if (!cell_play(p->cell)) {
        if (p->cell->e && fuda_play_of(p->cell->e)->started) lua_pushliteral(L, "fuda.Pile (of another match)");
        else lua_pushliteral(L, "fuda.Pile (of an ended match)");
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

/* The pile type: __index looks the methods up (upvalue 1), then the fields;
 * each pile gets a copy of this metatable (set_pile_meta) whose __index is a
 * table of the methods, falling back on the same function. */
void fuda_pile_type(lua_State *L) {
    luaL_newmetatable(L, FUDA_PILE_T);
    lua_newtable(L);
    fuda_push_card_names(L);
    fuda_push_card_bytes(L);
    luaL_setfuncs(L, pile_methods, 2);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &pile_methods_key);
    lua_pushcclosure(L, p_index, 1);
    lua_createtable(L, 0, 1);             /* the metatable of the piles' index tables */
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, "__index");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &pile_tmeta_key);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, p_count);
    lua_setfield(L, -2, "__len");
    lua_pushcfunction(L, p_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
}


/* The game's pile methods, with the match's cell as upvalue 1; g:pile and g:hand
 * are made apart (they have caches as more). */
static const luaL_Reg game_pile_methods[] = {
    {"new_pile", g_new_pile}, {"new_deck", g_new_deck}, {"piles", g_piles}, {NULL, NULL}
};

void fuda_pile_game_methods(lua_State *L, int m, int mt) {
    lua_getfield(L, mt, "cell");
    luaL_setfuncs(L, game_pile_methods, 1);
    lua_getfield(L, mt, "named");
    lua_getfield(L, mt, "owned");
    push_closure(L, mt, g_pile, 2);
    lua_setfield(L, m, "pile");
    lua_getfield(L, mt, "hands");
    push_closure(L, mt, g_hand, 1);
    lua_setfield(L, m, "hand");
}
