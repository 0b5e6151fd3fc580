-- Gin Rummy: the basic bot -- its choices in set positions, and whole matches of each preset
-- played to the end (every move it picks is legal).
-- Run: ./fuda run tests/lua/gin_bots.lua

local T = dofile("tests/lua/lib/t.lua")
local G = dofile("tests/lua/lib/gin.lua")
local check, eq, has = T.check, T.eq, T.has
local stacked, ND, D = G.stacked, G.ND, G.D

-- Choices in set positions.
do
  local m, nd, d = stacked("gin", { nd = ND, d = D, up = "10c" })
  eq(m:bot(nd, "basic"), "take", "bot takes an upcard that makes gin")
  m:apply(nd, "take")
  eq(m:bot(nd, "basic"), "gin 2d", "bot goes gin")

  m, nd, d = stacked("gin", { nd = ND, d = D, up = "Ks", stock = { "8h" } })
  eq(m:bot(nd, "basic"), "pass", "bot passes a useless upcard")
  m:apply(nd, "pass")
  eq(m:bot(d, "basic"), "pass", "dealer passes a useless upcard")
  m:apply(d, "pass")
  eq(m:bot(nd, "basic"), "draw", "forced draw")
  m:apply(nd, "draw")
  eq(m:bot(nd, "basic"), "discard 8h", "bot holds deadwood 2 rather than knock: an undercut pays 20")

  -- Knock or hold: basic holds a hand whose deadwood is at most half the undercut bonus (10 in
  -- gin, 5 in gin-bicycle), near gin and ready to undercut; above that it knocks.
  local eight = { "4h", "5h", "6h", "9s", "9d", "9c", "Jc", "Qc", "Kc", "8d" }
  for _, t in ipairs{ { "gin", "discard Kh" }, { "gin-bicycle", "knock Kh" } } do
    m, nd, d = stacked(t[1], { nd = eight, d = D, up = "Ks", stock = { "Kh" } })
    m:apply(nd, "pass")
    m:apply(d, "pass")
    m:apply(nd, "draw")
    eq(m:bot(nd, "basic"), t[2], t[1] .. ": deadwood 8 after the discard: " .. t[2])
  end
  m, nd, d = stacked("gin-bicycle", { nd = ND, d = D, up = "Ks", stock = { "8h" } })
  m:apply(nd, "pass")
  m:apply(d, "pass")
  m:apply(nd, "draw")
  eq(m:bot(nd, "basic"), "discard 8h", "gin-bicycle: deadwood 2 is held")

  m, nd, d = stacked("gin", { nd = ND, d = D, up = "4s" })
  m:apply(nd, "pass")
  eq(m:bot(d, "basic"), "take", "dealer takes 4s onto As-2s-3s")
  m:apply(d, "take")
  eq(m:bot(d, "basic"), "discard Kd", "then throws the highest loose card (Kd before Qd on a tie)")

  -- The dealer takes a discard that makes a set of kings.
  m, nd, d = stacked("gin", { nd = ND,
    d = { "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "Ks", "7d" }, up = "Kh" })
  m:apply(nd, "pass")
  eq(m:bot(d, "basic"), "take", "takes Kh: Kd Ks Kh is a set")

  -- A card that would lower the deadwood but meld nothing is left: the stock's card may meld.
  m, nd, d = stacked("gin", { nd = ND, d = D, up = "Ah" })
  m:apply(nd, "pass")
  eq(m:bot(d, "basic"), "pass", "passes Ah: it would replace Kd but melds nothing")
end

-- Whole matches: basic against basic, against random and against simple, in each preset.
-- Invariants checked after every hand: a void hand leaves exactly 2 stock cards and scores
-- nothing; every other hand is won by one seat and scores for it alone.
local hands_checked = 0
local function check_hand(m, before, what)
  local kind = m:var("last_kind")
  local d1, d2 = m:total(1) - before[1], m:total(2) - before[2]
  local won = m:seat_var(1, "hands_won") + m:seat_var(2, "hands_won")
  if kind == "void" then
    check(#m:pile("stock") == 2 and d1 == 0 and d2 == 0 and won == before.won,
          what .. ": void hand with 2 stock cards, no score")
  elseif m:phase() == "hand_over" then
    local w = m:var("last_winner")
    local dw = w == 1 and d1 or d2
    local dl = w == 1 and d2 or d1
    check(won == before.won + 1 and dw == m:var("last_points") and dl == 0 and #m:pile("stock") > 2,
          what .. ": one winner scores the hand")
  end
  hands_checked = hands_checked + 1
end

local function play_match(variant, seed, names)
  local m = fuda.match{ variant = variant, seats = 2, seed = seed }
  local moves, bad = 0, 0
  local before = { 0, 0, won = 0 }
  while m:phase() ~= "match_over" and moves < 20000 do
    if m:phase() == "hand_over" then
      check_hand(m, before, variant .. " seed " .. seed .. " hand " .. m:var("last_kind"))
      before = { m:total(1), m:total(2), won = m:seat_var(1, "hands_won") + m:seat_var(2, "hands_won") }
      m:next_hand()
    end
    local seat = m:actors()[1]
    local mv = m:bot(seat, names[seat])
    if not has(m:moves(seat), mv) then bad = bad + 1 end
    local ok, err = m:apply(seat, mv)
    if not ok then
      bad = bad + 1
      print("refused: " .. tostring(err))
      break
    end
    moves = moves + 1
  end
  return m, bad
end

for _, V in ipairs{ "gin", "gin-bicycle", "gin-intro" } do
  local finished, illegal, basic_wins, games = 0, 0, 0, 0
  for seed = 1, 6 do
    local m, bad = play_match(V, seed, { "basic", "basic" })
    illegal = illegal + bad
    if m:phase() == "match_over" then finished = finished + 1 end
    check(m:total(1) >= 100 or m:total(2) >= 100, V .. " seed " .. seed .. ": someone reached 100")
  end
  for seed = 11, 16 do
    local names = seed % 2 == 0 and { "basic", "random" } or { "random", "basic" }
    local m, bad = play_match(V, seed, names)
    illegal = illegal + bad
    if m:phase() == "match_over" then
      finished = finished + 1
      games = games + 1
      local b = names[1] == "basic" and 1 or 2
      if m:total(b) > m:total(3 - b) then basic_wins = basic_wins + 1 end
    end
  end
  for seed = 21, 24 do
    local m, bad = play_match(V, seed, seed % 2 == 0 and { "basic", "simple" } or { "simple", "basic" })
    illegal = illegal + bad
    if m:phase() == "match_over" then finished = finished + 1 end
  end
  eq(finished, 16, V .. ": every match finished")
  eq(illegal, 0, V .. ": no illegal bot move")
  check(basic_wins >= 5, V .. ": basic beats random (" .. basic_wins .. "/" .. games .. ")")

  -- m:play_bots plays a hand to its end.
  local m = fuda.match{ variant = V, seats = 2, seed = 99 }
  local hands = 0
  while m:phase() ~= "match_over" and hands < 200 do
    if m:phase() == "hand_over" then m:next_hand() end
    m:play_bots{ "basic", "basic" }
    hands = hands + 1
  end
  eq(m:phase(), "match_over", V .. ": play_bots plays the match out")
end

check(hands_checked > 100, "hands checked: " .. hands_checked)

T.summary("gin_bots")
