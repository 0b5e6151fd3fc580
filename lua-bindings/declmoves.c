/* declmoves.c -- a phase's declared moves: moves = { M.draw, { M.discard,
 * cards = "hand" }, { M.give, seats = "others" }, { M.bid, from = 1, to = 9,
 * when = f } } instead of a function listing texts. author.lua compiles a
 * declaration into families, { kind, text, a, b, when } (kind as below,
 * text the words before the argument); its moves hook gives them to the
 * engine with a second result true. This file walks them in declaration
 * order into the seat's list (the texts made and interned there, as
 * moves.c does with a list), and draws the random bot's move without the
 * list: the families counted, one draw of the bot's generator over the
 * count, as random_pick makes over a list of that length, and only the
 * chosen move's text made. A variant that swaps a moves function for the
 * equivalent declaration so plays the same moves. With a filter (when) the
 * count is unknown without asking it: the list is walked. The move is then
 * applied as any listed move (the play hook reads its typed argument). */
#include <lauxlib.h>
#include "engine_impl.h"

enum { FAM_VERB, FAM_CARDS, FAM_SEATS, FAM_OTHERS, FAM_RANGE };

typedef struct family {
    int index, kind, when;     /* its place in the declaration; when: it has a filter */
    int pile;                  /* FAM_CARDS: the pile's index in the state */
    lua_Integer from, n;       /* FAM_RANGE's first value; its moves before the filter */
    const char *text;          /* the words before the argument (anchored by the declaration) */
} family;

/* Family i of the declaration at stack index decl, for seat: 0, or -1 with
 * the message (a pile the state lacks). */
static int family_read(fuda_engine *e, int decl, int i, int seat, family *f) {
    lua_State *L = e->L;
    lua_rawgeti(L, decl, i);
    int t = lua_gettop(L);
    lua_rawgeti(L, t, 1);
    f->index = i;
    f->kind = (int)lua_tointeger(L, -1);
    lua_rawgeti(L, t, 2);
    f->text = lua_tostring(L, -1);
    f->when = lua_rawgeti(L, t, 5) != LUA_TNIL;
    f->pile = -1;
    f->from = 0;
    switch (f->kind) {
    case FAM_VERB: f->n = 1; break;
    case FAM_SEATS: f->n = e->st.nseats; break;
    case FAM_OTHERS: f->n = e->st.nseats - 1; break;
    case FAM_RANGE:
        lua_rawgeti(L, t, 3);
        lua_rawgeti(L, t, 4);
        f->from = lua_tointeger(L, -2);
        f->n = lua_tointeger(L, -1) - f->from + 1;
        break;
    default: {
        lua_rawgeti(L, t, 3);
        const char *name = lua_tostring(L, -1);
        f->pile = fuda_pile_find(&e->st, name, seat - 1);
        if (f->pile < 0) f->pile = fuda_pile_find(&e->st, name, -1);
        if (f->pile < 0) {
            fuda_engine_seterr(e, "%s: moves: family %d ('%.*s'): no pile '%s' of seat %d nor a shared one",
                               e->var.file, i, (int)strlen(f->text) - 1, f->text, name ? name : "?", seat);
            lua_settop(L, t - 1);
            return -1;
        }
        f->n = fuda_pile_len(&e->st, f->pile);
    }
    }
    if (f->n < 0) f->n = 0;
    lua_settop(L, t - 1);
    return 0;
}

/* Push the typed argument of move j of f: a card's name, a seat, a number. */
static void push_arg(fuda_engine *e, const family *f, int seat, lua_Integer j) {
    char name[8];
    switch (f->kind) {
    case FAM_CARDS:
        fuda_card_name(fuda_pile_at(&e->st, f->pile, (int)j), name);
        lua_pushstring(e->L, name);
        break;
    case FAM_SEATS: lua_pushinteger(e->L, j + 1); break;
    case FAM_OTHERS: lua_pushinteger(e->L, j + 1 < seat ? j + 1 : j + 2); break;
    default: lua_pushinteger(e->L, f->from + j);
    }
}

/* Push the text of move j of f. */
static void push_text(fuda_engine *e, const family *f, int seat, lua_Integer j) {
    if (f->kind == FAM_VERB) {
        lua_pushstring(e->L, f->text);
        return;
    }
    lua_pushstring(e->L, f->text);
    push_arg(e, f, seat, j);
    lua_concat(e->L, 2);
}

