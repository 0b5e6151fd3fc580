/* surface.c -- the audited surface: every C function a script can reach,
 * with what makes its work finite and metered (its bound), on one list;
 * and the walk that proves the list complete.
 *
 * A script reaches a function by a path of values: its environment's
 * fields, the fields of the tables found there, the metatables of the
 * values it holds (their __index tables and functions, whatever
 * getmetatable says), what a function keeps in its upvalues (fuda's own Lua
 * calls the C functions it holds with the script's values). The walk
 * follows every such edge from the roots a script starts from (its
 * environment, the game a hook receives, the metatables of the objects fuda
 * makes for it, the iterators that functions return, the variant and fuda's
 * own Lua) and names each C function it finds by its paths: "string.rep",
 * "fuda.Game:deal" (a method: a field of a type's __index), "fuda.Pile.__len"
 * (a metamethod), "g#mt" (an unnamed metatable), "f^C" (upvalue C of f).
 * Lua functions are followed, not listed: the VM meters every instruction
 * they run, the allocator every byte.
 *
 * The bound says why a call is finite and seen by the limits:
 *   constant          a fixed amount of work, whatever the arguments
 *   memory            allocates its result (or grows a table): the memory cap
 *                     and the allocator's look at the time limit
 *   metered           fuda's own loop, ticking fuda_sandbox_tick
 *   precharged        a pass over string arguments, paid before it runs
 *   calls Lua         the work is the script's own Lua (hooks see it)
 *   fuda's size caps  bounded by FUDA_MAX_* (cards, piles, seats, moves...)
 * Wherever a number is expected, a string argument is converted in one pass
 * over it (the cap bounds it); "constant" does not repeat that.
 * A test (tests/lua/surface.lua) walks a running engine and a host script's
 * state and fails on a reachable function without an entry, and on an
 * entry nothing reaches. */
#include <stdlib.h>
#include <string.h>
#include "lfuda.h"
#include "text_term.h"

/* Where an entry is reachable: a variant's scripts ('v'), host scripts
 * ('h'), or both ('b'). */
typedef struct surface_entry { char scope; const char *name, *bound; } surface_entry;

#define C_ "constant"
#define MEM "memory: allocates its result, the cap and the allocator's time look bound it"
#define LUA "calls the script's Lua (metamethods, callbacks): the hooks meter it"
#define PRE "precharged: a pass over its string arguments (the cap bounds them), paid before"
#define MET "metered: fuda's loop, a unit per element, comparison or 64 bytes, a tick every 256"
#define CARDS "fuda's caps: at most FUDA_MAX_CARDS (224) cards, 40 piles, 12 seats"
#define SPEC "; its spec table's keys read once (the cap bounds them), ticking"
#define NAMES "a name missing: compared (its first 64 bytes) with at most 128 names, sorted"
#define MELD "fuda's caps: an exact search over at most 16 cards (FUDA_MELD_MAX_HAND)"

