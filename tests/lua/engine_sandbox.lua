-- engine_sandbox.lua -- loader errors with file:line, and the sandbox: every
-- removed library and function (os, io, debug, package/require, coroutine,
-- collectgarbage, dofile/loadfile, string.dump also through the string
-- metatable, bytecode), exactly the names a script can reach, strict globals,
-- instruction and memory limits (pcall and xpcall cannot catch them), and a
-- failed hook leaves the state exactly as it was.
local T = dofile("tests/lua/lib/t.lua")
local check = T.check
local D = "tests/variants/"

local function load_error(file, opts)
  local ok, err = pcall(fuda.match, { variant = D .. file, options = opts })
  return not ok and err or nil
end

local e = load_error("bad_syntax.lua")
check(e and e:find("bad_syntax.lua:4:") and e:find("'}' expected"), "syntax error with line: " .. tostring(e))
e = load_error("bad_field.lua")
check(e and e:find("bad_field.lua:5: unknown field 'resolv'") and e:find("did you mean 'resolve'"), "unknown field: " .. tostring(e))
e = load_error("bad_nohook.lua")
check(e and e:find("missing hook 'play'"), "missing hook: " .. tostring(e))
e = load_error("bad_option.lua")
check(e and e:find("bad_option.lua:5: unknown option 'hand_sise'") and e:find("did you mean 'hand_size'")
  and e:find("options: hand_size, hands"), "unknown option in extends: " .. tostring(e))
e = load_error("bad_range.lua")
check(e and e:find("bad_range.lua:3: option 'hand_size' must be at most 10"), "option range: " .. tostring(e))
e = load_error("bad_extends.lua")
check(e and e:find("bad_extends.lua:2: extends: variant 'no%-such%-game' not found"), "extends missing: " .. tostring(e))
e = load_error("bad_cycle_a.lua")
check(e and e:find("inheritance cycle: bad_cycle_a %-> bad_cycle_b %-> bad_cycle_a"), "cycle: " .. tostring(e))
e = load_error("bad_state_values.lua")
check(e and e:find("bad_state_values.lua:7: state.long: the game state holds a string of at most 255 bytes here", 1, true)
  and e:find("bad_state_values.lua:8: state.big: the game state holds an integer of 32 bits here", 1, true)
  and e:find("bad_state_values.lua:11: seat_state.low: the game state holds an integer of 32 bits here", 1, true)
  and not e:find("fits"), "initial values beyond the state: " .. tostring(e))
e = load_error("hostile.lua", { attack = "x\27[2Jy" })
check(e and e:find("option 'attack': a value holds no control characters", 1, true), "option with an escape: " .. tostring(e))
e = load_error("bad_state_nil.lua")
check(e and e:find("bad_state_nil.lua:5: state.upcard = nil declares nothing", 1, true)
  and e:find("bad_state_nil.lua:9: seat_state.best = nil declares nothing", 1, true), "state x = nil: " .. tostring(e))
e = load_error("bad_round.lua")
check(e and e:find("bad_round.lua:4: round: one word or two in lower case", 1, true), "round: " .. tostring(e))
e = load_error("bad_players.lua")
check(e and e:find("bad_players.lua:3: players: need 1 <= min <= default <= max <= 12", 1, true),
  "players = 128: " .. tostring(e))
e = load_error("nonexistent.lua")
check(e and e:find("cannot read variant file"), "missing file: " .. tostring(e))
e = load_error("../../etc/passwd")
check(e ~= nil, "a path outside is just a missing variant")

-- a moves hook may not change the game
do
  local ok, err = pcall(fuda.match, { variant = D .. "bad_mutating_moves.lua", seats = 2 })
  local m = ok and err or nil
  local e2
  if m then local _, msg = pcall(m.moves, m, 1) e2 = msg end
  local msg = tostring(m and e2 or err)
  check(msg:find("the moves hook changed the game state"), "mutating moves hook: " .. msg)
end

-- each attack fails with a clear message, and the state does not change. The
-- messages are literal text; "@" stands for "sandbox.lua:LINE: ".
local function lit(text)
  local p = text:gsub("[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0")
  return (p:gsub("@", "sandbox%%.lua:%%d+: "))
