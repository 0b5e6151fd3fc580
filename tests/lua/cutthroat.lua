-- Cutthroat: three players, two at a time. The low cut sits out the first hand, the loser of each
-- hand sits out the next (the one out comes in and deals), a void hand changes nothing, each seat
-- scores its own wins, and at the end each pair settles, a seat shut out paying the winner 100.
-- Run: ./fuda run tests/lua/cutthroat.lua

local T = dofile("tests/lua/lib/t.lua")
local H = dofile("tests/lua/lib/three.lua")
local check, eq, apply, refused, contains, any_match = T.check, T.eq, T.apply, T.refused, T.contains, T.any_match

-- The first hand: one seat sits out, without cards or moves; the two others play gin.
do
  local what = "the low cut sits out"
  local m = fuda.match{ variant = "cutthroat", seats = 3, seed = 1 }
  local out = m:var("out")
  check(out >= 1 and out <= 3, what .. ": a seat is out")
  check(any_match(m:events(), "Seat " .. out .. " cuts the lowest card and sits out the first hand."), what .. ": said")
  eq(#m:pile("hand", out), 0, what .. ": no cards")
  eq(#m:moves(out), 0, what .. ": no moves")
  check(m:var("dealer") ~= out, what .. ": the dealer is in play")
  eq(#m:pile("stock"), 31, what .. ": 20 cards dealt and the upcard")
  check(contains(m:view(out), "Sitting out: you."), what .. ": the view says so")
  refused(m, out, "take", what .. ": the seat out may not take the upcard")
end

-- The loser sits out the next hand; the seat out comes in and deals (gin's next_dealer: the
-- loser, whose place it takes). A void hand leaves the seating and the dealer as they were.
do
  local what = "rotation"
  local m = fuda.match{ variant = "cutthroat", seats = 3, seed = 2 }
  local out = m:var("out")
  local w = m:var("dealer")
  local l = H.opponent(m, w)
  H.knock33(m, w, what .. " hand 1")
  eq(m:total(w), 33, what .. ": the winner scores")
  eq(m:var("out"), l, what .. ": the loser sits out next")
  check(any_match(m:events(), ("Seat %d lost the hand and sits out the next; seat %d comes in."):format(l, out)),
        what .. ": said")
  m:next_hand()
  eq(#m:pile("hand", l), 0, what .. ": the loser has no cards")
  eq(#m:pile("hand", out), 10, what .. ": the seat that sat out has its cards")
  eq(m:var("dealer"), out, what .. ": and deals")
  -- hand 2: the winner stays in and wins again; the newcomer sits out next
  H.knock33(m, w, what .. " hand 2")
  eq(m:var("out"), out, what .. ": the newcomer lost: out again")
  m:next_hand()
  -- hand 3: a void hand (2 stock cards left): nothing changes
  local d3 = m:var("dealer")
  local s = d3 == w and l or w
  apply(m, s, "pass", what)
  apply(m, d3, "pass", what)
  local turns = 0
  while m:phase() == "playing" and turns < 40 do
    apply(m, s, "draw", what)
    local hand = m:pile("hand", s)
    apply(m, s, "discard " .. hand[#hand], what)
    s = H.opponent(m, s)
    turns = turns + 1
  end
  eq(m:var("out"), out, what .. ": a void hand changes who sits out in no way")
  m:next_hand()
  eq(m:var("dealer"), d3, what .. ": and the same dealer deals again")
end

-- The end: the winner reaches 100 (gin 100), game bonus 100 and a box of 25: 225. Both others
-- scored nothing: each pays the difference and 100 more.
do
  local what = "shutout"
  local m = fuda.match{ variant = "cutthroat", seats = 3, seed = 3 }
  local out = m:var("out")
  local w = m:var("dealer")
  local l = H.opponent(m, w)
  H.gin100(m, w, what)
  eq(m:phase(), "match_over", what .. ": the match is over")
  eq(m:total(w), 225, what .. ": gin 100 + game 100 + box 25")
  eq(H.settled(m, w, l), 325, what .. ": the loser pays 225 + 100")
  eq(H.settled(m, w, out), 325, what .. ": the seat that sat out too: it scored nothing")
  eq(H.settled(m, l, out), 0, what .. ": the two losers are even")
  check(any_match(m:events(), "was shut out: it pays seat " .. w .. " 100 more"), what .. ": said")
  check(contains(m:scoresheet(), "seat " .. l .. " pays seat " .. w), what .. ": on the scoresheet")
end

-- Without a shutout: each pair settles the difference of its totals only.
do
  local what = "pairs settle"
  local m = fuda.match{ variant = "cutthroat", seats = 3, seed = 2 }
  local w = m:var("dealer")
  local l = H.opponent(m, w)
  H.knock33(m, w, what .. " hand 1")       -- w 33; l sits out next
  m:next_hand()
  local c = H.opponent(m, w)                -- the seat that came in
  H.knock33(m, c, what .. " hand 2")        -- c 33; w sits out next
  m:next_hand()
  H.gin100(m, c, what .. " hand 3")         -- c 133 + 100 + 2 x 25 = 283; w 33 + 25 = 58; l 0
  eq(m:phase(), "match_over", what .. ": over")
  eq(m:total(c) .. "/" .. m:total(w) .. "/" .. m:total(l), "283/58/0", what .. ": totals")
  eq(H.settled(m, c, w), 225, what .. ": w, who scored, pays the difference only")
  eq(H.settled(m, c, l), 383, what .. ": l, shut out, pays 283 + 100")
  eq(H.settled(m, w, l), 58, what .. ": and l pays w 58")
end

T.summary("cutthroat")