static const surface_entry surface[] = {
    /* ---- base ---- */
    {'b', "assert", "constant (the message is the script's own value)"},
    {'b', "error", "constant (luaL_where: one stack level)"},
    {'b', "getmetatable", C_},
    {'b', "ipairs", C_},
    {'b', "ipairs()", "constant per step: one lua_geti (an __index chain is at most 2000 "
                      "levels, one VM instruction drives each step)"},
    {'b', "next", "one step of a table walk: at most the table's size, which the cap bounds"},
    {'b', "pairs", "calls __pairs (Lua) or returns next: constant"},
    {'b', "rawequal", C_},
    {'b', "rawget", C_},
    {'b', "rawlen", "constant (a border search, logarithmic)"},
    {'b', "rawset", MEM},
    {'b', "select", "constant (returns a count of values already on the stack)"},
    {'b', "tonumber", PRE},
    {'b', "tostring", "constant, or calls __tostring/__name (Lua)"},
    {'b', "type", C_},
    {'b', "load", "fuda's: text only, read in 64 KiB pieces with a tick each; the parser "
                  "allocates (memory); names chunks [load \"NAME\"]"},
    {'b', "pcall", "fuda's: a limit hit inside is raised again, never caught"},
    {'b', "xpcall", "fuda's: as pcall; its message handler wrapper (constant) skips the "
                    "script's handler once a limit is hit"},
    {'b', "setmetatable", "fuda's: constant; refuses __gc (finalizers run outside every limit)"},
    {'v', "print", "fuda's: one line to stderr, FUDA_MAX_PRINT (1 MiB) an engine's life, "
                   "then dropped; __tostring calls Lua"},
    {'h', "print", "the stock print of the host script (the user's own, unlimited)"},
    {'h', "dofile", "host scripts only: runs a file of the user's"},
    {'b', "_G#mt.__index", "constant: raises 'undeclared global'"},
    {'b', "_G#mt.__newindex", "constant: raises 'assignment to undeclared global'"},
    /* strict tables (strict.c): the fuda module, results, meld arrangements, definitions share these */
    {'b', "fuda#mt.__index", "constant: a set lookup; a name not in it raises, " NAMES},
    {'b', "fuda#mt.__newindex", "constant: a set lookup, then rawset (memory) or a raise, " NAMES},
    /* ---- string ---- */
    {'b', "string.byte", "precharged; at most the stack's size (1M values)"},
    {'b', "string.char", "precharged; one byte per argument (at most the stack's size)"},
    {'b', "string.find", "fuda's matcher (lpattern.c): metered, every 1024 units of work"},
    {'b', "string.format", PRE " (output allocated; %s calls __tostring)"},
    {'b', "string.gmatch", "fuda's matcher: constant (makes the iterator)"},
    {'b', "string.gmatch()", "fuda's matcher: metered"},
    {'b', "string.gsub", "fuda's matcher: metered; a function or table replacement calls Lua"},
    {'b', "string.len", C_},
    {'b', "string.lower", MET},
    {'b', "string.match", "fuda's matcher: metered"},
    {'b', "string.pack", PRE},
    {'b', "string.packsize", PRE},
    {'b', "string.rep", MET "; \"\" at once when there is nothing to repeat"},
    {'b', "string.reverse", MET},
    {'b', "string.sub", PRE},
    {'b', "string.unpack", PRE},
    {'b', "string.upper", MET},
    /* the stock functions inside the precharging wrappers (lstock.c): run only by them */
#define INNER "the stock function, run only by its wrapper, after it paid"
    {'b', "string.byte^1", INNER}, {'b', "string.char^1", INNER}, {'b', "string.format^1", INNER},
    {'b', "string.pack^1", INNER}, {'b', "string.packsize^1", INNER}, {'b', "string.sub^1", INNER},
    {'b', "string.unpack^1", INNER}, {'b', "tonumber^1", INNER}, {'b', "utf8.char^1", INNER},
    {'b', "utf8.codepoint^1", INNER}, {'b', "utf8.codes^1", INNER}, {'b', "utf8.len^1", INNER},
    {'b', "utf8.offset^1", INNER},
#undef INNER
    /* arithmetic on strings ("10" + 1): the string metatable's */
#define ARITH "stock: converts its string operands to numbers, one pass over each (the cap bounds it)"
    {'b', "(string)#mt.__add", ARITH}, {'b', "(string)#mt.__div", ARITH},
    {'b', "(string)#mt.__idiv", ARITH}, {'b', "(string)#mt.__mod", ARITH},
    {'b', "(string)#mt.__mul", ARITH}, {'b', "(string)#mt.__pow", ARITH},
    {'b', "(string)#mt.__sub", ARITH}, {'b', "(string)#mt.__unm", ARITH},
#undef ARITH
    /* ---- table ---- */
    {'b', "table.concat", MET " (__index and __len call Lua)"},
    {'b', "table.insert", MET},
    {'b', "table.move", MET},
    {'b', "table.pack", "one store per argument (at most the stack's size): memory"},
    {'b', "table.remove", MET},
    {'b', "table.sort", MET " (a tick per comparison; the order function calls Lua)"},
    {'b', "table.unpack", MET "; at most the stack's size"},
    /* ---- math ---- */
    {'b', "math.abs", C_}, {'b', "math.ceil", C_}, {'b', "math.cos", C_}, {'b', "math.deg", C_},
    {'b', "math.exp", C_}, {'b', "math.floor", C_}, {'b', "math.fmod", C_}, {'b', "math.log", C_},
    {'b', "math.max", "one comparison per argument (at most the stack's size)"},
    {'b', "math.min", "one comparison per argument (at most the stack's size)"},
    {'b', "math.modf", C_}, {'b', "math.rad", C_}, {'b', "math.sin", C_}, {'b', "math.sqrt", C_},
    {'b', "math.tan", C_}, {'b', "math.tointeger", C_}, {'b', "math.type", C_}, {'b', "math.ult", C_},
    {'b', "math.random", "fuda's: constant (the game's generator; the interval range-checked)"},
    /* ---- utf8 ---- */
    {'b', "utf8.char", "precharged; one code point per argument"},
    {'b', "utf8.codepoint", PRE "; at most the stack's size"},
    {'b', "utf8.codes", PRE},
    {'b', "utf8.codes()", "constant per character (skips a run of continuation bytes of a "
                          "string the cap bounds)"},
    {'b', "utf8.len", PRE},
    {'b', "utf8.offset", PRE},
    /* ---- fuda: cards, rules, authoring ---- */
    {'b', "fuda.card", C_},
    {'b', "fuda.rank", C_},
    {'b', "fuda.suit", C_},
    {'b', "fuda.make", "constant (rank and suit range-checked first)"},
    {'b', "fuda.show", CARDS " (a list's __len calls Lua)"},
    {'b', "fuda.plural", MEM},
    {'b', "fuda.moves", "calls author.lua (Lua)"},
    {'b', "fuda.seat_lines", "calls author.lua (Lua)"},
    {'b', "fuda.rules", "one pass over the table's keys (the cap bounds it), ticking; fields range-checked"},
    {'b', "fuda.Rules:deadwood", MELD},
    {'b', "fuda.Rules:melds", MELD},
    {'b', "fuda.Rules:discards", MELD},
    {'b', "fuda.Rules:discard_list", MELD},
    {'b', "fuda.Rules:discard_moves", MELD "; at most 32 verbs of 32 bytes cached" SPEC},
    {'b', "fuda.Rules:gin", MELD},
    {'b', "fuda.Rules:layoff", MELD SPEC},
    {'b', "fuda.Rules:accepts", MELD},
    /* ---- fuda: the variant loader (reached through fuda.variant, fuda.import) ---- */
    {'v', "fuda.variant", "calls loader.lua (Lua); files read at most 4 MiB, once per load"},
    {'v', "fuda.import", "calls loader.lua (Lua); files read at most 4 MiB, once per load"},
    {'v', "loader.import^C.find", "constant: a few stat/realpath calls over the search folders"},
    {'v', "loader.import^C.loadfile", "reads at most FUDA_MAX_VARIANT_BYTES (4 MiB), a regular "
                                      "file; parsed like load (metered)"},
    {'v', "loader.import^C.source", C_},
    {'v', "loader.import^C.author", "constant (author.lua built once per state)"},
    {'v', "loader.import^C.place", "a message handler: walks the stack for the innermost script function "
                                   "(at most LUAI_MAXCCALLS frames), runs no script code"},
    {'v', "loader.import^C.strict", "one pass over the table's keys and the list (the cap bounds them), "
                                    "ticking: makes the table strict (strict.c)"},
    {'v', "loader.import^C.oneline", "one pass over a message string the memory cap bounds (the terminal sink's "
                                     "line form, at most four bytes out for one in, charged as Lua memory)"},
    {'v', "loader.import^_ENV.pcall", "the stock pcall, in the loader's environment only: it "
                                      "catches to undo its bookkeeping; a limit stays hit and "
                                      "is raised again at once"},
    /* ---- fuda.Game: the game a hook receives ---- */
    {'v', "fuda.Game.__newindex", "constant (g.turn, g.dir; anything else raises)"},
    {'v', "fuda.Game#mt.__index", "constant (turn, dir, hand_no, move_no, claim, phase, table); " NAMES},
    {'v', "fuda.Game:deal", CARDS " (the count range-checked before any arithmetic)" SPEC},
    {'v', "fuda.Game:end_hand", C_},
    {'v', "fuda.Game:end_match", "constant (at most 12 seats read)"},
    {'v', "fuda.Game:gather", CARDS "; a list of names read raw, ticking"},
    {'v', "fuda.Game:hand", C_},
    {'v', "fuda.Game:name", C_},
    {'v', "fuda.Game:new_deck", CARDS " (counts range-checked before any arithmetic)" SPEC},
    {'v', "fuda.Game:new_pile", CARDS SPEC},
    {'v', "fuda.Game:next", C_},
    {'v', "fuda.Game:open_claim", "one pass over the list (the cap bounds it), ticking; __len "
                                  "calls Lua"},
    {'v', "fuda.Game:pile", C_},
    {'v', "fuda.Game:piles", CARDS},
    {'v', "fuda.Game:random", C_},
    {'v', "fuda.Game:result", "calls the result and match hooks (Lua); fields read raw; the result's "
                             "keys read once (the cap bounds them), ticking, to make it strict"},
    {'v', "fuda.Game:say", "an event: FUDA_MAX_EVENTS a move, its text charged to the cap "
                           "(fuda_sandbox_cmem); the format as string.format"},
    {'v', "fuda.Game:tell", "as fuda.Game:say"},
    {'v', "fuda.Game:score", "constant; the note charged to the cap"},
    {'v', "fuda.Game:seat_of", C_},
    {'v', "fuda.Game:set_out", C_},
    {'v', "fuda.Game:tally", "constant: names of at most 64 bytes, 1000 of them"},
    {'v', "fuda.Game:total", C_},
    {'v', "fuda.Game:waiting", "constant (12 seats)"},
    {'v', "options.__pairs()^1#mt.__index", "constant: raises for a name the variant does not declare, "
                                        "after comparing it (at most 64 bytes) with at most "
                                        "FUDA_MAX_OPTS names"},
    {'v', "options.__newindex", "constant: raises (options are read only)"},
    {'v', "options.__pairs", "constant (makes the step function)"},
    {'v', "options.__pairs()", "one step of next over the option values: at most "
                               "FUDA_MAX_OPTS of them"},
    {'v', "fuda.Vars.__newindex", "constant (a string value interned: charged to the cap)"},
    {'v', "fuda.Vars#mt.__index", "constant; " NAMES},
    /* ---- fuda.Pile ---- */
    {'v', "fuda.Pile.__index", "constant; " NAMES},
    {'v', "fuda.Pile.__len", C_},
    {'v', "fuda.Pile.__tostring", C_},
    {'v', "fuda.Pile:at", C_},
    {'v', "fuda.Pile:cards", CARDS},
    {'v', "fuda.Pile:count", C_},
    {'v', "fuda.Pile:has", CARDS},
    {'v', "fuda.Pile:move", CARDS " (the position range-checked first)"},
    {'v', "fuda.Pile:move_all", CARDS},
    {'v', "fuda.Pile:move_top", CARDS " (the count range-checked first)"},
    {'v', "fuda.Pile:shuffle", CARDS},
    {'v', "fuda.Pile:sort", CARDS},
    {'v', "fuda.Pile:top", C_},
    /* ---- host scripts only (the user's own code, no limits apply to it) ---- */
    {'h', "fuda.match", "host: makes an engine (its scripts run under the limits)" SPEC},
    {'h', "fuda.replay", "host: replays a log in an engine (under the limits)"},
    {'h', "fuda.list", "host: reads the variant folders"},
    {'h', "fuda.search_budget", "constant" SPEC},
    {'h', "fuda.surface", "host: this walk, run in an engine under the limits"},
    {'h', "fuda.Match.__gc", "host: frees the engine"},
    {'h', "fuda.Match:actors", C_}, {'h', "fuda.Match:apply", "host: one move (under the limits)"},
    {'h', "fuda.Match:arrange", CARDS}, {'h', "fuda.Match:bot", "host: a bot's move (under the limits)"},
    {'h', "fuda.Match:claim", C_}, {'h', "fuda.Match:confirm", "host: the confirm hook (under the limits)"},
    {'h', "fuda.Match:events", "host: the events kept"},
    {'h', "fuda.Match:free", C_}, {'h', "fuda.Match:hash", C_}, {'h', "fuda.Match:log", "host: the log"},
    {'h', "fuda.Match:mark", C_}, {'h', "fuda.Match:move_count", C_},
    {'h', "fuda.Match:moves", "host: the moves hook (under the limits)"},
    {'h', "fuda.Match:next_hand", "host: the deal hook (under the limits)"},
    {'h', "fuda.Match:phase", C_}, {'h', "fuda.Match:pile", CARDS},
    {'h', "fuda.Match:play_bots", "host: bot moves (under the limits)"},
    {'h', "fuda.Match:scoresheet", "host: text of the rows kept"},
    {'h', "fuda.Match:search", "host: the search (under the limits)"},
    {'h', "fuda.Match:seat_var", C_},
    {'h', "fuda.Match:tallies", "host: at most 1000 tallies"}, {'h', "fuda.Match:total", C_},
    {'h', "fuda.Match:try", "host: one move tried (under the limits)"},
    {'h', "fuda.Match:undo_to", C_}, {'h', "fuda.Match:var", C_},
    {'h', "fuda.Match:view", "host: the view hook (under the limits)"},
    {'h', "fuda.Match:winners", C_},
    {0, NULL, NULL}
};

