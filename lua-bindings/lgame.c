/* lgame.c -- the game object a variant's hooks receive (fuda.Game), its piles
 * (fuda.Pile) and variables (fuda.Vars): cheap views of the core state held
 * by the engine, which stays the only truth (hashed, cloned, undone).
 *
 * Built for speed, since hooks read the game all the time:
 *
 * - The game is a Lua table per match, always empty. Its metatable's __index
 *   is a private table M holding the methods (C closures over the engine and
 *   the match generation) and the constant fields (seats, options, var,
 *   seat); M's own __index answers the fields that change (turn, dir,
 *   hand_no, move_no, claim, phase). Every write goes to __newindex, which
 *   checks it as before. The metatable is locked, so a script cannot reach
 *   M; it can rawset its own game table, which misleads only itself (the
 *   engine reads the core state, never the table).
 *
 * - g.var and g.seat[k] are empty proxies too. A read is two table lookups
 *   in a values table V (no C call); a write goes through a C __newindex
 *   that checks the value, stores it in the core state, then in V. V always
 *   equals the core state when Lua code runs: the engine sets vars_stale
 *   when it restores a state whose variables differ, and fuda_game_sync
 *   rewrites every V before the next protected body runs. A name missing
 *   from V (a nil value, or no such variable) reaches V's own __index, which
 *   answers from the core state or raises "unknown game variable".
 *
 * - g:pile and g:hand answer from per-match caches held as upvalues.
 *
 * - A pile has its own metatable whose __index is a table of the methods
 *   (p:top() is two table lookups, no C call); its fields (name, owner,
 *   vis) come from that table's __index, a C function reading the state.
 *
 * Once the match is over (g:end_match) its result is final: g:score,
 * g:open_claim and giving a seat the turn raise an error.
 *
 * Using a match's objects after it ended (a new match, a new variant) fails
 * with "... belongs to a match that has ended" instead of touching a state
 * that is gone: at a new match the old game's and proxies' metatables get
 * __index and __newindex functions that raise it (so the closures of a live
 * match need no generation check), and piles carry their generation. */
#include <string.h>
#include "lfuda.h"

/* A fuda.Pile: the card-list header lcard.c reads (fuda_cards_ud) first. */
typedef struct pile_ud { fuda_cards_ud head; uint32_t gen; fuda_engine *e; int idx; } pile_ud;

static const char *const vis_names[] = {"hidden", "owner", "public", "top", NULL};

/* Upvalue 1 of every closure of a match: the engine. */
#define UV_ENGINE lua_upvalueindex(1)

/* ---- handles ---- */

static fuda_engine *live(lua_State *L, fuda_engine *e, uint32_t gen, const char *what) {
    if (!e->started || gen != e->gen)
        luaL_error(L, "%s belongs to a match that has ended", what);
    return e;
}

/* The engine of the running closure of a match (a live one: the closures
 * of an ended match cannot be reached any more, see retire_match). */
static fuda_engine *engine_up(lua_State *L) {
    return (fuda_engine *)lua_touserdata(L, UV_ENGINE);
}

/* Argument 1 is not the game of this match: an older game, or no game. */
static void not_game(lua_State *L) {
    if (lua_type(L, 1) == LUA_TTABLE && luaL_getmetafield(L, 1, "__name") == LUA_TSTRING &&
        strcmp(lua_tostring(L, -1), FUDA_GAME_T) == 0)
        luaL_error(L, "this game object belongs to a match that has ended");
    luaL_typeerror(L, 1, FUDA_GAME_T);
}

/* What an ended match's game and variable tables do on any read or write. */
static int stale_game(lua_State *L) {
    return luaL_error(L, "this game object belongs to a match that has ended");
}

static int stale_vars(lua_State *L) {
    return luaL_error(L, "this variable table belongs to a match that has ended");
}

/* For a method: its match must be on and self must be that match's game
 * (one pointer comparison). Raises an error otherwise. */
static fuda_engine *check_game(lua_State *L) {
    fuda_engine *e = engine_up(L);
    if (lua_topointer(L, 1) != e->game_ptr || !e->started) not_game(L);
    return e;
}

static pile_ud *check_pile(lua_State *L, int idx) {
    pile_ud *p = (pile_ud *)fuda_checkud(L, idx, FUDA_TAG_PILE, FUDA_PILE_T);
    live(L, p->e, p->gen, "this pile");
    return p;
}

static int check_seat(lua_State *L, fuda_engine *e, int idx) {
    lua_Integer s = luaL_checkinteger(L, idx);
    if (s < 1 || s > e->st.nseats)
        luaL_error(L, "bad seat %I (seats are 1..%d)", (LUAI_UACINT)s, e->st.nseats);
    return (int)s - 1;
}

const char *fuda_sym_text(fuda_engine *e, int id) {
    const char *s = fuda_symtab_name(e->syms, id, NULL);
    return s ? s : "";
}

/* The symbol id of s[0..len); a new symbol counts against the script's
 * memory (the table lives as long as the match). Raises when too long. */
int fuda_game_intern(lua_State *L, fuda_engine *e, const char *s, size_t len) {
    int id = fuda_symtab_lookup(e->syms, s, len);
    if (id >= 0) return id;
    if (len <= FUDA_SYMTAB_MAXLEN) {
        size_t cost = len + 1 + 32; /* the text, its offset and hash slots */
        fuda_sandbox_cmem(L, e, cost);
        e->sym_bytes += cost;
    }
    id = fuda_symtab_intern(e->syms, s, len);
    if (id < 0) luaL_error(L, "string too long to store in the game state (at most %d bytes)",
                           FUDA_SYMTAB_MAXLEN);
    return id;
}

static int intern(lua_State *L, fuda_engine *e, int idx) {
    size_t len;
    const char *s = lua_tolstring(L, idx, &len);
    return fuda_game_intern(L, e, s, len);
}

/* Push the match table (registry[e->ref_piles]): pile index -> fuda.Pile;
 * "gmeta", the game's metatable; "metas" and "slots", the variable proxies'
 * metatables and slots tables (game first, then seat 1..n); "named",
 * "owned" and "hands", the caches of g:pile and g:hand; "syms", string -> symbol id
 * for variable writes. */
static void push_match_table(lua_State *L, fuda_engine *e) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_piles);
}

static int pile_read(lua_State *L, int idx, fuda_card *buf, int max);

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
static void push_pile(lua_State *L, fuda_engine *e, int idx) {
    push_match_table(L, e);
    if (lua_rawgeti(L, -1, idx) == LUA_TNIL) {
        lua_pop(L, 1);
        pile_ud *p = (pile_ud *)lua_newuserdatauv(L, sizeof *p, 0);
        p->head.tag = FUDA_TAG_PILE, p->head.read = pile_read;
        p->e = e, p->gen = e->gen, p->idx = idx;
        set_pile_meta(L);
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, idx);
    }
    lua_remove(L, -2);
}

