/* lstock.c -- fuda's own versions of the stock library functions whose work
 * is a loop in C on the script's arguments: table.concat, insert, remove,
 * move, unpack and sort; string.rep, lower, upper and reverse. Same results
 * and error messages as Lua 5.4's, plus a meter: a unit of work is an
 * element read or written, a comparison, or METER_BYTES bytes copied or
 * compared (about what a VM instruction costs), and every METER_EVERY units
 * they call fuda_sandbox_tick, which counts them as instructions and raises
 * the instruction or time limit.
 *
 * Why: such a loop runs no VM instruction and may allocate nothing, so
 * neither the count hook, the watchdog's stop hook nor the allocator would
 * see it: table.move({}, 1, 1e15, 1), table.insert on a table whose __len
 * claims 1e15 elements, string.rep("", 1e17), table.sort of aliases of one
 * long string (each comparison reads all of it), a lookup through a chain
 * of 2000 __index tables for every element.
 *
 * The other stock functions whose work grows with a string argument (format,
 * pack, unpack, packsize, sub, char, byte, tonumber, the utf8 functions) keep
 * their code: a wrapper (precharge) pays for the bytes of their string
 * arguments before they run, so a budget or an overdue call stops them
 * first; their work is one pass over a string the memory cap bounds.
 *
 * table.sort is the stock quicksort with one change: where the stock one
 * picks a "random" pivot from the clock after a badly unbalanced partition,
 * this one derives it from the interval, so a sort gives the same order on
 * every run (fuda replays matches). */
#include <ctype.h>
#include <limits.h>
#include <string.h>
#include <lauxlib.h>
#include "budget.h"
#include "sandbox.h"

#define METER_EVERY 256   /* units of work (about a VM instruction each) between two ticks */
#define METER_BYTES 64    /* bytes copied or compared that count as one unit */
#define METER_CHUNK 4096  /* bytes a byte-by-byte loop does between two payments */

typedef struct meter { lua_State *L; long left; } meter;

static void meter_init(meter *m, lua_State *L) {
    m->L = L;
    m->left = METER_EVERY;
}

static void settle(meter *m) {
    long used = METER_EVERY - m->left;
    m->left = METER_EVERY;
    fuda_sandbox_tick(m->L, used);
}

/* Count n units; may raise (through the tick) and not return. */
#define PAY(m, n) do { if (((m)->left -= (long)(n)) <= 0) settle(m); } while (0)

/* ---- tables ---- */

enum { T_READ = 1, T_WRITE = 2, T_LEN = 4 };

/* Does the metatable on top have field k (read raw)? */
static int has_meta(lua_State *L, const char *k) {
    lua_pushstring(L, k);
    int t = lua_rawget(L, -2);
    lua_pop(L, 1);
    return t != LUA_TNIL;
}

/* Argument arg must be a table, or have the metamethods `what` needs to act
 * like one (the stock library's rule). */
static void check_table(lua_State *L, int arg, int what) {
    if (lua_type(L, arg) == LUA_TTABLE) return;
    int ok = lua_getmetatable(L, arg) && (!(what & T_READ) || has_meta(L, "__index")) &&
             (!(what & T_WRITE) || has_meta(L, "__newindex")) &&
             (!(what & T_LEN) || has_meta(L, "__len"));
    if (!ok) luaL_checktype(L, arg, LUA_TTABLE);
    lua_settop(L, lua_gettop(L) - 1);
}

static lua_Integer length_of(lua_State *L, int arg, int what) {
    check_table(L, arg, what | T_LEN);
    return luaL_len(L, arg);
}

/* table.insert(t, [pos,] v) */
static int t_insert(lua_State *L) {
    lua_Integer e = length_of(L, 1, T_READ | T_WRITE);
    e = (lua_Integer)((lua_Unsigned)e + 1u); /* the first free slot (wraps as stock) */
    lua_Integer pos;
    meter m;
    switch (lua_gettop(L)) {
    case 2:
        pos = e;
        break;
    case 3:
        pos = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2, "position out of bounds");
        meter_init(&m, L);
        for (lua_Integer i = e; i > pos; i--) { /* t[i] = t[i - 1] */
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);
            PAY(&m, 1);
        }
        break;
    default:
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

