-- Round-the-Corner Gin: runs with the ace high or low (A-2-3, Q-K-A, K-A-2), an ace left in
-- deadwood counting 15 (the knocker's and the defender's), layoffs against gin (chains too, and
-- round the corner), game to 125 with gin's bonuses, and the discard pile open to both players.
-- Run: ./fuda run tests/lua/round_the_corner.lua

local T = dofile("tests/lua/lib/t.lua")
local check, eq, has, any_match, apply, contains = T.check, T.eq, T.has, T.any_match, T.apply, T.contains

-- Seat `w` wins a hand, whoever deals: w holds `mine`, the other seat `theirs`, w takes the upcard
-- `up` (the non-dealer passes first when w deals) and ends the hand with `last`.
local function win_hand(m, w, mine, theirs, up, last, what)
  local d = m:var("dealer")
  m:arrange("hand", w, mine)
  m:arrange("hand", 3 - w, theirs)
  m:arrange("discard", nil, { up })
  m:events()
  if w == d then apply(m, 3 - w, "pass", what) end
  apply(m, w, "take", what)
  return apply(m, w, last, what)
end

local function new_match(seed, options)
  return fuda.match{ variant = "round-the-corner", seats = 2, seed = seed, options = options }
end

-- Gin with Q-K-A of spades (the upcard As), 4h-5h-6h and four nines; the loser lays off 7h then 8h
-- on the hearts and 2s then 3s on Q-K-A round the corner: 5c 8c 7d = 20 left, 20 + 25 = 45.
local GIN_MINE = { "4h", "5h", "6h", "Qs", "Ks", "9s", "9d", "9c", "9h", "5d" }
local GIN_THEIRS = { "7h", "8h", "2s", "3s", "Kd", "Qd", "Jd", "5c", "8c", "7d" }
local function gin45(m, w, what) return win_hand(m, w, GIN_MINE, GIN_THEIRS, "As", "gin 5d", what) end

-- A knock with deadwood 2 against 35 (As-2s-3s and three fives melded): 33.
local function knock33(m, w, what)
  return win_hand(m, w, { "4h", "5h", "6h", "9s", "9d", "9c", "Jc", "Qc", "2d", "8s" },
                  { "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8c", "7d" }, "Kc", "knock 8s", what)
end

-- Corner runs: Q-K-A and K-A-2 in the knocker's melds; A-2-3 (ace low) in the defender's.
do
  local what = "corner runs"
  local m = new_match(1)
  local w = 3 - m:var("dealer")
  win_hand(m, w, { "Kh", "Ah", "2h", "Qs", "Ks", "9c", "9d", "9s", "3d", "8c" },
           { "4c", "5c", "6c", "Ac", "2c", "3c", "10d", "Jd", "Qd", "5h" }, "As", "knock 8c", what)
  local ev = m:events()
  check(any_match(ev, "Seat " .. w .. " knocks: melds {Qs} {Ks} {As} | {9s} {9d} {9c} | {Kh} {Ah} {2h}, deadwood {3d} = 3."),
        what .. ": Q-K-A and K-A-2 melded")
  check(any_match(ev, "shows melds {10d} {Jd} {Qd} | {Ac} {2c} {3c} {4c} {5c} {6c}, deadwood {5h} = 5."),
        what .. ": A-2-3-4-5-6 melded")
  eq(m:total(w), 2, what .. ": 5 - 3 = 2")
  check(contains(m:scoresheet(), "seat " .. w .. " +2: knock 2"), what .. ": scoresheet")
  local t = m:tallies()
  eq(t["run:ace high"], 1, what .. ": Q-K-A tally")
  eq(t["run:round the corner"], 1, what .. ": K-A-2 tally")
  -- In plain Gin the same cards do not meld round the corner: no knock.
  local g = fuda.match{ variant = "gin", seats = 2, seed = 1 }
  local gw = 3 - g:var("dealer")
  g:arrange("hand", gw, { "Kh", "Ah", "2h", "Qs", "Ks", "9c", "9d", "9s", "3d", "8c" })
  g:arrange("discard", nil, { "As" })
  apply(g, gw, "take", what .. " (gin)")
  check(not has(g:moves(gw), "knock 8c"), what .. ": no knock in plain Gin")
end

-- The defender's ace left in deadwood counts 15: Ad + Kd + 8c + 7d = 40 (2s-3s-4s and the fives
-- melded), 40 - 2 = 38.
do
  local what = "defender's ace 15"
  local m = new_match(2)
  local w = 3 - m:var("dealer")
  win_hand(m, w, { "4h", "5h", "6h", "9s", "9d", "9c", "Jc", "Qc", "2d", "8s" },
           { "Ad", "2s", "3s", "4s", "5c", "5d", "5s", "Kd", "8c", "7d" }, "Kc", "knock 8s", what)
  check(any_match(m:events(), "deadwood {Ad} {7d} {8c} {Kd} = 40."), what .. ": the ace at 15")
  eq(m:total(w), 38, what .. ": 40 - 2")
  check(contains(m:scoresheet(), "knock 38"), what .. ": scoresheet")
  eq(m:tallies()["deadwood:ace 15"], 1, what .. ": tally")
end

