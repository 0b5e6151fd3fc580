-- Zun: the special cards (A skip, 2 draw, 5 gosita, 8 wild with named suits, 9 reverse, Joker pass),
-- several cards at once, and what may not be played.
-- Run: ./fuda run tests/lua/zun_specials.lua

local T = dofile("tests/lua/lib/t.lua")
local Z = dofile("tests/lua/lib/zun.lua")
local check, eq, has, apply = T.check, T.eq, T.has, T.apply
local refused, top, actors, any_event = T.refused, T.top, T.actors, T.any_match
local game, window = Z.game, Z.window

local HI2 = { "Kc", "Qc", "Jc", "10c" }   -- total 46: never a zun
local HI3 = { "Kh", "Qh", "Jh", "10h" }
local HI4 = { "Kd", "Qd", "Jd", "10d" }

-- A skips one player per ace: 3 and 4 players, one and two aces; with 2 players the same seat again.
do
  local m = game(3, 1, { field = "7s", hands = { { "As", "Ah", "Kd", "Qd" }, HI2, HI3 } })
  apply(m, 1, "play As", "A x1, 3p")
  eq(actors(m), "3", "A x1, 3 players: seat 2 is skipped")
  check(any_event(m:events(), "Skip: Seat 2 skipped."), "A x1: the skip names the seat skipped")
  m = game(3, 1, { field = "7s", hands = { { "As", "Ah", "Kd", "Qd" }, HI2, HI3 } })
  apply(m, 1, "play As Ah", "A x2, 3p")
  eq(actors(m), "1", "A x2, 3 players: seats 2 and 3 skipped, seat 1 again")
  eq(top(m), "Ah", "A x2: the last card listed is the new top")
  m = game(4, 1, { field = "7s", hands = { { "As", "Ah", "Kd", "Qd" }, HI2, HI3, { "Ks", "Qs", "Js", "10s" } } })
  apply(m, 1, "play As Ah", "A x2, 4p")
  eq(actors(m), "4", "A x2, 4 players: seats 2 and 3 skipped")
  check(any_event(m:events(), "Skip: Seat 2 and Seat 3 skipped."), "A x2: both named")
  m = game(4, 1, { field = "7s", hands = { { "As", "Ah", "Kd", "Qd" }, HI2, HI3, { "Ks", "Qs", "Js", "10s" } } })
  apply(m, 1, "play As", "A x1, 4p")
  eq(actors(m), "3", "A x1, 4 players: seat 2 skipped")
  m = game(2, 1, { field = "7s", hands = { { "As", "Ah", "Kd", "Qd" }, HI2 } })
  apply(m, 1, "play As", "A x1, 2p")
  eq(actors(m), "1", "A x1, 2 players: the same player again")
  m = game(2, 1, { field = "7s", hands = { { "As", "Ah", "Kd", "Qd" }, HI2 } })
  apply(m, 1, "play As Ah", "A x2, 2p")
  check(any_event(m:events(), "Skip: Seat 2 and Seat 1 skipped."), "A x2, 2 players: each seat passed over is named")
end

-- 2s stack up to 8, an 8 cancels them all.
do
  local m = game(4, 1, { field = "7h", hands = { { "2h", "Kc", "Qc", "Jc" }, { "2s", "Kd", "Qd", "Jd" },
                                                 { "2d", "2c", "Ks", "Qs" }, { "8c", "Kh", "Qh", "Jh" } } })
  apply(m, 1, "play 2h", "2 stack")
  eq(m:var("pending"), 2, "one 2: 2 pending")
  local mv = m:moves(2)
  check(has(mv, "draw") and has(mv, "play 2s"), "answer a 2: draw or a 2")
  check(not has(mv, "play Kd"), "answer a 2: no other card")
  apply(m, 2, "play 2s", "2 stack")
  eq(m:var("pending"), 4, "two 2s: 4 pending")
  check(has(m:moves(3), "play 2d 2c"), "two 2s at once may answer")
  apply(m, 3, "play 2d 2c", "2 stack")
  eq(m:var("pending"), 8, "four 2s: 8 pending")
  mv = m:moves(4)
  check(has(mv, "play 8c") and has(mv, "play 8c name h d") and not has(mv, "play Kh"), "answer with an 8")
  apply(m, 4, "play 8c", "8 cancels")
  eq(m:var("pending"), 0, "the 8 cancels all 8 pending cards")
  check(any_event(m:events(), "cancels the pending draw of 8"), "cancel event")
  eq(actors(m), "1", "seat 1 plays next")
  mv = m:moves(1)
  check(has(mv, "play Kc") and not has(mv, "play 2h"), "after the 8: normal matching on the 8 (clubs)")