int fuda_game_pile_index(lua_State *L, fuda_engine *e, int idx) {
    pile_ud *p = (pile_ud *)fuda_testud(L, idx, FUDA_TAG_PILE);
    if (!p || p->e != e || p->gen != e->gen || !e->started || p->idx >= e->st.npiles) return -1;
    return p->idx;
}

static int pile_read(lua_State *L, int idx, fuda_card *buf, int max) {
    pile_ud *p = check_pile(L, idx);
    int n = fuda_pile_len(&p->e->st, p->idx);
    if (n > max) luaL_error(L, "too many cards (%d, at most %d)", n, max);
    memcpy(buf, fuda_pile_cards(&p->e->st, p->idx), (size_t)n);
    return n;
}

/* ---- variables ---- */

static void push_var(lua_State *L, fuda_engine *e, int i) {
    switch (e->st.var_type[i]) {
    case FUDA_VAR_INT: lua_pushinteger(L, e->st.var[i]); break;
    case FUDA_VAR_BOOL: lua_pushboolean(L, e->st.var[i]); break;
    case FUDA_VAR_SYM: lua_pushstring(L, fuda_sym_text(e, e->st.var[i])); break;
    default: lua_pushnil(L);
    }
}

/* The symbol id of the string at idx through the match's cache at `cache`
 * (string -> id; the symbol table is per match too). The cache keeps its
 * first FUDA_SYM_CACHE strings only: a script storing ever new strings pays
 * the symbol table's memory, not twice that. */
#define FUDA_SYM_CACHE 256
static int intern_cached(lua_State *L, fuda_engine *e, int idx, int cache) {
    lua_pushvalue(L, idx);
    int isnum;
    int id = (int)(lua_rawget(L, cache), lua_tointegerx(L, -1, &isnum));
    lua_pop(L, 1);
    if (isnum) return id;
    id = intern(L, e, idx);
    if (e->nsymcache >= FUDA_SYM_CACHE) return id;
    e->nsymcache++;
    lua_pushvalue(L, idx);
    lua_pushinteger(L, id);
    lua_rawset(L, cache);
    return id;
}

/* Store the Lua value at idx into variable slot i (named by the string at
 * index 2, for messages); strings are interned through the cache at `syms`. */
static void set_var(lua_State *L, fuda_engine *e, int i, int idx, int syms) {
    switch (lua_type(L, idx)) {
    case LUA_TNIL: e->st.var_type[i] = FUDA_VAR_NIL; e->st.var[i] = 0; break;
    case LUA_TBOOLEAN: e->st.var_type[i] = FUDA_VAR_BOOL; e->st.var[i] = lua_toboolean(L, idx); break;
    case LUA_TSTRING:
        e->st.var[i] = intern_cached(L, e, idx, syms);
        e->st.var_type[i] = FUDA_VAR_SYM;
        break;
    case LUA_TNUMBER: {
        int isnum;
        lua_Integer v = lua_tointegerx(L, idx, &isnum);
        if (!isnum || v < INT32_MIN || v > INT32_MAX)
            luaL_error(L, "variable '%s': only 32-bit integers can be stored, got %s",
                       lua_tostring(L, 2), lua_tostring(L, idx));
        e->st.var_type[i] = FUDA_VAR_INT;
        e->st.var[i] = (int32_t)v;
        break;
    }
    default:
        luaL_error(L, "variable '%s': a game variable holds an integer, boolean, string or "
                   "nil, not a %s", lua_tostring(L, 2), luaL_typename(L, idx));
    }
}

/* Core slot of the variable whose declared number is j, for seat (-1: a
 * game variable). */
static int var_index(fuda_engine *e, int seat, int j) {
    return seat < 0 ? j : e->nvars + j * FUDA_MAX_SEATS + seat;
}

/* Upvalues of the variable metamethods: the engine, the slots table (name
 * -> core slot, one per proxy), the seat (-1: game; read for messages only)
 * and, for __newindex, V and the match's symbol cache. */
#define UV_SLOTS lua_upvalueindex(2)
#define UV_SEAT lua_upvalueindex(3)
#define UV_VALUES lua_upvalueindex(4)
#define UV_SYMS lua_upvalueindex(5)
#define UV_KEYS lua_upvalueindex(6)

/* A proxy's variable names by address, the fast path of var_slot: short
 * strings are interned, so the string a script indexes with is the declared
 * key itself (kept alive by the slots table). A miss (a long name, a wrong
 * one) falls back on the slots table. */
typedef struct var_keys { int n; struct { const void *key; int slot; } at[1]; } var_keys;

/* Core slot of the variable named by the string at index 2, or raise. */
static int var_slot(lua_State *L, const var_keys *vk) {
    if (vk) {
        const void *p = lua_topointer(L, 2);
        for (int i = 0; i < vk->n; i++)
            if (vk->at[i].key == p) return vk->at[i].slot;
    }
    const char *name = luaL_checkstring(L, 2);
    lua_pushvalue(L, 2);
    int isnum;
    int k = (int)(lua_rawget(L, UV_SLOTS), lua_tointegerx(L, -1, &isnum));
    if (!isnum) {
        int seat = (int)lua_tointeger(L, UV_SEAT);
        const char *best = fuda_closest_key(L, name, UV_SLOTS, 0);
        if (best) luaL_error(L, "unknown %s variable '%s' (did you mean '%s'?)", seat < 0 ? "game" : "seat", name, best);
        luaL_error(L, "unknown %s variable '%s' (declare it in %s = { ... })",
                   seat < 0 ? "game" : "seat", name, seat < 0 ? "state" : "seat_state");
    }
    lua_pop(L, 1);
    return k;
}

/* V's __index (V, name): the name is missing from V, so the variable is nil
 * or does not exist. */
static int vars_missing(lua_State *L) {
    fuda_engine *e = engine_up(L);
    push_var(L, e, var_slot(L, NULL));
    return 1;
}

/* The proxy's __newindex (proxy, name, value): check and store in the core
 * state, then in V. */
static int vars_newindex(lua_State *L) {
    fuda_engine *e = engine_up(L);
    int k = var_slot(L, (const var_keys *)lua_touserdata(L, UV_KEYS));
    set_var(L, e, k, 3, UV_SYMS);
    lua_pushvalue(L, 2);
    if (e->st.var_type[k] == FUDA_VAR_INT) lua_pushinteger(L, e->st.var[k]); /* 3.0 -> 3 */
    else lua_pushvalue(L, 3);
    lua_rawset(L, UV_VALUES);
    return 0;
}

/* Fill values table V (at v) from the core state, for every name of the
 * slots table at `slots`. */
static void fill_values(lua_State *L, fuda_engine *e, int v, int slots) {
    lua_pushnil(L);
    while (lua_next(L, slots)) {
        int k = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        push_var(L, e, k);
        lua_rawset(L, v);
    }
}

/* Remove every key of the table at t. */
static void clear_table(lua_State *L, int t) {
    t = lua_absindex(L, t);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, t);
    }
}

