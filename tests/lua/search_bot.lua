-- search_bot.lua -- the search bot from a host script (m:bot(seat, "search")):
-- it answers a legal move, leaves the game exactly as it was (hash, log,
-- scoresheet, tallies, no events delivered), answers a single legal move, and
-- plays claim windows (zun, dobon) and whole hands.
local T = dofile("tests/lua/lib/t.lua")
local check, eq = T.check, T.eq
-- an iteration budget, not the default time: the same moves, so the same checks, on any
-- machine and under any load (the time budget is tested in tests/e2e/search.sh)
fuda.search_budget{ iters = 40 }

local function snapshot(m)
  local tallies = {}
  for k, v in pairs(m:tallies()) do tallies[k] = v end
  return { hash = m:hash(), log = m:log(), sheet = m:scoresheet(), moves = m:move_count(), tallies = tallies }
end

local function same(a, b, what)
  for _, k in ipairs({ "hash", "log", "sheet", "moves" }) do eq(b[k], a[k], what .. ": " .. k) end
  for k, v in pairs(a.tallies) do eq(b.tallies[k], v, what .. ": tally " .. k) end
  for k, v in pairs(b.tallies) do eq(a.tallies[k], v, what .. ": tally " .. k) end
end

local function listed(m, seat, mv)
  for _, x in ipairs(m:moves(seat)) do if x == mv then return true end end
  return false
end

-- a search leaves everything as it was, and its move is legal; then apply it
local function search_step(m, what)
  local seat = m:actors()[1]
  m:events()
  local before = snapshot(m)
  local mv = assert(m:bot(seat, "search"))
  check(listed(m, seat, mv), what .. ": a legal move (" .. mv .. ")")
  same(before, snapshot(m), what .. ": the game is as it was")
  eq(#m:events(), 0, what .. ": no events delivered")
  assert(m:apply(seat, mv))
end

for _, v in ipairs({ { "gin", 2 }, { "zun", 3 }, { "dobon", 3 } }) do
  local m = fuda.match{ variant = v[1], seats = v[2], seed = 4 }
  for i = 1, 6 do
    if m:phase() ~= "playing" then break end
    search_step(m, v[1] .. " move " .. i)
  end
  m:free()
end

-- a single legal move is answered at once (gin's first decision may be take/pass:
-- find a seat with one move)
local m = fuda.match{ variant = "dobon", seats = 2, seed = 9 }
for _ = 1, 200 do
  if m:phase() ~= "playing" then break end
  local seat = m:actors()[1]
  local mv = m:moves(seat)
  if #mv == 1 then
    eq(m:bot(seat, "search"), mv[1], "the only move")
    break
  end
  assert(m:apply(seat, assert(m:bot(seat))))
end
m:free()

-- The seat's own bot (search = { bot = "patient" }) gives the move the search starts from: with
-- one round only (fewer than a move needs to replace it) the search plays that bot's move. After
-- a first hold, patient holds on and hasty, the first bot, cashes.
fuda.search_budget{ iters = 2 }
for _, case in ipairs({ { "habit_patient.lua", "hold" }, { "habit.lua", "cash" } }) do
  local h = fuda.match{ variant = "tests/variants/" .. case[1], seed = 1 }
  assert(h:apply(1, "hold"))
  eq(h:search(1), case[2], case[1] .. ": one round, the own bot's move")
  h:free()
end

-- The floor: the own bot's move (basic's "safe", 10 points) is kept unless another move beats it
-- by more than luck explains. The gamble (worth 100/13) wins often enough in a few deals of some
-- decisions to look better by its mean (the rival); with few playouts the search never takes it,
-- and says it is not sure. The lottery's sure 500 points leave the floor, with the gain named.
fuda.search_budget{ iters = 30 }
local rivals = 0
for seed = 1, 60 do
  local f = fuda.match{ variant = "tests/variants/floor.lua", seed = seed }
  local mv, r = f:search(1)
  eq(mv, "safe", "floor, seed " .. seed .. ": basic's move kept")
  eq(r.own, "basic", "floor: the own bot named")
  eq(r.own_move, "safe", "floor: its move named")
  eq(r.sure, false, "floor: not sure of another move")
  eq(r.unit, "points", "floor: the first hand is judged by points")
  if r.rival then
    rivals = rivals + 1
    eq(r.rival, "gamble", "floor: the rival")
    check(r.gain > 0, "floor: the rival did better by its mean")
  end
  f:free()
end
check(rivals > 0, "floor: the gamble looked better in some decisions (" .. rivals .. " of 60)")
fuda.search_budget{ iters = 200 }
local l = fuda.match{ variant = "tests/variants/lottery.lua", seed = 1, options = { sure = true } }
local mv, r = l:search(1)
eq(mv, "sure", "lottery: the sure points found")
eq(r.sure, true, "lottery: sure of it")
eq(r.own_move, "bet 1", "lottery: over basic's bet")
eq(r.unit, "matches", "lottery: the match's one hand judged by the match")
check(r.gain > 0.3, "lottery: the gain in matches won (" .. r.gain .. ")")
eq(r.stopped, false, "lottery: not stopped")
l:free()
fuda.search_budget{ iters = 40 }
T.summary("search_bot")
