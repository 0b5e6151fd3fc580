-- Dobon: the special cards (1 skip, 2 draw, 7 reverse, 11 wild), the replacement after the last
-- card, and the field reshuffled into the stock.
-- Run: ./fuda run tests/lua/dobon_specials.lua

local T = dofile("tests/lua/lib/t.lua")
local B = dofile("tests/lua/lib/dobon.lua")
local check, eq, has, list_eq = T.check, T.eq, T.has, T.list_eq
local apply, top, any_event = T.apply, T.top, T.any_match
local game, window, settle = B.game, B.window, B.settle

-- Seat a makes the first play (the opening window), its neighbour b answers (the neighbours'
-- window): the direction runs a -> b.
local function opening(m, a, ca, b, cb)
  window(m, { [a] = ca }, "opening")
  settle(m)
  eq(m:claim(), "neighbours", "opening: neighbours' window")
  window(m, { [b] = cb }, "neighbours")
end

---------------------------------------------------------------------------------------------------
-- 1: skip.
do -- two players: the player moves again
  local m = game(2, 2, { field = "Kh", hands = { [1] = { "5h", "3c", "4s" }, [2] = { "Ah", "9d", "Qc" } } })
  opening(m, 1, "play 5h", 2, "play Ah")
  settle(m)
  local evs = m:events()
  check(list_eq(m:actors(), { 2 }), "skip, 2 players: the same player moves again")
  check(any_event(evs, "Seat 1 is skipped; Seat 2 plays again."), "skip, 2 players: event")
  local mv = m:moves(2)
  check(has(mv, "play Qc") == false and has(mv, "draw"), "skip, 2 players: plays against the A")
end
do -- three or more: the next player is skipped
  local m = game(4, 4, { field = "Kh", hands = { [1] = { "5h", "3c", "4s" }, [2] = { "Ah", "9d", "Qc" },
                                                  [3] = { "Qs", "Qd", "10c" }, [4] = { "Ks", "Kd", "Kc" } } })
  opening(m, 1, "play 5h", 2, "play Ah")
  settle(m)
  check(list_eq(m:actors(), { 4 }), "skip, 4 players: 3 is skipped, 4 plays")
  check(any_event(m:events(), "Seat 3 is skipped."), "skip, 4 players: event")
  m:events(4)
  apply(m, 4, "draw", "skip")
  local ev4 = m:events(4)
  local said, told
  for i, e in ipairs(ev4) do
    if e == "Seat 4 draws 1 card." then said = i end
    if e:find("^You drew {") then told = i end
  end
  check(said and told and said < told, "a draw: the table is told first, then the drawer its card: " .. table.concat(ev4, " / "))
  check(list_eq(m:actors(), { 1 }), "skip, 4 players: then 1")
end
do -- an A as the first play (first_skip = random): a random direction, its next player skipped
  local seen, from = {}, 1
  for round = 1, 12 do
    local m, seed = game(4, 4, { field = "Kh", hands = { [1] = { "Ah", "3c", "4s" }, [2] = { "6h", "9d", "Qc" },
                                                          [3] = { "Qs", "Qd", "10c" }, [4] = { "Ks", "Kd", "Kc" } } }, from)
    from = seed + 1
    window(m, { [1] = "play Ah" }, "first A")
    settle(m)
    eq(m:claim(), nil, "first A: no neighbours' window")
    check(list_eq(m:actors(), { 3 }), "first A, 4 players: 2 or 4 skipped, 3 plays")
    local evs = m:events()
    local dir = any_event(evs, "Seat 2 is skipped") and 1 or (any_event(evs, "Seat 4 is skipped") and -1)
    check(dir, "first A: a neighbour is skipped")
    if dir then
      seen[dir] = true
      apply(m, 3, "draw", "first A")
      check(list_eq(m:actors(), { dir == 1 and 4 or 2 }), "first A: the direction holds")
    end
  end
  check(seen[1] and seen[-1], "first A: both directions occur")
