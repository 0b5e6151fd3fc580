/* moveids.c -- the match's moves interned: every distinct move text a
 * moves hook listed (or the engine made of a declaration: declmoves.c)
 * gets an id, its text checked once against the grammar a log replays and
 * kept for the whole match (e->mvtab, the Lua tables text -> id and id + 1
 * -> text); and where a moves hook's bad result is blamed. Used by
 * moves.c, declmoves.c and bots.c. */
#include <lauxlib.h>
#include "engine_impl.h"

/* "file:line" of hook h's function (where it is defined), or the variant's
 * file when fuda's own code made the hook (phases: author.lua). */
void fuda_moves_hook_place(fuda_engine *e, int h, char *buf, size_t size) {
    lua_Debug ar;
    snprintf(buf, size, "%s", e->var.file ? e->var.file : "?");
    if (e->var.ref_hook[h] == LUA_NOREF) return;
    lua_rawgeti(e->L, LUA_REGISTRYINDEX, e->var.ref_hook[h]);
    if (lua_getinfo(e->L, ">S", &ar) && ar.source[0] == '@')
        snprintf(buf, size, "%s:%d", ar.short_src, ar.linedefined);
}

/* Inside a body: the id of the move string on top of the stack (popped),
 * interning it on first sight; the match's id table is at index ids. -1
 * (with the message) when the text is no fit move; `index` names its place
 * in the hook's list. */
int fuda_moves_id(fuda_engine *e, int ids, int index) {
    lua_State *L = e->L;
    lua_pushvalue(L, -1);
    if (lua_rawget(L, ids) == LUA_TNUMBER) {
        int id = (int)lua_tointeger(L, -1);
        lua_pop(L, 2);
        return id;
    }
    lua_pop(L, 1);
    size_t len, at;
    const char *m = lua_tolstring(L, -1, &len), *why;
    if (fuda_move_text_check(m, len, &why, &at) < 0) { /* the grammar a log replays (movetext.h) */
        char where[128];
        fuda_moves_hook_place(e, FUDA_HOOK_MOVES, where, sizeof where);
        fuda_engine_seterr(e, "%s: move %d is not a valid move text (%s, at byte %lu; a move is 1 to "
                           "%d bytes of UTF-8, no control characters, single spaces between words)",
                           where, index, why, (unsigned long)at + 1, FUDA_MOVE_TEXT_MAX);
        return -1;
    }
    if (fuda_record_grow((void **)&e->mvtab, &e->capmvtab, e->nmvtab, sizeof *e->mvtab) < 0) {
        fuda_engine_seterr(e, "out of memory");
        return -1;
    }
    fuda_sandbox_cmem(L, e, fuda_record_move_size(m)); /* may raise: nothing is kept yet */
    if (!(e->mvtab[e->nmvtab] = strdup(m))) {
        fuda_sandbox_cfree(e, fuda_record_move_size(m));
        fuda_engine_seterr(e, "out of memory");
        return -1;
    }
    int id = e->nmvtab++; /* kept (and freed with the match) even if Lua fails below */
    lua_pushvalue(L, -1);
    lua_pushinteger(L, id);
    lua_rawset(L, ids);
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_mvstrs);
    lua_insert(L, -2);
    lua_rawseti(L, -2, id + 1);
    lua_pop(L, 1);
    return id;
}
