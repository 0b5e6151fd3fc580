/* declmoves.c -- a phase's declared moves: moves = { M.draw, { M.discard,
 * cards = "hand" }, { M.give, seats = "others" }, { M.bid, from = 1, to = 9,
 * when = f } } instead of a function listing texts. author.lua compiles a
 * declaration into families, { kind, text, a, b, when } (kind as below,
 * text the words before the argument, the list marked by its metatable);
 * the moves hook the engine calls gives them instead of a list. This
 * file reads them once (kept in the declaration) and walks them in
 * declaration order into the seat's list (the texts made and interned there, as
 * moves.c does with a list), and draws the random bot's move without the
 * list: the families counted, one draw of the bot's generator over the
 * count, as random_pick makes over a list of that length, and only the
 * chosen move's text made. A variant that swaps a moves function for the
 * equivalent declaration so plays the same moves. A verb alone with a filter
 * (when) is asked once; a filter over arguments needs the list, walked then. The move is then
 * applied as any listed move (the play hook reads its typed argument). */
#include <lauxlib.h>
#include "engine_impl.h"
#include "lcard.h"

int fuda_decl_is(lua_State *L, int idx) {
    if (!lua_istable(L, idx) || !lua_getmetatable(L, idx)) return 0;
    lua_pushliteral(L, "__fuda_declared");
    int is = lua_rawget(L, -2) == LUA_TBOOLEAN && lua_toboolean(L, -1);
    lua_pop(L, 2);
    return is;
}

/* Is the table at idx (marked as declared) one author.lua compiled? Its
 * metatable must be the very table registered as FUDA_DECLARED_T: a script
 * may forge the mark and the shape of families, and change its own tables
 * between calls, so only fuda's own are read (and their read kept). */
static int is_genuine(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    if (!lua_getmetatable(L, idx)) return 0;
    lua_getfield(L, LUA_REGISTRYINDEX, FUDA_DECLARED_T);
    int same = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    return same;
}

enum { FAM_VERB, FAM_CARDS, FAM_SEATS, FAM_OTHERS, FAM_RANGE };

typedef struct family {
    int index, kind, when;     /* its place in the declaration; when: it has a filter */
    int pile;                  /* FAM_CARDS: the pile's index in the state */
    lua_Integer from, n;       /* FAM_RANGE's first value; its moves before the filter */
    const char *text;          /* the words before the argument (anchored by the declaration) */
} family;

/* A declaration as read once, kept in it at key 0 (it never changes; its
 * strings are anchored by it). */
typedef struct one_family { int kind, when; lua_Integer from, to; const char *text, *pile; } one_family;
typedef struct decl_read { int n; one_family f[1]; } decl_read;

/* Is family t (a stack index) as author.lua compiles one? (A script cannot
 * reach the compiled families, but it may forge their mark.) */
static int family_ok(lua_State *L, int t) {
    if (!lua_istable(L, t)) return 0;
    int kind = lua_rawgeti(L, t, 1) == LUA_TNUMBER && lua_isinteger(L, -1) ? (int)lua_tointeger(L, -1) : -1;
    int ok = kind >= FAM_VERB && kind <= FAM_RANGE && lua_rawgeti(L, t, 2) == LUA_TSTRING;
    int a = lua_rawgeti(L, t, 3), b = lua_rawgeti(L, t, 4);
    if (kind == FAM_CARDS) ok = ok && a == LUA_TSTRING;
    if (kind == FAM_RANGE) ok = ok && a == LUA_TNUMBER && b == LUA_TNUMBER && lua_isinteger(L, -1) && lua_isinteger(L, -2);
    lua_pop(L, 4);
    return ok;
}

/* The read of the declaration at stack index decl, made on first use; NULL
 * with the message for a forged one. */
static const decl_read *read_of(fuda_engine *e, int decl) {
    lua_State *L = e->L;
    if (!is_genuine(L, decl)) {
        fuda_engine_seterr(e, "%s: moves returned a table marked as declared moves that fuda did not make",
                           fuda_call_place(e));
        return NULL;
    }
    lua_rawgeti(L, decl, 0);
    const decl_read *r = (const decl_read *)luaL_testudata(L, -1, FUDA_DECL_READ_T);
    lua_pop(L, 1);
    if (r) return r;
    lua_Unsigned len = lua_rawlen(L, decl);
    for (lua_Unsigned i = 1; i <= len && len <= FUDA_MAX_MOVES; i++) {
        lua_rawgeti(L, decl, (lua_Integer)i);
        int ok = family_ok(L, lua_gettop(L));
        lua_pop(L, 1);
        if (!ok) len = FUDA_MAX_MOVES + 1;
    }
    if (len > FUDA_MAX_MOVES) {
        fuda_engine_seterr(e, "%s: moves returned a table marked as declared moves that fuda did not make",
                           fuda_call_place(e));
        return NULL;
    }
    int n = (int)len;
    decl_read *w = (decl_read *)lua_newuserdatauv(L, sizeof *w + (size_t)(n > 0 ? n - 1 : 0) * sizeof w->f[0], 0);
    if (luaL_newmetatable(L, FUDA_DECL_READ_T)) {
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
    }
    lua_setmetatable(L, -2);
    w->n = n;
    for (int i = 1; i <= n; i++) {
        one_family *f = &w->f[i - 1];
        lua_rawgeti(L, decl, i);
        int t = lua_gettop(L);
        lua_rawgeti(L, t, 1);
        f->kind = (int)lua_tointeger(L, -1);
        lua_rawgeti(L, t, 2);
        f->text = lua_tostring(L, -1);
        lua_rawgeti(L, t, 3);
        f->pile = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        f->from = lua_tointeger(L, -1);
        lua_rawgeti(L, t, 4);
        f->to = lua_tointeger(L, -1);
        f->when = lua_rawgeti(L, t, 5) != LUA_TNIL;
        lua_settop(L, t - 1);
    }
    lua_rawseti(L, decl, 0);
    return w;
}

