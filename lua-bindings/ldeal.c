/* ldeal.c -- the standard deal every variant may use instead of moving
 * cards one by one: g:gather (cards back onto the stock) and g:deal (n
 * cards to every seat, round the table). Both check everything first and
 * raise, moving nothing, for a missing pile or too few cards. */
#include <lauxlib.h>
#include "game_impl.h"
#include "strict.h"

/* Move every card of pile p onto pile `to`, p's bottom card first. */
static void gather_pile(fuda_state *st, int p, int to) {
    while (fuda_pile_len(st, p) > 0) fuda_pile_move(st, p, 0, to, -1);
}

/* Gather the piles named in the list at index 3 onto `to`, name by name (a
 * name every seat has: seat by seat). Raises, moving nothing, for an entry
 * that is not a string or names no pile. */
static void gather_named(lua_State *L, fuda_play *pl, int to) {
    lua_Unsigned n = lua_rawlen(L, 3);
    for (int pass = 0; pass < 2; pass++)       /* pass 0 checks, pass 1 moves */
        for (lua_Unsigned i = 1; i <= n; i++) {
            lua_rawgeti(L, 3, (lua_Integer)i);
            const char *nm = lua_tostring(L, -1);
            int found = 0;
            if (lua_type(L, -1) != LUA_TSTRING)
                luaL_argerror(L, 3, lua_pushfstring(L, "entry %d is not a pile name", (int)i));
            for (int p = 0; p < pl->st->npiles; p++) {
                if (strncmp(pl->st->piles[p].name, nm, FUDA_PILE_NAME) != 0) continue;
                found = 1;
                if (pass == 1 && p != to) gather_pile(pl->st, p, to);
            }
            if (!found) luaL_argerror(L, 3, lua_pushfstring(L, "no pile '%s'", nm));
            lua_pop(L, 1);
            if ((i & 255) == 0) fuda_sandbox_tick(L, 256 * 8); /* a long list: ticks */
        }
}

/* g:gather([name [, from]]): every card of every other pile onto the shared
 * pile `name` (default "stock"), pile by pile in the order they were made,
 * each pile's cards bottom first; with the list `from` (pile names), only
 * the piles it names, in its order (a name every seat has: each seat's pile,
 * seat by seat). Returns that pile (so g:gather():shuffle()). Raises, moving
 * nothing, for no such pile. */
static int g_gather(lua_State *L) {
    fuda_play *pl = check_game(L);
    const char *name = luaL_optstring(L, 2, "stock");
    int to = fuda_pile_find(pl->st, name, -1);
    if (to < 0) return luaL_argerror(L, 2, lua_pushfstring(L, "no pile '%s'", name));
    if (!lua_isnoneornil(L, 3)) {
        luaL_checktype(L, 3, LUA_TTABLE);
        lua_settop(L, 3);
        gather_named(L, pl, to);
    } else {
        for (int p = 0; p < pl->st->npiles; p++)
            if (p != to) gather_pile(pl->st, p, to);
    }
    fuda_pile_push(L, pl, to);
    return 1;
}

/* g:deal(n [, opts]): n cards to every seat, one at a time round the table
 * in seat order starting at opts.first (default 1), from the top of the
 * shared pile opts.from (default "stock") to each seat's pile opts.to
 * (default "hand"); opts.sort = true (or "suit", "rank") sorts each of those
 * piles after. Raises, moving nothing, when the stock holds too few cards or
 * a pile is missing. */
static int g_deal(lua_State *L) {
    fuda_play *pl = check_game(L);
    lua_Integer n = luaL_checkinteger(L, 2);
    int ns = pl->st->nseats, first = 0, sort = -1;
    const char *fromname = "stock", *toname = "hand";
    luaL_argcheck(L, n >= 0 && n <= FUDA_MAX_CARDS, 2, "card count out of range");
    if (!lua_isnoneornil(L, 3)) {
        static const char *const by[] = {"suit", "rank", NULL};
        static const char *const fields[] = {"first", "sort", "from", "to", NULL};
        luaL_checktype(L, 3, LUA_TTABLE);
        fuda_check_fields(L, 3, "deal", fields);
        lua_settop(L, 3);
        if (lua_getfield(L, 3, "first") != LUA_TNIL) first = check_seat(L, pl, 4);
        int t = lua_getfield(L, 3, "sort");
        if (t == LUA_TBOOLEAN) sort = lua_toboolean(L, 5) ? 0 : -1;
        else if (t != LUA_TNIL) sort = luaL_checkoption(L, 5, NULL, by);
        if (lua_getfield(L, 3, "from") != LUA_TNIL) fromname = luaL_checkstring(L, 6);
        if (lua_getfield(L, 3, "to") != LUA_TNIL) toname = luaL_checkstring(L, 7);
    }
    int from = fuda_pile_find(pl->st, fromname, -1), to[FUDA_MAX_SEATS];
    if (from < 0) return luaL_argerror(L, 3, lua_pushfstring(L, "no pile '%s'", fromname));
    for (int s = 0; s < ns; s++) {
        to[s] = fuda_pile_find(pl->st, toname, s);
        if (to[s] < 0) return luaL_argerror(L, 3, lua_pushfstring(L, "no pile '%s' of seat %d", toname, s + 1));
    }
    int have = fuda_pile_len(pl->st, from);
    if (n * ns > have)
        return luaL_argerror(L, 2, lua_pushfstring(L, "%d cards to %d seats need %d, pile '%s' has %d",
                                                   (int)n, ns, (int)n * ns, fromname, have));
    for (lua_Integer k = 0; k < n; k++)
        for (int i = 0; i < ns; i++)
            fuda_pile_move(pl->st, from, fuda_pile_len(pl->st, from) - 1, to[(first + i) % ns], -1);
    if (sort >= 0)
        for (int s = 0; s < ns; s++) fuda_pile_sort(pl->st, to[s], sort);
    return 0;
}

const luaL_Reg fuda_game_deal_methods[] = {
    {"gather", g_gather}, {"deal", g_deal}, {NULL, NULL}
};
