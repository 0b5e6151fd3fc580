/* lmeld.c -- fuda.rules{...}: compiled meld rules (fuda.Rules) and their
 * methods deadwood, melds, arrangements, discards, discard_list, discard_moves,
 * gin, accepts, spec over the core's exact meld search (R:layoff, gone: a
 * clear message; the Gin family's layoff rule is variants/lib/gin-layoff.lua). A method takes a fuda.Pile or a
 * list of card names. */
#include <string.h>
#include <lauxlib.h>
#include "lcard.h"
#include "budget.h"
#include "strict.h"
#include "meld.h"

typedef struct rules_ud { unsigned tag; fuda_meld_rules r; } rules_ud;

static fuda_meld_rules *check_rules(lua_State *L, int idx) {
    return &((rules_ud *)fuda_checkud(L, idx, FUDA_TAG_RULES, FUDA_RULES_T))->r;
}

static int opt_int(lua_State *L, int t, const char *k, int def, int lo, int hi) {
    int v = def;
    if (lua_getfield(L, t, k) != LUA_TNIL) {
        int isnum;
        lua_Integer i = lua_tointegerx(L, -1, &isnum);
        if (!isnum || i < lo || i > hi)
            luaL_error(L, "rules: '%s' must be an integer from %d to %d", k, lo, hi);
        v = (int)i;
    }
    lua_pop(L, 1);
    return v;
}

static int opt_bool(lua_State *L, int t, const char *k, int def) {
    int v = def;
    if (lua_getfield(L, t, k) != LUA_TNIL) {
        if (!lua_isboolean(L, -1)) luaL_error(L, "rules: '%s' must be true or false", k);
        v = lua_toboolean(L, -1);
    }
    lua_pop(L, 1);
    return v;
}

static void read_ace(lua_State *L, fuda_meld_rules *r) {
    static const char *const modes[] = {"low", "high", "corner", NULL};
    if (lua_getfield(L, 1, "ace") != LUA_TNIL) {
        const char *s = lua_tostring(L, -1);
        int i;
        for (i = 0; modes[i] && (!s || strcmp(s, modes[i]) != 0); i++) {}
        if (!modes[i]) luaL_error(L, "rules: ace must be \"low\", \"high\" or \"corner\"");
        r->ace = (uint8_t)i;
    }
    lua_pop(L, 1);
}

static void read_values(lua_State *L, fuda_meld_rules *r) {
    if (lua_getfield(L, 1, "values") != LUA_TNIL) {
        luaL_checktype(L, -1, LUA_TTABLE);
        for (int rank = 0; rank <= 13; rank++) {
            if (lua_rawgeti(L, -1, rank) != LUA_TNIL) {
                int isnum;
                lua_Integer v = lua_tointegerx(L, -1, &isnum);
                if (!isnum || v < 0 || v > 255)
                    luaL_error(L, "rules: values[%d] must be an integer 0..255", rank);
                r->value[rank] = (uint8_t)v;
            }
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
}

/* A shape's own natural meld (the shape at the top of the stack, the i-th,
 * nm sizes): natural = k (a set or a run) or natural_run = k; no other keys. */
static void read_shape_natural(lua_State *L, fuda_meld_rules *r, int i, int nm) {
    long n = 0;
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pop(L, 1);
        if ((++n & 255) == 0) fuda_sandbox_tick(L, 256 * 4); /* a huge table: ticks */
        if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 && lua_tointeger(L, -1) <= nm) continue;
        const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        if (!k || (strcmp(k, "natural") != 0 && strcmp(k, "natural_run") != 0))
            luaL_error(L, "rules: gin_shapes[%d]: unknown field '%s' (a shape is a list of meld sizes, "
                       "with natural = k or natural_run = k)", i, luaL_tolstring(L, -1, NULL));
    }
    lua_pushliteral(L, "natural");
    int any = lua_rawget(L, -2) != LUA_TNIL;
    lua_pushliteral(L, "natural_run");
    int run = lua_rawget(L, -3) != LUA_TNIL;
    if (any && run) luaL_error(L, "rules: gin_shapes[%d]: natural or natural_run, not both", i);
    if (any || run) {
        int isnum;
        lua_Integer k = lua_tointegerx(L, any ? -2 : -1, &isnum);
        if (!isnum || k < 2 || k > 13)
            luaL_error(L, "rules: gin_shapes[%d].%s must be an integer from 2 to 13", i,
                       any ? "natural" : "natural_run");
        r->gin_shape_natural[i - 1] = (uint8_t)k;
        r->gin_shape_natural_run[i - 1] = (uint8_t)run;
    }
    lua_pop(L, 2);
}

