/* lcard.c -- cards on the Lua side: canonical name strings ("7h") and the card
 * functions of the fuda module (card, rank, suit, make, show).
 *
 * Cards cross the boundary as their canonical names. Two registry tables make
 * that cheap: byte -> name string and name string -> byte; any other spelling
 * ("H7", "ts") goes through the core parser. */
#include <string.h>
#include <lauxlib.h>
#include "lcard.h"
#include "state.h"
#include "card.h"

static const char CARDSTR_KEY = 's';
static const char CARDBYTE_KEY = 'b';

/* Build the two registry tables once per Lua state. */
static void card_tables(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &CARDSTR_KEY) == LUA_TTABLE) {
        lua_pop(L, 1);
        return;
    }
    lua_pop(L, 1);
    lua_createtable(L, FUDA_CARD_SPACE, 0);
    lua_createtable(L, 0, 64);
    for (int c = 0; c < FUDA_CARD_SPACE; c++) {
        if (!fuda_card_valid((fuda_card)c)) continue;
        char buf[8];
        int n = fuda_card_name((fuda_card)c, buf);
        lua_pushlstring(L, buf, (size_t)n);
        lua_pushvalue(L, -1);
        lua_rawseti(L, -4, c);
        lua_pushinteger(L, c);
        lua_rawset(L, -3);
    }
    lua_rawsetp(L, LUA_REGISTRYINDEX, &CARDBYTE_KEY);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &CARDSTR_KEY);
}

int fuda_push_card_names(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &CARDSTR_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        card_tables(L);
        lua_rawgetp(L, LUA_REGISTRYINDEX, &CARDSTR_KEY);
    }
    return lua_gettop(L);
}

/* Card at idx as a byte, or FUDA_NOCARD if it is no card name; bytes is the
 * stack index of the name -> byte table. */
static fuda_card card_in(lua_State *L, int idx, int bytes) {
    if (lua_type(L, idx) != LUA_TSTRING) return FUDA_NOCARD;
    idx = lua_absindex(L, idx);
    lua_pushvalue(L, idx);
    int isnum;
    lua_Integer b = (lua_rawget(L, bytes), lua_tointegerx(L, -1, &isnum));
    lua_pop(L, 1);
    if (isnum) return (fuda_card)b;
    size_t len;
    const char *s = lua_tolstring(L, idx, &len);
    fuda_card c;
    return fuda_card_parse(s, len, &c) == 0 ? c : FUDA_NOCARD;
}

int fuda_push_card_bytes(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &CARDBYTE_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        card_tables(L);
        lua_rawgetp(L, LUA_REGISTRYINDEX, &CARDBYTE_KEY);
    }
    return lua_gettop(L);
}

static fuda_card to_card(lua_State *L, int idx) {
    if (lua_type(L, idx) != LUA_TSTRING) return FUDA_NOCARD;
    idx = lua_absindex(L, idx);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &CARDBYTE_KEY);
    fuda_card c = card_in(L, idx, lua_gettop(L));
    lua_pop(L, 1);
    return c;
}

/* c, the card read at idx; raise the error naming what is there when it is
 * no card. */
static fuda_card checked(lua_State *L, int idx, fuda_card c) {
    if (c != FUDA_NOCARD) return c;
    if (lua_type(L, idx) == LUA_TSTRING)
        luaL_error(L, "'%s' is not a card (cards are written like 7h, 10d, Qs, Jk)", lua_tostring(L, idx));
    else
        luaL_typeerror(L, idx, "card name");
    return c;
}

fuda_card fuda_check_card_in(lua_State *L, int idx, int bytes) {
    return checked(L, idx, card_in(L, idx, bytes));
}

fuda_card fuda_check_card(lua_State *L, int idx) { return checked(L, idx, to_card(L, idx)); }

/* Read a list of cards (a table of names, or a fuda.Pile) into buf. Returns
 * the count; raises an error past max cards or on a bad entry. */