/* table.remove(t [, pos]) */
static int t_remove(lua_State *L) {
    lua_Integer size = length_of(L, 1, T_READ | T_WRITE);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size)
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 1, "position out of bounds");
    lua_geti(L, 1, pos);
    meter m;
    meter_init(&m, L);
    for (; pos < size; pos++) { /* t[pos] = t[pos + 1] */
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
        PAY(&m, 1);
    }
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

/* table.move(a1, f, e, t [, a2]) */
static int t_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    int to = lua_isnoneornil(L, 5) ? 1 : 5;
    check_table(L, 1, T_READ);
    check_table(L, to, T_WRITE);
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        lua_Integer n = e - f + 1;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
        meter m;
        meter_init(&m, L);
        /* upwards unless that would overwrite elements not yet moved */
        if (t > e || t <= f || (to != 1 && !lua_compare(L, 1, to, LUA_OPEQ))) {
            for (lua_Integer i = 0; i < n; i++) {
                lua_geti(L, 1, f + i);
                lua_seti(L, to, t + i);
                PAY(&m, 1);
            }
        } else {
            for (lua_Integer i = n - 1; i >= 0; i--) {
                lua_geti(L, 1, f + i);
                lua_seti(L, to, t + i);
                PAY(&m, 1);
            }
        }
    }
    lua_pushvalue(L, to);
    return 1;
}

/* Append t[i] (a string or number) to b; its length. */
static size_t concat_field(lua_State *L, luaL_Buffer *b, lua_Integer i) {
    lua_geti(L, 1, i);
    if (!lua_isstring(L, -1))
        luaL_error(L, "invalid value (%s) at index %I in table for 'concat'", luaL_typename(L, -1),
                   (LUAI_UACINT)i);
    size_t len = lua_type(L, -1) == LUA_TSTRING ? lua_rawlen(L, -1) : 0;
    luaL_addvalue(b);
    return len;
}

/* table.concat(t [, sep [, i [, j]]]) */
static int t_concat(lua_State *L) {
    lua_Integer last = length_of(L, 1, T_READ);
    size_t lsep;
    const char *sep = luaL_optlstring(L, 2, "", &lsep);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    last = luaL_optinteger(L, 4, last);
    luaL_Buffer b;
    meter m;
    meter_init(&m, L);
    luaL_buffinit(L, &b);
    for (; i < last; i++) {
        size_t len = concat_field(L, &b, i);
        luaL_addlstring(&b, sep, lsep);
        PAY(&m, 1 + (len + lsep) / METER_BYTES);
    }
    if (i == last) concat_field(L, &b, i);
    luaL_pushresult(&b);
    return 1;
}

/* table.unpack(t [, i [, j]]) */
static int t_unpack(lua_State *L) {
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer e = lua_isnoneornil(L, 3) ? luaL_len(L, 1) : luaL_checkinteger(L, 3);
    if (i > e) return 0;
    lua_Unsigned n = (lua_Unsigned)e - (lua_Unsigned)i; /* one less than the count */
    if (n >= (unsigned int)INT_MAX || !lua_checkstack(L, (int)(++n)))
        return luaL_error(L, "too many results to unpack");
    meter m;
    meter_init(&m, L);
    for (; i < e; i++) {
        lua_geti(L, 1, i);
        PAY(&m, 1);
    }
    lua_geti(L, 1, e);
    return (int)n;
}

/* ---- table.sort: quicksort, median of three ---- */

typedef unsigned int idx_t;
#define RANDOM_ABOVE 100u  /* intervals this long may take an off-centre pivot */

typedef struct sorter { lua_State *L; meter m; } sorter;

/* t[i] = value on top, then t[j] = the value under it (both popped). */
static void put2(lua_State *L, idx_t i, idx_t j) {
    lua_seti(L, 1, i);
    lua_seti(L, 1, j);
}

/* Is the value at index a less than the one at index b (the order given, or <)?
 * Two strings are compared byte by byte: that costs by their length. */
static int less(sorter *s, int a, int b) {
    lua_State *L = s->L;
    if (lua_isnil(L, 2)) {
        size_t n = lua_type(L, a) == LUA_TSTRING && lua_type(L, b) == LUA_TSTRING ? lua_rawlen(L, a) : 0;
        PAY(&s->m, 1 + n / METER_BYTES);
        return lua_compare(L, a, b, LUA_OPLT);
    }
    PAY(&s->m, 1);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, a - 1);
    lua_pushvalue(L, b - 2);
    lua_call(L, 2, 1);
    int r = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return r;
}

