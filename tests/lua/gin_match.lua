-- Gin Rummy: the end of the match in each preset (game bonus, box bonus, shutout) and who deals.
-- Run: ./fuda run tests/lua/gin_match.lua

local T = dofile("tests/lua/lib/t.lua")
local check, eq, apply, contains = T.check, T.eq, T.apply, T.contains

-- Play one hand that seat `w` wins, whoever deals: w holds `mine`, the other seat `theirs`, w takes
-- the upcard `up` (the non-dealer passes first when w deals) and ends the hand with `last`.
local function win_hand(m, w, mine, theirs, up, last, what)
  local d = m:var("dealer")
  m:arrange("hand", w, mine)
  m:arrange("hand", 3 - w, theirs)
  m:arrange("discard", nil, { up })
  if w == d then apply(m, 3 - w, "pass", what) end
  apply(m, w, "take", what)
  apply(m, w, last, what)
end

-- Seat `w` wins by a knock worth 33 (deadwood 2 against 35): it takes Kc and knocks with 8s.
local function knock_hand(m, w, what)
  win_hand(m, w, { "4h", "5h", "6h", "9s", "9d", "9c", "Jc", "Qc", "2d", "8s" },
           { "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8c", "7d" }, "Kc", "knock 8s", what)
end

-- Seat `w` wins by gin (35 + the gin bonus): it takes 10c and goes gin with 2d.
local function gin_hand(m, w, what)
  win_hand(m, w, { "4h", "5h", "6h", "9s", "9d", "9c", "Jc", "Qc", "Kc", "2d" },
           { "7h", "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8c" }, "10c", "gin 2d", what)
end

local PRESETS = {
  { name = "gin", game = 100, box = 25, shutout = function(t) return t end, gin = 25, next = "loser" },
  { name = "gin-bicycle", game = 100, box = 20, shutout = function() return 100 end, gin = 20, next = "winner" },
  { name = "gin-intro", game = 0, box = 0, shutout = function() return 0 end, gin = 25, next = "alternate" },
}

for _, p in ipairs(PRESETS) do
  local V = p.name

  -- A shutout: one hand of 33 ends a match to 30; the loser has nothing.
  do
    local what = V .. " shutout"
    local m = fuda.match{ variant = V, seats = 2, seed = 3, options = { target = 30 } }
    knock_hand(m, 1, what)
    eq(m:phase(), "match_over", what .. ": match over")
    local before_shutout = 33 + p.game + p.box
    eq(m:total(1), before_shutout + p.shutout(before_shutout), what .. ": winner's total")
    eq(m:total(2), 0, what .. ": loser's total")
    local sheet = m:scoresheet()
    check(contains(sheet, "knock 33"), what .. ": knock line")
    eq(contains(sheet, "game bonus"), p.game > 0, what .. ": game bonus line")
    eq(contains(sheet, "box 1 x " .. p.box), p.box > 0, what .. ": box line")
    eq(contains(sheet, "shutout"), p.name ~= "gin-intro", what .. ": shutout line")
    if p.name == "gin" then check(contains(sheet, "shutout: total doubled"), what .. ": doubled") end
    if p.name == "gin-bicycle" then check(contains(sheet, "shutout bonus"), what .. ": +100") end
    check(not m:apply(1, "draw"), what .. ": no moves after the match")
  end

  -- No shutout: three hands to 80, seat 1 wins two (one by gin), seat 2 one.
  do
    local what = V .. " three hands"
    local m = fuda.match{ variant = V, seats = 2, seed = 4, options = { target = 80 } }
    local dealers = { m:var("dealer") }
    knock_hand(m, 1, what .. " (hand 1)")
    eq(m:phase(), "hand_over", what .. ": hand 1 over")
    m:next_hand()
    dealers[2] = m:var("dealer")
    knock_hand(m, 2, what .. " (hand 2)")
    m:next_hand()
    dealers[3] = m:var("dealer")
    gin_hand(m, 1, what .. " (hand 3)")
    eq(m:phase(), "match_over", what .. ": match over")
    local t1 = 33 + 35 + p.gin
    eq(m:total(1), t1 + p.game + 2 * p.box, what .. ": winner: hands + game + 2 boxes")
    eq(m:total(2), 33 + p.box, what .. ": loser: hand + 1 box")
    eq(m:seat_var(1, "hands_won"), 2, what .. ": hands won by 1")
    eq(m:seat_var(2, "hands_won"), 1, what .. ": hands won by 2")
    if p.box > 0 then
      check(contains(m:scoresheet(), "box 2 x " .. p.box), what .. ": box 2 line")
      check(contains(m:scoresheet(), "box 1 x " .. p.box), what .. ": box 1 line")
    end
    check(not contains(m:scoresheet(), "shutout"), what .. ": no shutout")
    -- Who dealt: hand 1 won by seat 1, hand 2 by seat 2.
    if p.next == "loser" then
      eq(dealers[2], 2, what .. ": loser of hand 1 deals hand 2")
      eq(dealers[3], 1, what .. ": loser of hand 2 deals hand 3")
    elseif p.next == "winner" then
      eq(dealers[2], 1, what .. ": winner of hand 1 deals hand 2")
      eq(dealers[3], 2, what .. ": winner of hand 2 deals hand 3")
    else
      eq(dealers[2], 3 - dealers[1], what .. ": the deal alternates (hand 2)")
      eq(dealers[3], dealers[1], what .. ": the deal alternates (hand 3)")
    end
  end

  -- The match does not end below the target, and ends when a total reaches it exactly.
  do
    local what = V .. " target reached exactly"
    local m = fuda.match{ variant = V, seats = 2, seed = 6, options = { target = 34 } }
    knock_hand(m, 2, what)
    eq(m:phase(), "hand_over", what .. ": 33 < 34 goes on")
    m:next_hand()
    knock_hand(m, 1, what)
    eq(m:phase(), "hand_over", what .. ": 33 < 34 goes on")
    m:next_hand()
    m = fuda.match{ variant = V, seats = 2, seed = 6, options = { target = 33 } }
    knock_hand(m, 2, what)
    eq(m:phase(), "match_over", what .. ": 33 = 33 ends it")
  end
end

-- box_double: a gin or undercut hand counts two boxes.
do
  local what = "box_double"
  local m = fuda.match{ variant = "gin", seats = 2, seed = 4, options = { target = 50, box_double = true } }
  gin_hand(m, 2, what)
  eq(m:phase(), "match_over", what .. ": over")
  eq(m:total(2), (60 + 100 + 50) * 2, what .. ": (60 + game 100 + 2 boxes x 25) doubled")
  check(contains(m:scoresheet(), "box 2 x 25"), what .. ": box line")
end

-- shutout = "none" and a custom shutout_bonus.
do
  local m = fuda.match{ variant = "gin", seats = 2, seed = 3, options = { target = 30, shutout = "none" } }
  knock_hand(m, 1, "shutout none")
  eq(m:total(1), 33 + 100 + 25, "shutout none: no doubling")
  m = fuda.match{ variant = "gin", seats = 2, seed = 3,
                  options = { target = 30, shutout = "bonus", shutout_bonus = 7 } }
  knock_hand(m, 1, "shutout bonus 7")
  eq(m:total(1), 33 + 100 + 25 + 7, "shutout_bonus = 7")
end

T.summary("gin_match")
