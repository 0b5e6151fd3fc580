/* lfuda.c -- the `fuda` module table: card functions, meld rules, fuda.moves
 * and fuda.plural (loader.c), and either the variant loader's functions (inside an engine) or fuda.match (for host
 * scripts). Also luaopen_fuda, so a stock lua5.4 can `require "fuda"` the
 * card and meld functions when fuda is built as a C module. */
#include "lfuda.h"

#define FUDA_VERSION "0.1"

int fuda_open_module(lua_State *L, int host) {
    lua_newtable(L);
    fuda_open_cards(L);
    fuda_open_meld(L);
    fuda_open_author(L);
    if (host) fuda_open_match(L);
    else fuda_open_loader(L);
    lua_pushliteral(L, FUDA_VERSION);
    lua_setfield(L, -2, "version");
    return 1;
}

int luaopen_fuda(lua_State *L);
int luaopen_fuda(lua_State *L) {
    fuda_game_types(L);
    return fuda_open_module(L, 1);
}