#undef C_

/* ---- the walk ---- */

/* Working tables on the Lua stack, from index base: */
enum { W_SEEN, W_QV, W_QP, W_QM, W_FOUND, W_FUNCS, W_N };
/* seen: value -> true; the queue: values, paths, modes (parallel lists);
 * found: path -> the C function (light userdata of its address); funcs:
 * address -> list of its paths. */
enum { MODE_PLAIN, MODE_META, MODE_METHODS, MODE_INDEXFN };

typedef struct walker {
    lua_State *L;
    int base;
    lua_Integer head, tail;
    long steps, paid; /* work done, and charged to the limits so far */
} walker;

#define W(w, k) ((w)->base + (k))

static int walkable(int t) {
    return t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TUSERDATA;
}

/* Note C function at idx found at `path`. */
static void note_cfunction(walker *w, int idx, const char *path) {
    lua_State *L = w->L;
    idx = lua_absindex(L, idx);
    lua_pushlightuserdata(L, (void *)lua_tocfunction(L, idx));
    lua_pushstring(L, path);
    lua_pushvalue(L, -2);
    lua_rawset(L, W(w, W_FOUND));
    if (lua_rawget(L, W(w, W_FUNCS)) == LUA_TNIL) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushlightuserdata(L, (void *)lua_tocfunction(L, idx));
        lua_pushvalue(L, -2);
        lua_rawset(L, W(w, W_FUNCS));
    }
    lua_pushstring(L, path);
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
    lua_pop(L, 1);
}

