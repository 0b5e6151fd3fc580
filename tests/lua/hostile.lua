-- hostile.lua -- tests/variants/hostile.lua's attacks, each in a hook: the
-- hook's move is refused with "attack.lua:LINE: message (in HOOK)", the
-- game state is exactly as before, and the match goes on. Also: what the
-- engine took from a hook (moves, a bot's choice, a view) stays as it was when
-- the script changes the tables it returned afterwards.
local T = dofile("tests/lua/lib/t.lua")
local check = T.check
local F = "tests/variants/hostile.lua"

local function match(attack, hook, limits)
  return fuda.match{ variant = F, seats = 2, seed = 5, options = { attack = attack, hook = hook or "play" },
                     limits = limits or { memory = 32 } }
end

-- attack in the play hook: refused with its message, state unchanged, goes on
local function refused(attack, want, limits)
  local m = match(attack, "play", limits)
  local before, n = m:hash(), m:move_count()
  local ok, err = m:apply(1, "draw")
  check(ok == nil and err and err:find(want), attack .. ": " .. tostring(err))
  check(m:hash() == before and m:move_count() == n, attack .. ": state unchanged")
  local mv = m:moves(1)
  check(#mv >= 1 and m:try(1, mv[#mv]), attack .. ": the match goes on")
end

-- Every attack that would run for ever has limits of its own here: by default
-- there is no instruction limit, and the time limit tests/run.sh sets is long.
local A = "hostile%.lua:%d+: "
local INSTR = { memory = 32, instructions = 20000000 }
local TIME = { memory = 32, time = 300 }
refused("find", A .. "instruction limit exceeded %(20000000 instructions in one hook call%) %(in play%)$", INSTR)
refused("gsub", A .. "instruction limit exceeded", INSTR)
refused("match", A .. "instruction limit exceeded", INSTR)
-- the pattern bombs under the time limit alone (the matcher reads the watchdog's mark)
refused("find", A .. "time limit exceeded %(300 ms in one hook call%) %(in play%)$", TIME)
refused("gsub", A .. "time limit exceeded %(300 ms in one hook call%) %(in play%)$", TIME)
refused("match", A .. "time limit exceeded %(300 ms in one hook call%) %(in play%)$", TIME)
refused("find", A .. "time limit exceeded %(300 ms in one hook call%) %(in play%)$",
        { memory = 32, instructions = 1 << 40, time = 300 })
refused("load", A .. "memory limit exceeded %(32 MiB for the game's scripts%) %(in play%)$")
refused("load", A .. "instruction limit exceeded", { memory = 256, instructions = 20000000 })
refused("load", A .. "time limit exceeded %(300 ms", { memory = 256, time = 300 })
refused("sort", A .. "time limit exceeded %(200 ms", { memory = 256, time = 200 })
refused("rep", A .. "memory limit exceeded %(32 MiB")
refused("concat", A .. "memory limit exceeded %(32 MiB")
refused("gc", "hostile%.lua:28: setmetatable: a metatable with __gc is not allowed")
refused("close", "hostile%.lua:30: instruction limit exceeded", INSTR)
refused("pcall_close", "hostile%.lua:34: instruction limit exceeded", INSTR)
refused("close", "hostile%.lua:30: time limit exceeded %(300 ms in one hook call%) %(in play%)$", TIME)
refused("pcall_close", "hostile%.lua:34: time limit exceeded %(300 ms in one hook call%) %(in play%)$", TIME)
refused("error_table", "hostile%.lua:39: %(error object is a table value%) %(in play%)$")
refused("error_huge", "hostile%.lua:40: EEEE", { memory = 256 })
refused("notes", A .. "memory limit exceeded %(32 MiB")
refused("symbols", A .. "memory limit exceeded %(32 MiB")
refused("tallies", "hostile%.lua:44: tally: too many different names %(at most 1000%)")
refused("events", "hostile%.lua:45: too many events in one move %(at most 10000%)")
refused("recurse", "hostile%.lua:47: stack overflow", { memory = 256 })
refused("index_loop", "hostile%.lua:48: '__index' chain too long")
refused("tostring_loop", "stack overflow")
refused("string_meta", "hostile%.lua:53: attempt to index a string value")

-- the same limits in the other hooks (moves raises, view and bot give nil, message)
local function err_of(ok, a, b)
  if not ok then return tostring(a) end
  return tostring(b)
end
for _, lim in ipairs({ { INSTR, "instruction" }, { TIME, "time" } }) do
  local limits, what = lim[1], lim[2] .. " limit exceeded .*"
  for _, hook in ipairs({ "moves", "view" }) do
    local m = match("find", hook, limits)
    local before = m:hash()
    local err = err_of(pcall(hook == "moves" and m.moves or m.view, m, 1))
    check(tostring(err):find(A .. what .. "%(in " .. hook .. "%)$"), hook .. ": " .. tostring(err))
    check(m:hash() == before, hook .. ": state unchanged")
  end
  do
    local m = match("find", "bot", limits)
    local before = m:hash()
    local err = err_of(pcall(m.bot, m, 1, "greedy"))
    check(err:find(A .. what .. "%(in bot 'greedy'%)$"), "bot: " .. err)
    check(m:hash() == before, "bot: state unchanged")
  end
  do
    local ok, err = pcall(match, "find", "deal", limits)
    check(not ok and tostring(err):find(A .. what .. "%(in deal%)$"), "deal: " .. tostring(err))
  end
end

-- the lists a moves hook returns are checked and copied
local function moves_error(attack)
  local m = match(attack, "list")
  local _, err = pcall(m.moves, m, 1)
  return tostring(err)
end
check(moves_error("flood"):find("hostile%.lua:%d+: moves listed 2000%d+ moves %(at most 50000%)"), moves_error("flood"))
-- one grammar for moves (core/movetext.h): what the engine takes, a saved log replays
local grammar = {
  newline = "a control character, at byte 5", lead = "it starts with a space, at byte 1",
  trail = "it ends with a space, at byte 5", double = "two spaces in a row, at byte 5",
  utf8 = "a byte that is not valid UTF%-8, at byte 6", c1 = "a control character, at byte 6",
  long = "it is longer than 256 bytes, at byte 257", empty = "it is empty, at byte 1",
  tab = "a control character, at byte 5",
}
for attack, why in pairs(grammar) do
  local err = moves_error(attack)
  check(err:find("^tests/variants/hostile%.lua:67: move %d+ is not a valid move text %(" .. why .. "; a move is 1 to 256 bytes of UTF%-8"),
        attack .. ": " .. err)
end
check(moves_error("number"):find("moves returned a number at index %d+, not a string"), moves_error("number"))
do -- raw reads: the list's metamethods are not called
  local m = match("meta", "list")
  check(#m:moves(1) >= 1, "a list with __len and __index metamethods is read raw")
end

-- changing the returned tables later changes nothing the engine decided
do
  local m = match("none", "play")
  local list = m:moves(1)
  local copy = table.concat(list, "|")
  local v = m:view(1)              -- the view hook rewrites every kept list and churns the collector
  check(v == "a view", "view text")
  check(table.concat(m:moves(1), "|") == copy, "moves unchanged after the script changed its list")
  local pick = m:bot(1, "greedy")  -- the bot rewrites the lists and the list it was given
  check(pick == list[#list], "the bot's choice is the engine's copy: " .. tostring(pick))
  check(m:apply(1, pick), "the bot's move applies")
  local vm = match("view_table", "view")
  local err = err_of(pcall(vm.view, vm, 1))
  check(err:find("hostile%.lua:%d+: view must return a string, got table"), "view table: " .. err)
  local bm = match("bot_table", "play")
  local berr = err_of(pcall(bm.bot, bm, 1, "greedy"))
  check(berr:find("bot 'greedy' chose no move, which is not a legal move"), "bot table: " .. berr)
end

-- a whole match under paranoid checks with the hooks changing their lists
do
  local m = match("none", "play")
  local n = 0
  while m:phase() == "playing" and n < 400 do
    local s = m:actors()[1]
    local mv = m:bot(s, "greedy")
    check(m:apply(s, mv), "move " .. n)
    n = n + 1
  end
end

T.summary("hostile")
