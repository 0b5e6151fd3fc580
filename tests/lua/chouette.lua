-- Chouette (Captain): the box plays every hand against the partnership's captain while the
-- partner sits out and may advise (the view shows them the captain's hand); a losing captain
-- swaps with the partner; the partnership's wins count for both partners; at the end the box
-- settles with each partner.
-- Run: ./fuda run tests/lua/chouette.lua

local T = dofile("tests/lua/lib/t.lua")
local H = dofile("tests/lua/lib/three.lua")
local check, eq, contains, any_match, refused, apply = T.check, T.eq, T.contains, T.any_match, T.refused, T.apply

-- Seats: the box, the captain (who deals first) and the partner (out).
do
  local what = "seating"
  local m = fuda.match{ variant = "chouette", seats = 3, seed = 1 }
  local box, out, cap = m:var("box"), m:var("out"), m:var("dealer")
  check(box ~= out and box ~= cap and out ~= cap, what .. ": three roles, three seats")
  check(any_match(m:events(), ("Seat %d draws the highest card: in the box. Seat %d is captain and deals"):format(box, cap)),
        what .. ": said")
  eq(#m:pile("hand", out), 0, what .. ": the partner has no cards")
  local v = m:view(out)
  check(contains(v, ("In the box: seat %d. Captain: seat %d. Partner (sits out, advises the captain): you."):format(box, cap)),
        what .. ": the partner's view names the roles")
  check(contains(v, ("Captain's hand (seat %d): "):format(cap)), what .. ": and shows the captain's hand")
  check(not contains(m:view(box), "Captain's hand"), what .. ": the box does not see it")
  refused(m, out, "pass", what .. ": the partner does not play")
  -- the partner is told the captain's hand after the deal and after each move of theirs
  local hand = table.concat(m:pile("hand", cap), "} {")
  local told = ("The captain's hand: {%s}."):format(hand)
  local m2 = fuda.match{ variant = "chouette", seats = 3, seed = 1 }
  check(any_match(m2:events(out), told), what .. ": the partner is told the captain's hand")
  check(not any_match(m2:events(box), "The captain's hand"), what .. ": the box is not")
  apply(m2, box, "pass", what)
  apply(m2, cap, "pass", what)
  apply(m2, box, "draw", what)
  local d = m2:pile("hand", box)[1]
  apply(m2, box, "discard " .. d, what)
  m2:events(out)
  apply(m2, cap, "draw", what)
  hand = table.concat(m2:pile("hand", cap), "} {")
  check(any_match(m2:events(out), ("The captain's hand: {%s}."):format(hand)), what .. ": after the captain draws, 11 cards")
end

-- The captain wins: both partners score, no swap. The box wins: the captain swaps with the
-- partner, who comes in and (gin's loser deals: the loser's place) deals.
do
  local what = "swap"
  local m = fuda.match{ variant = "chouette", seats = 3, seed = 4 }
  local box, out, cap = m:var("box"), m:var("out"), m:var("dealer")
  H.knock33(m, cap, what .. " hand 1")
  eq(m:total(cap) .. "/" .. m:total(out) .. "/" .. m:total(box), "33/33/0", what .. ": the partnership scores 33")
  eq(m:var("out"), out, what .. ": a winning captain stays")
  m:next_hand()
  H.knock33(m, box, what .. " hand 2")
  eq(m:total(box), 33, what .. ": the box scores")
  eq(m:var("out"), cap, what .. ": the losing captain sits out")
  check(any_match(m:events(), ("The captain, seat %d, lost: the partner, seat %d, takes over as captain."):format(cap, out)),
        what .. ": said")
  m:next_hand()
  eq(#m:pile("hand", out), 10, what .. ": the partner plays now")
  eq(#m:pile("hand", cap), 0, what .. ": the old captain has no cards")
  eq(m:var("dealer"), out, what .. ": and the new captain deals")
  eq(m:var("box"), box, what .. ": the box stays")
end

-- The end: the partnership reaches 100 (33 + gin 100); game bonus 100 to each partner, 25 a box
-- (the partnership 2, the box none: shut out, the partnership's totals doubled): the box pays
-- each partner the difference.
do
  local what = "box settlement"
  local m = fuda.match{ variant = "chouette", seats = 3, seed = 4 }
  local box, out, cap = m:var("box"), m:var("out"), m:var("dealer")
  H.knock33(m, cap, what .. " hand 1")
  m:next_hand()
  H.gin100(m, cap, what .. " hand 2")
  eq(m:phase(), "match_over", what .. ": over")
  local each = (133 + 100 + 50) * 2
  eq(m:total(cap) .. "/" .. m:total(out), each .. "/" .. each, what .. ": both partners")
  eq(m:total(box), 0, what .. ": the box")
  eq(H.settled(m, cap, box), each, what .. ": the box pays the captain")
  eq(H.settled(m, out, box), each, what .. ": and the partner")
  eq(H.settled(m, cap, out), 0, what .. ": the partners are even")
  check(contains(m:view(box), "Match over"), what .. ": the view")
end

-- The box wins the match: it receives the difference from each partner.
do
  local what = "box wins"
  local m = fuda.match{ variant = "chouette", seats = 3, seed = 4 }
  local box, out, cap = m:var("box"), m:var("out"), m:var("dealer")
  H.knock33(m, cap, what .. " hand 1")      -- partnership 33
  m:next_hand()
  H.gin100(m, box, what .. " hand 2")       -- box 100 + 100 + 25 = 225; partnership 33 + 25 = 58
  eq(m:total(box) .. "/" .. m:total(cap) .. "/" .. m:total(out), "225/58/58", what .. ": totals")
  eq(H.settled(m, box, cap), 167, what .. ": from the old captain")
  eq(H.settled(m, box, out), 167, what .. ": and from the partner")
end

T.summary("chouette")
