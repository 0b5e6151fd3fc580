-- Dobon: whole matches between bots for 2 to 8 players (basic, random, mixed) end without error,
-- every game ends by dobon or bakuhatsu, and the points add up.
-- Run: ./fuda run tests/lua/dobon_bots.lua

local T = dofile("tests/lua/lib/t.lua")
local check = T.check

local function run(seats, seed, bots)
  local m = fuda.match{ variant = "dobon", seats = seats, seed = seed }
  local games, guard = 0, 0
  while m:phase() ~= "match_over" and guard < 100 do
    guard = guard + 1
    if m:phase() == "hand_over" then
      local ok, err = pcall(m.next_hand, m)
      if not ok then return nil, "next_hand: " .. tostring(err) end
    end
    local ok, res = pcall(m.play_bots, m, bots)
    if not ok or not res then return nil, "play_bots: " .. tostring(res) end
    games = games + 1
  end
  if m:phase() ~= "match_over" then return nil, "the match did not end" end
  local sum = 0
  for s = 1, seats do sum = sum + m:total(s) end
  return games, sum
end

for seats = 2, 8 do
  for _, bots in ipairs({ "basic", "random", { "basic", "random" } }) do
    local label = type(bots) == "table" and "mixed" or bots
    for seed = 1, 3 do
      local what = ("%d seats, %s bots, seed %d"):format(seats, label, seed)
      local games, sum = run(seats, seed, bots)
      check(games == 5, what .. ": 5 games played (" .. tostring(sum) .. ")")
      -- each game gives 1 point (dobon) or seats - 1 points (bakuhatsu)
      check(type(sum) == "number" and sum >= 5 and sum <= 5 * (seats - 1), what .. ": points add up")
    end
  end
end

-- The same seed gives the same match.
do
  local a = fuda.match{ variant = "dobon", seats = 5, seed = 11 }
  local b = fuda.match{ variant = "dobon", seats = 5, seed = 11 }
  a:play_bots("basic")
  b:play_bots("basic")
  check(a:hash() == b:hash(), "deterministic: same seed, same game")
end

T.summary("dobon_bots")
