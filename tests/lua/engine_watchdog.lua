-- engine_watchdog.lua -- the time limit, kept by the watchdog thread, with
-- several matches on one thread (this host script's): only the match whose
-- hook loops is stopped, with "file:line: time limit exceeded (N ms in one
-- hook call)"; the other match and later calls of the stopped one run as
-- usual; a stop leaves nothing behind (no stray stop in a later call, no
-- instruction limit where none was set). Time limits here are 200 ms or more
-- and only the stop and its message are checked, never how long it took.
local T = dofile("tests/lua/lib/t.lua")
local check, eq = T.check, T.eq
local D = "tests/variants/"
local LOOP = "sandbox%.lua:52: time limit exceeded %(200 ms in one hook call%) %(in play%)$"

local function sandbox(attack, limits)
  return fuda.match{ variant = D .. "sandbox.lua", seats = 2, seed = 3, options = { attack = attack },
                     limits = limits }
end

-- two matches on this thread: the looping one is stopped, the other goes on
do
  local looping = sandbox("loop", { time = 200 })
  local calm = sandbox("none", { time = 200 })
  local before, hand = looping:hash(), #looping:pile("hand", 1)
  local ok, err = looping:apply(1, "draw")
  check(ok == nil and tostring(err):find(LOOP), "the loop is stopped: " .. tostring(err))
  eq(looping:hash(), before, "the stopped match is as before")
  eq(#looping:pile("hand", 1), hand, "the stopped match's hand is as before")
  local calm_hand = #calm:pile("hand", 1)
  check(calm:apply(1, "draw") == true, "the other match plays its draw")
  eq(#calm:pile("hand", 1), calm_hand + 1, "the other match's hand grew")
  -- the stopped match goes on: its other moves are played, each a new call
  local mv = looping:moves(1)
  check(#mv >= 1, "the stopped match lists its moves")
  local n = 0
  for _ = 1, 40 do
    local s = calm:actors()[1]
    if not s then break end
    check(calm:apply(s, calm:bot(s, "random")), "the other match goes on, move " .. n)
    n = n + 1
  end
  -- and stopping it again works the same way
  ok, err = looping:apply(1, "draw")
  check(ok == nil and tostring(err):find(LOOP), "stopped a second time: " .. tostring(err))
end

-- pcall and xpcall cannot catch the time limit either
for _, attack in ipairs({ "pcall-loop", "xpcall-loop" }) do
  local m = sandbox(attack, { time = 200 })
  local ok, err = m:apply(1, "draw")
  check(ok == nil and tostring(err):find("sandbox%.lua:%d+: time limit exceeded %(200 ms in one hook call%)"),
        attack .. ": " .. tostring(err))
end

-- a match with an instruction limit and one with a time limit, side by side:
-- each is stopped by its own limit
do
  local counted = sandbox("loop", { instructions = 100000 })
  local timed = sandbox("loop", { time = 250 })
  local _, e1 = counted:apply(1, "draw")
  local _, e2 = timed:apply(1, "draw")
  check(tostring(e1):find("sandbox%.lua:52: instruction limit exceeded %(100000 instructions in one hook call%)"),
        "the instruction limit: " .. tostring(e1))
  check(tostring(e2):find("sandbox%.lua:52: time limit exceeded %(250 ms in one hook call%)"),
        "the time limit: " .. tostring(e2))
end

-- no instruction limit by default: a hook running many more instructions than
-- the old default budget (20,000,000) finishes
do
  local m = sandbox("long")
  local ok, err = m:apply(1, "draw")
  check(ok == true, "a long hook without a limit finishes: " .. tostring(err))
  check(T.has(m:events(), "sum 72000006000000"), "and did its work")
end

T.summary("engine_watchdog")