int fuda_read_cards(lua_State *L, int idx, fuda_card *buf, int max) {
    idx = lua_absindex(L, idx);
    fuda_cards_ud *u = (fuda_cards_ud *)fuda_testud(L, idx, FUDA_TAG_PILE);
    if (u) return u->read(L, idx, buf, max);
    luaL_checktype(L, idx, LUA_TTABLE);
    lua_Integer len = luaL_len(L, idx); /* a __len may say anything: checked before it is an int */
    if (len < 0 || len > max) luaL_error(L, "too many cards (%I, at most %d)", (LUAI_UACINT)len, max);
    int n = (int)len;
    lua_rawgetp(L, LUA_REGISTRYINDEX, &CARDBYTE_KEY);
    int bytes = lua_gettop(L);
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, idx, i);
        fuda_card c = card_in(L, -1, bytes);
        if (c == FUDA_NOCARD)
            luaL_error(L, "entry %d is not a card: %s", i, luaL_tolstring(L, -1, NULL));
        buf[i - 1] = c;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return n;
}

/* The module's card functions have the name -> byte table as upvalue 1 and
 * the byte -> name table as upvalue 2. */
#define UV_BYTES lua_upvalueindex(1)
#define UV_NAMES lua_upvalueindex(2)

static int l_card(lua_State *L) {
    fuda_card c = card_in(L, 1, UV_BYTES);
    if (c == FUDA_NOCARD) {
        luaL_checkstring(L, 1);
        lua_pushnil(L);
        lua_pushfstring(L, "'%s' is not a card (cards are written like 7h, H7, 10s, Ts, Qd)",
                        lua_tostring(L, 1));
        return 2;
    }
    lua_rawgeti(L, UV_NAMES, c);
    return 1;
}

static int l_rank(lua_State *L) {
    lua_pushinteger(L, fuda_card_rank(fuda_check_card_in(L, 1, UV_BYTES)));
    return 1;
}

static int l_suit(lua_State *L) {
    fuda_card c = fuda_check_card_in(L, 1, UV_BYTES);
    if (fuda_card_is_joker(c)) return 0;
    char s = fuda_suit_letter(fuda_card_suit(c));
    lua_pushlstring(L, &s, 1);
    return 1;
}

static int l_make(lua_State *L) {
    lua_Integer r = luaL_checkinteger(L, 1);
    if (r == 0 && lua_isnoneornil(L, 2)) {
        lua_rawgeti(L, UV_NAMES, FUDA_JOKER);
        return 1;
    }
    size_t len;
    const char *s = luaL_checklstring(L, 2, &len);
    int suit = fuda_suit_parse(s, len);
    luaL_argcheck(L, suit >= 0, 2, "suit must be s, h, d or c");
    luaL_argcheck(L, r >= 1 && r <= 13, 1, "rank must be 1..13");
    lua_rawgeti(L, UV_NAMES, fuda_card_make((int)r, suit));
    return 1;
}

/* "{7h}" for a card, "{7h} {8h}" for a list: built in a C buffer (at most
 * 7 bytes a card), pushed once. */
static int l_show(lua_State *L) {
    fuda_card cards[FUDA_MAX_CARDS];
    int n;
    if (lua_type(L, 1) == LUA_TSTRING) {
        cards[0] = fuda_check_card_in(L, 1, UV_BYTES);
        n = 1;
    } else {
        n = fuda_read_cards(L, 1, cards, FUDA_MAX_CARDS);
    }
    char out[FUDA_MAX_CARDS * 7 + 1], *p = out;
    for (int i = 0; i < n; i++) {
        if (i) *p++ = ' ';
        *p++ = '{';
        p += fuda_card_name(cards[i], p);
        *p++ = '}';
    }
    lua_pushlstring(L, out, (size_t)(p - out));
    return 1;
}

static const luaL_Reg card_funcs[] = {
    {"card", l_card}, {"rank", l_rank}, {"suit", l_suit},
    {"make", l_make}, {"show", l_show}, {NULL, NULL}
};

void fuda_open_cards(lua_State *L) {
    fuda_push_card_bytes(L);
    fuda_push_card_names(L);
    luaL_setfuncs(L, card_funcs, 2);
}