/* gin_shapes = { {4,3,3,3}, {5,5,3}, ... }: lists of meld sizes. */
static void read_shapes(lua_State *L, fuda_meld_rules *r) {
    if (lua_getfield(L, 1, "gin_shapes") != LUA_TNIL) {
        if (!lua_istable(L, -1)) luaL_error(L, "rules: 'gin_shapes' must be a list of lists of meld sizes");
        lua_Integer ns = (lua_Integer)lua_rawlen(L, -1);
        if (ns < 1 || ns > FUDA_MELD_MAX_SHAPES)
            luaL_error(L, "rules: 'gin_shapes' must hold 1 to %d shapes", FUDA_MELD_MAX_SHAPES);
        for (int i = 1; i <= (int)ns; i++) {
            if (lua_rawgeti(L, -1, i) != LUA_TTABLE)
                luaL_error(L, "rules: gin_shapes[%d] must be a list of meld sizes", i);
            lua_Integer nm = (lua_Integer)lua_rawlen(L, -1);
            int sum = 0;
            if (nm < 1 || nm > FUDA_MELD_MAX_MELDS)
                luaL_error(L, "rules: gin_shapes[%d] must hold 1 to %d meld sizes", i, FUDA_MELD_MAX_MELDS);
            for (int j = 1; j <= (int)nm; j++) {
                int isnum;
                lua_rawgeti(L, -1, j);
                lua_Integer v = lua_tointegerx(L, -1, &isnum);
                if (!isnum || v < 2 || v > FUDA_MELD_MAX_HAND)
                    luaL_error(L, "rules: gin_shapes[%d][%d] must be an integer from 2 to %d", i, j,
                               FUDA_MELD_MAX_HAND);
                sum += (int)v;
                r->gin_shape[i - 1][j - 1] = (uint8_t)v;
                lua_pop(L, 1);
            }
            if (sum > FUDA_MELD_MAX_HAND)
                luaL_error(L, "rules: gin_shapes[%d] adds up to %d cards (at most %d)", i, sum,
                           FUDA_MELD_MAX_HAND);
            read_shape_natural(L, r, i, (int)nm);
            lua_pop(L, 1);
        }
        r->gin_nshapes = (uint8_t)ns;
    }
    lua_pop(L, 1);
}

static const char *const rule_keys[] = {
    "ace", "min_set", "min_run", "values", "wild", "wild_in_sets", "wild_in_runs",
    "wild_max", "wild_min_natural", "set_max", "gin_shapes", "gin_natural_run", "gin_natural", NULL
};

/* fuda.rules{ ace = "low", values = {...}, wild = "joker", ... } */
static int l_rules(lua_State *L) {
    if (lua_isnoneornil(L, 1)) {
        lua_settop(L, 0);
        lua_newtable(L);
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    fuda_check_fields(L, 1, "rules", rule_keys);
    rules_ud *u = (rules_ud *)lua_newuserdatauv(L, sizeof *u, 0);
    u->tag = FUDA_TAG_RULES;
    fuda_meld_rules *r = &u->r;
    fuda_meld_rules_default(r);
    read_ace(L, r);
    r->min_set = (uint8_t)opt_int(L, 1, "min_set", r->min_set, 2, 8);
    r->min_run = (uint8_t)opt_int(L, 1, "min_run", r->min_run, 2, 13);
    read_values(L, r);
    if (lua_getfield(L, 1, "wild") != LUA_TNIL) {
        const char *w = lua_tostring(L, -1);
        if (!w || strcmp(w, "joker") != 0) luaL_error(L, "rules: wild must be \"joker\" or nil");
        r->wild_joker = 1;
    }
    lua_pop(L, 1);
    r->wild_in_sets = (uint8_t)opt_bool(L, 1, "wild_in_sets", 1);
    r->wild_in_runs = (uint8_t)opt_bool(L, 1, "wild_in_runs", 1);
    r->wild_max = (uint8_t)opt_int(L, 1, "wild_max", r->wild_max, 0, 16);
    r->wild_min_natural = (uint8_t)opt_int(L, 1, "wild_min_natural", r->wild_min_natural, 0, 16);
    r->set_max = (uint8_t)opt_int(L, 1, "set_max", 0, 4, 16);
    r->gin_natural_run = (uint8_t)opt_int(L, 1, "gin_natural_run", 0, 2, 13);
    r->gin_natural = (uint8_t)opt_int(L, 1, "gin_natural", 0, 2, 13);
    if (r->gin_natural_run && r->gin_natural)
        luaL_error(L, "rules: gin_natural_run or gin_natural, not both");
    read_shapes(L, r);
    luaL_setmetatable(L, FUDA_RULES_T);
    return 1;
}

static int read_hand(lua_State *L, int idx, fuda_card *buf) {
    return fuda_read_cards(L, idx, buf, FUDA_MELD_MAX_HAND);
}

/* Push the list of n cards; names is the stack index of the card name
 * table (fuda_push_card_names). */
static void push_cards(lua_State *L, int names, const fuda_card *c, int n) {
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, names, c[i]);
        lua_rawseti(L, -2, i + 1);
    }
}