/* Queue the value at idx under `path` (popping nothing). */
static void enqueue(walker *w, int idx, const char *path, int mode) {
    lua_State *L = w->L;
    idx = lua_absindex(L, idx);
    if (!walkable(lua_type(L, idx))) return;
    if (lua_iscfunction(L, idx)) note_cfunction(w, idx, path);
    w->tail++;
    lua_pushvalue(L, idx);
    lua_rawseti(L, W(w, W_QV), w->tail);
    lua_pushstring(L, path);
    lua_rawseti(L, W(w, W_QP), w->tail);
    lua_pushinteger(L, mode);
    lua_rawseti(L, W(w, W_QM), w->tail);
}

/* parent + sep + key, on the Lua stack; returns it. A key is a script's
 * text: shown on one line (a newline in it cannot forge a line of the walk's
 * report). */
static const char *child_path(lua_State *L, const char *parent, const char *sep, const char *key) {
    size_t n = strlen(key);
    if (!fuda_term_clean(key, n, FUDA_TERM_LINE)) {
        char *shown = (char *)lua_newuserdatauv(L, FUDA_TERM_SIZE(n), 0);
        fuda_term_escape(shown, key, n, FUDA_TERM_LINE);
        const char *p = *parent ? lua_pushfstring(L, "%s%s%s", parent, sep, shown) : lua_pushstring(L, shown);
        lua_remove(L, -2);
        return p;
    }
    if (!*parent) return lua_pushstring(L, key);
    return lua_pushfstring(L, "%s%s%s", parent, sep, key);
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The fields of table t, string keys in byte order (so paths do not depend
 * on hash order), then the others. */
static void walk_fields(walker *w, int t, const char *path, int mode) {
    lua_State *L = w->L;
    const char *sep = mode == MODE_METHODS ? ":" : ".";
    size_t n = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        n += lua_type(L, -2) == LUA_TSTRING;
        lua_pop(L, 1);
    }
    /* the keys are anchored in a table of their own (uservalue 1): a weak
     * table's entries may go at any allocation, their keys with them */
    const char **keys = (const char **)lua_newuserdatauv(L, (n ? n : 1) * sizeof *keys, 1);
    lua_createtable(L, (int)(n < 1000000 ? n : 1000000), 0);
    size_t k = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        if (lua_type(L, -2) == LUA_TSTRING && k < n) {
            lua_pushvalue(L, -2);
            lua_rawseti(L, -4, (lua_Integer)k + 1);
            keys[k++] = lua_tostring(L, -2);
        }
        lua_pop(L, 1);
    }
    lua_setiuservalue(L, -2, 1);
    qsort(keys, k, sizeof *keys, cmp_str);
    for (size_t i = 0; i < k; i++) {
        lua_pushstring(L, keys[i]);
        lua_rawget(L, t);
        int child = mode;
        const char *cp;
        if (mode == MODE_META && strcmp(keys[i], "__index") == 0) {
            /* a type's methods: __index's fields (or an __index function's tables) */
            child = lua_istable(L, -1) ? MODE_METHODS : MODE_INDEXFN;
            cp = child == MODE_METHODS ? lua_pushstring(L, path) : child_path(L, path, ".", keys[i]);
        } else {
            child = MODE_PLAIN;
            cp = child_path(L, path, sep, keys[i]);
        }
        enqueue(w, -2, cp, child);
        lua_pop(L, 2);
        w->steps++;
    }
    lua_pop(L, 1);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        int kt = lua_type(L, -2);
        if (kt == LUA_TNUMBER) {
            lua_pushvalue(L, -2);
            const char *cp = lua_pushfstring(L, "%s[%s]", path, lua_tostring(L, -1));
            enqueue(w, -3, cp, MODE_PLAIN);
            lua_pop(L, 2);
        } else if (kt != LUA_TSTRING) {
            const char *cp = lua_pushfstring(L, "%s[%s]", path, luaL_typename(L, -2));
            enqueue(w, -3, cp, MODE_PLAIN);
            enqueue(w, -2, cp, MODE_PLAIN);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        w->steps++;
    }
}