end
do -- first_skip = none: the A as first play opens the neighbours' window like any card
  local m = game(4, 4, { field = "Kh", options = { first_skip = "none" },
                         hands = { [1] = { "Ah", "3c", "4s" }, [2] = { "6h", "9d", "Qc" },
                                   [3] = { "Qs", "Qd", "10c" }, [4] = { "Ks", "Kd", "Kc" } } })
  window(m, { [1] = "play Ah" }, "first A none")
  settle(m)
  eq(m:claim(), "neighbours", "first_skip=none: neighbours' window")
  check(list_eq(m:actors(), { 2, 4 }), "first_skip=none: seats 2 and 4")
end

---------------------------------------------------------------------------------------------------
-- 7: reverse with 3+ players; not special with 2.
do
  local m = game(4, 4, { field = "Kh", hands = { [1] = { "5h", "3c", "4s" }, [2] = { "7h", "9d", "Qc" },
                                                  [3] = { "Qs", "Qd", "10c" }, [4] = { "Ks", "Kd", "Kc" } } })
  opening(m, 1, "play 5h", 2, "play 7h")
  settle(m)
  check(any_event(m:events(), "The direction is reversed."), "reverse: event")
  check(list_eq(m:actors(), { 1 }), "reverse, 4 players: back to 1")
  apply(m, 1, "draw", "reverse")
  check(list_eq(m:actors(), { 4 }), "reverse, 4 players: then 4")
end
do
  local m = game(2, 2, { field = "Kh", hands = { [1] = { "5h", "3c", "4s" }, [2] = { "7h", "9d", "Qc" } } })
  opening(m, 1, "play 5h", 2, "play 7h")
  settle(m)
  check(not any_event(m:events(), "reversed"), "reverse, 2 players: no reverse")
  check(list_eq(m:actors(), { 1 }), "reverse, 2 players: the other player")
end