/* The field names of what R:melds returns: strict tables (a
 * typo such as res.deadwod raises instead of reading nil). */
static const char *const melds_names[] = {"deadwood", "melds", "kinds", "dead", NULL};

/* { deadwood = n, melds = {{...}}, kinds = {...}, dead = {...} }, strict */
static void push_result(lua_State *L, int names, const fuda_meld_result *m) {
    lua_createtable(L, 0, 4);
    lua_pushinteger(L, m->deadwood);
    lua_setfield(L, -2, "deadwood");
    lua_createtable(L, m->nmelds, 0);
    lua_createtable(L, m->nmelds, 0);
    for (int i = 0; i < m->nmelds; i++) {
        push_cards(L, names, m->melds[i].cards, m->melds[i].n);
        lua_rawseti(L, -3, i + 1);
        lua_pushstring(L, m->melds[i].kind == FUDA_MELD_RUN ? "run" : "set");
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -3, "kinds");
    lua_setfield(L, -2, "melds");
    push_cards(L, names, m->dead, m->ndead);
    lua_setfield(L, -2, "dead");
    fuda_strict_fixed(L, -1, "an arrangement", melds_names);
}

static void hand_error(lua_State *L) {
    luaL_error(L, "cannot arrange these cards (at most %d, and no card twice except wild jokers)",
               FUDA_MELD_MAX_HAND);
}

static int l_deadwood(lua_State *L) {
    fuda_meld_rules *r = check_rules(L, 1);
    fuda_card h[FUDA_MELD_MAX_HAND];
    int n = read_hand(L, 2, h);
    int d = fuda_meld_deadwood(r, h, n);
    if (d < 0) hand_error(L);
    lua_pushinteger(L, d);
    return 1;
}

static int l_melds(lua_State *L) {
    fuda_meld_rules *r = check_rules(L, 1);
    fuda_card h[FUDA_MELD_MAX_HAND];
    int n = read_hand(L, 2, h);
    fuda_meld_result m;
    if (fuda_meld_best(r, h, n, &m) < 0) hand_error(L);
    push_result(L, fuda_push_card_names(L), &m);
    return 1;
}

/* R:gin(cards) -> nil, or the arrangement of a gin (as R:melds gives it). */
static int l_gin(lua_State *L) {
    fuda_meld_rules *r = check_rules(L, 1);
    fuda_card h[FUDA_MELD_MAX_HAND];
    int n = read_hand(L, 2, h);
    fuda_meld_result m;
    int g = fuda_meld_gin(r, h, n, &m);
    if (g < 0) hand_error(L);
    if (g == 0) lua_pushnil(L);
    else push_result(L, fuda_push_card_names(L), &m);
    return 1;
}

/* The hand at index 2 of rules R (index 1) into h, and the least deadwood
 * after discarding each of its cards into after; returns the count. */
static int hand_discards(lua_State *L, fuda_card *h, int *after) {
    fuda_meld_rules *r = check_rules(L, 1);
    int n = read_hand(L, 2, h);
    if (fuda_meld_discards(r, h, n, after) < 0) hand_error(L);
    return n;
}

static int l_discards(lua_State *L) {
    fuda_card h[FUDA_MELD_MAX_HAND];
    int out[FUDA_MELD_MAX_HAND];
    int n = hand_discards(L, h, out);
    int names = fuda_push_card_names(L);
    lua_createtable(L, 0, n);
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, names, h[i]);
        lua_pushinteger(L, out[i]);
        lua_rawset(L, -3);
    }
    return 1;
}

/* R:discard_list(hand) -> cards, after: two lists in the hand's order, the
 * cards and the deadwood left after discarding each (R:discards as lists:
 * no table keyed by card to build or look up). */