/* The metatable of the value at idx, if any: its path is its __name, or the
 * value's path + "#mt". */
static void walk_metatable(walker *w, int idx, const char *path) {
    lua_State *L = w->L;
    if (!lua_getmetatable(L, idx)) return;
    lua_pushliteral(L, "__name");
    if (lua_rawget(L, -2) != LUA_TSTRING) {
        lua_pop(L, 1);
        lua_pushfstring(L, "%s#mt", *path ? path : "_G");
    }
    enqueue(w, -2, lua_tostring(L, -1), MODE_META);
    lua_pop(L, 2);
}

/* Walk one value of the queue (on top of the stack). */
static void visit(walker *w, const char *path, int mode) {
    lua_State *L = w->L;
    int v = lua_gettop(L);
    lua_pushvalue(L, v);
    if (lua_rawget(L, W(w, W_SEEN)) != LUA_TNIL) {
        lua_pop(L, 1);
        return;
    }
    lua_pop(L, 1);
    lua_pushvalue(L, v);
    lua_pushboolean(L, 1);
    lua_rawset(L, W(w, W_SEEN));
    switch (lua_type(L, v)) {
    case LUA_TTABLE:
        walk_fields(w, v, path, mode);
        walk_metatable(w, v, path);
        break;
    case LUA_TUSERDATA:
        walk_metatable(w, v, path);
        for (int i = 1; lua_getiuservalue(L, v, i) != LUA_TNONE; i++) {
            const char *cp = lua_pushfstring(L, "%s[uservalue %d]", path, i);
            enqueue(w, -2, cp, MODE_PLAIN);
            lua_pop(L, 2);
        }
        lua_pop(L, 1);
        break;
    case LUA_TFUNCTION:
        for (int i = 1;; i++) {
            const char *name = lua_getupvalue(L, v, i);
            if (!name) break;
            const char *cp = *name ? lua_pushfstring(L, "%s^%s", path, name)
                                   : lua_pushfstring(L, "%s^%d", path, i);
            /* an __index function's tables: the type's methods, named as such */
            if (mode == MODE_INDEXFN && lua_istable(L, -2)) {
                const char *dot = strrchr(path, '.');
                lua_pushlstring(L, path, dot ? (size_t)(dot - path) : strlen(path));
                enqueue(w, -3, lua_tostring(L, -1), MODE_METHODS);
                lua_pop(L, 1);
            } else {
                enqueue(w, -2, cp, MODE_PLAIN);
            }
            lua_pop(L, 2);
        }
        break;
    }
    w->steps++;
    if (w->steps - w->paid >= 256) { /* fields are counted elsewhere too: charge what came since */
        fuda_sandbox_tick(L, w->steps - w->paid);
        w->paid = w->steps;
    }
}

