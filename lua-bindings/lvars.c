/* lvars.c -- a match's game variables as Lua sees them: g.var and
 * g.seat[k] are empty proxies over a values table V (a read is two table
 * lookups, no C call); a write goes through a C __newindex that checks the
 * value and stores it in the core state, then in V. fuda_game_sync rewrites
 * V from the core state after the engine put a state back. Also the match's
 * symbols: the strings the core state holds (string variables, claim kinds)
 * are ids in a per-match symbol table, charged to the script's memory. */
#include <lauxlib.h>
#include "game_impl.h"
#include "strict.h"

/* ---- symbols ---- */

const char *fuda_sym_text(fuda_engine *e, int id) {
    const char *s = fuda_symtab_name(fuda_play_of(e)->syms, id, NULL);
    return s ? s : "";
}

/* The symbol id of s[0..len); a new symbol counts against the script's
 * memory (the table lives as long as the match). Raises when too long. */
int fuda_game_intern(lua_State *L, fuda_engine *e, const char *s, size_t len) {
    fuda_play *pl = fuda_play_of(e);
    int id = fuda_symtab_lookup(pl->syms, s, len);
    if (id >= 0) return id;
    if (len <= FUDA_SYMTAB_MAXLEN) {
        size_t cost = len + 1 + 32; /* the text, its offset and hash slots */
        fuda_sandbox_cmem(L, e, cost);
        pl->sym_bytes += cost;
    }
    id = fuda_symtab_intern(pl->syms, s, len);
    if (id < 0) luaL_error(L, "string too long to store in the game state (at most %d bytes)",
                           FUDA_SYMTAB_MAXLEN);
    return id;
}

/* ---- variables ---- */

static void push_var(lua_State *L, fuda_play *pl, int i) {
    switch (pl->st->var_type[i]) {
    case FUDA_VAR_INT: lua_pushinteger(L, pl->st->var[i]); break;
    case FUDA_VAR_BOOL: lua_pushboolean(L, pl->st->var[i]); break;
    case FUDA_VAR_SYM: lua_pushstring(L, fuda_sym_text(fuda_play_engine(pl), pl->st->var[i])); break;
    default: lua_pushnil(L);
    }
}

/* The symbol id of the string at idx through the match's cache at `cache`
 * (string -> id; the symbol table is per match too). The cache keeps its
 * first FUDA_SYM_CACHE strings only: a script storing ever new strings pays
 * the symbol table's memory, not twice that. */
#define FUDA_SYM_CACHE 256
static int intern_cached(lua_State *L, fuda_play *pl, int idx, int cache) {
    lua_pushvalue(L, idx);
    int isnum;
    int id = (int)(lua_rawget(L, cache), lua_tointegerx(L, -1, &isnum));
    lua_pop(L, 1);
    if (isnum) return id;
    id = intern(L, pl, idx);
    if (pl->nsymcache >= FUDA_SYM_CACHE) return id;
    pl->nsymcache++;
    lua_pushvalue(L, idx);
    lua_pushinteger(L, id);
    lua_rawset(L, cache);
    return id;
}

/* Store the Lua value at idx into variable slot i (named by the string at
 * index 2, for messages); strings are interned through the cache at `syms`. */
static void set_var(lua_State *L, fuda_play *pl, int i, int idx, int syms) {
    switch (lua_type(L, idx)) {
    case LUA_TNIL: pl->st->var_type[i] = FUDA_VAR_NIL; pl->st->var[i] = 0; break;
    case LUA_TBOOLEAN: pl->st->var_type[i] = FUDA_VAR_BOOL; pl->st->var[i] = lua_toboolean(L, idx); break;
    case LUA_TSTRING:
        pl->st->var[i] = intern_cached(L, pl, idx, syms);
        pl->st->var_type[i] = FUDA_VAR_SYM;
        break;
    case LUA_TNUMBER: {
        int isnum;
        lua_Integer v = lua_tointegerx(L, idx, &isnum);
        if (!isnum || v < INT32_MIN || v > INT32_MAX)
            luaL_error(L, "variable '%s': only 32-bit integers can be stored, got %s",
                       lua_tostring(L, 2), lua_tostring(L, idx));
        pl->st->var_type[i] = FUDA_VAR_INT;
        pl->st->var[i] = (int32_t)v;
        break;
    }
    default:
        luaL_error(L, "variable '%s': a game variable holds an integer, boolean, string or "
                   "nil, not a %s", lua_tostring(L, 2), luaL_typename(L, idx));
    }
}

/* Core slot of the variable whose declared number is j, for seat (-1: a
 * game variable). */