static int l_discard_list(lua_State *L) {
    fuda_card h[FUDA_MELD_MAX_HAND];
    int out[FUDA_MELD_MAX_HAND];
    int n = hand_discards(L, h, out);
    int names = fuda_push_card_names(L);
    lua_createtable(L, n, 0);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, names, h[i]);
        lua_rawseti(L, -3, i + 1);
        lua_pushinteger(L, out[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 2;
}

/* Move texts "VERB CARD", made once per state: registry[&MOVETEXT_KEY] maps
 * a verb to the list card byte + 1 -> text ([0] counts the verbs: a verb
 * is a string, so no verb can be taken for it). At most MAX_VERBS verbs of
 * at most MAX_VERB_LEN bytes are kept
 * (a script making up verbs gets its texts made afresh, not a growing cache). */
static const char MOVETEXT_KEY = 'm';
#define MAX_VERBS 32
#define MAX_VERB_LEN 32

/* Push the texts of the verb (a string) at index verb: a table, or nil when
 * the cache is full and the verb not in it. */
static void push_texts(lua_State *L, int verb) {
    if (lua_rawlen(L, verb) > MAX_VERB_LEN) { /* a long verb: its texts are made afresh */
        lua_pushnil(L);
        return;
    }
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &MOVETEXT_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &MOVETEXT_KEY);
    }
    lua_pushvalue(L, verb);
    if (lua_rawget(L, -2) == LUA_TNIL) {
        lua_pop(L, 1);
        lua_Integer n = (lua_rawgeti(L, -1, 0), lua_tointeger(L, -1)); /* [0]: verbs kept */
        lua_pop(L, 1);
        if (n >= MAX_VERBS) {
            lua_pushnil(L);
        } else {
            lua_pushinteger(L, n + 1);
            lua_rawseti(L, -2, 0);
            lua_createtable(L, FUDA_CARD_SPACE + 1, 0);
            lua_pushvalue(L, verb);
            lua_pushvalue(L, -2);
            lua_rawset(L, -4);
        }
    }
    lua_remove(L, -2);
}

/* Push "VERB CARD" for card c, from the texts table at t (or made afresh
 * when t holds nil). */
static void push_move_text(lua_State *L, int t, int verb, fuda_card c) {
    int cached = lua_istable(L, t);
    if (cached && lua_rawgeti(L, t, c + 1) == LUA_TSTRING) return;
    if (cached) lua_pop(L, 1);
    char name[8];
    fuda_card_name(c, name);
    lua_pushfstring(L, "%s %s", lua_tostring(L, verb), name);
    if (cached) {
        lua_pushvalue(L, -1);
        lua_rawseti(L, t, c + 1);
    }
}

/* The verb of field k in the optional verbs table at idx (default def). */
static void push_verb(lua_State *L, int idx, const char *k, const char *def) {
    if (lua_istable(L, idx) && lua_getfield(L, idx, k) != LUA_TNIL) {
        if (lua_type(L, -1) != LUA_TSTRING)
            luaL_error(L, "bad argument #5 to 'discard_moves' (verb '%s' must be a string)", k);
        return;
    }
    if (lua_istable(L, idx)) lua_pop(L, 1);
    lua_pushstring(L, def);
}

static const char *const verb_names[] = {"discard", "knock", "gin", NULL};

/* R:discard_moves(hand, except, limit [, verbs]) -> the moves of a discard
 * turn of the Gin family, in the hand's order: for every card C but
 * `except`, "discard C", then "gin C" when the cards left after discarding C
 * are a gin (R:gin: no deadwood, or the rules' gin shapes), or else "knock C"
 * when they leave `limit` or less deadwood (limit nil: no knocking).
 * verbs = { discard =, knock =, gin = } renames them. */