---------------------------------------------------------------------------------------------------
-- 2: draw two per 2 in a row, or answer with a 2; no 11 in answer to a 2; stacked into bakuhatsu.
do
  local m = game(3, 3, { field = "Kh", hands = { [1] = { "5h", "2d", "4s" }, [2] = { "2h", "9d", "Qc" },
                                                  [3] = { "2s", "Jc", "Qd" } } })
  opening(m, 1, "play 5h", 2, "play 2h")
  settle(m)
  eq(m:var("twos"), 1, "2: one 2 pending")
  check(m:view(1):find("Pending: draw 2 (one 2 played), or answer with a 2.", 1, true), "2: the view says one 2")
  check(list_eq(m:actors(), { 3 }), "2: seat 3 answers")
  check(list_eq(m:moves(3), { "play 2s", "draw" }), "2: only a 2 or the penalty draw (no 11)")
  apply(m, 3, "play 2s", "2s")
  settle(m)
  eq(m:var("twos"), 2, "2: two 2s pending")
  check(m:view(1):find("(2 2s played in a row)", 1, true), "2: the view says two 2s in a row")
  check(list_eq(m:moves(1), { "play 2d", "draw" }), "2: seat 1 may answer")
  apply(m, 1, "play 2d", "2d")
  settle(m)
  eq(m:var("twos"), 3, "2: three 2s pending")
  eq(m:var("pending"), 6, "2: six cards to draw")
  check(list_eq(m:moves(2), { "draw" }), "2: seat 2 has no 2")
  m:events()
  apply(m, 2, "draw", "penalty")
  -- seat 2 held 2 cards; 6 to draw; the 5th makes 7 cards: bakuhatsu at once
  eq(#m:pile("hand", 2), 7, "2: the drawing stops at 7 cards")
  eq(m:phase(), "hand_over", "2: bakuhatsu ends the game")
  eq(m:total(1), 1, "bakuhatsu: seat 1 +1")
  eq(m:total(3), 1, "bakuhatsu: seat 3 +1")
  eq(m:total(2), 0, "bakuhatsu: seat 2 gets nothing")
  check(any_event(m:events(), "Bakuhatsu!"), "bakuhatsu: event")
end
do -- the penalty is the turn (default); the next player plays on the 2 by suit or rank
  local m = game(3, 3, { field = "Kh", hands = { [1] = { "5h", "3d", "4s" }, [2] = { "2h", "9d", "Qc" },
                                                  [3] = { "9s", "Jc", "Qd" } } })
  opening(m, 1, "play 5h", 2, "play 2h")
  settle(m)
  apply(m, 3, "draw", "penalty")
  eq(#m:pile("hand", 3), 5, "penalty: two cards drawn")
  eq(m:var("twos"), 0, "penalty: nothing pending after it")
  check(list_eq(m:actors(), { 1 }), "penalty: the turn passes")
  local mv = m:moves(1)
  check(not has(mv, "play 3d") and not has(mv, "play 4s") and has(mv, "draw"), "penalty: next plays against the 2")
end
do -- penalty_ends_turn = false: the same player then plays or draws
  local m = game(3, 3, { field = "Kh", options = { penalty_ends_turn = false },
                         hands = { [1] = { "5h", "3d", "4s" }, [2] = { "2h", "9d", "Qc" }, [3] = { "9s", "Jc", "Qd" } } })
  opening(m, 1, "play 5h", 2, "play 2h")
  settle(m)
  apply(m, 3, "draw", "penalty")
  check(list_eq(m:actors(), { 3 }), "penalty_ends_turn=false: seat 3 goes on")
  check(has(m:moves(3), "play Jc") and has(m:moves(3), "draw"), "penalty_ends_turn=false: an ordinary turn")
end

---------------------------------------------------------------------------------------------------
-- 11: suits named restrict the next card; none named forces a play.
do
  local m = game(3, 3, { field = "Kh", options = { hand_size = 4 },
                         hands = { [1] = { "5h", "3d", "4c", "Kc" }, [2] = { "Jh", "9d", "Qc", "6c" },
                                   [3] = { "9h", "3s", "Jc", "8d" } } })
  opening(m, 1, "play 5h", 2, "play Jh name s d")
  settle(m)
  eq(m:var("named"), "sd", "11: spades and diamonds named")
  check(any_event(m:events(), "names spades and diamonds"), "11: event")
  local mv = m:moves(3)
  check(has(mv, "play 3s") and has(mv, "play 8d") and has(mv, "play Jc") and has(mv, "play Jc name h")
        and has(mv, "draw"), "11 named: spades, diamonds, another 11, draw")
  check(not has(mv, "play 9h"), "11 named: not hearts (the 11's own suit)")
  apply(m, 3, "play 3s", "after 11")
  settle(m)
  eq(m:var("wild"), false, "11 named: the restriction ends with the next card")
  mv = m:moves(1)
  check(has(mv, "play 3d") and not has(mv, "play 4c"), "after 11: normal matching again")
end
do
  local m = game(3, 3, { field = "Kh", hands = { [1] = { "5h", "3d", "4c" }, [2] = { "Jh", "9d", "Qc" },
                                                  [3] = { "9c", "3s", "Kc" } } })
  opening(m, 1, "play 5h", 2, "play Jh")
  settle(m)
  check(any_event(m:events(), "names no suit"), "11 none: event")
  local mv = m:moves(3)
  check(list_eq(mv, { "play 9c", "play 3s", "play Kc" }), "11 none: any card, and no draw")
  local ok = m:apply(3, "draw")
  check(not ok, "11 none: draw refused")
end
do -- 11 none as the first play: the neighbours may play any card or pass; if neither, must play
  local m = game(3, 3, { field = "Kh", hands = { [1] = { "Jh", "3d", "4c" }, [2] = { "9d", "Qc", "8s" },
                                                  [3] = { "9c", "3s", "Kc" } } })
  window(m, { [1] = "play Jh" }, "first 11")
  settle(m)
  eq(m:claim(), "neighbours", "first 11: neighbours")
  check(list_eq(m:moves(2), { "play 9d", "play Qc", "play 8s", "pass" }), "first 11: any card or pass")
  window(m, {}, "first 11 pass")
  local t = m:actors()[1]
  check(not has(m:moves(t), "draw"), "first 11: the neighbour who takes the turn must play")
end

---------------------------------------------------------------------------------------------------
-- The last card: its player draws a replacement.
do
  local m = game(3, 3, { field = "Kh", options = { hand_size = 1 }, stock = { "9c" },
                         hands = { [1] = { "5h" }, [2] = { "Qs" }, [3] = { "Qd" } } })
  window(m, { [1] = "play 5h" }, "last card")
  settle(m)
  check(list_eq(m:pile("hand", 1), { "9c" }), "last card: replaced by the stock top")
  check(any_event(m:events(), "Seat 1 played their last card and draws a replacement."), "last card: event")
end

---------------------------------------------------------------------------------------------------
-- The stock runs out: the field but its top card is shuffled into a new stock.
do -- by flipping again and again in the opening
  local m = game(3, 1, { field = "Kh", hands = { [1] = { "Jh", "3d", "4c" }, [2] = { "9d", "Qc", "8s" },
                                                  [3] = { "9c", "3s", "Kc" } } })
  local rounds = 0
  while #m:pile("stock") > 0 and rounds < 60 do
    window(m, {}, "flip round")
    apply(m, 1, "pass", "flipper passes")
    rounds = rounds + 1
  end
  eq(#m:pile("stock"), 0, "reshuffle: the stock is empty")
  eq(#m:pile("field"), 43, "reshuffle: the field holds the rest")
  local old = top(m)
  m:events()
  window(m, {}, "flip round")
  apply(m, 1, "pass", "flipper passes")
  check(any_event(m:events(), "42 cards from the field are shuffled into a new stock"), "reshuffle: event")
  local f = m:pile("field")
  eq(#f, 2, "reshuffle: the old top and the new flip")
  eq(f[1], old, "reshuffle: the top card stays")
  eq(#m:pile("stock"), 41, "reshuffle: the new stock")
end
do -- by drawing
  local m = game(3, 1, { field = "Kh", hands = { [1] = { "Jh", "3d", "4c" }, [2] = { "Jd", "Qc", "8s" },
                                                  [3] = { "9c", "3s", "Kc" } } })
  while #m:pile("stock") > 0 do
    window(m, {}, "flip round")
    apply(m, 1, "pass", "flipper passes")
  end
  window(m, { [2] = "play Jd name s h d c" }, "an 11 is playable on any flip")
  settle(m)
  eq(m:claim(), "neighbours", "reshuffle by draw: after the first play")
  window(m, {}, "neighbours pass")
  local t = m:actors()[1]
  m:events()
  apply(m, t, "draw", "draw from an empty stock")
  eq(#m:pile("hand", t), 4, "reshuffle by draw: a card drawn")
  check(list_eq(m:pile("field"), { "Jd" }), "reshuffle by draw: only the top card stays on the field")
  eq(#m:pile("stock"), 42, "reshuffle by draw: the rest is the new stock, less the card drawn")
  check(any_event(m:events(), "43 cards from the field are shuffled into a new stock"), "reshuffle by draw: event")
end

---------------------------------------------------------------------------------------------------
-- Illegal moves are refused and change nothing.
do
  local m = game(3, 3, { field = "Kh", hands = { [1] = { "5h", "3d", "4c" }, [2] = { "2h", "9d", "Qc" },
                                                  [3] = { "9s", "Jc", "Qd" } } })
  local function refused(seat, move, what) T.refused(m, seat, move, what) end
  refused(1, "play 3d", "opening: a card that does not match")
  refused(1, "draw", "opening: no drawing in the window")
  refused(3, "pass", "opening: the flipper is not in the window")
  opening(m, 1, "play 5h", 2, "play 2h")
  settle(m)
  refused(3, "play Jc", "after a 2: no 11")
  refused(3, "play Jc name s", "after a 2: no 11 naming a suit")
  refused(1, "draw", "not seat 1's turn")
  apply(m, 3, "draw", "penalty")
  refused(3, "draw", "one action per turn")
end

T.summary("dobon_specials")