/* Push the slots table of seat (-1: the game's variables): name -> core slot. */
static void push_slots(lua_State *L, fuda_engine *e, int seat) {
    if (seat < 0) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_varidx);
        return;
    }
    lua_createtable(L, 0, e->nseatvars);
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_seatvaridx);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_Integer j = lua_tointeger(L, -1);
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushinteger(L, var_index(e, seat, (int)j));
        lua_rawset(L, -5);
    }
    lua_pop(L, 1);
}

/* Push the var_keys of the slots table at `slots`. */
static void push_keys(lua_State *L, int slots) {
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, slots)) {
        n++;
        lua_pop(L, 1);
    }
    var_keys *vk = (var_keys *)lua_newuserdatauv(L, sizeof *vk + (size_t)n * sizeof vk->at[0], 0);
    vk->n = 0;
    lua_pushnil(L);
    while (lua_next(L, slots)) {
        if (vk->n < n && lua_type(L, -2) == LUA_TSTRING) {
            vk->at[vk->n].key = lua_topointer(L, -2);
            vk->at[vk->n].slot = (int)lua_tointeger(L, -1);
            vk->n++;
        }
        lua_pop(L, 1);
    }
}

/* Remember, for every name of the slots table at `slots`, its core slot's
 * values table (at v) and name: the match table's lists "vt" and "vn",
 * indexed by slot + 1 (for fuda_game_sync). */
static void note_slots(lua_State *L, int v, int slots, int mt) {
    lua_getfield(L, mt, "vt");
    lua_getfield(L, mt, "vn");
    lua_pushnil(L);
    while (lua_next(L, slots)) {
        lua_Integer k = lua_tointeger(L, -1) + 1;
        lua_pushvalue(L, v);
        lua_rawseti(L, -5, k);
        lua_pushvalue(L, -2);
        lua_rawseti(L, -4, k);
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
}

/* Push a closure of fn over the engine and the `extra` values below it on
 * the stack (popped). */
static void push_closure(lua_State *L, fuda_engine *e, lua_CFunction fn, int extra) {
    lua_pushlightuserdata(L, e);
    lua_rotate(L, -extra - 1, 1);
    lua_pushcclosure(L, fn, 1 + extra);
}

/* Push a new variables proxy of seat (-1: the game's), its values table
 * filled; its metatable and slots table are appended to the match table's
 * lists "metas" and "slots" (at mt). */
static void new_vars(lua_State *L, fuda_engine *e, int seat, int mt) {
    lua_newtable(L);                      /* the proxy */
    int pm = lua_gettop(L) + 1;
    lua_createtable(L, 0, 4);             /* its metatable */
    lua_createtable(L, 0, 8);             /* V */
    int v = pm + 1, slots = pm + 2;
    push_slots(L, e, seat);
    fill_values(L, e, v, slots);
    note_slots(L, v, slots, mt);
    lua_createtable(L, 0, 1);             /* V's metatable */
    lua_pushvalue(L, slots);
    lua_pushinteger(L, seat);
    push_closure(L, e, vars_missing, 2);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, v);
    lua_pushvalue(L, slots);
    lua_pushinteger(L, seat);
    lua_pushvalue(L, v);
    lua_getfield(L, mt, "syms");
    push_keys(L, slots);
    push_closure(L, e, vars_newindex, 5);
    lua_setfield(L, pm, "__newindex");
    lua_getfield(L, mt, "slots");         /* remember slots and metatable */
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1) + 1;
    lua_rotate(L, -2, 1);
    lua_rawseti(L, -2, n);
    lua_getfield(L, mt, "metas");
    lua_pushvalue(L, pm);
    lua_rawseti(L, -2, n);
    lua_pop(L, 2);
    lua_setfield(L, pm, "__index");       /* V */
    lua_pushliteral(L, "locked");
    lua_setfield(L, pm, "__metatable");
    lua_pushliteral(L, FUDA_VARS_T);
    lua_setfield(L, pm, "__name");
    lua_setmetatable(L, pm - 1);
}

/* Rewrite the values of the variable slots the engine marked stale
 * (e->stale_slot) from the core state, and, when the pile count changed,
 * forget the pile caches (a restored state may have fewer piles). */
void fuda_game_sync(fuda_engine *e) {
    lua_State *L = e->L;
    if (e->ref_piles == LUA_NOREF) return;
    push_match_table(L, e);
    int mt = lua_gettop(L);
    lua_getfield(L, mt, "vt");
    lua_getfield(L, mt, "vn");
    for (int i = 0; i < FUDA_MAX_VARS; i++) {
        uint64_t bit = (uint64_t)1 << (i % 64);
        if (!(e->stale_slot[i / 64] & bit)) continue;
        if (lua_rawgeti(L, mt + 1, i + 1) == LUA_TTABLE) { /* else a slot no name uses */
            lua_rawgeti(L, mt + 2, i + 1);
            push_var(L, e, i);
            lua_rawset(L, -3);
        }
        lua_pop(L, 1);
        e->stale_slot[i / 64] &= ~bit; /* a mark goes once its slot is written (a raise keeps the rest) */
    }
    if (e->stale_piles) {
        lua_getfield(L, mt, "named");
        clear_table(L, -1);
        lua_getfield(L, mt, "owned");
        clear_table(L, -1);
        lua_getfield(L, mt, "hands");
        clear_table(L, -1);
        e->stale_piles = 0;
    }
    if (e->seats_stale) { /* another table (or the match) is played: g.seats is its count */
        lua_getfield(L, mt, "gmeta");
        lua_getfield(L, -1, "__index");
        lua_pushinteger(L, e->st.nseats);
        lua_setfield(L, -2, "seats");
        e->seats_stale = 0;
    }
    lua_settop(L, mt - 1);
}

/* Make the metatable at idx raise `fn`'s error on every read and write. */
static void make_stale(lua_State *L, int idx, lua_CFunction fn) {
    lua_pushcfunction(L, fn);
    lua_setfield(L, idx, "__index");
    lua_pushcfunction(L, fn);
    lua_setfield(L, idx, "__newindex");
}

/* The match ends for good: its game and variable proxies now raise "...
 * belongs to a match that has ended" on any use. */
static void retire_match(lua_State *L, fuda_engine *e) {
    if (e->ref_piles == LUA_NOREF) return;
    push_match_table(L, e);
    lua_getfield(L, -1, "metas");
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, -1, i);
        make_stale(L, lua_gettop(L), stale_vars);
        lua_pop(L, 1);
    }
    lua_getfield(L, -2, "gmeta");
    make_stale(L, lua_gettop(L), stale_game);
    lua_getfield(L, -3, "named");  /* an old g.pile kept by a script starts afresh */
    clear_table(L, lua_gettop(L));
    lua_getfield(L, -4, "owned");
    clear_table(L, lua_gettop(L));
    lua_getfield(L, -5, "hands");
    clear_table(L, lua_gettop(L));
    lua_pop(L, 6);
    luaL_unref(L, LUA_REGISTRYINDEX, e->ref_piles);
    e->ref_piles = LUA_NOREF;
}

/* ---- the game object ---- */

