-- Dobon: the opening -- the race on the flipped card, the flipper's own chance, flipping again,
-- flips without effect, and the neighbour window that sets the direction.
-- Run: ./fuda run tests/lua/dobon_opening.lua

local T = dofile("tests/lua/lib/t.lua")
local B = dofile("tests/lua/lib/dobon.lua")
local check, eq, has = T.check, T.eq, T.has
local list_eq, apply, top = T.list_eq, T.apply, T.top
local game, window = B.game, B.window

---------------------------------------------------------------------------------------------------
-- The race: several players play on the flipped card, a random one wins.
do
  local winners = {}
  local from = 1
  for round = 1, 12 do
    local m, seed = game(3, 3, { field = "Kh", hands = { [1] = { "5h", "3c", "4d" }, [2] = { "9h", "2c", "6s" },
                                                           [3] = { "Qs", "Qd", "Qc" } } }, from)
    from = seed + 1
    local w = "race " .. round
    eq(m:claim(), "opening", w .. ": the flip opens a window")
    check(list_eq(m:actors(), { 1, 2 }), w .. ": everyone but the flipper may play")
    local mv = m:moves(1)
    check(has(mv, "play 5h") and has(mv, "pass") and not has(mv, "draw") and not has(mv, "play 3c"),
          w .. ": window moves are matching cards and pass")
    apply(m, 1, "play 5h", w)
    eq(m:claim(), "opening", w .. ": the window waits for seat 2")
    apply(m, 2, "play 9h", w)
    local t = top(m)
    check(t == "5h" or t == "9h", w .. ": one of the claimed cards is on the field")
    local winner = t == "5h" and 1 or 2
    winners[winner] = true
    eq(#m:pile("hand", winner), 2, w .. ": the winner played one card")
    eq(#m:pile("hand", 3 - winner), 3, w .. ": the loser keeps the card")
    eq(m:claim(), "neighbours", w .. ": then the neighbours' window")
    check(list_eq(m:actors(), winner == 1 and { 2, 3 } or { 1, 3 }), w .. ": both neighbours of the winner")
  end
  check(winners[1] and winners[2], "race: over 12 games each claimant won at least once")
end

---------------------------------------------------------------------------------------------------
-- Nobody plays: the flipper may (plays or pass, no draw); the flipper's play is the first play.
do
  local m = game(3, 2, { field = "Kh", hands = { [1] = { "5s", "3c", "4d" }, [2] = { "9h", "2c", "6s" },
                                                  [3] = { "Qs", "Qd", "Qc" } } })
  window(m, {}, "nobody")
  eq(m:claim(), nil, "nobody: the window is closed")
  check(list_eq(m:actors(), { 2 }), "nobody: the flipper acts")
  local mv = m:moves(2)
  check(has(mv, "play 9h") and has(mv, "pass") and not has(mv, "draw"), "nobody: flipper plays or passes")
  apply(m, 2, "play 9h", "flipper plays")
  eq(top(m), "9h", "flipper plays: 9h on the field")
  eq(m:claim(), "neighbours", "flipper plays: the neighbours' window opens")
  check(list_eq(m:actors(), { 1, 3 }), "flipper plays: both neighbours")
end

-- Nobody at all: flip again, the same flipper, a new window.
do
  local m = game(3, 1, { field = "Kh", stock = { "8d" }, hands = { [1] = { "5s", "3c", "4d" },
                                                   [2] = { "9s", "2c", "6s" }, [3] = { "Qs", "Qd", "Qc" } } })
  window(m, {}, "flip again")
  apply(m, 1, "pass", "flip again: flipper passes")
  local f = m:pile("field")
  eq(#f, 2, "flip again: a second card on the field")
  eq(f[2], "8d", "flip again: the stock top is flipped")
  eq(m:claim(), "opening", "flip again: a new window")
  check(list_eq(m:actors(), { 2, 3 }), "flip again: for everyone but the flipper")
  eq(m:var("flipper"), 1, "flip again: same flipper")
  check(has(m:moves(3), "play Qd") and has(m:moves(1 + 1), "play 2c") == false, "flip again: matching the new card")
  eq(#m:pile("stock"), 52 - 9 - 2, "flip again: stock count")
end

-- Opening flips have no effect: a flipped 2 asks no draw, a flipped 11 is matched normally, a
-- flipped card cannot be dobon'd.
do
  local m = game(3, 3, { field = "2h", hands = { [1] = { "5h", "3c", "4s" }, [2] = { "As", "Ad", "9c" },
                                                  [3] = { "Qs", "Qd", "Qc" } } })
  eq(m:claim(), "opening", "flipped 2: an ordinary window")
  check(has(m:moves(1), "play 5h"), "flipped 2: a heart may be played on it")
  eq(m:var("twos"), 0, "flipped 2: no pending draw")
  check(not has(m:moves(2), "dobon"), "flipped 2: a hand of two aces and a 9 cannot dobon a flip")
end
do
  local m = game(3, 3, { field = "7h", hands = { [1] = { "As", "2d", "4d" }, [2] = { "5h", "Js", "9c" },
                                                  [3] = { "Qs", "Qd", "Qc" } } })
  eq(m:claim(), "opening", "flipped 7: no dobon window on a flip (seat 1 totals 7)")
  local mv = m:moves(1)
  check(not has(mv, "dobon") and list_eq(mv, { "pass" }), "flipped 7: seat 1 can only pass")
  mv = m:moves(2)
  check(has(mv, "play 5h") and has(mv, "play Js") and has(mv, "play Js name s h d c")
        and has(mv, "play Js name d") and not has(mv, "play 9c"), "opening: an 11 is wild, with namings")
  local n11 = 0
  for _, x in ipairs(mv) do if x:find("^play Js") then n11 = n11 + 1 end end
  eq(n11, 16, "opening: an 11 can name each of the 16 sets of suits")
  eq(mv[#mv], "pass", "opening: pass listed last")
end
do
  local m = game(3, 3, { field = "Jh", hands = { [1] = { "5h", "3c", "4s" }, [2] = { "Qs", "Js", "9c" },
                                                  [3] = { "Qd", "Kd", "Qc" } } })
  check(has(m:moves(1), "play 5h") and not has(m:moves(1), "play 3c"), "flipped 11: matched by suit, not wild")
  eq(m:var("wild"), false, "flipped 11: no suits named")
end

-- The first play can be dobon'd (it is a placement, not a flip).
do
  local m = game(3, 3, { field = "Kh", hands = { [1] = { "5h", "3c", "4s" }, [2] = { "As", "Ad", "3d" },
                                                  [3] = { "Qs", "Qd", "Qc" } } })
  window(m, { [1] = "play 5h" }, "first play dobon")
  eq(m:claim(), "dobon", "first play: a dobon window")
  check(list_eq(m:actors(), { 2 }), "first play: only seat 2 (total 5) may declare")
  check(list_eq(m:moves(2), { "dobon", "pass" }), "first play: dobon or pass")
  apply(m, 2, "dobon", "first play dobon")
  eq(m:phase(), "hand_over", "first play dobon: the game ends")
  eq(m:total(2), 1, "first play dobon: +1 to the declarer")
end

---------------------------------------------------------------------------------------------------
-- The neighbours: whoever plays sets the direction; neither: a random one of them.
-- Five seats, flipper 3; seat 1 makes the first play; its neighbours are 2 and 5.
local HANDS5 = { [1] = { "5h", "3c", "4s" }, [2] = { "9h", "2c", "6s" }, [3] = { "Qs", "Qd", "Qc" },
                 [4] = { "Ks", "Kd", "Kc" }, [5] = { "8h", "10c", "10s" } }

local function first_play(from)
  local m, seed = game(5, 3, { field = "Kh", hands = HANDS5 }, from)
  window(m, { [1] = "play 5h" }, "first play")
  while m:claim() == "dobon" do window(m, {}, "no dobon") end
  return m, seed
end

do
  local m = first_play()
  eq(m:claim(), "neighbours", "neighbours: window after the first play")
  check(list_eq(m:actors(), { 2, 5 }), "neighbours: seats 2 and 5")
  local mv = m:moves(5)
  check(has(mv, "play 8h") and has(mv, "pass") and not has(mv, "draw"), "neighbours: plays and pass")
  window(m, { [5] = "play 8h" }, "seat 5 plays")
  while m:claim() == "dobon" do window(m, {}, "no dobon") end
  eq(top(m), "8h", "seat 5 plays: 8h on top")
  check(list_eq(m:actors(), { 4 }), "seat 5 plays: the direction runs 1 -> 5 -> 4")
  apply(m, 4, "draw", "seat 4 draws")
  check(list_eq(m:actors(), { 3 }), "seat 5 plays: then 3")
end
do
  local m = first_play()
  window(m, { [2] = "play 9h" }, "seat 2 plays")
  while m:claim() == "dobon" do window(m, {}, "no dobon") end
  check(list_eq(m:actors(), { 3 }), "seat 2 plays: the direction runs 1 -> 2 -> 3")
end
do
  local seen, from = {}, 1
  for round = 1, 16 do
    local m, seed = first_play(from)
    from = seed + 1
    window(m, { [2] = "play 9h", [5] = "play 8h" }, "both play")
    while m:claim() == "dobon" do window(m, {}, "no dobon") end
    local t = top(m)
    local w = t == "9h" and 2 or 5
    seen[w] = true
    check(list_eq(m:actors(), { w == 2 and 3 or 4 }), "both play: direction follows the winner " .. w)
    eq(#m:pile("hand", 7 - w), 3, "both play: the other keeps the card")
  end
  check(seen[2] and seen[5], "both play: each neighbour won at least once")
end
do
  local seen, from = {}, 1
  for round = 1, 16 do
    local m, seed = first_play(from)
    from = seed + 1
    window(m, {}, "neither plays")
    local a = m:actors()
    check(#a == 1 and (a[1] == 2 or a[1] == 5), "neither plays: a neighbour takes the turn")
    local t = a[1]
    seen[t] = true
    check(has(m:moves(t), "draw"), "neither plays: an ordinary turn")
    apply(m, t, "draw", "neither plays")
    check(list_eq(m:actors(), { t == 2 and 3 or 4 }), "neither plays: the direction goes toward " .. t)
  end
  check(seen[2] and seen[5], "neither plays: each neighbour got the turn at least once")
end

-- Two players: the only neighbour is the other player.
do
  local m = game(2, 2, { field = "Kh", hands = { [1] = { "5h", "3c", "4s" }, [2] = { "9h", "2c", "6s" } } })
  check(list_eq(m:actors(), { 1 }), "2 players: only the non-flipper in the opening window")
  window(m, { [1] = "play 5h" }, "2 players")
  eq(m:claim(), "neighbours", "2 players: neighbours' window")
  check(list_eq(m:actors(), { 2 }), "2 players: one neighbour")
  window(m, {}, "2 players pass")
  check(list_eq(m:actors(), { 2 }), "2 players: the neighbour takes the turn")
end

T.summary("dobon_opening")