static void bad_order(lua_State *L) { luaL_error(L, "invalid order function for sorting"); }

/* Partition t[lo..up] around the pivot P on top of the stack, given
 * t[lo] <= P == t[up - 1] <= t[up]; returns P's final index. */
static idx_t partition(sorter *s, idx_t lo, idx_t up) {
    lua_State *L = s->L;
    idx_t i = lo, j = up - 1;
    for (;;) {
        while (lua_geti(L, 1, ++i), less(s, -1, -2)) { /* t[i] < P: leave it */
            if (i == up - 1) bad_order(L);
            lua_pop(L, 1);
        }
        while (lua_geti(L, 1, --j), less(s, -3, -1)) { /* P < t[j]: leave it */
            if (j < i) bad_order(L);
            lua_pop(L, 1);
        }
        if (j < i) { /* everything in place: P goes to i */
            lua_pop(L, 1);
            put2(L, up - 1, i);
            return i;
        }
        put2(L, i, j);
    }
}

/* An off-centre pivot in the middle half of [lo, up], from `spin`. */
static idx_t pivot_from(idx_t lo, idx_t up, unsigned spin) {
    idx_t quarter = (up - lo) / 4;
    return spin % (quarter * 2) + lo + quarter;
}

static void sort_range(sorter *s, idx_t lo, idx_t up, unsigned spin) {
    lua_State *L = s->L;
    while (lo < up) {
        lua_geti(L, 1, lo);
        lua_geti(L, 1, up);
        if (less(s, -1, -2)) put2(L, lo, up);
        else lua_pop(L, 2);
        if (up - lo == 1) return;
        idx_t p = up - lo < RANDOM_ABOVE || spin == 0 ? (lo + up) / 2 : pivot_from(lo, up, spin);
        lua_geti(L, 1, p);
        lua_geti(L, 1, lo);
        if (less(s, -2, -1)) {
            put2(L, p, lo);
        } else {
            lua_pop(L, 1);
            lua_geti(L, 1, up);
            if (less(s, -1, -2)) put2(L, p, up);
            else lua_pop(L, 2);
        }
        if (up - lo == 2) return;
        lua_geti(L, 1, p);          /* the pivot P */
        lua_pushvalue(L, -1);
        lua_geti(L, 1, up - 1);
        put2(L, p, up - 1);         /* P to up - 1 */
        p = partition(s, lo, up);
        idx_t small;
        if (p - lo < up - p) {      /* recurse into the smaller side, loop on the other */
            sort_range(s, lo, p - 1, spin);
            small = p - lo;
            lo = p + 1;
        } else {
            sort_range(s, p + 1, up, spin);
            small = up - p;
            up = p - 1;
        }
        if ((up - lo) / 128 > small) /* badly unbalanced: move the pivot next time */
            spin = (lo * 2654435761u) ^ (up * 40503u) ^ (small + 1u);
    }
}

/* table.sort(t [, comp]) */
static int t_sort(lua_State *L) {
    lua_Integer n = length_of(L, 1, T_READ | T_WRITE);
    if (n > 1) {
        luaL_argcheck(L, n < INT_MAX, 1, "array too big");
        if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
        lua_settop(L, 2);
        sorter s;
        s.L = L;
        meter_init(&s.m, L);
        sort_range(&s, 1, (idx_t)n, 0);
    }
    return 0;
}

/* ---- strings ---- */

/* The largest string the stock string library makes (its MAXSIZE). */
#define MAX_STRING ((size_t)INT_MAX)