static int g_new_pile(lua_State *L) {
    fuda_engine *e = check_game(L);
    const char *name = luaL_checkstring(L, 2);
    int owner = -1, vis = FUDA_VIS_HIDDEN;
    if (!lua_isnoneornil(L, 3)) {
        static const char *const fields[] = {"owner", "vis", NULL};
        luaL_checktype(L, 3, LUA_TTABLE);
        fuda_check_fields(L, 3, "new_pile", fields);
        if (lua_getfield(L, 3, "owner") != LUA_TNIL) owner = check_seat(L, e, -1);
        lua_pop(L, 1);
        if (lua_getfield(L, 3, "vis") != LUA_TNIL) vis = luaL_checkoption(L, -1, NULL, vis_names);
        lua_pop(L, 1);
    }
    if (fuda_pile_find(&e->st, name, owner) >= 0)
        return luaL_error(L, "pile '%s' exists already", name);
    if (strlen(name) == 0 || strlen(name) >= FUDA_PILE_NAME)
        return luaL_error(L, "pile name '%s' must be 1 to %d characters", name, FUDA_PILE_NAME - 1);
    int p = fuda_pile_new(&e->st, name, owner, vis);
    if (p < 0) return luaL_error(L, "too many piles (at most %d)", FUDA_MAX_PILES);
    push_pile(L, e, p);
    return 1;
}

static int find_pile(lua_State *L, fuda_engine *e, const char *name, int owner) {
    int p = fuda_pile_find(&e->st, name, owner);
    if (p < 0) {
        if (owner >= 0) luaL_error(L, "no pile '%s' of seat %d", name, owner + 1);
        luaL_error(L, "no pile '%s'", name);
    }
    return p;
}

/* g:pile(name [, seat]): upvalue 2 caches name -> shared pile, upvalue 3
 * name -> { [seat] = that seat's pile }. */
static int g_pile(lua_State *L) {
    fuda_engine *e = check_game(L);
    luaL_checkstring(L, 2);
    if (lua_isnoneornil(L, 3)) {
        lua_settop(L, 2);
        lua_pushvalue(L, 2);
        if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) return 1;
        push_pile(L, e, find_pile(L, e, lua_tostring(L, 2), -1));
        lua_pushvalue(L, 2);
        lua_pushvalue(L, -2);
        lua_rawset(L, lua_upvalueindex(2));
        return 1;
    }
    int owner = check_seat(L, e, 3);
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    int cached = lua_rawget(L, lua_upvalueindex(3)) == LUA_TTABLE;
    if (cached && lua_rawgeti(L, 3, owner + 1) != LUA_TNIL) return 1;
    lua_settop(L, cached ? 3 : 2);
    int p = find_pile(L, e, lua_tostring(L, 2), owner); /* raises for no such pile: no entry made */
    if (!cached) {
        lua_createtable(L, e->st.nseats, 0);
        lua_pushvalue(L, 2);
        lua_pushvalue(L, -2);
        lua_rawset(L, lua_upvalueindex(3));
    }
    push_pile(L, e, p);
    lua_pushvalue(L, -1);
    lua_rawseti(L, 3, owner + 1);
    return 1;
}

/* g:hand(seat): upvalue 2 caches seat -> pile. */
static int g_hand(lua_State *L) {
    fuda_engine *e = check_game(L);
    int owner = check_seat(L, e, 2);
    if (lua_rawgeti(L, lua_upvalueindex(2), owner + 1) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    push_pile(L, e, find_pile(L, e, "hand", owner));
    lua_pushvalue(L, -1);
    lua_rawseti(L, lua_upvalueindex(2), owner + 1);
    return 1;
}

static int g_new_deck(lua_State *L) {
    fuda_engine *e = check_game(L);
    pile_ud *p = check_pile(L, 2);
    if (!e->in_setup) return luaL_error(L, "new_deck: cards can only be created in setup");
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
        decks * 52 + jokers + e->st.ncards > FUDA_MAX_CARDS)
        return luaL_error(L, "new_deck: at most %d cards in a game", FUDA_MAX_CARDS);
    fuda_card deck[52];
    fuda_deck52(deck);
    for (lua_Integer d = 0; d < decks; d++) fuda_pile_create_cards(&e->st, p->idx, deck, 52);
    fuda_card j = FUDA_JOKER;
    for (lua_Integer k = 0; k < jokers; k++) fuda_pile_create_cards(&e->st, p->idx, &j, 1);
    return 0;
}

static int g_next(lua_State *L) {
    fuda_engine *e = check_game(L);
    int s = check_seat(L, e, 2);
    lua_Integer steps = luaL_optinteger(L, 3, 1);
    lua_pushinteger(L, fuda_seat_next(&e->st, s, (int)(steps % (8 * FUDA_MAX_SEATS))) + 1);
    return 1;
}

static int g_set_out(lua_State *L) {
    fuda_engine *e = check_game(L);
    int s = check_seat(L, e, 2);
    if (lua_toboolean(L, 3)) e->st.out_mask |= (uint16_t)(1u << s);
    else e->st.out_mask &= (uint16_t)~(1u << s);
    return 0;
}

static int g_random(lua_State *L) {
    fuda_engine *e = check_game(L);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_argcheck(L, n >= 1 && n <= 0x7fffffff, 2, "must be 1 or more");
    lua_pushinteger(L, (lua_Integer)fuda_rng_below(&e->st.rng, (uint32_t)n) + 1);
    return 1;
}

/* Once g:end_match() was called the result is final: what would change it
 * (a score, a seat to act, a claim window) raises "file:line: g:CALL after
 * g:end_match: ...", so the hook fails and the move is refused. */
static void check_not_over(lua_State *L, fuda_engine *e, const char *call) {
    if (e->st.phase == FUDA_PHASE_MATCH_OVER)
        luaL_error(L, "%s after g:end_match: the match is over and its result is final", call);
}