/* Walk from the roots table at index roots (a list of { value, path }),
 * then compare with the list: appends lines "reached PATH" (every path of
 * every C function), "unlisted PATH" (a function none of whose paths is
 * listed, by its first path in byte order) and "stale NAME" (an entry of
 * `scope` nothing reached) to out. Runs in a protected call (raises). */
static void walk(lua_State *L, int roots, char scope, fuda_sbuf *out) {
    walker w = {L, lua_gettop(L) + 1, 0, 0, 0, 0};
    for (int i = 0; i < W_N; i++) lua_newtable(L);
    lua_Integer nroots = (lua_Integer)lua_rawlen(L, roots);
    for (lua_Integer i = 1; i <= nroots; i++) {
        lua_rawgeti(L, roots, i);
        lua_rawgeti(L, -1, 1);
        lua_rawgeti(L, -2, 2);
        lua_rawgeti(L, -3, 3);
        enqueue(&w, -3, lua_tostring(L, -2), (int)lua_tointeger(L, -1));
        lua_pop(L, 4);
    }
    while (w.head < w.tail) {
        w.head++;
        lua_rawgeti(L, W(&w, W_QP), w.head);
        lua_rawgeti(L, W(&w, W_QM), w.head);
        lua_rawgeti(L, W(&w, W_QV), w.head);
        visit(&w, lua_tostring(L, -3), (int)lua_tointeger(L, -2));
        lua_pop(L, 3);
        lua_pushnil(L); /* drop the entry: the queue holds only what is still to walk */
        lua_rawseti(L, W(&w, W_QV), w.head);
    }
    /* the list's names of this scope: listed[name] = true */
    lua_newtable(L);
    int listed = lua_gettop(L);
    for (const surface_entry *s = surface; s->name; s++) {
        if (s->scope != 'b' && s->scope != scope) continue;
        lua_pushboolean(L, 1);
        lua_setfield(L, listed, s->name);
        lua_getfield(L, W(&w, W_FOUND), s->name);
        if (lua_isnil(L, -1)) fuda_sb_add(out, "stale %s\n", s->name);
        lua_pop(L, 1);
    }
    lua_pushnil(L);
    while (lua_next(L, W(&w, W_FUNCS))) {
        int paths = lua_gettop(L);
        lua_Integer n = (lua_Integer)lua_rawlen(L, paths);
        const char *first = NULL;
        int ok = 0;
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, paths, i);
            const char *p = lua_tostring(L, -1);
            fuda_sb_add(out, "reached %s\n", p);
            if (!first || strcmp(p, first) < 0) first = p;
            lua_getfield(L, listed, p);
            ok |= lua_toboolean(L, -1);
            lua_pop(L, 1); /* p stays alive: the paths list holds it */
            lua_pop(L, 1);
        }
        if (!ok && first) fuda_sb_add(out, "unlisted %s\n", first);
        lua_pop(L, 1);
    }
    lua_settop(L, w.base - 1);
}

