/* lcard.h -- cards and melds as Lua sees them (lcard.c: card names, the
 * fuda.cards functions, reading a list of cards; lmeld.c: fuda.rules), and
 * what every fuda userdata starts with: its tag, the type names, and the
 * head of a userdata holding cards (a fuda.Pile). Included by the files that
 * read cards or check a fuda userdata's type: lcard.c, lmeld.c, lfuda.c,
 * lloader.c, lmatch.c, current.c, surface_walk.c, and the game object's
 * files through game_impl.h. */
#ifndef FUDA_LCARD_H
#define FUDA_LCARD_H

#include <lua.h>
#include <lauxlib.h>
#include "card.h"

#define FUDA_GAME_T "fuda.Game"
#define FUDA_PILE_T "fuda.Pile"
#define FUDA_RULES_T "fuda.Rules"
#define FUDA_MATCH_T "fuda.Match"
#define FUDA_MARK_T "fuda.Mark"
#define FUDA_VARS_T "fuda.Vars"
/* Registry names of the declared moves' metatables: the one author.lua puts on the
 * families it compiles (lloader.c registers it; declmoves.c reads a declaration only
 * when its metatable is that very table), and the one of their read kept in C. */
#define FUDA_DECLARED_T "fuda.declared"
#define FUDA_DECL_READ_T "fuda.declread"

/* Every fuda userdata starts with one of these tags, so checking an argument's
 * type is one comparison (no metatable lookup by name). */
enum {
    FUDA_TAG_GAME = 0x46474d31, FUDA_TAG_PILE, FUDA_TAG_VARS, FUDA_TAG_RULES, FUDA_TAG_MATCH, FUDA_TAG_MARK
};

/* The head of a userdata that holds a list of cards (a fuda.Pile, tag
 * FUDA_TAG_PILE): fuda_read_cards reads one through `read`, which copies
 * its cards into buf (at most max, raising past that or for a handle of a
 * match that has ended) and returns the count. So the card functions take
 * piles without knowing the game object. */
typedef struct fuda_cards_ud {
    unsigned tag;
    int (*read)(lua_State *L, int idx, fuda_card *buf, int max);
} fuda_cards_ud;

/* The userdata at idx if it carries `tag`, else a type error naming tname
 * ("fuda.Pile expected, got nil"). */
static inline void *fuda_checkud(lua_State *L, int idx, unsigned tag, const char *tname) {
    void *p = lua_touserdata(L, idx);
    if (p && lua_type(L, idx) == LUA_TUSERDATA && lua_rawlen(L, idx) >= sizeof(unsigned) &&
        *(unsigned *)p == tag)
        return p;
    luaL_typeerror(L, idx, tname);
    return NULL;
}
/* The same, NULL (no error) when it does not. */
static inline void *fuda_testud(lua_State *L, int idx, unsigned tag) {
    void *p = lua_touserdata(L, idx);
    if (p && lua_type(L, idx) == LUA_TUSERDATA && lua_rawlen(L, idx) >= sizeof(unsigned) &&
        *(unsigned *)p == tag)
        return p;
    return NULL;
}

/* lcard.c. fuda_push_card_names: push the table card byte -> canonical name
 * and return its stack index, so a loop pushes each card with one
 * lua_rawgeti. fuda_check_card: the card at idx, or raise "'x' is not a card
 * (...)" / a type error; fuda_check_card_in: the same with the name -> byte
 * table at index `bytes` (an upvalue, say), pushed once by
 * fuda_push_card_bytes. fuda_read_cards: the cards of the list or pile at
 * idx into buf (at most max; raises past that): their count.
 * fuda_open_cards adds the card functions to the table on top. */
int fuda_push_card_names(lua_State *L);
fuda_card fuda_check_card(lua_State *L, int idx);
fuda_card fuda_check_card_in(lua_State *L, int idx, int bytes);
int fuda_push_card_bytes(lua_State *L);
int fuda_read_cards(lua_State *L, int idx, fuda_card *buf, int max);
void fuda_open_cards(lua_State *L);

/* lmeld.c: adds fuda.rules to the table on top. */
void fuda_open_meld(lua_State *L);

#endif