static int g_open_claim(lua_State *L) {
    fuda_engine *e = check_game(L);
    luaL_checkstring(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    unsigned mask = 0;
    lua_Integer n = luaL_len(L, 3);
    for (lua_Integer i = 1; i <= n; i++) { /* as long as the list (the cap bounds it): ticks */
        lua_rawgeti(L, 3, i);
        mask |= 1u << check_seat(L, e, -1);
        lua_pop(L, 1);
        if ((i & 255) == 0) fuda_sandbox_tick(L, 256);
    }
    if (e->st.claim_open)
        return luaL_error(L, "open_claim: a claim window ('%s') is open already",
                          fuda_sym_text(e, e->st.claim_kind));
    check_not_over(L, e, "g:open_claim");
    if (mask == 0) {
        lua_pushboolean(L, 0);
        return 1;
    }
    fuda_claim_open(&e->st, intern(L, e, 2), (uint16_t)mask);
    lua_pushboolean(L, 1);
    return 1;
}

static int check_col(lua_State *L, int idx) {
    lua_Integer c = luaL_optinteger(L, idx, 1);
    luaL_argcheck(L, c >= 1 && c <= FUDA_MAX_COLS, idx, "column must be 1..4");
    return (int)c - 1;
}

/* Add pts to seat s's total in column col (both from 0) with a scoresheet
 * line; raises on a total out of range or out of memory. */
/* The total of seat s (from 0) in column col: at a table of several, the
 * match's total of the seat at place s. */
static int32_t *total_of(fuda_engine *e, int col, int s) {
    if (fuda_tb_active(e)) return &e->tb->slot[0].total[col][fuda_seat_of(e, s + 1) - 1];
    return &e->st.total[col][s];
}

static void add_score(lua_State *L, fuda_engine *e, int s, lua_Integer pts, const char *note, int col) {
    int32_t *tot = total_of(e, col, s);
    int64_t t = (int64_t)*tot + pts;
    if (t > INT32_MAX || t < INT32_MIN) luaL_error(L, "score: total out of range");
    *tot = (int32_t)t;
    if (fuda_engine_record(e, s + 1, col + 1, (int)pts, note) < 0) luaL_error(L, "score: out of memory");
}

void fuda_game_add_score(lua_State *L, fuda_engine *e, int s, lua_Integer pts, const char *note, int col) {
    add_score(L, e, s, pts, note, col);
}

/* A score is written while the hand is on (or in setup): once g:end_hand
 * (or g:result) closed the hand, its result is final, so a rule that adds
 * points afterwards -- past the match format's decision -- fails at once. */
static void check_score_time(lua_State *L, fuda_engine *e, const char *call) {
    check_not_over(L, e, call);
    if (e->st.phase == FUDA_PHASE_HAND_OVER)
        luaL_error(L, "%s after the hand ended: its result is final (change a hand's points in a "
                   "result hook, before the match format decides)", call);
}

static int g_score(lua_State *L) {
    fuda_engine *e = check_game(L);
    int s = check_seat(L, e, 2);
    lua_Integer pts = luaL_checkinteger(L, 3);
    const char *note = luaL_optstring(L, 4, "");
    int col = check_col(L, 5);
    luaL_argcheck(L, pts > -1000000000 && pts < 1000000000, 3, "points out of range");
    check_score_time(L, e, "g:score");
    add_score(L, e, s, pts, note, col);
    return 0;
}

static int g_total(lua_State *L) {
    fuda_engine *e = check_game(L);
    int s = check_seat(L, e, 2);
    lua_pushinteger(L, *total_of(e, check_col(L, 3), s));
    return 1;
}

static void end_hand(fuda_engine *e) {
    if (e->st.phase == FUDA_PHASE_PLAYING) e->st.phase = FUDA_PHASE_HAND_OVER;
    if (e->st.claim_open) fuda_claim_close(&e->st);
    e->st.turn = -1;
}

static int g_end_hand(lua_State *L) {
    end_hand(check_game(L));
    return 0;
}

/* The seats at idx: nil (none), a seat, or a list of seats; as a mask. */
static unsigned check_seats(lua_State *L, fuda_engine *e, int idx) {
    unsigned mask = 0;
    if (lua_isnoneornil(L, idx)) return 0;
    if (lua_type(L, idx) != LUA_TTABLE) return 1u << check_seat(L, e, idx);
    lua_Unsigned n = lua_rawlen(L, idx);
    luaL_argcheck(L, n >= 1 && n <= FUDA_MAX_SEATS, idx, "a list of 1 to 12 seats");
    for (lua_Unsigned i = 1; i <= n; i++) {
        lua_rawgeti(L, idx, (lua_Integer)i);
        mask |= 1u << check_seat(L, e, -1);
        lua_pop(L, 1);
    }
    return mask;
}

/* g:end_match([winners]): winners a seat or a list of seats (the match
 * format's verdict: Straight Gin's series, Hollywood's columns); without
 * them the highest column-1 total wins. */
static int g_end_match(lua_State *L) {
    fuda_engine *e = check_game(L);
    if (fuda_tb_active(e))
        return luaL_error(L, "g:end_match at a table: the match's hand_over hook ends a match of several tables");
    unsigned winners = check_seats(L, e, 2);
    if (e->st.phase == FUDA_PHASE_MATCH_OVER && winners && winners != e->st.winners)
        return luaL_error(L, "g:end_match after g:end_match: the match is over and its result is final");
    if (winners) e->st.winners = (uint16_t)winners;
    e->st.phase = FUDA_PHASE_MATCH_OVER;
    if (e->st.claim_open) fuda_claim_close(&e->st);
    e->st.turn = -1;
    return 0;
}

/* ---- hand results ----
 * g:result{ winner =, loser =, kind =, points =, note = } reports how a hand
 * ended; the variant's result hook (a house rule) may change it, then its
 * match hook (a match format) scores it and decides whether the match is
 * over; then the hand ends. */

/* Push field k of the result table at r, read raw: a metatable of the
 * script's cannot answer a check one way and the scoring another. */
static int result_field(lua_State *L, int r, const char *k) {
    lua_pushstring(L, k);
    return lua_rawget(L, r);
}

static void set_result_field(lua_State *L, int r, const char *k) {
    lua_pushstring(L, k);
    lua_insert(L, -2);
    lua_rawset(L, r);
}

/* The seat field k of result table r (index r): nil or a seat. */
static void result_seat(lua_State *L, fuda_engine *e, int r, const char *k, const char *who) {
    if (result_field(L, r, k) != LUA_TNIL) {
        int isnum;
        lua_Integer s = lua_tointegerx(L, -1, &isnum);
        if (!isnum || s < 1 || s > e->st.nseats)
            luaL_error(L, "%s: result.%s must be a seat (1..%d) or nil, got %s", who, k,
                       e->st.nseats, luaL_tolstring(L, -1, NULL));
    }
    lua_pop(L, 1);
}

/* Check a result table, filling in defaults (points 0, note = kind). */
static void check_result(lua_State *L, fuda_engine *e, int r, const char *who) {
    if (!lua_istable(L, r)) luaL_error(L, "%s: the result must be a table", who);
    result_seat(L, e, r, "winner", who);
    result_seat(L, e, r, "loser", who);
    if (result_field(L, r, "kind") != LUA_TSTRING)
        luaL_error(L, "%s: result.kind must be a string (\"gin\", \"knock\", \"void\", ...), got %s",
                   who, luaL_typename(L, -1));
    lua_pop(L, 1);
    int t = result_field(L, r, "points"), isnum;
    lua_Integer pts = lua_tointegerx(L, -1, &isnum);
    if (t == LUA_TNIL) {
        lua_pushinteger(L, 0);
        set_result_field(L, r, "points");
    } else if (!isnum || pts < 0 || pts >= 1000000000) {
        luaL_error(L, "%s: result.points must be an integer from 0 to 999999999, got %s", who,
                   luaL_tolstring(L, -1, NULL));
    }
    lua_pop(L, 1);
    t = result_field(L, r, "note");
    if (t == LUA_TNIL) {
        result_field(L, r, "kind");
        set_result_field(L, r, "note");
    } else if (t != LUA_TSTRING) {
        luaL_error(L, "%s: result.note must be a string, got %s", who, luaL_typename(L, -1));
    }
    lua_pop(L, 1);
}

/* Call hook h (pushed) with the game (index 1) and the result (index r).
 * The result hook changes r in place: a value it returns would be ignored
 * (a house rule that builds a new result would silently do nothing), so it
 * raises, naming where the hook is written. */
static void call_result_hook(lua_State *L, fuda_engine *e, int r, const char *name) {
    const char *calling = e->calling;
    int ret = strcmp(name, "result") == 0;
    lua_Debug ar;
    char where[96] = "";
    if (ret) {
        lua_pushvalue(L, -1);
        if (lua_getinfo(L, ">S", &ar)) snprintf(where, sizeof where, "%s:%d: ", ar.short_src, ar.linedefined);
    }
    lua_pushvalue(L, 1);
    lua_pushvalue(L, r);
    fuda_sandbox_note_function(e, -3);
    e->calling = name;
    lua_call(L, 2, ret);
    e->calling = calling;
    if (ret && !lua_isnil(L, -1))
        luaL_error(L, "%sthe result hook returned a %s, which fuda ignores: change the result it is given "
                   "in place (r.points = ...)", where, luaL_typename(L, -1));
    if (ret) lua_pop(L, 1);
}

/* Without a match hook: the winner scores the points in column 1. */
static void default_match(lua_State *L, fuda_engine *e, int r) {
    if (result_field(L, r, "winner") != LUA_TNIL) { /* checked just before, read raw both times */
        int s = (int)lua_tointeger(L, -1) - 1;
        result_field(L, r, "points");
        result_field(L, r, "note");
        add_score(L, e, s, lua_tointeger(L, -2), lua_tostring(L, -1), 0);
        lua_pop(L, 2);
    }
    lua_pop(L, 1);
}

/* At a table of several: the result table at r, checked by g:result
 * (places), kept for the table being played; tables.c scores the results
 * once every table has ended its hand. */
static void keep_table_result(lua_State *L, fuda_engine *e, int r) {
    fuda_table_result *res = &e->tb->res[e->tb->active - 1];
    static const char *const keys[] = {"winner", "loser", "kind", "note", "points", "boxes"};
    int32_t v[6];
    for (int k = 0; k < 6; k++) {
        lua_pushstring(L, keys[k]);
        int t = lua_rawget(L, r);
        if (k < 2) v[k] = t == LUA_TNIL ? -1 : (int32_t)lua_tointeger(L, -1) - 1;
        else if (k < 4) {
            size_t len;
            const char *text = lua_tolstring(L, -1, &len);
            v[k] = fuda_game_intern(L, e, text, len > FUDA_SYMTAB_MAXLEN ? FUDA_SYMTAB_MAXLEN : len);
        } else {
            int isnum;
            lua_Integer n = lua_tointegerx(L, -1, &isnum);
            if (t != LUA_TNIL && (!isnum || n < 0 || n > 1000000)) luaL_error(L, "g:result: result.%s must be an integer from 0 to 1000000", keys[k]);
            v[k] = t == LUA_TNIL ? (k == 5 ? 1 : 0) : (int32_t)n;
        }
        lua_pop(L, 1);
    }
    res->winner = (int8_t)v[0], res->loser = (int8_t)v[1];
    res->kind = v[2], res->note = v[3], res->points = v[4], res->boxes = v[5];
    res->done = 1;
}


/* The fields every result may have; the rules' own (gin's boxes is one of
 * these) are those of the table they give g:result. */
static const char *const result_names[] = {"winner", "loser", "kind", "points", "note", "boxes", NULL};

static int g_result(lua_State *L) {
    fuda_engine *e = check_game(L);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_settop(L, 2);
    if (e->in_result) return luaL_error(L, "g:result inside a result or match hook");
    check_score_time(L, e, "g:result");
    if (e->st.phase != FUDA_PHASE_PLAYING) return luaL_error(L, "g:result: no hand is being played");
    if (!fuda_strict_can_set(L, 2)) return luaL_error(L, "g:result: the result must be a plain table (this one has a metatable)");
    check_result(L, e, 2, "g:result");
    fuda_strict_own(L, 2, "result", result_names); /* a typo (r.winer) raises in the hooks */
    e->in_result = 1;
    if (fuda_engine_push_hook(e, FUDA_HOOK_RESULT)) {
        call_result_hook(L, e, 2, "result");
        check_result(L, e, 2, "after the result hook");
    }
    if (fuda_tb_active(e)) keep_table_result(L, e, 2); /* scored once every table has ended */
    else if (fuda_engine_push_hook(e, FUDA_HOOK_MATCH)) call_result_hook(L, e, 2, "match");
    else default_match(L, e, 2);
    e->in_result = 0;
    end_hand(e);
    return 1;
}

/* An event of g:say(text) or g:tell(seat, text) for seat (0: everybody):
 * the string at idx, or with more arguments after it the text of the format
 * at idx (say.c), checked and counted against the limits whether anybody
 * reads events or not, and written only when somebody does: a match plays
 * the same either way. A bad format raises "file:line: bad argument ...",
 * the line of the g:say. */
static void add_event(lua_State *L, fuda_engine *e, int seat, int idx, const char *fname) {
    size_t flen;
    const char *text = luaL_checklstring(L, idx, &flen);
    int fmt = lua_gettop(L) > idx;
    size_t len = fmt ? fuda_say_length(L, idx, text, flen, fname) : strlen(text);
    char *out;
    if (fuda_engine_event_room(e, seat, len, &out) < 0) luaL_error(L, "%s: out of memory", fname);
    if (out && fmt) fuda_say_render(L, idx, text, flen, fname, out, len + 1);
    else if (out) memcpy(out, text, len + 1);
}

static int g_say(lua_State *L) {
    add_event(L, check_game(L), 0, 2, "say");
    return 0;
}

static int g_tell(lua_State *L) {
    fuda_engine *e = check_game(L);
    int s = check_seat(L, e, 2);
    add_event(L, e, s + 1, 3, "tell");
    return 0;
}

/* g:tally(name): count an occurrence for fuda check's coverage report. */
static int g_tally(lua_State *L) {
    fuda_engine *e = check_game(L);
    if (fuda_engine_event(e, -1, luaL_checkstring(L, 2)) < 0) return luaL_error(L, "tally: out of memory");
    return 0;
}


/* ---- the standard deal ---- */

/* Move every card of pile p onto pile `to`, p's bottom card first. */
static void gather_pile(fuda_state *st, int p, int to) {
    while (fuda_pile_len(st, p) > 0) fuda_pile_move(st, p, 0, to, -1);
}

/* Gather the piles named in the list at index 3 onto `to`, name by name (a
 * name every seat has: seat by seat). Raises, moving nothing, for an entry
 * that is not a string or names no pile. */
static void gather_named(lua_State *L, fuda_engine *e, int to) {
    lua_Unsigned n = lua_rawlen(L, 3);
    for (int pass = 0; pass < 2; pass++)       /* pass 0 checks, pass 1 moves */
        for (lua_Unsigned i = 1; i <= n; i++) {
            lua_rawgeti(L, 3, (lua_Integer)i);
            const char *nm = lua_tostring(L, -1);
            int found = 0;
            if (lua_type(L, -1) != LUA_TSTRING)
                luaL_argerror(L, 3, lua_pushfstring(L, "entry %d is not a pile name", (int)i));
            for (int p = 0; p < e->st.npiles; p++) {
                if (strncmp(e->st.piles[p].name, nm, FUDA_PILE_NAME) != 0) continue;
                found = 1;
                if (pass == 1 && p != to) gather_pile(&e->st, p, to);
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
    fuda_engine *e = check_game(L);
    const char *name = luaL_optstring(L, 2, "stock");
    int to = fuda_pile_find(&e->st, name, -1);
    if (to < 0) return luaL_argerror(L, 2, lua_pushfstring(L, "no pile '%s'", name));
    if (!lua_isnoneornil(L, 3)) {
        luaL_checktype(L, 3, LUA_TTABLE);
        lua_settop(L, 3);
        gather_named(L, e, to);
    } else {
        for (int p = 0; p < e->st.npiles; p++)
            if (p != to) gather_pile(&e->st, p, to);
    }
    push_pile(L, e, to);
    return 1;
}

/* g:deal(n [, opts]): n cards to every seat, one at a time round the table
 * in seat order starting at opts.first (default 1), from the top of the
 * shared pile opts.from (default "stock") to each seat's pile opts.to
 * (default "hand"); opts.sort = true (or "suit", "rank") sorts each of those
 * piles after. Raises, moving nothing, when the stock holds too few cards or
 * a pile is missing. */
static int g_deal(lua_State *L) {
    fuda_engine *e = check_game(L);
    lua_Integer n = luaL_checkinteger(L, 2);
    int ns = e->st.nseats, first = 0, sort = -1;
    const char *fromname = "stock", *toname = "hand";
    luaL_argcheck(L, n >= 0 && n <= FUDA_MAX_CARDS, 2, "card count out of range");
    if (!lua_isnoneornil(L, 3)) {
        static const char *const by[] = {"suit", "rank", NULL};
        static const char *const fields[] = {"first", "sort", "from", "to", NULL};
        luaL_checktype(L, 3, LUA_TTABLE);
        fuda_check_fields(L, 3, "deal", fields);
        lua_settop(L, 3);
        if (lua_getfield(L, 3, "first") != LUA_TNIL) first = check_seat(L, e, 4);
        int t = lua_getfield(L, 3, "sort");
        if (t == LUA_TBOOLEAN) sort = lua_toboolean(L, 5) ? 0 : -1;
        else if (t != LUA_TNIL) sort = luaL_checkoption(L, 5, NULL, by);
        if (lua_getfield(L, 3, "from") != LUA_TNIL) fromname = luaL_checkstring(L, 6);
        if (lua_getfield(L, 3, "to") != LUA_TNIL) toname = luaL_checkstring(L, 7);
    }
    int from = fuda_pile_find(&e->st, fromname, -1), to[FUDA_MAX_SEATS];
    if (from < 0) return luaL_argerror(L, 3, lua_pushfstring(L, "no pile '%s'", fromname));
    for (int s = 0; s < ns; s++) {
        to[s] = fuda_pile_find(&e->st, toname, s);
        if (to[s] < 0) return luaL_argerror(L, 3, lua_pushfstring(L, "no pile '%s' of seat %d", toname, s + 1));
    }
    int have = fuda_pile_len(&e->st, from);
    if (n * ns > have)
        return luaL_argerror(L, 2, lua_pushfstring(L, "%d cards to %d seats need %d, pile '%s' has %d",
                                                   (int)n, ns, (int)n * ns, fromname, have));
    for (lua_Integer k = 0; k < n; k++)
        for (int i = 0; i < ns; i++)
            fuda_pile_move(&e->st, from, fuda_pile_len(&e->st, from) - 1, to[(first + i) % ns], -1);
    if (sort >= 0)
        for (int s = 0; s < ns; s++) fuda_pile_sort(&e->st, to[s], sort);
    return 0;
}

/* g:name(seat [, viewer]) -> "Seat 2", or "you" when seat is the viewer. */
static int g_name(lua_State *L) {
    fuda_engine *e = check_game(L);
    int s = check_seat(L, e, 2);
    if (!lua_isnoneornil(L, 3) && luaL_checkinteger(L, 3) == s + 1) lua_pushliteral(L, "you");
    else lua_pushfstring(L, "Seat %d", fuda_seat_of(e, s + 1));
    return 1;
}

/* g:seat_of(place) -> the seat of the match at that place of the table being
 * played (at a match of one table, the seat itself). */
static int g_seat_of(lua_State *L) {
    fuda_engine *e = check_game(L);
    lua_pushinteger(L, fuda_seat_of(e, check_seat(L, e, 2) + 1));
    return 1;
}

/* g:waiting() -> the seats an open claim window still waits for, as a set
 * ({ [2] = true, [3] = true }); {} when no window is open. A new table. */
static int g_waiting(lua_State *L) {
    fuda_engine *e = check_game(L);
    lua_newtable(L);
    for (int k = 0; e->st.claim_open && k < e->st.nseats; k++) {
        if (!(e->st.claim_pending & (1u << k))) continue;
        lua_pushboolean(L, 1);
        lua_rawseti(L, -2, k + 1);
    }
    return 1;
}

/* g:piles() -> every pile, in the order they were made (a new list). */
static int g_piles(lua_State *L) {
    fuda_engine *e = check_game(L);
    lua_createtable(L, e->st.npiles, 0);
    for (int p = 0; p < e->st.npiles; p++) {
        push_pile(L, e, p);
        lua_rawseti(L, -2, p + 1);
    }
    return 1;
}

/* Methods made per match with the engine as upvalue; g:pile and g:hand are
 * made apart (they have caches as more). */
static const luaL_Reg game_methods[] = {
    {"tally", g_tally}, {"gather", g_gather}, {"deal", g_deal}, {"name", g_name}, {"piles", g_piles},
    {"waiting", g_waiting}, {"seat_of", g_seat_of},
    {"new_pile", g_new_pile}, {"new_deck", g_new_deck},
    {"next", g_next}, {"set_out", g_set_out}, {"random", g_random},
    {"open_claim", g_open_claim}, {"score", g_score}, {"total", g_total},
    {"end_hand", g_end_hand}, {"end_match", g_end_match}, {"result", g_result},
    {"say", g_say}, {"tell", g_tell},
    {NULL, NULL}
};

enum { F_TURN = 1, F_DIR, F_HAND_NO, F_MOVE_NO, F_CLAIM, F_PHASE, F_TABLE };
static const char *const game_fields[] = {
    "turn", "dir", "hand_no", "move_no", "claim", "phase", "table", NULL
};
static const char *const phase_names[] = {"setup", "playing", "hand_over", "match_over"};

/* Registry key of the table field name -> F_*, one per Lua state. */
static const char game_fields_key = 'g';

/* Raise for g.key that is no field (M, key on the stack): with the closest
 * of the methods and constant fields (M's keys) and the changing ones. */
static int no_game_field(lua_State *L) {
    const char *k = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : NULL;
    const char *best = fuda_closest_key(L, k, 1, lua_upvalueindex(2));
    if (best) return luaL_error(L, "the game has no field '%s' (did you mean '%s'?)", k, best);
    return luaL_error(L, "the game has no field '%s'", luaL_tolstring(L, 2, NULL));
}

/* M's __index (M, key): a field that changes, read from the core state.
 * Upvalues: the engine, the field table. */
static int game_field(lua_State *L) {
    fuda_engine *e = engine_up(L);
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(2));
    fuda_state *s = &e->st;
    switch ((int)lua_tointeger(L, -1)) {
    case F_TURN: if (s->turn >= 0) lua_pushinteger(L, s->turn + 1); else lua_pushnil(L); break;
    case F_DIR: lua_pushinteger(L, s->dir); break;
    case F_HAND_NO: lua_pushinteger(L, s->hand_no); break;
    case F_MOVE_NO: lua_pushinteger(L, s->move_no); break;
    case F_CLAIM:
        if (s->claim_open) lua_pushstring(L, fuda_sym_text(e, s->claim_kind)); else lua_pushnil(L);
        break;
    case F_PHASE: lua_pushstring(L, phase_names[s->phase & 3]); break;
    case F_TABLE: if (fuda_tb_active(e)) lua_pushinteger(L, fuda_tb_active(e)); else lua_pushnil(L); break;
    default: return no_game_field(L);
    }
    return 1;
}

/* The game's __newindex (g, key, value): every write, since g stays empty. */
static int game_newindex(lua_State *L) {
    fuda_engine *e = engine_up(L);
    const char *k = luaL_checkstring(L, 2);
    if (strcmp(k, "turn") == 0) {
        if (!lua_isnil(L, 3)) check_not_over(L, e, "setting g.turn");
        e->st.turn = (int8_t)(lua_isnil(L, 3) ? -1 : check_seat(L, e, 3));
    } else if (strcmp(k, "dir") == 0) {
        lua_Integer d = luaL_checkinteger(L, 3);
        if (d != 1 && d != -1) return luaL_error(L, "dir must be 1 or -1");
        e->st.dir = (int8_t)d;
    } else {
        return luaL_error(L, "cannot set the game's field '%s' (use g.var.%s for your own "
                          "variables)", k, k);
    }
    return 0;
}

/* Fill M (on top) for a new match: methods, constant fields, its own
 * metatable for the changing fields. mt is the match table's index. */
static void fill_methods(lua_State *L, fuda_engine *e, int mt) {
    int m = lua_gettop(L);
    lua_pushlightuserdata(L, e);
    luaL_setfuncs(L, game_methods, 1);
    lua_getfield(L, mt, "named");
    lua_getfield(L, mt, "owned");
    push_closure(L, e, g_pile, 2);
    lua_setfield(L, m, "pile");
    lua_getfield(L, mt, "hands");
    push_closure(L, e, g_hand, 1);
    lua_setfield(L, m, "hand");
    lua_pushinteger(L, e->st.nseats);
    lua_setfield(L, m, "seats");
    lua_createtable(L, e->ncols, 0);
    for (int c = 0; c < e->ncols; c++) {
        lua_pushstring(L, e->colnames[c]);
        lua_rawseti(L, -2, c + 1);
    }
    lua_setfield(L, m, "columns");
    lua_pushstring(L, e->title ? e->title : e->name ? e->name : "");
    lua_setfield(L, m, "title");
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_options);
    lua_setfield(L, m, "options");
    new_vars(L, e, -1, mt);
    lua_setfield(L, m, "var");
    lua_createtable(L, e->st.nseats, 0);
    for (int s = 0; s < e->st.nseats; s++) {
        new_vars(L, e, s, mt);
        lua_rawseti(L, -2, s + 1);
    }
    lua_setfield(L, m, "seat");
    lua_createtable(L, 0, 1);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &game_fields_key);
    push_closure(L, e, game_field, 1);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, m);
}