static int l_discard_moves(lua_State *L) {
    fuda_card h[FUDA_MELD_MAX_HAND];
    int after[FUDA_MELD_MAX_HAND], gin[FUDA_MELD_MAX_HAND];
    fuda_meld_rules *r = check_rules(L, 1);
    int n = read_hand(L, 2, h);
    if (fuda_meld_discards_gin(r, h, n, after, gin) < 0) hand_error(L);
    fuda_card except = FUDA_NOCARD;
    if (!lua_isnoneornil(L, 3)) {
        size_t len;
        const char *s = luaL_checklstring(L, 3, &len);
        fuda_card c;
        if (len > 0 && fuda_card_parse(s, len, &c) == 0) except = c;
    }
    int has_limit = !lua_isnoneornil(L, 4);
    lua_Integer limit = has_limit ? luaL_checkinteger(L, 4) : -1;
    if (!lua_isnoneornil(L, 5)) {
        luaL_checktype(L, 5, LUA_TTABLE);
        fuda_check_fields(L, 5, "discard_moves: verbs", verb_names);
    }
    lua_settop(L, 5);
    if (lua_isnil(L, 5)) { /* gin's own words: verbs 6-8 and their texts 9-11 held as upvalues */
        for (int u = 1; u <= 6; u++) lua_pushvalue(L, lua_upvalueindex(u));
    } else {
        push_verb(L, 5, "discard", "discard");  /* 6 */
        push_verb(L, 5, "gin", "gin");          /* 7 */
        push_verb(L, 5, "knock", "knock");      /* 8 */
        push_texts(L, 6);                       /* 9 */
        push_texts(L, 7);                       /* 10 */
        push_texts(L, 8);                       /* 11 */
    }
    lua_createtable(L, 2 * n, 0);
    int out = lua_gettop(L), k = 0;
    for (int i = 0; i < n; i++) {
        if (h[i] == except) continue;
        push_move_text(L, 9, 6, h[i]);
        lua_rawseti(L, out, ++k);
        if (gin[i]) {
            push_move_text(L, 10, 7, h[i]);
            lua_rawseti(L, out, ++k);
        } else if (has_limit && after[i] <= limit) {
            push_move_text(L, 11, 8, h[i]);
            lua_rawseti(L, out, ++k);
        }
    }
    return 1;
}

/* The arrangements R:arrangements gathers: the list at the top of the stack. */
typedef struct gather { lua_State *L; int names, max, n; } gather;

static int gather_one(void *user, const fuda_meld_result *m) {
    gather *g = user;
    fuda_sandbox_tick(g->L, 64); /* up to 65536 of them: the search's time is the call's */
    push_result(g->L, g->names, m);
    lua_rawseti(g->L, -2, ++g->n);
    return g->n >= g->max;
}

/* R:arrangements(cards [, max]) -> every least-deadwood arrangement (as
 * R:melds gives one), in the order the exact search meets them; at most max
 * (default 4096, up to 65536) of them. */
static int l_arrangements(lua_State *L) {
    fuda_meld_rules *r = check_rules(L, 1);
    fuda_card h[FUDA_MELD_MAX_HAND];
    int n = read_hand(L, 2, h);
    lua_Integer max = luaL_optinteger(L, 3, 4096);
    luaL_argcheck(L, max >= 1 && max <= 65536, 3, "max must be from 1 to 65536");
    gather g = { L, fuda_push_card_names(L), (int)max, 0 };
    lua_newtable(L);
    if (fuda_meld_arrangements(r, h, n, gather_one, &g) < 0) hand_error(L);
    return 1;
}

/* R:layoff was the core's Gin layoff rule; the rule is the Gin family's now. */
static int l_layoff(lua_State *L) {
    return luaL_error(L, "R:layoff is gone: the Gin family's layoff rule is in Lua: "
                      "local Lay = fuda.import(\"gin-layoff\"); Lay.showdown(R, knocker, defender, "
                      "{ allow = true, defender_rules = R2 }) gives what R:layoff gave "
                      "(docs/lua-api.md, \"Melds and deadwood\")");
}

