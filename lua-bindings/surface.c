/* surface.c -- the audited surface: every C function a script can reach,
 * with what makes its work finite and metered (its bound), on one list.
 * surface_walk.c walks a running state and proves the list complete.
 *
 * A name is the path by which a script reaches the function: "string.rep",
 * "fuda.Game:deal" (a method: a field of a type's __index), "fuda.Pile.__len"
 * (a metamethod), "g#mt" (an unnamed metatable), "f^C" (upvalue C of f).
 * Lua functions are not listed: the VM meters every instruction they run,
 * the allocator every byte.
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
#include <lauxlib.h>
#include "sandbox.h"

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
    {'b', "fuda.Rules:arrangements", MELD "; at most max (<= 65536) arrangements built"},
    {'b', "fuda.Rules:layoff", "raises: the rule is variants/lib/gin-layoff.lua's"},
    {'b', "fuda.Rules:accepts", MELD},
    {'b', "fuda.Rules:spec", "a table of fixed size (at most 8 gin shapes)"},
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

/* Entry i of the list (sandbox.h). */
int fuda_surface_entry(int i, char *scope, const char **name, const char **bound) {
    if (i < 0 || i >= (int)(sizeof surface / sizeof surface[0]) - 1) return 0;
    *scope = surface[i].scope, *name = surface[i].name, *bound = surface[i].bound;
    return 1;
}