/* A new match: retire the old one's objects, make the game and its match
 * table. Runs inside a protected call (it allocates). */
void fuda_game_reset(fuda_engine *e) {
    lua_State *L = e->L;
    retire_match(L, e);
    e->gen++;
    e->vars_stale = e->stale_piles = 0;
    memset(e->stale_slot, 0, sizeof e->stale_slot);
    e->nsymcache = 0;
    lua_createtable(L, 0, 8);             /* the match table */
    int mt = lua_gettop(L);
    lua_newtable(L);
    lua_setfield(L, mt, "named");
    lua_newtable(L);
    lua_setfield(L, mt, "owned");
    lua_newtable(L);
    lua_setfield(L, mt, "hands");
    lua_createtable(L, e->st.nseats + 1, 0);
    lua_setfield(L, mt, "metas");
    lua_createtable(L, e->st.nseats + 1, 0);
    lua_setfield(L, mt, "slots");
    int nslots = e->nvars + e->nseatvars * FUDA_MAX_SEATS; /* slots in use: 0 .. nslots - 1 */
    lua_createtable(L, nslots, 0);
    lua_setfield(L, mt, "vt");
    lua_createtable(L, nslots, 0);
    lua_setfield(L, mt, "vn");
    lua_newtable(L);
    lua_setfield(L, mt, "syms");
    lua_newtable(L);                      /* the game */
    lua_createtable(L, 0, 4);             /* its metatable */
    lua_createtable(L, 0, 24);            /* M */
    fill_methods(L, e, mt);
    lua_setfield(L, -2, "__index");
    push_closure(L, e, game_newindex, 0);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_pushliteral(L, FUDA_GAME_T);
    lua_setfield(L, -2, "__name");
    lua_pushvalue(L, -1);
    lua_setfield(L, mt, "gmeta");
    lua_setmetatable(L, -2);
    e->game_ptr = lua_topointer(L, -1);
    if (e->ref_game != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, e->ref_game);
    e->ref_game = luaL_ref(L, LUA_REGISTRYINDEX);
    e->ref_piles = luaL_ref(L, LUA_REGISTRYINDEX);
}

void fuda_game_push(fuda_engine *e) {
    lua_rawgeti(e->L, LUA_REGISTRYINDEX, e->ref_game);
}

/* ---- piles ---- */

static fuda_state *pst(pile_ud *p) { return &p->e->st; }

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
    if (!p->e->started || p->gen != p->e->gen) {
        lua_pushliteral(L, "fuda.Pile (of an ended match)");
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
static void pile_type(lua_State *L) {
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

const char fuda_format_key = 'f';

void fuda_game_types(lua_State *L) {
    lua_getglobal(L, "string");
    lua_getfield(L, -1, "format");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &fuda_format_key);
    lua_pop(L, 1);
    lua_newtable(L);
    for (int i = 0; game_fields[i]; i++) {
        lua_pushinteger(L, i + 1);
        lua_setfield(L, -2, game_fields[i]);
    }
    lua_rawsetp(L, LUA_REGISTRYINDEX, &game_fields_key);
    pile_type(L);
}
