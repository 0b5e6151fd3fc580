/* tensor.c -- a seat's observation as numbers (observe.h:
 * fuda_engine_tensor), from the variant's optional hook tensor(g, seat).
 *
 * The hook returns a list of entries, each giving numbers in list order:
 *
 *   a number (or a boolean: 1, 0)  one value;
 *   a pile (g:hand(2), g:pile("discard"))
 *                                  a card plane: the cards of that pile the
 *                                  seat sees now or has seen there before
 *                                  (fuda_state_knows), the rest left out;
 *   a list of card names ({"7h"})  a card plane of those cards, each of which
 *                                  the seat must see or know somewhere in the
 *                                  game (else the hook is at fault: an error).
 *
 * A card plane has one value per card of a standard deck, the count of that
 * card: index 13 * suit + rank - 1, suits in fuda's order s h d c (As is 0,
 * Kc is 51), and one more, the jokers' count, at 52 when the game's deck
 * holds jokers. So a hook can say what the seat knows, never more: a pile
 * entry filters itself, a list is checked. The hook runs read-only under the
 * limits of a hook, like view; a match of several tables has no tensor. */
#include <lauxlib.h>
#include "engine_impl.h"
#include "observe.h"

#define MAX_VALUES 4096 /* numbers one tensor may hold */

typedef struct tensor_args {
    int seat;
    float *v;
    int n;
} tensor_args;

static int card_slot(fuda_card c) {
    if (fuda_card_is_joker(c)) return 52;
    return 13 * fuda_card_suit(c) + fuda_card_rank(c) - 1;
}

static int plane_width(const fuda_state *st) { return st->deck[FUDA_JOKER] ? 53 : 52; }

/* Room for k more values, or an error naming the hook's place. */
static int room(fuda_engine *e, tensor_args *a, int k) {
    if (a->n + k <= MAX_VALUES) return 0;
    fuda_engine_seterr(e, "%s: tensor gives more than %d numbers", fuda_call_place(e), MAX_VALUES);
    return -1;
}

/* How many copies of card c the seat sees or knows anywhere in the game. */
static int known_copies(const fuda_state *st, fuda_card c, int seat) {
    int k = 0;
    for (int p = 0; p < st->npiles; p++)
        for (int i = 0; i < st->piles[p].len; i++)
            if (fuda_pile_at(st, p, i) == c && fuda_state_knows(st, p, i, seat - 1)) k++;
    return k;
}

static void add_pile(fuda_engine *e, tensor_args *a, int p) {
    const fuda_state *st = &e->st;
    float *v = a->v + a->n;
    for (int i = 0; i < st->piles[p].len; i++)
        if (fuda_state_knows(st, p, i, a->seat - 1)) v[card_slot(fuda_pile_at(st, p, i))] += 1;
}

/* The list of card names at stack index idx (entry k of the hook's list). */
static int add_cards(fuda_engine *e, tensor_args *a, int idx, int k) {
    lua_State *L = e->L;
    const fuda_state *st = &e->st;
    float *v = a->v + a->n;
    lua_Unsigned len = lua_rawlen(L, idx);
    if (len > FUDA_MAX_CARDS) {
        fuda_engine_seterr(e, "%s: tensor entry %d lists more than %d cards", fuda_call_place(e), k, FUDA_MAX_CARDS);
        return -1;
    }
    for (lua_Unsigned i = 1; i <= len; i++) {
        fuda_card c;
        size_t n;
        const char *s = lua_rawgeti(L, idx, (lua_Integer)i) == LUA_TSTRING ? lua_tolstring(L, -1, &n) : NULL;
        if (!s || fuda_card_parse(s, n, &c) != 0) {
            fuda_engine_seterr(e, "%s: tensor entry %d: item %d is not a card", fuda_call_place(e), k, (int)i);
            return -1;
        }
        lua_pop(L, 1);
        int slot = card_slot(c);
        if (slot >= plane_width(st) || v[slot] + 1 > known_copies(st, c, a->seat)) {
            char name[8];
            fuda_card_name(c, name);
            fuda_engine_seterr(e, "%s: tensor entry %d shows %s, which seat %d does not know", fuda_call_place(e), k,
                               name, a->seat);
            return -1;
        }
        v[slot] += 1;
    }
    return 0;
}

/* Entry k of the hook's list, on top of the stack. */
static int add_entry(fuda_engine *e, tensor_args *a, int k) {
    lua_State *L = e->L;
    int t = lua_type(L, -1), p;
    if (t == LUA_TNUMBER || t == LUA_TBOOLEAN) {
        if (room(e, a, 1) != 0) return -1;
        double x = t == LUA_TBOOLEAN ? lua_toboolean(L, -1) : lua_tonumber(L, -1);
        if (!isfinite(x)) {
            fuda_engine_seterr(e, "%s: tensor entry %d is not a finite number", fuda_call_place(e), k);
            return -1;
        }
        a->v[a->n++] = (float)x;
        return 0;
    }
    int w = plane_width(&e->st);
    if (t == LUA_TUSERDATA && (p = fuda_game_pile_index(L, e, -1)) >= 0) {
        if (room(e, a, w) != 0) return -1;
        add_pile(e, a, p);
    } else if (t == LUA_TTABLE) {
        if (room(e, a, w) != 0 || add_cards(e, a, lua_gettop(L), k) != 0) return -1;
    } else {
        fuda_engine_seterr(e, "%s: tensor entry %d is a %s, not a number, a pile of this match or a list of cards",
                           fuda_call_place(e), k, luaL_typename(L, -1));
        return -1;
    }
    a->n += w;
    return 0;
}

static int tensor_body(fuda_engine *e, void *ud) {
    tensor_args *a = (tensor_args *)ud;
    lua_State *L = e->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->var.ref_variant);
    if (lua_getfield(L, -1, "tensor") != LUA_TFUNCTION) return 1;
    lua_pushinteger(L, a->seat);
    fuda_engine_call_hook(e, "tensor", 1, 1);
    if (!lua_istable(L, -1)) {
        fuda_engine_seterr(e, "%s: tensor must return a list, got %s", fuda_call_place(e), luaL_typename(L, -1));
        return -1;
    }
    int list = lua_gettop(L);
    lua_Unsigned len = lua_rawlen(L, list);
    fuda_sandbox_cmem(L, e, MAX_VALUES * sizeof(float)); /* the values must fit under the cap with the state */
    fuda_sandbox_cfree(e, MAX_VALUES * sizeof(float));
    if (!(a->v = calloc(MAX_VALUES, sizeof(float)))) {
        fuda_engine_seterr(e, "out of memory");
        return -1;
    }
    for (lua_Unsigned k = 1; k <= len; k++) {
        lua_rawgeti(L, list, (lua_Integer)k);
        if (add_entry(e, a, (int)k) != 0) return -1;
        lua_pop(L, 1);
    }
    return 0;
}

int fuda_engine_tensor(fuda_engine *e, int seat, float **out, int *n) {
    *out = NULL, *n = 0;
    if (fuda_engine_bad_seat(e, seat)) return -1;
    if (fuda_tb_n(e)) {
        fuda_engine_seterr(e, "a match of several tables has no tensor");
        return -1;
    }
    tensor_args a = {seat, NULL, 0};
    fuda_txn t;
    fuda_txn_begin(e, &t);
    int rc = fuda_engine_pcall(e, tensor_body, &a);
    fuda_txn_undo(e, &t); /* an observation never changes the game */
    if (rc != 0) {
        free(a.v);
        return rc;
    }
    *out = a.v, *n = a.n;
    return 0;
}