-- The knocker's ace counts 15 too: with Ad kept (15) there is no knock; with knock_limit = 15
-- there is, scored at 15. The defender lays its Ac off on Jc-Qc-Kc (ace high): 40 - 15 = 25.
do
  local what = "knocker's ace 15"
  local mine = { "4h", "5h", "6h", "9s", "9d", "9c", "Jc", "Qc", "Ad", "8s" }
  local theirs = { "Ac", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8c", "7d" }
  local m = new_match(3)
  local w = 3 - m:var("dealer")
  m:arrange("hand", w, mine)
  m:arrange("discard", nil, { "Kc" })
  apply(m, w, "take", what)
  check(not has(m:moves(w), "knock 8s"), what .. ": no knock keeping Ad (deadwood 15)")
  check(has(m:moves(w), "knock Ad"), what .. ": a knock throwing Ad (deadwood 8)")
  check(contains(m:view(w), "{Ad} {8s}   deadwood 23, 8 after discarding {Ad}"), what .. ": the view counts the ace 15")
  m = new_match(3, { knock_limit = 15 })
  win_hand(m, w, mine, theirs, "Kc", "knock 8s", what)
  local ev = m:events()
  check(any_match(ev, "deadwood {Ad} = 15."), what .. ": the knocker's ace at 15")
  check(any_match(ev, "lays off {Ac} on {Jc} {Qc} {Kc}."), what .. ": Ac laid off high")
  check(any_match(ev, "wins the knock: 40 - 15 = 25 points."), what .. ": scored")
  eq(m:total(w), 25, what .. ": total")
end

-- Layoffs against gin, chained, and round the corner.
do
  local what = "layoffs after gin"
  local m = new_match(4)
  local w = 3 - m:var("dealer")
  gin45(m, w, what)
  local ev = m:events()
  check(any_match(ev, "lays off {7h} on {4h} {5h} {6h}."), what .. ": 7h")
  check(any_match(ev, "lays off {8h} on {4h} {5h} {6h} {7h}."), what .. ": 8h chained")
  check(any_match(ev, "lays off {2s} on {Qs} {Ks} {As}."), what .. ": 2s round the corner")
  check(any_match(ev, "lays off {3s} on {Qs} {Ks} {As} {2s}."), what .. ": 3s chained round the corner")
  check(any_match(ev, "wins with gin: deadwood 20 + gin bonus 25 = 45 points."), what .. ": gin scored after layoffs")
  eq(m:total(w), 45, what .. ": total")
  check(contains(m:scoresheet(), "gin 20 + 25"), what .. ": scoresheet")
  local t = m:tallies()
  eq(t["layoff"], 2, what .. ": two first layoffs")
  eq(t["layoff:chain"], 2, what .. ": two chained")
  eq(t["layoff:after gin"], 4, what .. ": four after gin")
  -- layoff_after_gin = false: the same hand scores the 40 the loser holds, + 25.
  m = new_match(4, { layoff_after_gin = false })
  gin45(m, w, what)
  eq(m:total(w), 65, what .. ": no layoffs: 40 + 25")
end

-- Game to 125: 45 + 45 + 33 = 123 goes on (Gin's 100 would have ended it); 33 more ends it:
-- 156 + game 100 + 4 boxes x 25 = 356, a shutout doubles it to 712.
do
  local what = "game 125"
  local m = new_match(5)
  gin45(m, 1, what)
  m:next_hand()
  gin45(m, 1, what)
  m:next_hand()
  knock33(m, 1, what)
  eq(m:total(1), 123, what .. ": 123")
  eq(m:phase(), "hand_over", what .. ": 123 < 125 goes on")
  check(contains(m:view(1), "Game to 125."), what .. ": the view says 125")
  m:next_hand()
  knock33(m, 1, what)
  eq(m:phase(), "match_over", what .. ": 156 ends it")
  eq(m:total(1), 712, what .. ": (156 + 100 + 100) x 2")
  local sheet = m:scoresheet()
  check(contains(sheet, "seat 1 +100: game bonus"), what .. ": game bonus")
  check(contains(sheet, "seat 1 +100: box 4 x 25"), what .. ": boxes")
  check(contains(sheet, "seat 1 +356: shutout: total doubled"), what .. ": shutout")
end

-- The discard pile is open: both players' views list it whole, bottom to top.
do
  local what = "public discard pile"
  local m = new_match(6)
  local d = m:var("dealer")
  local nd = 3 - d
  m:arrange("hand", nd, { "4h", "5h", "6h", "9s", "9d", "9c", "Jc", "Qc", "2d", "8s" })
  m:arrange("hand", d, { "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8c", "7d" })
  m:arrange("discard", nil, { "10h" })
  m:arrange("stock", nil, { "Ks", "3h" }, true)
  apply(m, nd, "pass", what)
  apply(m, d, "pass", what)
  apply(m, nd, "draw", what) -- Ks
  apply(m, nd, "discard Ks", what)
  apply(m, d, "draw", what) -- 3h
  apply(m, d, "discard Kd", what)
  for s = 1, 2 do
    check(contains(m:view(s), "Discard: {Kd}   Stock: 29")
          and contains(m:view(s), "\nDiscard pile, bottom to top: {10h} {Ks} {Kd}\n"), what .. ": seat " .. s .. " sees the whole pile")
  end
  local g = fuda.match{ variant = "gin", seats = 2, seed = 6 }
  check(not contains(g:view(1), "Discard pile"), what .. ": plain Gin shows the top card only")
end

-- The basic bots play a match to its end, melding round the corner.
do
  local what = "bots"
  local m = new_match(7)
  local hands = 0
  while m:phase() ~= "match_over" and hands < 200 do
    m:play_bots({ "basic", "basic" })
    hands = hands + 1
    if m:phase() == "hand_over" then m:next_hand() end
  end
  eq(m:phase(), "match_over", what .. ": the match ends")
  check(m:total(1) >= 125 or m:total(2) >= 125, what .. ": someone reached 125")
end

T.summary("round_the_corner")