/* Append { value at idx, path, mode } to the roots list at `roots`. */
static void add_root(lua_State *L, int roots, int idx, const char *path, int mode) {
    idx = lua_absindex(L, idx);
    lua_createtable(L, 3, 0);
    lua_pushvalue(L, idx);
    lua_rawseti(L, -2, 1);
    lua_pushstring(L, path);
    lua_rawseti(L, -2, 2);
    lua_pushinteger(L, mode);
    lua_rawseti(L, -2, 3);
    lua_rawseti(L, roots, (lua_Integer)lua_rawlen(L, roots) + 1);
}

/* Call lib.fn (fn alone: a global) of the environment at env with a new
 * table (targ) and nstr empty strings, and add its first result as a root:
 * the C functions that functions return. */
static void root_result(lua_State *L, int roots, int env, const char *lib, const char *fn,
                        int targ, int nstr, const char *path) {
    lua_getfield(L, env, lib ? lib : fn);
    if (lib) {
        lua_getfield(L, -1, fn);
        lua_remove(L, -2);
    }
    if (targ) lua_newtable(L);
    for (int i = 0; i < nstr; i++) lua_pushliteral(L, "");
    lua_call(L, targ + nstr, 1);
    add_root(L, roots, -1, path, MODE_PLAIN);
    lua_pop(L, 1);
}