/* Does f's filter allow move j: when(g, seat[, arg]) gives neither nil nor false? */
static int allowed(fuda_engine *e, int decl, const family *f, int seat, lua_Integer j) {
    lua_State *L = e->L;
    lua_rawgeti(L, decl, f->index);
    lua_rawgeti(L, -1, 5);
    lua_remove(L, -2);
    int nargs = f->kind == FAM_VERB ? 2 : 3; /* as call.c calls a hook (not called from here: the
                                              * layers stay as they were, moves.c above this file) */
    fuda_game_push(e);
    lua_pushinteger(L, seat);
    if (f->kind != FAM_VERB) push_arg(e, f, seat, j);
    fuda_sandbox_note_function(e, -nargs - 1);
    e->calling = "moves";
    lua_call(L, nargs, 1);
    int ok = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return ok;
}

/* Room for one more id in e->mvids (n used). */
static int grow(fuda_engine *e, int n) {
    if (n < e->capmvids) return 0;
    int cap = e->capmvids < 16 ? 16 : 2 * e->capmvids;
    int *p = (int *)realloc(e->mvids, (size_t)cap * sizeof *p);
    if (!p) {
        fuda_engine_seterr(e, "out of memory");
        return -1;
    }
    e->mvids = p;
    e->capmvids = cap;
    return 0;
}

static int too_many(fuda_engine *e, long long n) {
    fuda_engine_seterr(e, "%s: moves declared %lld moves (at most %d)", e->var.file, n, FUDA_MAX_MOVES);
    return -1;
}

int fuda_decl_list(fuda_engine *e, int seat) {
    lua_State *L = e->L;
    int decl = lua_gettop(L), n = 0;
    int nf = (int)lua_rawlen(L, decl);
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_mvids);
    int ids = lua_gettop(L);
    e->nmoves = 0;
    for (int i = 1; i <= nf; i++) {
        family f;
        if (family_read(e, decl, i, seat, &f) < 0) return -1;
        for (lua_Integer j = 0; j < f.n; j++) {
            if (f.kind == FAM_CARDS && j >= fuda_pile_len(&e->st, f.pile)) break; /* a filter took cards */
            if (f.when && !allowed(e, decl, &f, seat, j)) continue;
            if (n >= FUDA_MAX_MOVES) return too_many(e, (long long)n + 1);
            if (grow(e, n) < 0) return -1;
            push_text(e, &f, seat, j);
            int id = fuda_moves_id(e, ids, n + 1);
            if (id < 0) return -1;
            e->mvids[n++] = id;
        }
    }
    lua_settop(L, decl);
    e->nmoves = n;
    return 0;
}

#define PICK_FAMILIES 16 /* families kept from the count to the draw; more are read again */

int fuda_decl_pick(fuda_engine *e, int seat, int *id) {
    lua_State *L = e->L;
    int decl = lua_gettop(L);
    int nf = (int)lua_rawlen(L, decl);
    family fams[PICK_FAMILIES], f;
    long long total = 0;
    for (int i = 1; i <= nf; i++) {
        if (family_read(e, decl, i, seat, &f) < 0) return -1;
        if (f.when) { /* a filter: only the list knows how many */
            e->moves_valid = 0;
            if (fuda_decl_list(e, seat) < 0) return -1;
            if (e->nmoves == 0) {
                fuda_engine_seterr(e, "seat %d has nothing to do now", seat);
                return -1;
            }
            *id = e->mvids[fuda_rng_below(&e->bot_rng, (uint32_t)e->nmoves)];
            return 0;
        }
        if (i <= PICK_FAMILIES) fams[i - 1] = f;
        total += f.n;
    }
    if (total == 0) {
        fuda_engine_seterr(e, "seat %d has nothing to do now", seat);
        return -1;
    }
    if (total > FUDA_MAX_MOVES) return too_many(e, total);
    lua_Integer k = (lua_Integer)fuda_rng_below(&e->bot_rng, (uint32_t)total), at = k;
    for (int i = 1; i <= nf; i++) {
        if (i <= PICK_FAMILIES) f = fams[i - 1];
        else if (family_read(e, decl, i, seat, &f) < 0) return -1;
        if (at < f.n) break;
        at -= f.n;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_mvids);
    push_text(e, &f, seat, at);
    *id = fuda_moves_id(e, decl + 1, (int)k + 1);
    lua_settop(L, decl);
    return *id < 0 ? -1 : 0;
}