end
local names = {
  globals = "_G _VERSION assert error fuda getmetatable ipairs load math next pairs pcall print rawequal "
    .. "rawget rawlen rawset select setmetatable string table tonumber tostring type utf8 xpcall",
  string = "byte char find format gmatch gsub len lower match pack packsize rep reverse sub unpack upper",
  math = "abs ceil cos deg exp floor fmod huge log max maxinteger min mininteger modf pi rad random sin "
    .. "sqrt tan tointeger type ult",
  table = "concat insert move pack remove sort unpack",
  utf8 = "char charpattern codepoint codes len offset",
  fuda = "card import make moves plural rank rules seat_lines show suit variant version",
}
local attacks = {
  loop = lit("@instruction limit exceeded (1000000 instructions in one hook call)") .. "$",
  ["pcall-loop"] = lit("@instruction limit exceeded (1000000 instructions in one hook call)") .. "$",
  ["xpcall-loop"] = lit("@instruction limit exceeded (1000000 instructions in one hook call)") .. "$",
  ["loop/time"] = lit("@time limit exceeded (200 ms in one hook call)") .. "$",
  ["pcall-loop/time"] = lit("@time limit exceeded (200 ms in one hook call)") .. "$",
  ["xpcall-loop/time"] = lit("@time limit exceeded (200 ms in one hook call)") .. "$",
  memory = lit("memory limit exceeded"),
  ["pcall-memory"] = lit("memory limit exceeded"),
  rep = lit("memory limit exceeded"),
  os = lit("@undeclared global 'os'"),
  io = lit("@undeclared global 'io'"),
  debug = lit("@undeclared global 'debug'"),
  package = lit("@undeclared global 'package'"),
  require = lit("@undeclared global 'require'"),
  coroutine = lit("@undeclared global 'coroutine'"),
  collectgarbage = lit("@undeclared global 'collectgarbage'"),
  dofile = lit("@undeclared global 'dofile'"),
  loadfile = lit("@undeclared global 'loadfile'"),
  global = lit("@assignment to undeclared global 'undeclared_thing'"),
  unstrict = lit("@cannot change a protected metatable"),
  bytecode = lit("@load: binary chunks are not allowed"),
  ["bytecode-bt"] = lit("@load: binary chunks are not allowed"),
  ["bytecode-default"] = lit("@attempt to load a binary chunk (mode is 't')"),
  -- a chunk from load gets a sandbox environment, not the real globals
  ["load-env"] = lit("[load]:1: undeclared global 'loadfile'"),
  -- string.dump is gone from the string table and from the real one behind
  -- the string metatable ("").dump; the metatable itself is hidden
  dump = lit("@attempt to call a nil value (field 'dump')"),
  ["dump-method"] = lit("@attempt to call a nil value (field 'dump')"),
  ["dump-meta"] = lit("@attempt to index a nil value (field '__index')"),
  -- what a script can reach: exactly these names
  ["names-globals"] = lit("@globals: " .. names.globals) .. "$",
  ["names-string"] = lit("@string: " .. names.string) .. "$",
  ["names-string-meta"] = lit("@string metatable: string") .. "$",
  ["names-string-mt"] = lit("@string mt: string") .. "$",
  ["names-math"] = lit("@math: " .. names.math) .. "$",
  ["names-table"] = lit("@table: " .. names.table) .. "$",
  ["names-utf8"] = lit("@utf8: " .. names.utf8) .. "$",
  ["names-fuda"] = lit("@fuda: " .. names.fuda) .. "$",
  half = lit("@boom after moving a card"),
}
local order = {}
for name in pairs(attacks) do order[#order + 1] = name end
table.sort(order)
-- The loops get limits of their own (no instruction limit is set by default,
-- and tests/run.sh sets a long time limit): "NAME/time" runs NAME under a time
-- limit alone.
local loop_limits = { loop = { instructions = 1000000 }, ["pcall-loop"] = { instructions = 1000000 },
                      ["xpcall-loop"] = { instructions = 1000000 } }
for _, name in ipairs(order) do
  local want = attacks[name]
  local attack, limits = name, loop_limits[name]
  if name:find("/time$") then attack, limits = name:gsub("/time$", ""), { time = 200 } end
  local m = fuda.match{ variant = D .. "sandbox.lua", seats = 2, seed = 3, options = { attack = attack },
                        limits = limits }
  local before = m:hash()
  local hand = #m:pile("hand", 1)
  local ok, err = m:apply(1, "draw")
  check(ok == nil and err and err:gsub(" %(in play%)$", ""):find(want), name .. ": " .. tostring(err))
  check(m:hash() == before and #m:pile("hand", 1) == hand, name .. ": state unchanged")
  -- the game goes on after the error
  local mv = m:moves(1)
  check(#mv >= 1, name .. ": moves still listed")
end
-- attacks by class (tests/variants/lib/attacks.lua), under an instruction limit (the same on
-- every machine) or a time limit with a wide margin: each is stopped at its line with the exact
-- message, the state stays as it was, and the game goes on
do
  local AT = "tests/variants/lib/attacks.lua:"
  local I, TM = { instructions = 1000000 }, { time = 200 }
  local instr = "instruction limit exceeded (1000000 instructions in one hook call)"
  local tm = "time limit exceeded (200 ms in one hook call)"
  local cases = {
    -- stock functions that loop in C: metered (lua-bindings/lstock.c)
    { "c-move", I, AT .. "13: " .. instr }, { "c-move", TM, AT .. "13: " .. tm },
    { "c-insert-len", I, AT .. "16: " .. instr }, { "c-insert-len", TM, AT .. "16: " .. tm },
    { "c-remove-len", I, AT .. "19: " .. instr }, { "c-remove-len", TM, AT .. "19: " .. tm },
    { "c-sort-strings", I, AT .. "24: " .. instr }, { "c-sort-strings", TM, AT .. "24: " .. tm },
    { "c-concat", I, AT .. "28: " .. instr },
    { "c-unpack-chain", TM, AT .. "32: " .. tm },
    { "c-packsize", I, AT .. "36: " .. instr },
    { "c-rep-empty", I, AT .. "38: rep: 0 bytes at once" },
    -- message handlers: skipped once a limit is hit (they would run with hooks off)
    { "h-loop-loop", I, AT .. "4: " .. instr }, { "h-loop-loop", TM, AT .. "4: " .. tm },
    { "h-error-loop", I, AT .. "4: " .. instr }, { "h-error-loop", TM, AT .. "4: " .. tm },
    { "h-nested", I, AT .. "4: " .. instr }, { "h-nested", TM, AT .. "4: " .. tm },
    -- metamethods called from C, and to-be-closed variables closed by an error
    { "m-sort-lt", I, AT .. "4: " .. instr }, { "m-sort-lt", TM, AT .. "4: " .. tm },
    { "m-concat-index", I, AT .. "4: " .. instr },
    { "m-format-tostring", I, AT .. "4: " .. instr }, { "m-format-tostring", TM, AT .. "4: " .. tm },
    { "m-move-eq", I, AT .. "4: " .. instr },
    { "m-close", I, AT .. "4: " .. instr }, { "m-close", TM, AT .. "4: " .. tm },
    { "m-close-pcall", I, AT .. "4: " .. instr }, { "m-close-pcall", TM, AT .. "4: " .. tm },
    -- no finalizer through fuda's own types: their metatables are locked
    { "g-rules-mt", I, AT .. "67: rules metatable: locked" },
    { "g-pile-mt", I, AT .. "68: pile metatable: locked" },
    -- load's chunk names are the script's, visibly: never fuda's files, never the loader
    { "l-name-loader", I, '[load "=loader"]:1: ' .. instr },
    { "l-name-file", I, '[load "@variants/gin.lua"]:1: boom' },
    { "l-name-escape", I, '[load "a?[2J?b?c"]:1: boom' },
    { "l-name-long", I, '[load "' .. string.rep("n", 40) .. '..."]:1: boom' },
    -- numbers out of range, checked before any C arithmetic
    { "i-random", I, AT .. "75: bad argument #2 to 'random' (interval is empty or too large)" },
    { "i-seat", I, AT .. "76: bad seat 1099511627776 (seats are 1..2)" },
    { "i-position", I, AT .. "77: move: position 1099511627776 out of 1..2" },
    { "i-move-top", I, AT .. "78: move_top: pile 'stock' has 41 cards, cannot move 1099511627776" },
    { "i-cards-len", I, AT .. "79: too many cards (-5, at most 16)" },
    { "i-show-len", I, AT .. "80: too many cards (4294967297, at most 224)" },
    -- the options are a view no raw access reaches (a table proxy took rawset)
    { "r-opt-rawset", I, AT .. "82: bad argument #1 to 'rawset' (table expected, got options)" },
    { "r-opt-rawget", I, AT .. "83: bad argument #1 to 'rawget' (table expected, got options)" },
    { "r-opt-next", I, AT .. "84: bad argument #1 to 'next' (table expected, got options)" },
    { "r-opt-setmt", I, AT .. "85: bad argument #1 to 'setmetatable' (table expected, got options)" },
    { "r-opt-set", I, AT .. "86: options are read only (cannot set 'attack')" },
    { "r-opt-mt", I, AT .. "87: options metatable: read only" },
    { "r-opt-pairs", I, AT .. "92: options: attack=r-opt-pairs hand_size=5 hands=2 r-opt-pairs" },
    -- reading an option the variant does not declare raises (a typo would read nil)
    { "r-opt-typo", I, AT .. "94: g.options has no option 'atack' (did you mean 'attack'?)" },
    { "r-opt-unknown", I, AT .. "95: g.options has no option '1' (options: attack, hand_size, hands)" },
    { "r-opt-bool", I, AT .. "101: g.options has no option '(a boolean)' (options: attack, hand_size, hands)" },
  }
  for _, c in ipairs(cases) do
    local name = c[1] .. (c[2] == TM and "/time" or "")
    local m = fuda.match{ variant = D .. "sandbox.lua", seats = 2, seed = 3, options = { attack = c[1] },
                          limits = c[2] }
    local before = m:hash()
    local ok, err = m:apply(1, "draw")
    check(ok == nil and err == c[3] .. " (in play)", name .. ": " .. tostring(err))
    check(m:hash() == before, name .. ": state unchanged")
    check(#m:moves(1) >= 1, name .. ": moves still listed")
  end
end

-- the metatable fuda.Rules share is locked: no finalizer (which would run with every hook off)
-- can be slipped into it for the next Rules made
do
  local m = fuda.match{ variant = D .. "rules_gc.lua", seats = 2, seed = 3 }
  local before = m:hash()
  local ok, err = m:apply(1, "draw")
  check(ok == nil and tostring(err):find("rules_gc%.lua:%d+: attempt to index a string value"), "rules-gc: " .. tostring(err))
  check(m:hash() == before, "rules-gc: state unchanged")
end
-- an error that names no place by itself (error(x, 0), an error object that is no string, one
-- raised in a C function that C called) gets the line of the script where it was raised
do
  local lines = { level0 = 7, table = 8, none = 9, number = 10, far = 11, sort = 12, close = 13, meta = 14,
                  badclose = 20 }
  local texts = { level0 = "level 0", table = "(error object is a table value)",
                  none = "(error object is a nil value)", number = "42", far = "far",
                  sort = "bad argument #1 to 'next'", close = "closing",
                  meta = "(error object is a table value)", badclose = "attempt to call a number value" }
  for how, line in pairs(lines) do
    local m = fuda.match{ variant = D .. "error_place.lua", seats = 2, seed = 3, options = { how = how } }
    local before = m:hash()
    local ok, err = m:apply(1, "draw")
    local want = "error_place.lua:" .. line .. ": " .. texts[how]
    check(ok == nil and tostring(err):find(want, 1, true), "error place, " .. how .. ": " .. tostring(err))
    check(m:hash() == before, "error place, " .. how .. ": state unchanged")
  end
end
-- integers at the edges, given to functions that compute with them in C, are refused
do
  local want = { decks = "edge_numbers.lua:6: new_deck: at most 224 cards in a game",
                 jokers = "edge_numbers.lua:7: new_deck: at most 224 cards in a game",
                 random_low = "edge_numbers.lua:8: bad argument #2 to 'random' (interval is empty or too large)",
                 random_wide = "edge_numbers.lua:9: bad argument #2 to 'random' (interval is empty or too large)" }
  for what, msg in pairs(want) do
    local ok, m = pcall(fuda.match, { variant = D .. "edge_numbers.lua", seats = 2, seed = 3, options = { what = what } })
    local err = m
    if ok then -- the random ones: in a move
      local before = m:hash()
      ok, err = m:apply(1, "draw")
      check(m:hash() == before, "edge numbers, " .. what .. ": state unchanged")
    end
    check(not ok and tostring(err):find(msg, 1, true), "edge numbers, " .. what .. ": " .. tostring(err))
  end
end
-- a hook that is a C function fails naming the variant's file
do
  local m = fuda.match{ variant = D .. "c_hook.lua", seats = 2, seed = 3 }
  local v, err = m:view(1)
  check(v == nil and tostring(err):find("c_hook%.lua: bad argument #1 to '[%w.]*format'"), "C function hook: " .. tostring(err))
end
-- and without an attack the draw goes through (the attacks above are what fails)
do
  local m = fuda.match{ variant = D .. "sandbox.lua", seats = 2, seed = 3 }
  local hand = #m:pile("hand", 1)
  check(m:apply(1, "draw") == true and #m:pile("hand", 1) == hand + 1, "no attack: the draw is played")
end

T.summary("engine_sandbox")
