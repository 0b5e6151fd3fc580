-- Zun: whole bot matches for 2 to 8 players (basic, random, mixed, and with the options on):
-- every match ends, the totals are zero-sum, the same seed plays the same match. And careful: it
-- draws rather than place a number the other seat's small hand may total (two seats only), and so
-- beats basic; zun's search keeps careful's moves where it finds nothing clearly better.
-- Run: ./fuda run tests/lua/zun_bots.lua

local T = dofile("tests/lua/lib/t.lua")
local Z = dofile("tests/lua/lib/zun.lua")
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

-- careful, two seats: the other seat holds two cards. A 7 is a total such a hand makes some 4% of
-- the time (Jk+7, A+6, 2+5, 3+4, 7+7), so careful draws where basic plays it; an A is one it makes
-- under 1% of the time (A+A, Jk+A), so careful plays that as basic does. With three seats careful
-- does not hold back, but places its big cards first: a K (10 points were another to zun on it)
-- before a 4 or a 7, both of which basic would place first.
do
  local function at(seats, held)
    local hands = { [1] = held }
    for s = 2, seats do hands[s] = s == 2 and { "Kd", "Qd" } or { "Jd", "6d" } end
    return Z.game(seats, 1, { options = { hand_size = 2 }, field = "7s", hands = hands })
  end
  local m = at(2, { "7h", "3c" })
  eq(m:bot(1, "basic"), "play 7h", "careful: basic plays the 7")
  eq(m:bot(1, "careful"), "draw", "careful: it draws rather than place a 7 before a two-card hand")
  m = at(2, { "As", "Kc" })
  eq(m:bot(1, "careful"), m:bot(1, "basic"), "careful: it places an A as basic does")
  eq(m:bot(1, "careful"), "play As", "careful: the A it places")
  m = at(3, { "7h", "3c" })
  eq(m:bot(1, "careful"), "play 7h", "careful: with three seats it does not hold back")
  m = at(3, { "7h", "Ks" })
  eq(m:bot(1, "basic"), "play 7h", "careful: basic places the 7 before the K")
  eq(m:bot(1, "careful"), "play Ks", "careful: with three seats it places the K first")
  m = at(3, { "4s", "Ks" })
  eq(m:bot(1, "basic"), "play 4s", "careful: basic places the 4 before the K")
  eq(m:bot(1, "careful"), "play Ks", "careful: with three seats it places the K before the 4")
  -- zun's search plays its seat as careful (search.bot) and keeps careful's draw here: what a
  -- play of the 7 or the 3 gains in the next 24 moves does not beat drawing clearly
  fuda.search_budget{ iters = 60 }
  m = at(2, { "7h", "3c" })
  local mv, info = m:search(1)
  eq(mv, "draw", "search: it keeps careful's draw before a two-card hand")
  eq(info.failed, 0, "search: no playout failed (the evaluate hook answers)")
  check(info.playouts >= 60, "search: its playouts were played (" .. info.playouts .. ")")
end

-- careful against basic, two seats, 40 deals played both ways: it wins more matches, and every
-- match ends.
do
  local careful_wins, ended = 0, 0
  for seed = 1, 40 do
    for _, bots in ipairs({ { "careful", "basic" }, { "basic", "careful" } }) do
      local m, games, moves = play(2, seed, bots)
      if m and games == 4 then
        ended = ended + 1
        local c = bots[1] == "careful" and 1 or 2
        if m:total(c) > m:total(3 - c) then careful_wins = careful_wins + 1 end
      end
    end
  end
  eq(ended, 80, "careful vs basic: every match ends")
  check(careful_wins > 44, "careful vs basic: careful wins more than 55% of 80 matches (" .. careful_wins .. ")")
end

T.summary("zun_bots")