/* R:spec() -> the rules as a table fuda.rules takes (every field given). */
static int l_spec(lua_State *L) {
    static const char *const aces[] = {"low", "high", "corner"};
    const fuda_meld_rules *r = check_rules(L, 1);
    lua_createtable(L, 0, 13);
    lua_pushstring(L, aces[r->ace <= 2 ? r->ace : 0]);
    lua_setfield(L, -2, "ace");
    lua_pushinteger(L, r->min_set);
    lua_setfield(L, -2, "min_set");
    lua_pushinteger(L, r->min_run);
    lua_setfield(L, -2, "min_run");
    lua_createtable(L, 13, 1);
    for (int i = 0; i <= 13; i++) {
        lua_pushinteger(L, r->value[i]);
        lua_rawseti(L, -2, i);
    }
    lua_setfield(L, -2, "values");
    if (r->wild_joker) {
        lua_pushliteral(L, "joker");
        lua_setfield(L, -2, "wild");
    }
    lua_pushboolean(L, r->wild_in_sets);
    lua_setfield(L, -2, "wild_in_sets");
    lua_pushboolean(L, r->wild_in_runs);
    lua_setfield(L, -2, "wild_in_runs");
    lua_pushinteger(L, r->wild_max);
    lua_setfield(L, -2, "wild_max");
    lua_pushinteger(L, r->wild_min_natural);
    lua_setfield(L, -2, "wild_min_natural");
    if (r->set_max) {
        lua_pushinteger(L, r->set_max);
        lua_setfield(L, -2, "set_max");
    }
    if (r->gin_natural_run) {
        lua_pushinteger(L, r->gin_natural_run);
        lua_setfield(L, -2, "gin_natural_run");
    }
    if (r->gin_natural) {
        lua_pushinteger(L, r->gin_natural);
        lua_setfield(L, -2, "gin_natural");
    }
    if (r->gin_nshapes) {
        lua_createtable(L, r->gin_nshapes, 0);
        for (int i = 0; i < r->gin_nshapes && i < FUDA_MELD_MAX_SHAPES; i++) {
            lua_newtable(L);
            for (int j = 0; j < FUDA_MELD_MAX_MELDS && r->gin_shape[i][j]; j++) {
                lua_pushinteger(L, r->gin_shape[i][j]);
                lua_rawseti(L, -2, j + 1);
            }
            if (r->gin_shape_natural[i]) {
                lua_pushinteger(L, r->gin_shape_natural[i]);
                lua_setfield(L, -2, r->gin_shape_natural_run[i] ? "natural_run" : "natural");
            }
            lua_rawseti(L, -2, i + 1);
        }
        lua_setfield(L, -2, "gin_shapes");
    }
    return 1;
}

/* R:accepts(meld_cards, card [, kind]): kind "set" or "run"; without it a
 * set if the naturals share a rank, else a run. */
static int l_accepts(lua_State *L) {
    static const char *const kinds[] = {"guess", "set", "run", NULL};
    fuda_meld_rules *r = check_rules(L, 1);
    fuda_meld m;
    memset(&m, 0, sizeof m);
    int n = fuda_read_cards(L, 2, m.cards, FUDA_MELD_MAX_LEN);
    fuda_card c = fuda_check_card(L, 3);
    int kind = luaL_checkoption(L, 4, "guess", kinds);
    m.n = (uint8_t)n;
    int rank = -1;
    m.kind = kind == 2 ? FUDA_MELD_RUN : FUDA_MELD_SET;
    for (int i = 0; i < n && kind == 0; i++) {
        if (fuda_card_is_joker(m.cards[i]) && r->wild_joker) continue;
        if (rank >= 0 && fuda_card_rank(m.cards[i]) != rank) m.kind = FUDA_MELD_RUN;
        rank = fuda_card_rank(m.cards[i]);
    }
    lua_pushboolean(L, fuda_meld_accepts(r, &m, c));
    return 1;
}

static const luaL_Reg rules_methods[] = {
    {"deadwood", l_deadwood}, {"melds", l_melds}, {"discards", l_discards}, {"discard_list", l_discard_list},
    {"gin", l_gin}, {"arrangements", l_arrangements}, {"layoff", l_layoff}, {"accepts", l_accepts},
    {"spec", l_spec}, {NULL, NULL}
};

/* The metatable every fuda.Rules shares is locked (getmetatable gives
 * "locked"): a script that could reach it could add a __gc field, and every
 * Rules made after would get a finalizer, which Lua runs with every hook off
 * (even in lua_close), out of reach of every limit. */
void fuda_open_meld(lua_State *L) {
    if (luaL_newmetatable(L, FUDA_RULES_T)) {
        /* locked: a script may not reach it (a __gc put there would make every
         * later fuda.Rules a finalizer, run where no limit stops it) */
        lua_pushliteral(L, "locked");
        lua_setfield(L, -2, "__metatable");
        luaL_newlib(L, rules_methods);
        lua_pushliteral(L, "discard"); /* R:discard_moves: the default verbs, their texts */
        lua_pushliteral(L, "gin");
        lua_pushliteral(L, "knock");
        for (int i = 0; i < 3; i++) lua_createtable(L, FUDA_CARD_SPACE + 1, 0);
        lua_pushcclosure(L, l_discard_moves, 6);
        lua_setfield(L, -2, "discard_moves");
        lua_setfield(L, -2, "__index");
    }
    lua_pop(L, 1);
    lua_pushcfunction(L, l_rules);
    lua_setfield(L, -2, "rules");
}
