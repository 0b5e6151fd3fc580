-- Zun: whole bot matches for 2 to 8 players (basic, random, mixed, and with the options on):
-- every match ends, the totals are zero-sum, the same seed plays the same match.
-- Run: ./fuda run tests/lua/zun_bots.lua

local T = dofile("tests/lua/lib/t.lua")
local check, eq = T.check, T.eq

-- Play a whole match; returns the match, the number of games and the moves, or nil and the error.
local function play(seats, seed, bots, options)
  local m = fuda.match{ variant = "zun", seats = seats, seed = seed, options = options }
  local games, moves = 0, 0
  local ok, err = pcall(function()
    while true do
      moves = moves + m:play_bots(bots)
      games = games + 1
      if m:phase() == "match_over" then break end
      m:next_hand()
    end
  end)
  if not ok then return nil, err end
  return m, games, moves
end

local function mixed(seats)
  local t = {}
  for s = 1, seats do t[s] = (s % 2 == 1) and "basic" or "random" end
  return t
end

for seats = 2, 8 do
  for _, bots in ipairs({ "basic", "random", mixed(seats) }) do
    local label = type(bots) == "table" and "mixed" or bots
    for seed = 1, 3 do
      local what = ("%d players, %s, seed %d"):format(seats, label, seed)
      local m, games, moves = play(seats, seed, bots)
      check(m ~= nil, what .. ": the match ends without error (" .. tostring(games) .. ")")
      if m then
        eq(games, 4, what .. ": four games")
        eq(m:phase(), "match_over", what .. ": match over")
        local sum = 0
        for s = 1, seats do sum = sum + m:total(s) end
        eq(sum, 0, what .. ": zero-sum")
        check(moves < 100000, what .. ": a reasonable number of moves (" .. moves .. ")")
      end
    end
  end
end

-- The options on: chombo, gozun, one joker, the other readings.
for seats = 2, 8, 3 do
  local opts = { { chombo = true, gozun = true }, { jokers = 1, kaeshi_count = "declaration", joker_repeats = false },
                 { jokers = 0, opening_loser = "none", reshuffle = "draw", games = 2 } }
  for i, o in ipairs(opts) do
    local what = ("%d players, options %d"):format(seats, i)
    local m, games = play(seats, 7, o.chombo and "basic" or "random", o)
    check(m ~= nil, what .. ": the match ends without error (" .. tostring(games) .. ")")
    if m then
      local sum = 0
      for s = 1, seats do sum = sum + m:total(s) end
      eq(sum, 0, what .. ": zero-sum")
      eq(games, o.games or 4, what .. ": games")
    end
  end
end

-- Determinism: the same seed, the same match.
do
  local a = play(4, 11, "basic")
  local b = play(4, 11, "basic")
  eq(a:hash(), b:hash(), "same seed, same match")
end

T.summary("zun_bots")
