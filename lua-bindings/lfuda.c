/* lfuda.c -- the `fuda` module table: card functions, meld rules, fuda.moves
 * and fuda.plural (lloader.c), and inside an engine the variant loader's
 * functions. Host scripts get fuda.match on top (lmatch_make.c; host.c makes
 * their state and has luaopen_fuda for a stock lua5.4's `require "fuda"`). */
#include "lcard.h"
#include "strict.h"
#include "loader.h"
#include "module.h"
#include "game.h"

#define FUDA_VERSION "0.1"

int fuda_open_module(lua_State *L, int host) {
    lua_newtable(L);
    fuda_open_cards(L);
    fuda_open_meld(L);
    fuda_open_author(L);
    if (!host) fuda_open_loader(L);
    lua_pushliteral(L, FUDA_VERSION);
    lua_setfield(L, -2, "version");
    return 1;
}

void fuda_open_game_libs(lua_State *L) {
    static const char *const none[] = {NULL};
    fuda_game_types(L);
    fuda_open_module(L, 0);
    fuda_strict_own(L, -1, "fuda", none); /* fuda.crad raises, "did you mean 'card'?" */
}