end

-- The penalty draw: the whole amount is the turn; play goes on against the same top, no effect,
-- no zun for the drawer on that card (not even with a matching total).
do
  local m = game(3, 1, { options = { hand_size = 3 }, field = "7h",
                         hands = { { "2h", "Kc", "Qc" }, { "2s", "2d", "Jk" }, { "3h", "Ks", "Qs" } },
                         stock = { "2c", "Jk" } })
  apply(m, 1, "play 2h", "penalty")
  eq(m:claim(), "zun", "seat 2 (total 2) may zun on the 2")
  window(m, {}, "penalty")
  apply(m, 2, "draw", "penalty")
  eq(#m:pile("hand", 2), 5, "the drawer took the 2 pending cards")
  eq(m:var("pending"), 0, "nothing pending after the draw")
  eq(m:claim(), nil, "no zun window after a penalty draw (though the total is still 2)")
  eq(m:seat_var(2, "barred"), m:var("top_id"), "the drawer is barred on that top card")
  eq(top(m), "2h", "the top card stays")
  eq(actors(m), "3", "the next player plays")
  local mv = m:moves(3)
  check(has(mv, "play 3h") and has(mv, "draw"), "against the 2h with no effect: hearts")
end

-- 5 gosita: a 5, or below 5 of the field suit, or 8, or Joker. A 5 keeps it, below 5 ends it.
do
  local m = game(3, 1, { field = "7h", hands = { { "5h", "Kc", "Qc", "Jc" }, { "6h", "3h", "3s", "5s" },
                                                 { "4s", "4h", "Kd", "8d" } } })
  apply(m, 1, "play 5h", "gosita")
  check(m:var("gosita"), "5: gosita")
  local mv = m:moves(2)
  check(has(mv, "play 5s") and has(mv, "play 3h"), "gosita: a 5 or a small heart")
  check(not has(mv, "play 6h") and not has(mv, "play 3s"), "gosita: not a 6 of the suit, not a small card of another suit")
  apply(m, 2, "play 5s", "gosita")
  check(m:var("gosita"), "a 5 on a 5 keeps the gosita")
  mv = m:moves(3)
  check(has(mv, "play 4s") and has(mv, "play 8d") and not has(mv, "play 4h") and not has(mv, "play Kd"),
        "gosita on 5s: 4s or the 8, not 4h or Kd")
  apply(m, 3, "play 4s", "gosita")
  check(not m:var("gosita"), "a card below 5 ends the gosita")
  m = game(3, 1, { field = "7h", hands = { { "5h", "Kc", "Qc", "Jc" }, { "8d", "3h", "3s", "Ks" }, HI4 } })
  apply(m, 1, "play 5h", "gosita 8")
  apply(m, 2, "play 8d", "gosita 8")
  check(not m:var("gosita"), "an 8 ends the gosita")
end

-- Joker: passes the 5 on; keeps the suit, not the rank; passes the 2s on (a 2 may answer).
do
  local m = game(3, 1, { field = "7h", hands = { { "5h", "Kc", "Qc", "Jc" }, { "Jk", "Kd", "Qd", "Jd" },
                                                 { "5s", "3h", "3s", "Ks" } } })
  apply(m, 1, "play 5h", "joker 5")
  apply(m, 2, "play Jk", "joker 5")
  check(m:var("gosita"), "the Joker passes the gosita on")
  local mv = m:moves(3)
  check(has(mv, "play 5s") and has(mv, "play 3h"), "after 5h + Joker: a 5, or a small heart")
  check(not has(mv, "play 3s") and not has(mv, "play Ks"), "after 5h + Joker: not a small spade, not a K")

  m = game(3, 1, { field = "7h", hands = { { "Jk", "Kc", "Qc", "Jc" }, { "7s", "3h", "Ks", "Kh" }, HI4 } })
  apply(m, 1, "play Jk", "joker suit")
  mv = m:moves(2)
  check(has(mv, "play 3h"), "Joker on 7h: a heart may follow")
  check(not has(mv, "play 7s"), "Joker on 7h: the rank 7 is not kept")

  m = game(3, 1, { field = "7h", hands = { { "2h", "Kc", "Qc", "Jc" }, { "Jk", "Kd", "Qd", "Jd" },
                                           { "2s", "3h", "4c", "Ks" } } })
  apply(m, 1, "play 2h", "joker 2")
  apply(m, 2, "play Jk", "joker 2")
  eq(m:var("pending"), 2, "the Joker passes the 2 pending cards on")
  mv = m:moves(3)
  check(has(mv, "play 2s") and not has(mv, "play 3h"), "after 2h + Joker: a 2 answers, a heart does not")
  apply(m, 3, "draw", "joker 2")
  eq(#m:pile("hand", 3), 6, "the third player drew the 2")
  mv = m:moves(1)
  check(has(mv, "play Kc") == false, "after the penalty: hearts (Joker over 2h), no clubs")
end

-- Joker on an A or a 9 passes the skip or the reverse on (option joker_repeats).
do
  local function run(opt)
    local m = game(4, 1, { options = { joker_repeats = opt }, field = "7h",
                           hands = { { "Ah", "Kc", "Qc", "Jc" }, HI4, { "Jk", "Ks", "Qs", "Js" }, { "Kh", "Qh", "Jh", "10s" } } })
    apply(m, 1, "play Ah", "joker A")
    eq(actors(m), "3", "A skips seat 2")
    apply(m, 3, "play Jk", "joker A")
    return actors(m)
  end
  eq(run(true), "1", "Joker on A: seat 4 is skipped too")
  eq(run(false), "4", "joker_repeats=false: no second skip")
end

-- 8 names two suits (or one, or none).
do
  local m = game(3, 1, { field = "7h", hands = { { "8s", "Kc", "Qc", "Jc" }, { "3h", "4d", "6s", "6c" }, HI4 } })
  local mv = m:moves(1)
  check(has(mv, "play 8s") and has(mv, "play 8s name h") and has(mv, "play 8s name h d"), "8: the naming moves")
  check(not has(mv, "play 8s name d h") and not has(mv, "play 8s name s h d"), "8: suits in s h d c order, two at most")
  apply(m, 1, "play 8s name h d", "8 names")
  eq(m:var("named"), "hd", "named hearts and diamonds")
  mv = m:moves(2)
  check(has(mv, "play 3h") and has(mv, "play 4d"), "named suits may follow")
  check(not has(mv, "play 6s") and not has(mv, "play 6c"), "other suits may not (not even the 8's own)")
  m = game(3, 1, { field = "7h", hands = { { "8s", "Kc", "Qc", "Jc" }, { "3h", "4d", "6s", "6c" }, HI4 } })
  apply(m, 1, "play 8s", "8 no name")
  mv = m:moves(2)
  check(has(mv, "play 6s") and not has(mv, "play 3h"), "8 naming nothing: match the 8 itself")
  m = game(3, 1, { field = "Kh", hands = { { "8s", "Kc", "Qc", "Jc" }, { "3h", "4d", "6s", "6c" }, HI4 } })
  apply(m, 1, "play 8s name c", "8 one suit")
  mv = m:moves(2)
  check(has(mv, "play 6c") and not has(mv, "play 6s") and not has(mv, "play 3h"), "8 naming clubs")
end

-- 9 reverses: 4 and 3 players; two 9s reverse twice; with 2 players nothing changes.
do
  local m = game(4, 1, { field = "7h", hands = { { "9h", "9s", "Ks", "Qs" }, HI2, HI3, HI4 } })
  apply(m, 1, "play 9h", "9 4p")
  eq(m:var("first") and actors(m), "4", "9, 4 players: play turns back to seat 4")
  m = game(4, 1, { field = "7h", hands = { { "9h", "9s", "Ks", "Qs" }, HI2, HI3, HI4 } })
  apply(m, 1, "play 9h 9s", "9x2 4p")
  eq(actors(m), "2", "two 9s, 4 players: the direction is unchanged")
  m = game(3, 1, { field = "7h", hands = { { "9h", "9s", "Ks", "Qs" }, HI2, HI3 } })
  apply(m, 1, "play 9h", "9 3p")
  eq(actors(m), "3", "9, 3 players: seat 3 next")
  m = game(2, 1, { field = "7h", hands = { { "9h", "9s", "Ks", "Qs" }, HI2 } })
  apply(m, 1, "play 9h", "9 2p")
  eq(actors(m), "2", "9, 2 players: the other player next")
  apply(m, 2, "draw", "9 2p")
  eq(actors(m), "1", "9, 2 players: and back")
end

-- Several cards of one rank: the bottom must match, the last is the new top; never the whole hand.
do
  local m = game(3, 1, { field = "6h", hands = { { "9h", "9s", "9c", "Kd" }, HI2, HI3 } })
  local mv = m:moves(1)
  check(has(mv, "play 9h 9s 9c") and has(mv, "play 9h 9c 9s") and has(mv, "play 9h 9s"), "plays of several 9s")
  check(not has(mv, "play 9s 9h 9c") and not has(mv, "play 9s"), "the bottom card must match the 6h")
  check(not has(mv, "play Kd"), "Kd does not match")
  refused(m, 1, "play 9s 9h", "bottom not matching")
  apply(m, 1, "play 9h 9s 9c", "several")
  eq(top(m), "9c", "the last card listed is on top")
  eq(#m:pile("hand", 1), 1, "three cards left the hand")
  eq(actors(m), "3", "three 9s reverse three times (3 players: seat 3 next)")
  m = game(3, 1, { field = "7h", hands = { { "3h", "3s", "3d", "3c" }, HI2, HI3 } })
  mv = m:moves(1)
  check(has(mv, "play 3h 3s 3d") and not has(mv, "play 3h 3s 3d 3c"), "a play may not empty the hand")
  m = game(3, 1, { options = { hand_size = 1 }, field = "7h", hands = { { "3h" }, { "Kc" }, { "Kh" } } })
  mv = m:moves(1)
  eq(table.concat(mv, ","), "draw", "one card in hand: only draw")
end

-- More combinations: a Joker passes an 8's named suits; a Joker on a Joker; a Joker answers 2s and
-- an 8 then cancels them; an A or a 2 of the field suit ends a gosita (and does its own work);
-- after the penalty a 2 may still follow a Joker over a 2; a Joker on a 9 reverses again.
do
  local m = game(3, 1, { field = "7h", hands = { { "8s", "Kc", "Qc", "Jc" }, { "Jk", "Kd", "Qd", "Jd" },
                                                 { "3d", "3s", "Jk", "Ks" } } })
  apply(m, 1, "play 8s name d", "joker 8")
  apply(m, 2, "play Jk", "joker 8")
  eq(m:var("named"), "d", "joker 8: the named suit is passed on")
  local mv = m:moves(3)
  check(has(mv, "play 3d") and not has(mv, "play 3s") and not has(mv, "play Ks"), "joker 8: diamonds only")
  check(has(mv, "play Jk"), "joker on joker: allowed")
  apply(m, 3, "play Jk", "joker on joker")
  eq(m:var("named"), "d", "joker on joker: still diamonds")
  check(has(m:moves(1), "play 8s") == false and has(m:moves(1), "play Kc") == false, "joker on joker: seat 1 has no diamond")
end
do
  local m = game(4, 1, { field = "7h", hands = { { "2h", "Kc", "Qc", "Jc" }, { "Jk", "Kd", "Qd", "Jd" },
                                                 { "2s", "Ks", "Qs", "Js" }, { "8c", "Kh", "Qh", "Jh" } } })
  apply(m, 1, "play 2h", "joker then 8")
  apply(m, 2, "play Jk", "joker then 8")
  apply(m, 3, "play 2s", "joker then 8")
  eq(m:var("pending"), 4, "joker then 8: 2 + (Joker) + 2 = 4 pending")
  apply(m, 4, "play 8c name s", "joker then 8")
  eq(m:var("pending"), 0, "joker then 8: the 8 cancels them")
end
do
  local m = game(4, 1, { field = "7h", hands = { { "5h", "Kc", "Qc", "Jc" }, { "Ah", "As", "Kd", "Qd" },
                                                 { "Ks", "Qs", "Js", "10s" }, { "Kh", "Qh", "Jh", "10h" } } })
  apply(m, 1, "play 5h", "gosita A")
  local mv = m:moves(2)
  check(has(mv, "play Ah") and not has(mv, "play As"), "gosita A: the A of the field suit only")
  apply(m, 2, "play Ah", "gosita A")
  check(not m:var("gosita"), "gosita A: ended")
  eq(actors(m), "4", "gosita A: and the skip works")
  m = game(3, 1, { field = "7h", hands = { { "5h", "Kc", "Qc", "Jc" }, { "2h", "2s", "Kd", "Qd" }, { "Ks", "Qs", "Js", "10s" } } })
  apply(m, 1, "play 5h", "gosita 2")
  mv = m:moves(2)
  check(has(mv, "play 2h") and has(mv, "play 2h 2s") and not has(mv, "play 2s"), "gosita 2: the 2 of the field suit at the bottom")
  apply(m, 2, "play 2h 2s", "gosita 2")
  check(not m:var("gosita"), "gosita 2: ended")
  eq(m:var("pending"), 4, "gosita 2: two 2s pending 4")
end
do
  local m = game(3, 1, { field = "7h", hands = { { "2h", "Kc", "Qc", "Jc" }, { "Jk", "Kd", "Qd", "Jd" },
                                                 { "Ks", "Qs", "Js", "10s" } }, stock = { "10c", "9c" } })
  apply(m, 1, "play 2h", "joker over 2")
  apply(m, 2, "play Jk", "joker over 2")
  apply(m, 3, "draw", "joker over 2")
  eq(m:var("pending"), 0, "joker over 2: penalty drawn")
  local mv = m:moves(1)
  check(not has(mv, "play Kc"), "joker over 2: no clubs (the suit is hearts)")
  m = game(3, 1, { field = "7h", hands = { { "2h", "2c", "Qc", "Jc" }, { "Jk", "Kd", "Qd", "Jd" },
                                           { "Ks", "Qs", "Js", "10s" } }, stock = { "10c", "9c" } })
  apply(m, 1, "play 2h", "joker over 2")
  apply(m, 2, "play Jk", "joker over 2")
  apply(m, 3, "draw", "joker over 2")
  check(has(m:moves(1), "play 2c"), "joker over 2: after the penalty a 2 may still follow")
end
do
  local m = game(4, 1, { field = "7h", hands = { { "9h", "Kc", "Qc", "Jc" }, { "Kd", "Qd", "Jd", "10d" },
                                                 { "Ks", "Qs", "Js", "10s" }, { "Jk", "Kh", "Qh", "Jh" } } })
  apply(m, 1, "play 9h", "joker 9")
  eq(actors(m), "4", "joker 9: reversed to seat 4")
  apply(m, 4, "play Jk", "joker 9")
  eq(actors(m), "1", "joker 9: the Joker reverses again (clockwise: seat 1)")
end

T.summary("zun_specials")