static int var_index(const fuda_variant *var, int seat, int j) {
    return seat < 0 ? j : var->nvars + j * FUDA_MAX_SEATS + seat;
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
    fuda_play *pl = play_up(L);
    push_var(L, pl, var_slot(L, NULL));
    return 1;
}

/* The proxy's __newindex (proxy, name, value): check and store in the core
 * state, then in V. */
static int vars_newindex(lua_State *L) {
    fuda_play *pl = play_up(L);
    int k = var_slot(L, (const var_keys *)lua_touserdata(L, UV_KEYS));
    set_var(L, pl, k, 3, UV_SYMS);
    lua_pushvalue(L, 2);
    if (pl->st->var_type[k] == FUDA_VAR_INT) lua_pushinteger(L, pl->st->var[k]); /* 3.0 -> 3 */
    else lua_pushvalue(L, 3);
    lua_rawset(L, UV_VALUES);
    return 0;
}

/* Fill values table V (at v) from the core state, for every name of the
 * slots table at `slots`. */
static void fill_values(lua_State *L, fuda_play *pl, int v, int slots) {
    lua_pushnil(L);
    while (lua_next(L, slots)) {
        int k = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        push_var(L, pl, k);
        lua_rawset(L, v);
    }
}


/* Push the slots table of seat (-1: the game's variables): name -> core slot. */
static void push_slots(lua_State *L, const fuda_variant *var, int seat) {
    if (seat < 0) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, var->ref_varidx);
        return;
    }
    lua_createtable(L, 0, var->nseatvars);
    lua_rawgeti(L, LUA_REGISTRYINDEX, var->ref_seatvaridx);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_Integer j = lua_tointeger(L, -1);
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushinteger(L, var_index(var, seat, (int)j));
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


/* Push a new variables proxy of seat (-1: the game's), its values table
 * filled; its metatable and slots table are appended to the match table's
 * lists "metas" and "slots" (at mt). (game_impl.h) */
void fuda_vars_new(lua_State *L, fuda_play *pl, int seat, int mt) {
    lua_newtable(L);                      /* the proxy */
    int pm = lua_gettop(L) + 1;
    lua_createtable(L, 0, 4);             /* its metatable */
    lua_createtable(L, 0, 8);             /* V */
    int v = pm + 1, slots = pm + 2;
    push_slots(L, fuda_engine_variant(fuda_play_engine(pl)), seat);
    fill_values(L, pl, v, slots);
    note_slots(L, v, slots, mt);
    lua_createtable(L, 0, 1);             /* V's metatable */
    lua_pushvalue(L, slots);
    lua_pushinteger(L, seat);
    push_closure(L, mt, vars_missing, 2);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, v);
    lua_pushvalue(L, slots);
    lua_pushinteger(L, seat);
    lua_pushvalue(L, v);
    lua_getfield(L, mt, "syms");
    push_keys(L, slots);
    push_closure(L, mt, vars_newindex, 5);
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
    note_lock(L, mt, pm - 1);
}

/* Rewrite the values of the variable slots the engine marked stale
 * (stale_slot) from the core state, and, when the pile count changed,
 * forget the pile caches (a restored state may have fewer piles). */
void fuda_game_sync(fuda_engine *e) {
    fuda_play *pl = fuda_play_of(e);
    if (pl->ref_piles == LUA_NOREF) return;
    lua_State *L = play_lua(pl);
    push_match_table(L, pl);
    int mt = lua_gettop(L);
    lua_getfield(L, mt, "vt");
    lua_getfield(L, mt, "vn");
    for (int i = 0; i < FUDA_MAX_VARS; i++) {
        uint64_t bit = (uint64_t)1 << (i % 64);
        if (!(pl->stale_slot[i / 64] & bit)) continue;
        if (lua_rawgeti(L, mt + 1, i + 1) == LUA_TTABLE) { /* else a slot no name uses */
            lua_rawgeti(L, mt + 2, i + 1);
            push_var(L, pl, i);
            lua_rawset(L, -3);
        }
        lua_pop(L, 1);
        pl->stale_slot[i / 64] &= ~bit; /* a mark goes once its slot is written (a raise keeps the rest) */
    }
    if (pl->stale_piles) {
        lua_getfield(L, mt, "named");
        clear_table(L, -1);
        lua_getfield(L, mt, "owned");
        clear_table(L, -1);
        lua_getfield(L, mt, "hands");
        clear_table(L, -1);
        pl->stale_piles = 0;
    }
    if (pl->seats_stale) { /* another table (or the match) is played: g.seats is its count */
        lua_getfield(L, mt, "gmeta");
        lua_getfield(L, -1, "__index");
        lua_pushinteger(L, pl->st->nseats);
        lua_setfield(L, -2, "seats");
        pl->seats_stale = 0;
    }
    lua_settop(L, mt - 1);
}

