/* loader.c -- loading a variant into an engine: loader.lua (lloader.c)
 * reads and checks the definition, then this file takes it into the engine
 * (options and the read-only g.options, variable slots, bots, check,
 * columns, verbs, search, info), the texts the engine keeps charged to the
 * script's memory. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include "budget.h"
#include "strict.h"
#include "loader.h"
#include "record.h"
#include "engine_access.h"

/* ---- taking a definition into the engine ---- */

/* A copy of s the engine keeps for the variant's life: charged to the
 * script's memory (a script's string may be huge, and one string named a
 * thousand times is a thousand copies), given back by free_variant. Raises
 * the memory limit when over it; NULL when malloc fails. */
static char *kept_dup(fuda_engine *e, const char *s) {
    fuda_variant *v = fuda_engine_variant(e);
    size_t n = strlen(s) + 1;
    fuda_sandbox_cmem(fuda_engine_lua(e), e, n);
    char *r = (char *)malloc(n);
    if (!r) {
        fuda_sandbox_cfree(e, n);
        return NULL;
    }
    v->variant_bytes += n;
    return memcpy(r, s, n);
}

static char *dup_field(lua_State *L, int t, const char *k) {
    lua_getfield(L, t, k);
    const char *s = lua_tostring(L, -1);
    char *r = s ? kept_dup(fuda_engine_of(L), s) : NULL;
    lua_pop(L, 1);
    return r;
}

/* Integer field k of table t (the loader checked its range), def when it is
 * no integer or does not fit an int (never truncated). */
static int int_field(lua_State *L, int t, const char *k, int def) {
    lua_getfield(L, t, k);
    lua_Integer v = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : def;
    lua_pop(L, 1);
    return v >= INT_MIN && v <= INT_MAX ? (int)v : def;
}

/* Push the sorted keys of the table at t as a list. */
static void sorted_keys(lua_State *L, int t) {
    fuda_loader_push(L);
    lua_getfield(L, -1, "sorted_keys");
    lua_remove(L, -2);
    lua_pushvalue(L, t);
    lua_call(L, 1, 1);
}

static void value_text(lua_State *L, int idx, fuda_opt *o) {
    o->text = kept_dup(fuda_engine_of(L), luaL_tolstring(L, idx, NULL));
    lua_pop(L, 1);
}

static int readonly_newindex(lua_State *L) {
    return luaL_error(L, "options are read only (cannot set '%s')", luaL_tolstring(L, 2, NULL));
}

/* g.options.NAME where the values table has no NAME (the view's __index is
 * that table, whose own __index is this): a name the variant does not
 * declare raises, with the closest declared one -- a typo in a house rule
 * (g.options.taget) would otherwise read nil and change nothing. A declared
 * name never gets here: reading it is a table lookup. */
static int options_missing(lua_State *L) {
    lua_settop(L, 2);
    fuda_engine *e = fuda_engine_of(L);
    fuda_variant *v = fuda_engine_variant(e);
    const char *names[FUDA_MAX_OPTS];
    size_t n = 0;
    for (int i = 0; e && i < v->nopts && n < FUDA_MAX_OPTS; i++) names[n++] = v->opts[i].name;
    return fuda_strict_unknown(L, "g.options has no option", 2, names, n, "options");
}

/* pairs(g.options): one step over the values (upvalue 1), in next's order. */
static int options_next(lua_State *L) {
    lua_settop(L, 2);
    if (lua_next(L, lua_upvalueindex(1))) return 2;
    lua_pushnil(L);
    return 1;
}

/* __pairs of g.options: the step function, the view, nil; the values
 * table itself never reaches the script. */
