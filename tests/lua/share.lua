-- share.lua -- matches that share one loaded variant (fuda.match shares it among
-- the matches of the same variant, options and limits a script makes): many
-- live matches of gin and zun at once, their moves interleaved, each ends exactly
-- as the same match played alone (its hash and its log); a script that keeps a
-- match's objects in its own variables cannot touch that match from another
-- (tests/variants/keeper.lua); a memory bomb in one match leaves the others
-- playable; and every match's limits still apply, naming the script's place.
local T = dofile("tests/lua/lib/t.lua")
local check, eq = T.check, T.eq

-- ---- many matches at once, each as if alone ----

-- Step k of match m by its bots (next hand between hands; every 15th move the
-- search bot's, whose playouts go back and forth in the match); false when over.
local function step(m, bot, k)
  local phase = m:phase()
  if phase == "match_over" then return false end
  if phase == "hand_over" then
    assert(m:next_hand())
    return true
  end
  local seat = m:actors()[1]
  assert(m:apply(seat, assert(m:bot(seat, k % 15 == 0 and "search" or bot))))
  return true
end

local MAX = 800 -- steps of each match at most
fuda.search_budget{ iters = 20 }

-- Play the match to its end, or MAX steps.
local function alone(kind, seed, limits)
  local m = fuda.match{ variant = kind.variant, seats = kind.seats, seed = seed, limits = limits }
  for k = 1, MAX do if not step(m, kind.bot, k) then break end end
  return m
end

local kinds = {
  { variant = "gin", seats = 2, bot = "basic", n = 12 },
  { variant = "zun", seats = 4, bot = "careful", n = 8 },
}
local live = {}
for _, kind in ipairs(kinds) do
  for seed = 1, kind.n do
    live[#live + 1] = { kind = kind, seed = seed, steps = 0,
                        m = fuda.match{ variant = kind.variant, seats = kind.seats, seed = seed } }
  end
end
-- round robin: one step of every match in turn, gin's and zun's interleaved
local going = #live
while going > 0 do
  going = 0
  for _, x in ipairs(live) do
    if x.steps < MAX and step(x.m, x.kind.bot, x.steps + 1) then
      x.steps = x.steps + 1
      going = going + 1
    end
  end
end
-- each alone, in a state of its own: a time limit of its own makes it another kind of match
for i, x in ipairs(live) do
  local a = alone(x.kind, x.seed, { time = 60000 + i })
  local what = x.kind.variant .. " seed " .. x.seed
  eq(x.m:hash(), a:hash(), what .. ": the same end state as alone")
  eq(x.m:log(), a:log(), what .. ": the same log as alone")
  eq(x.m:scoresheet(), a:scoresheet(), what .. ": the same scoresheet as alone")
  eq(x.m:phase(), "match_over", what .. ": played to its end")
  a:free()
end
-- a match freed in the middle of the others leaves them as they were
local h2 = live[2].m:hash()
live[1].m:free()
eq(live[2].m:hash(), h2, "freeing a match leaves another of its kind as it was")
check(not pcall(live[1].m.hash, live[1].m), "a freed match's handle fails")
check(select(2, pcall(live[1].m.phase, live[1].m)):find("match was freed", 1, true), "... saying it was freed")
for _, x in ipairs(live) do
  if x ~= live[1] then x.m:free() end
end

-- ---- a match's objects kept by the script, used from another match ----

local K = "tests/variants/keeper.lua"
local function keeper(attack, limits)
  return fuda.match{ variant = K, seats = 2, seed = 3, options = { attack = attack }, limits = limits }
end

local attacks = {
  read = "this game object belongs to another match",
  write = "this game object belongs to another match",
  method = "this game object belongs to another match",
  stashed = "this game object belongs to another match",
  mixed = "this game object belongs to another match",
  pile = "this pile belongs to another match",
  pile_len = "this pile belongs to another match",
  cards = "this pile belongs to another match",
  var = "this variable table belongs to another match",
  seat_var = "this variable table belongs to another match",
  tostring = "shown: fuda.Pile (of another match)",
}
local ended = {
  read = "this game object belongs to a match that has ended",
  method = "this game object belongs to a match that has ended",
  stashed = "this game object belongs to a match that has ended",
  pile = "this pile belongs to a match that has ended",
  var = "this variable table belongs to a match that has ended",
  tostring = "shown: fuda.Pile (of an ended match)",
}
for attack, want in pairs(attacks) do
  local first, other = keeper(attack), keeper(attack)
  local before, events = other:hash(), #other:events()
  local ok, err = other:apply(1, "draw")
  check(not ok and err:find("^tests/variants/keeper%.lua:%d+: ") and err:find(want, 1, true),
        attack .. ": refused, naming the script's line: " .. tostring(err))
  eq(other:hash(), before, attack .. ": the attacking match is as it was")
  eq(#other:events(), events, attack .. ": and said nothing")
  -- the first match, being played, uses its own objects as usual
  check(first:apply(1, "draw"), attack .. ": the first match plays on")
  if ended[attack] then
    first:free()
    ok, err = other:apply(1, "draw")
    check(not ok and err:find(ended[attack], 1, true), attack .. " once the first match is freed: " .. tostring(err))
    eq(other:hash(), before, attack .. ": still as it was")
  end
  check(other:moves(1)[1] == "draw" and other:try(1, "draw") == nil, attack .. ": the other match goes on")
end

-- ---- a memory bomb in one match ----

do
  local lim = { memory = 32 }
  local bomber, a, b = keeper("bomb", lim), keeper("bomb", lim), keeper("bomb", lim)
  local before = bomber:hash()
  local ok, err = bomber:apply(1, "draw")
  check(not ok and err:find("^tests/variants/keeper%.lua:%d+: memory limit exceeded %(32 MiB"),
        "the bomb hits the memory limit, naming its line: " .. tostring(err))
  eq(bomber:hash(), before, "the bombing match is as it was")
  -- the others play to their end, and so does the bomber without its draw
  for _, m in ipairs({ a, b }) do
    local n = 0
    while m:phase() ~= "match_over" and n < 2000 do
      if m:phase() == "hand_over" then assert(m:next_hand()) else
        local seat = m:actors()[1]
        local mv = m:moves(seat)
        assert(m:apply(seat, mv[#mv]))
      end
      n = n + 1
    end
    eq(m:phase(), "match_over", "a match sharing the bomber's state plays to its end")
  end
  local mv = bomber:moves(1)
  check(bomber:apply(1, mv[#mv]), "the bomber plays another move")
end

-- ---- the limits of each match, under sharing ----

-- an instruction or time limit hit in one match's hook names the place; the
-- other match of the state is untouched, its own call is stopped by its own
-- limit, and both play on
for _, lim in ipairs({ { { instructions = 20000000 }, "instruction limit exceeded %(20000000 instructions in one hook call%)" },
                       { { time = 300 }, "time limit exceeded %(300 ms in one hook call%)" } }) do
  local F = "tests/variants/hostile.lua"
  local function m() return fuda.match{ variant = F, seats = 2, seed = 5, options = { attack = "find" }, limits = lim[1] } end
  local m1, m2 = m(), m()
  local h1, h2 = m1:hash(), m2:hash()
  local ok, err = m1:apply(1, "draw")
  check(not ok and err:find("^tests/variants/hostile%.lua:%d+: " .. lim[2] .. " %(in play%)$"),
        "a limit of one match's call: " .. tostring(err))
  eq(m1:hash(), h1, "that match is as it was")
  eq(m2:hash(), h2, "the other match is untouched")
  ok, err = m2:apply(1, "draw")
  check(not ok and err:find("^tests/variants/hostile%.lua:%d+: " .. lim[2]), "its own call meets its own limit: " .. tostring(err))
  for _, x in ipairs({ m1, m2 }) do
    local mv = x:moves(1)
    check(mv[#mv] ~= "draw" and x:apply(1, mv[#mv]), "each plays on")
  end
end

T.summary("share")