/* Family i of the declaration read r, for seat: 0, or -1 with the message
 * (a pile the state lacks). */
static int family_of(fuda_engine *e, const decl_read *r, int i, int seat, family *f) {
    const one_family *o = &r->f[i - 1];
    f->index = i;
    f->kind = o->kind;
    f->text = o->text;
    f->when = o->when;
    f->pile = -1;
    f->from = 0;
    switch (f->kind) {
    case FAM_VERB: f->n = 1; break;
    case FAM_SEATS: f->n = e->st.nseats; break;
    case FAM_OTHERS: f->n = e->st.nseats - 1; break;
    case FAM_RANGE:
        f->from = o->from;
        f->n = o->to - o->from + 1;
        break;
    default:
        f->pile = fuda_pile_find(&e->st, o->pile, seat - 1);
        if (f->pile < 0) f->pile = fuda_pile_find(&e->st, o->pile, -1);
        if (f->pile < 0) {
            fuda_engine_seterr(e, "%s: moves: family %d ('%.*s'): no pile '%s' of seat %d nor a shared one",
                               e->var.file, i, (int)strlen(f->text) - 1, f->text, o->pile ? o->pile : "?", seat);
            return -1;
        }
        f->n = fuda_pile_len(&e->st, f->pile);
    }
    if (f->n < 0) f->n = 0;
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
    const decl_read *r = read_of(e, decl);
    if (!r) return -1;
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_mvids);
    int ids = lua_gettop(L);
    e->nmoves = 0;
    for (int i = 1; i <= r->n; i++) {
        family f;
        if (family_of(e, r, i, seat, &f) < 0) return -1;
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

#define PICK_FILTERED 32 /* families a draw without the list may hold */

/* The random bot's draw over the list the families would make, the list
 * not made when every filter is a verb's alone (asked once each here);
 * filters over arguments: the list is made, then drawn from. */
int fuda_decl_pick(fuda_engine *e, int seat, int *id) {
    lua_State *L = e->L;
    int decl = lua_gettop(L);
    const decl_read *r = read_of(e, decl);
    if (!r) return -1;
    int ok[PICK_FILTERED];
    family f;
    long long total = 0;
    for (int i = 1; i <= r->n; i++) {
        const one_family *o = &r->f[i - 1];
        if (o->when && (o->kind != FAM_VERB || r->n > PICK_FILTERED)) { /* only the list knows how many */
            e->moves_valid = 0;
            if (fuda_decl_list(e, seat) < 0) return -1;
            if (e->nmoves == 0) {
                fuda_engine_seterr(e, "seat %d has nothing to do now", seat);
                return -1;
            }
            *id = e->mvids[fuda_rng_below(&e->bot_rng, (uint32_t)e->nmoves)];
            return 0;
        }
    }
    for (int i = 1; i <= r->n; i++) {
        if (family_of(e, r, i, seat, &f) < 0) return -1;
        if (f.when) f.n = ok[i - 1] = allowed(e, decl, &f, seat, 0);
        total += f.n;
    }
    if (total == 0) {
        fuda_engine_seterr(e, "seat %d has nothing to do now", seat);
        return -1;
    }
    if (total > FUDA_MAX_MOVES) return too_many(e, total);
    lua_Integer k = (lua_Integer)fuda_rng_below(&e->bot_rng, (uint32_t)total), at = k;
    for (int i = 1; i <= r->n; i++) {
        if (family_of(e, r, i, seat, &f) < 0) return -1;
        if (f.when) f.n = ok[i - 1];
        if (at < f.n) break;
        at -= f.n;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_mvids);
    push_text(e, &f, seat, at);
    *id = fuda_moves_id(e, decl + 1, (int)k + 1);
    lua_settop(L, decl);
    return *id < 0 ? -1 : 0;
}