static int options_pairs(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushcclosure(L, options_next, 1);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

/* Options: v->opts and the read-only g.options view. def at index d. */
static void take_options(fuda_engine *e, int d) {
    fuda_variant *v = fuda_engine_variant(e);
    lua_State *L = fuda_engine_lua(e);
    lua_getfield(L, d, "options");
    int opts = lua_gettop(L);
    sorted_keys(L, opts);
    int keys = lua_gettop(L);
    lua_newtable(L); /* values */
    int vals = lua_gettop(L);
    int n = (int)luaL_len(L, keys);
    if (n > FUDA_MAX_OPTS) n = FUDA_MAX_OPTS;
    v->nopts = 0;
    v->opts = n ? (fuda_opt *)calloc((size_t)n, sizeof *v->opts) : NULL;
    v->optinfo = n ? (fuda_option_info *)calloc((size_t)n, sizeof *v->optinfo) : NULL;
    if (n && (!v->opts || !v->optinfo)) luaL_error(L, "out of memory");
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, keys, i);
        const char *name = lua_tostring(L, -1);
        lua_rawget(L, opts);
        int spec = lua_gettop(L);
        fuda_opt *o = &v->opts[v->nopts++];
        memset(o, 0, sizeof *o);
        o->name = kept_dup(e, name);
        o->doc = dup_field(L, spec, "doc");
        lua_getfield(L, spec, "value");
        value_text(L, -1, o);
        lua_setfield(L, vals, name);
        lua_pop(L, 1);
        v->optinfo[v->nopts - 1].name = o->name;
        v->optinfo[v->nopts - 1].value = o->text;
        v->optinfo[v->nopts - 1].doc = o->doc ? o->doc : "";
    }
    /* the view: a userdata, so no raw access (rawset, rawget, next) reaches
     * the values; reads go to vals, writes fail, pairs walks vals */
    lua_createtable(L, 0, 1); /* the values' own metatable: a missing name raises */
    lua_pushcfunction(L, options_missing);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, vals);
    lua_newuserdatauv(L, 0, 0);
    lua_createtable(L, 0, 5);
    lua_pushvalue(L, vals);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, readonly_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushvalue(L, vals);
    lua_pushcclosure(L, options_pairs, 1);
    lua_setfield(L, -2, "__pairs");
    lua_pushliteral(L, "options");
    lua_setfield(L, -2, "__name");
    lua_pushliteral(L, "read only");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    v->ref_options = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_settop(L, opts - 1);
}

/* name -> slot tables for state and seat_state; initial values list. */
static int take_vars(fuda_engine *e, int d) {
    fuda_variant *v = fuda_engine_variant(e);
    lua_State *L = fuda_engine_lua(e);
    lua_newtable(L); /* init: list of {slot, value, seatvar} */
    int init = lua_gettop(L);
    int ninit = 0;
    const char *fields[2] = {"state", "seat_state"};
    for (int f = 0; f < 2; f++) {
        lua_getfield(L, d, fields[f]);
        int t = lua_gettop(L);
        sorted_keys(L, t);
        int keys = lua_gettop(L);
        lua_newtable(L);
        int idx = lua_gettop(L);
        int n = (int)luaL_len(L, keys);
        for (int i = 1; i <= n; i++) {
            lua_rawgeti(L, keys, i);
            lua_pushinteger(L, i - 1);
            lua_setfield(L, idx, lua_tostring(L, -2));
            lua_createtable(L, 3, 0);
            lua_pushinteger(L, i - 1);
            lua_rawseti(L, -2, 1);
            lua_pushvalue(L, -2);
            lua_rawget(L, t);
            lua_rawseti(L, -2, 2);
            lua_pushboolean(L, f);
            lua_rawseti(L, -2, 3);
            lua_rawseti(L, init, ++ninit);
            lua_pop(L, 1);
        }
        if (f == 0) { v->nvars = n; v->ref_varidx = luaL_ref(L, LUA_REGISTRYINDEX); }
        else { v->nseatvars = n; v->ref_seatvaridx = luaL_ref(L, LUA_REGISTRYINDEX); }
        lua_settop(L, init);
    }
    v->ref_varinit = luaL_ref(L, LUA_REGISTRYINDEX);
    if (v->nvars + v->nseatvars * FUDA_MAX_SEATS > FUDA_MAX_VARS) {
        fuda_engine_seterr(e, "%s: too many variables (%d game + %d per seat; at most %d game "
                           "variables + 8 x seat variables)", v->file, v->nvars, v->nseatvars,
                           FUDA_MAX_VARS);
        return -1;
    }
    return 0;
}