/* string.rep(s, n [, sep]) */
static int s_rep(lua_State *L) {
    size_t len, lsep;
    const char *s = luaL_checklstring(L, 1, &len);
    lua_Integer n = luaL_checkinteger(L, 2);
    const char *sep = luaL_optlstring(L, 3, "", &lsep);
    if (n <= 0 || len + lsep == 0) { /* nothing to repeat: "" at once, not n empty copies */
        lua_pushliteral(L, "");
        return 1;
    }
    if (len + lsep < len || len + lsep > MAX_STRING / (size_t)n)
        return luaL_error(L, "resulting string too large");
    size_t total = (size_t)n * len + (size_t)(n - 1) * lsep;
    luaL_Buffer b;
    char *p = luaL_buffinitsize(L, &b, total);
    meter m;
    meter_init(&m, L);
    long unit = 1 + (long)((len + lsep) / METER_BYTES);
    for (lua_Integer k = 1; k < n; k++) {
        memcpy(p, s, len);
        p += len;
        if (lsep > 0) {
            memcpy(p, sep, lsep);
            p += lsep;
        }
        PAY(&m, unit);
    }
    memcpy(p, s, len);
    luaL_pushresultsize(&b, total);
    return 1;
}

enum { MAP_LOWER, MAP_UPPER, MAP_REVERSE };

/* lower, upper, reverse: a new string of the same length, byte by byte. */
static int map_bytes(lua_State *L, int how) {
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    luaL_Buffer b;
    char *p = luaL_buffinitsize(L, &b, len);
    meter m;
    meter_init(&m, L);
    for (size_t done = 0; done < len;) {
        size_t end = len - done > METER_CHUNK ? done + METER_CHUNK : len;
        for (size_t i = done; i < end; i++) {
            unsigned char c = (unsigned char)(how == MAP_REVERSE ? s[len - 1 - i] : s[i]);
            p[i] = (char)(how == MAP_LOWER ? tolower(c) : how == MAP_UPPER ? toupper(c) : c);
        }
        done = end;
        PAY(&m, METER_CHUNK / METER_BYTES);
    }
    luaL_pushresultsize(&b, len);
    return 1;
}

static int s_lower(lua_State *L) { return map_bytes(L, MAP_LOWER); }
static int s_upper(lua_State *L) { return map_bytes(L, MAP_UPPER); }
static int s_reverse(lua_State *L) { return map_bytes(L, MAP_REVERSE); }

/* A stock function (upvalue 1) whose work is a pass over its string
 * arguments: pay for their bytes first, then run it in this same call (so
 * its messages name it as before). */
static int precharge(lua_State *L) {
    size_t bytes = 0;
    for (int i = lua_gettop(L); i >= 1; i--)
        if (lua_type(L, i) == LUA_TSTRING) bytes += lua_rawlen(L, i);
    if (bytes >= METER_CHUNK) fuda_sandbox_tick(L, (long)(bytes / METER_BYTES));
    return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

static const luaL_Reg table_funcs[] = {
    {"concat", t_concat}, {"insert", t_insert}, {"remove", t_remove}, {"move", t_move},
    {"unpack", t_unpack}, {"sort", t_sort}, {NULL, NULL}
};

static const luaL_Reg string_funcs[] = {
    {"rep", s_rep}, {"lower", s_lower}, {"upper", s_upper}, {"reverse", s_reverse}, {NULL, NULL}
};

static const char *const string_precharged[] = {
    "format", "pack", "packsize", "unpack", "sub", "char", "byte", NULL
};
static const char *const utf8_precharged[] = {"len", "codepoint", "offset", "char", "codes", NULL};
static const char *const base_precharged[] = {"tonumber", NULL};

/* Wrap field names[i] of the table at t in precharge. */
static void wrap_all(lua_State *L, int t, const char *const *names) {
    for (int i = 0; names[i]; i++) {
        if (lua_getfield(L, t, names[i]) != LUA_TFUNCTION || !lua_tocfunction(L, -1)) {
            lua_pop(L, 1);
            continue;
        }
        lua_pushcclosure(L, precharge, 1);
        lua_setfield(L, t, names[i]);
    }
}

/* Put fuda's versions into the global string, table, utf8 and base tables
 * (before the sandbox copies them: scripts, the string metatable and fuda's
 * own Lua all get these). Raises only on memory errors. */
void fuda_open_stock(lua_State *L) {
    lua_getglobal(L, "table");
    luaL_setfuncs(L, table_funcs, 0);
    lua_getglobal(L, "string");
    luaL_setfuncs(L, string_funcs, 0);
    wrap_all(L, lua_gettop(L), string_precharged);
    lua_getglobal(L, "utf8");
    wrap_all(L, lua_gettop(L), utf8_precharged);
    lua_pushglobaltable(L);
    wrap_all(L, lua_gettop(L), base_precharged);
    lua_pop(L, 4);
}