/* The roots every script starts from: its environment, the string
 * metatable, the registered types given, and the iterators functions
 * return (the one C function a script gets only by calling: xpcall's
 * message handler wrapper, never a value it can hold, is xpcall's). */
static void common_roots(lua_State *L, int roots, int env, const char *const *types) {
    add_root(L, roots, env, "", MODE_PLAIN);
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    add_root(L, roots, -1, "(string)#mt", MODE_META);
    lua_pop(L, 2);
    for (int i = 0; types[i]; i++) {
        if (luaL_getmetatable(L, types[i]) == LUA_TTABLE) add_root(L, roots, -1, types[i], MODE_META);
        lua_pop(L, 1);
    }
    root_result(L, roots, env, NULL, "ipairs", 1, 0, "ipairs()");
    root_result(L, roots, env, NULL, "pairs", 1, 0, "pairs()");
    root_result(L, roots, env, "utf8", "codes", 0, 1, "utf8.codes()");
    root_result(L, roots, env, "string", "gmatch", 0, 2, "string.gmatch()");
}

/* ---- entry points ---- */

typedef struct surface_args { fuda_sbuf out; } surface_args;

static int engine_body(fuda_engine *e, void *ud) {
    surface_args *a = (surface_args *)ud;
    lua_State *L = e->L;
    lua_newtable(L);
    int roots = lua_gettop(L);
    fuda_sandbox_env(L);
    static const char *const types[] = {FUDA_RULES_T, FUDA_PILE_T, NULL};
    common_roots(L, roots, lua_gettop(L), types);
    if (e->started && e->ref_game != LUA_NOREF) {
        fuda_game_push(e);
        add_root(L, roots, -1, "g", MODE_PLAIN);
        lua_getfield(L, roots + 1, "pairs");
        lua_getfield(L, -2, "options");
        lua_call(L, 1, 1);
        add_root(L, roots, -1, "options.__pairs()", MODE_PLAIN);
        lua_pop(L, 2);
    }
    if (e->ref_variant != LUA_NOREF) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref_variant);
        add_root(L, roots, -1, "variant", MODE_PLAIN);
        lua_pop(L, 1);
    }
    fuda_loader_push_code(L);
    add_root(L, roots, -2, "loader", MODE_PLAIN);
    add_root(L, roots, -1, "author", MODE_PLAIN);
    lua_pop(L, 2);
    walk(L, roots, 'v', &a->out);
    lua_settop(L, roots - 1);
    return 0;
}

char *fuda_surface_engine(fuda_engine *e) {
    surface_args a = {{NULL, 0, 0}};
    fuda_sb_add(&a.out, "");
    if (!e->L) {
        fuda_engine_seterr(e, "no variant loaded");
        free(a.out.s);
        return NULL;
    }
    if (fuda_engine_pcall(e, engine_body, &a) < 0) {
        free(a.out.s);
        return NULL;
    }
    return a.out.s;
}

/* In a host state: the walk from the host script's names. Raises. */
char *fuda_surface_host(lua_State *L) {
    fuda_sbuf out = {NULL, 0, 0};
    fuda_sb_add(&out, "");
    lua_newtable(L);
    int roots = lua_gettop(L);
    fuda_sandbox_env(L);
    static const char *const types[] = {FUDA_RULES_T, FUDA_MATCH_T, FUDA_MARK_T, NULL};
    common_roots(L, roots, lua_gettop(L), types);
    walk(L, roots, 'h', &out);
    lua_settop(L, roots - 1);
    return out.s;
}

int fuda_surface_entry(int i, char *scope, const char **name, const char **bound) {
    if (i < 0 || i >= (int)(sizeof surface / sizeof surface[0]) - 1) return 0;
    *scope = surface[i].scope, *name = surface[i].name, *bound = surface[i].bound;
    return 1;
}