static void take_bots(fuda_engine *e, int d) {
    fuda_variant *v = fuda_engine_variant(e);
    lua_State *L = fuda_engine_lua(e);
    lua_getfield(L, d, "bots");
    sorted_keys(L, lua_gettop(L));
    int n = (int)luaL_len(L, -1);
    v->botnames = (char **)calloc((size_t)n + 1, sizeof(char *));
    v->nbotnames = 0;
    for (int i = 1; v->botnames && i <= n; i++) {
        lua_rawgeti(L, -1, i);
        const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        if (name && (v->botnames[v->nbotnames] = kept_dup(e, name)) != NULL) v->nbotnames++;
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
}

/* The variant's check table: max_moves, zero_sum, expect = { names },
 * invariant (a function kept in the registry for a paranoid engine). */
static void take_check(fuda_engine *e, int d) {
    fuda_variant *v = fuda_engine_variant(e);
    lua_State *L = fuda_engine_lua(e);
    lua_getfield(L, d, "check");
    int c = lua_gettop(L);
    v->info.check_max_moves = int_field(L, c, "max_moves", 0);
    lua_getfield(L, c, "zero_sum");
    v->info.check_zero_sum = lua_toboolean(L, -1);
    lua_pop(L, 1);
    lua_getfield(L, c, "leaks");
    v->info.check_leaks = lua_isnil(L, -1) || lua_toboolean(L, -1);
    lua_pop(L, 1);
    lua_getfield(L, c, "random");
    v->info.check_random = lua_isnumber(L, -1) ? lua_tonumber(L, -1) : 1.0;
    lua_pop(L, 1);
    if (lua_getfield(L, c, "invariant") == LUA_TFUNCTION) v->ref_invariant = luaL_ref(L, LUA_REGISTRYINDEX);
    else lua_pop(L, 1);
    v->info.check_invariant = v->ref_invariant != LUA_NOREF;
    if (lua_getfield(L, c, "expect") == LUA_TTABLE) {
        /* raw: a __len of the script's must not size this (no limit watches a C loop) */
        lua_Unsigned len = lua_rawlen(L, -1);
        int n = len > FUDA_MAX_TALLIES ? FUDA_MAX_TALLIES : (int)len;
        v->expect = (char **)calloc((size_t)n + 1, sizeof(char *));
        for (int i = 1; v->expect && i <= n; i++) {
            lua_rawgeti(L, -1, i);
            if (lua_type(L, -1) == LUA_TSTRING && (v->expect[v->nexpect] = kept_dup(e, lua_tostring(L, -1))))
                v->nexpect++;
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 2);
    v->info.nexpect = v->nexpect;
    v->info.expect = (const char *const *)v->expect;
}

/* The variant's column names (checked by the loader: 1 to 4 strings). */
static void take_columns(fuda_engine *e, int d) {
    fuda_variant *v = fuda_engine_variant(e);
    lua_State *L = fuda_engine_lua(e);
    v->ncols = 0;
    if (lua_getfield(L, d, "columns") == LUA_TTABLE) {
        for (int i = 1; i <= FUDA_MAX_COLS; i++) {
            if (lua_rawgeti(L, -1, i) == LUA_TSTRING && (v->colnames[v->ncols] = strdup(lua_tostring(L, -1))))
                v->ncols++;
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    v->info.ncols = v->ncols;
    v->info.columns = (const char *const *)v->colnames;
}

#define MAX_HELP_VERBS 256 /* verbs `help` lists at most */
#define MAX_HELP_TEXT 200  /* bytes of a verb's usage or doc line kept for `help` */

/* The declared verbs' usage and doc lines (def.verb_help, made by the
 * loader from fuda.moves: a list of { usage, doc }); none when the variant
 * declares no verbs or memory runs out. */
static void take_verbs(fuda_engine *e, int d) {
    fuda_variant *v = fuda_engine_variant(e);
    lua_State *L = fuda_engine_lua(e);
    v->nverbs = 0;
    if (lua_getfield(L, d, "verb_help") == LUA_TTABLE) {
        /* bounded: a script's verbs must not size C-side memory no limit counts */
        lua_Unsigned len = lua_rawlen(L, -1);
        int n = len > MAX_HELP_VERBS ? MAX_HELP_VERBS : (int)len;
        v->verbusage = (char **)calloc((size_t)n + 1, sizeof(char *));
        v->verbdoc = (char **)calloc((size_t)n + 1, sizeof(char *));
        for (int i = 1; v->verbusage && v->verbdoc && i <= n; i++) {
            lua_rawgeti(L, -1, i);
            lua_rawgeti(L, -1, 1);
            lua_rawgeti(L, -2, 2);
            const char *u = lua_tostring(L, -2), *doc = lua_tostring(L, -1);
            char *us = u ? strndup(u, MAX_HELP_TEXT) : NULL, *ds = strndup(doc ? doc : "", MAX_HELP_TEXT);
            if (us && ds) v->verbusage[v->nverbs] = us, v->verbdoc[v->nverbs++] = ds;
            else free(us), free(ds);
            lua_pop(L, 3);
        }
    }
    lua_pop(L, 1);
    v->info.nverbs = v->nverbs;
    v->info.verbs = (const char *const *)v->verbusage;
    v->info.verb_docs = (const char *const *)v->verbdoc;
}

/* The index among v->botnames of the bot the search table at the top of
 * the stack names in `field`, or -1 (none, or not a bot). */
static int search_bot_index(fuda_engine *e, const char *field) {
    fuda_variant *v = fuda_engine_variant(e);
    lua_State *L = fuda_engine_lua(e);
    int k = -1;
    if (lua_getfield(L, -1, field) == LUA_TSTRING)
        for (int i = 0; i < v->nbotnames; i++)
            if (strcmp(v->botnames[i], lua_tostring(L, -1)) == 0) k = i;
    lua_pop(L, 1);
    return k;
}

/* The search's settings (the loader checked them): how it judges a hand, how sure it must be
 * to leave its own bot's move, and the indexes of the playout bots of its own seat and of the
 * others among v->botnames (take_bots comes first). */
static void take_search(fuda_engine *e, int d) {
    fuda_variant *v = fuda_engine_variant(e);
    lua_State *L = fuda_engine_lua(e);
    v->info.search_by_winner = 0;
    v->info.search_bot = v->info.search_others = -1;
    v->info.search_sure = -1;
    if (lua_getfield(L, d, "search") == LUA_TTABLE) {
        if (lua_getfield(L, -1, "sure") == LUA_TNUMBER) v->info.search_sure = lua_tonumber(L, -1);
        lua_pop(L, 1);
        lua_getfield(L, -1, "hands");
        v->info.search_by_winner = lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), "winner") == 0;
        lua_pop(L, 1);
        v->info.search_bot = search_bot_index(e, "bot");
        v->info.search_others = search_bot_index(e, "others");
    }
    lua_pop(L, 1);
}

static void take_info(fuda_engine *e, int d) {
    fuda_variant *v = fuda_engine_variant(e);
    lua_State *L = fuda_engine_lua(e);
    v->name = dup_field(L, d, "name");
    v->title = dup_field(L, d, "title");
    v->file = dup_field(L, d, "file");
    v->extends = dup_field(L, d, "extends");
    v->round = dup_field(L, d, "round");
    lua_getfield(L, d, "players");
    int p = lua_gettop(L);
    v->info.min_seats = int_field(L, p, "min", 2);
    v->info.max_seats = int_field(L, p, "max", 2);
    v->info.default_seats = int_field(L, p, "default", v->info.min_seats);
    v->info.seat_step = int_field(L, p, "step", 1);
    lua_pop(L, 1);
    lua_getfield(L, d, "abstract");
    v->info.abstract = lua_toboolean(L, -1);
    lua_pop(L, 1);
    v->info.name = v->name;
    v->info.title = v->title ? v->title : v->name;
    v->info.file = v->file;
    v->info.extends = v->extends;
    v->info.round = v->round ? v->round : "hand";
}

static int load_def(lua_State *L) {
    const char *name = lua_tostring(L, 1);
    int nsets = (int)lua_tointeger(L, 2);
    char **sets = (char **)lua_touserdata(L, 3);
    fuda_loader_push(L);
    lua_getfield(L, -1, "load");
    lua_pushstring(L, name);
    lua_createtable(L, nsets, 0);
    for (int i = 0; i < nsets; i++) {
        lua_pushstring(L, sets[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_call(L, 2, 1);
    return 1;
}

int fuda_loader_load(fuda_engine *e, const char *variant) {
    fuda_variant *v = fuda_engine_variant(e);
    lua_State *L = fuda_engine_lua(e);
    lua_pushcfunction(L, load_def);
    lua_pushstring(L, variant);
    lua_pushinteger(L, v->noptset);
    lua_pushlightuserdata(L, v->optset);
    if (fuda_sandbox_pcall(e, 3, 1) != LUA_OK) {
        fuda_engine_seterr_lines(e, lua_tostring(L, -1)); /* one problem a line (C.oneline) */
        lua_pop(L, 1);
        return -1;
    }
    int d = lua_gettop(L);
    take_info(e, d);
    fuda_sandbox_blame(e, v->file); /* what the engine copies now (a limit hit) is the variant's */
    take_options(e, d);
    take_bots(e, d);
    take_check(e, d);
    lua_getfield(L, d, "evaluate");
    v->info.has_evaluate = lua_isfunction(L, -1);
    lua_pop(L, 1);
    lua_getfield(L, d, "likely");
    v->info.has_likely = lua_isfunction(L, -1);
    lua_pop(L, 1);
    lua_getfield(L, d, "tensor");
    v->info.has_tensor = lua_isfunction(L, -1);
    lua_pop(L, 1);
    take_search(e, d);
    take_columns(e, d);
    take_verbs(e, d);
    if (take_vars(e, d) < 0) { lua_pop(L, 1); return -1; }
    v->info.nopts = v->nopts;
    v->info.opts = v->optinfo;
    v->info.nbots = v->nbotnames;
    v->info.bots = (const char *const *)v->botnames;
    v->ref_variant = luaL_ref(L, LUA_REGISTRYINDEX);
    fuda_loader_forget(L);
    return 0;
}
