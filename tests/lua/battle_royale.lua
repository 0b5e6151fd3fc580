-- Battle Royale: three at one table. The upcard offered round the table, a discard pile each and
-- taking the top of another's, layoffs on the knocker's melds only (never on another's layoffs),
-- a knock scoring both differences, the undercut costing the knocker 20, gin +40, the hand void
-- with 3 stock cards left, the deal passing left, and each pair settling at the end.
-- Run: ./fuda run tests/lua/battle_royale.lua

local T = dofile("tests/lua/lib/t.lua")
local check, eq, apply, refused, contains, same_list = T.check, T.eq, T.apply, T.refused, T.contains, T.same_list

-- Does any event match the Lua pattern?
local function any_match(list, pattern)
  for _, v in ipairs(list) do if v:find(pattern) then return true end end
  return false
end

-- A new match with the hands stacked: the non-dealer (left of the dealer) holds `k`, the next
-- seat `x`, the dealer `y`; `up` is the upcard on the dealer's pile. Returns m, nd, x, d.
local function stacked(t)
  local m = fuda.match{ variant = "battle-royale", seats = 3, seed = t.seed or 1, options = t.options }
  local d = m:var("dealer")
  local nd = d % 3 + 1
  local x = nd % 3 + 1
  m:arrange("hand", nd, t.k)
  m:arrange("hand", x, t.x)
  m:arrange("hand", d, t.y)
  m:arrange("discard", d, { t.up })
  m:events()
  return m, nd, x, d
end

-- Hands: K melds 4s-5s-6s, 9s and J-Q-K of clubs with 2d loose; X holds 7s (it lays off on
-- 4s-5s-6s) and Y 8s (which would go on X's 7s: refused), neither with a meld.
local K = { "4s", "5s", "6s", "9h", "9d", "9c", "Jc", "Qc", "Kc", "2d" }
local X = { "7s", "Kh", "Qh", "10d", "8d", "6c", "4c", "2c", "3h", "Ad" }   -- 7s laid: 54 left
local Y = { "8s", "Ks", "Qs", "10h", "8h", "6d", "4d", "2h", "3c", "5c" }   -- 66, nothing laid

-- The upcard is offered round the table: non-dealer, the next seat, then the dealer; all passed,
-- the non-dealer draws. Then each seat may draw or take the top of either other's pile.
do
  local what = "upcard round the table"
  local m, nd, x, d = stacked{ k = K, x = X, y = Y, up = "Ah" }
  check(same_list(m:moves(nd), { "take", "pass" }), what .. ": the non-dealer may take or pass")
  eq(#m:moves(x), 0, what .. ": the next seat waits")
  apply(m, nd, "pass", what)
  check(same_list(m:moves(x), { "take", "pass" }), what .. ": then the next seat")
  apply(m, x, "pass", what)
  check(same_list(m:moves(d), { "take", "pass" }), what .. ": then the dealer")
  apply(m, d, "pass", what)
  check(same_list(m:moves(nd), { "draw" }), what .. ": all passed: the non-dealer draws")
  apply(m, nd, "draw", what)
  local drawn
  for _, c in ipairs(m:pile("hand", nd)) do
    local found = false
    for _, k in ipairs(K) do if k == c then found = true end end
    if not found then drawn = c end
  end
  apply(m, nd, "discard 2d", what)
  eq(m:pile("discard", nd)[1], "2d", what .. ": the discard goes on the non-dealer's own pile")
  -- the ruling: the upcard all three passed is dead, nobody takes it later
  check(any_match(m:events(), "the upcard {Ah} is dead"), what .. ": the dead upcard is told")
  check(same_list(m:moves(x), { "draw", "take 2d" }),
        what .. ": the next seat draws or takes the top of the other pile (the upcard is dead)")
  refused(m, x, "take", what .. ": a bare take names no pile")
  refused(m, x, "take 7s", what .. ": a card on no pile's top")
  refused(m, x, "take Ah", what .. ": the dead upcard (its reason: tests/e2e/whynot.sh)")
  check(contains(m:view(x), "Discards: "), what .. ": the view shows each pile's top")
  check(contains(m:view(x), "{Ah} (dead)"), what .. ": and marks the dead upcard")
  local v = m:view(x)
  check(contains(v, "your turn: draw or take {2d}") and not contains(v, "draw or take {2d} or"),
        what .. ": and what may be taken")
  apply(m, x, "take 2d", what)
  check(any_match(m:events(), "takes {2d} from seat " .. nd .. "'s discard pile"), what .. ": taken from the non-dealer's pile")
  refused(m, x, "discard 2d", what .. ": not the card just taken")
  apply(m, x, "discard Kh", what)
  check(same_list(m:moves(d), { "draw", "take Kh" }), what .. ": the dealer's choice (its own pile is not offered)")
  check(drawn ~= nil, what .. ": a card was drawn")
end

-- dead_upcard=false (the other reading): the passed upcard stays on the dealer's pile to take.
do
  local what = "live upcard"
  local m, nd, x, d = stacked{ k = K, x = X, y = Y, up = "Ah", options = { dead_upcard = false } }
  apply(m, nd, "pass", what)
  apply(m, x, "pass", what)
  apply(m, d, "pass", what)
  apply(m, nd, "draw", what)
  apply(m, nd, "discard 2d", what)
  check(same_list(m:moves(x), { "draw", "take 2d", "take Ah" }), what .. ": the upcard may still be taken")
  check(contains(m:view(x), "your turn: draw or take {2d} or {Ah}"), what .. ": the view says so")
  apply(m, x, "take Ah", what)
  check(any_match(m:events(), "takes {Ah} from seat " .. d .. "'s discard pile"), what .. ": taken from the dealer's pile")
end

-- A knock: X lays off 7s on the knocker's 4s-5s-6s; Y's 8s may not go on X's 7s. The knocker wins
-- both differences: (54 - 1) + (66 - 1) = 118.
do
  local what = "layoffs on the knocker only"
  local m, nd, x, d = stacked{ k = K, x = X, y = Y, up = "Ah" }
  apply(m, nd, "take", what)
  apply(m, nd, "knock 2d", what)
  local ev = m:events()
  check(any_match(ev, "^Seat " .. x .. " lays off {7s} on {4s} {5s} {6s}%.$"), what .. ": X lays off 7s")
  check(not any_match(ev, "lays off {8s}"), what .. ": Y may not lay 8s on X's 7s")
  check(any_match(ev, "^Seat " .. d .. " shows no melds, deadwood .* = 66%.$"), what .. ": Y keeps 8s in its deadwood")
  check(any_match(ev, "wins the knock: 53 %+ 65 = 118 points"), what .. ": both differences")
  eq(m:total(nd), 118, what .. ": the knocker's total")
  eq(m:total(x) .. "/" .. m:total(d), "0/0", what .. ": the others score nothing")
end

-- A defender's own layoffs chain: Y holding 7s and 8s lays off both.
do
  local what = "own layoffs chain"
  local x2 = { "Jd", "Kh", "Qh", "10d", "8d", "6c", "4c", "2c", "3h", "Ad" }
  local y2 = { "8s", "7s", "Qs", "10h", "8h", "6d", "4d", "2h", "3c", "5c" }
  local m, nd, x, d = stacked{ k = K, x = x2, y = y2, up = "Ah" }
  apply(m, nd, "take", what)
  apply(m, nd, "knock 2d", what)
  local ev = m:events()
  check(any_match(ev, "^Seat " .. d .. " lays off {7s}"), what .. ": 7s laid")
  check(any_match(ev, "^Seat " .. d .. " lays off {8s} on {4s} {5s} {6s} {7s}%.$"), what .. ": then 8s on it")
  check(not any_match(ev, "^Seat " .. x .. " lays off"), what .. ": X has nothing to lay off")
end

-- The undercut: X's deadwood 5 is under the knocker's 6: the knocker loses 20, nobody scores.
do
  local what = "undercut"
  local m, nd, x, d = stacked{
    k = { "4s", "5s", "6s", "7s", "9h", "9d", "9c", "2d", "3c", "Kd" },
    x = { "Jh", "Qh", "Kh", "10s", "10d", "10c", "2h", "3h", "4h", "5c" },
    y = { "Ks", "Qs", "8h", "6h", "6d", "4c", "2c", "Ac", "7c", "3d" },
    up = "Ah" }
  apply(m, nd, "take", what)
  apply(m, nd, "knock Kd", what)
  local ev = m:events()
  check(any_match(ev, "is undercut %(deadwood 6%): the knocker loses 20 points"), what .. ": said")
  eq(m:total(nd), -20, what .. ": the knocker loses 20")
  eq(m:total(x) .. "/" .. m:total(d), "0/0", what .. ": the undercutter scores nothing")
  check(contains(m:view(x), "the knocker was undercut and loses 20 points"), what .. ": the view")
  eq(m:phase(), "hand_over", what .. ": the hand is over")
  m:next_hand()
  eq(m:var("dealer"), nd, what .. ": the deal passes to the left")
end

-- Gin: both others' deadwood + 40, no layoffs (X's 8s would fit 4s-7s).
do
  local what = "gin"
  local m, nd, x, d = stacked{
    k = K,
    x = { "Kh", "Qh", "10d", "8d", "6c", "4c", "2c", "3h", "Ad", "8s" },  -- 62
    y = { "Ks", "Qs", "10h", "8h", "6d", "4d", "2h", "3c", "5c", "Jd" },  -- 68
    up = "7s" }
  apply(m, nd, "take", what)
  apply(m, nd, "gin 2d", what)
  local ev = m:events()
  check(not any_match(ev, "lays off"), what .. ": no layoffs against gin")
  check(any_match(ev, "wins with gin: deadwood 62 %+ 68 %+ gin bonus 40 = 170 points"), what .. ": said")
  eq(m:total(nd), 170, what .. ": 62 + 68 + 40")
end

-- Void: a discard that leaves 3 stock cards without a knock ends the hand void; the same dealer
-- deals again.
do
  local what = "void at 3"
  local m = fuda.match{ variant = "battle-royale", seats = 3, seed = 5 }
  local d = m:var("dealer")
  local s = d % 3 + 1
  for _ = 1, 3 do apply(m, s, "pass", what); s = s % 3 + 1 end
  s = d % 3 + 1
  local turns = 0
  while m:phase() == "playing" and turns < 40 do
    apply(m, s, "draw", what)
    local hand = m:pile("hand", s)
    apply(m, s, "discard " .. hand[#hand], what) -- (the highest card: never a knock here)
    s = s % 3 + 1
    turns = turns + 1
  end
  eq(turns, 18, what .. ": 21 stock cards, 18 drawn")
  eq(#m:pile("stock"), 3, what .. ": three left")
  check(any_match(m:events(), "stock is down to 3 cards without a knock: the hand is void"), what .. ": said")
  eq(m:total(1) + m:total(2) + m:total(3), 0, what .. ": nobody scores")
  m:next_hand()
  eq(m:var("dealer"), d, what .. ": the same dealer deals again")
end

-- The end of the match and the pairs' settlement: the knocker of hand 1 is undercut (-20); in
-- hand 2 (the deal passed left) the new non-dealer knocks for 118, reaching the target (100 here),
-- with the game bonus 200: 318. Each pair settles the difference in its column.
do
  local what = "pair settlement"
  local m, nd, x, d = stacked{
    k = { "4s", "5s", "6s", "7s", "9h", "9d", "9c", "2d", "3c", "Kd" },
    x = { "Jh", "Qh", "Kh", "10s", "10d", "10c", "2h", "3h", "4h", "5c" },
    y = { "Ks", "Qs", "8h", "6h", "6d", "4c", "2c", "Ac", "7c", "3d" },
    up = "Ah", options = { target = 100 } }
  apply(m, nd, "take", what)
  apply(m, nd, "knock Kd", what)
  eq(m:total(nd), -20, what .. ": hand 1, undercut")
  m:next_hand()
  local k2 = m:var("dealer") % 3 + 1
  eq(k2, x, what .. ": the seat after hand 1's non-dealer leads hand 2")
  local o1, o2 = k2 % 3 + 1, (k2 + 1) % 3 + 1
  m:arrange("hand", k2, K)
  m:arrange("hand", o1, X)
  m:arrange("hand", o2, Y)
  m:arrange("discard", m:var("dealer"), { "Ah" })
  apply(m, k2, "take", what)
  apply(m, k2, "knock 2d", what)
  eq(m:phase(), "match_over", what .. ": the target is reached")
  eq(m:total(k2), 118 + 200, what .. ": the knock and the game bonus")
  local col = { ["1-2"] = 2, ["1-3"] = 3, ["2-3"] = 4 }
  local function settled(a, b)
    local lo, hi = math.min(a, b), math.max(a, b)
    return m:total(a, col[lo .. "-" .. hi])
  end
  eq(settled(k2, nd), 318 + 20, what .. ": the winner receives 338 from the undercut knocker")
  eq(settled(nd, k2), -338, what .. ": who pays it")
  eq(settled(k2, d), 318, what .. ": and 318 from the third")
  eq(settled(d, nd), 20, what .. ": the third receives 20 from the undercut knocker")
  local zero = 0
  for s = 1, 3 do zero = zero + m:total(s, 2) + m:total(s, 3) + m:total(s, 4) end
  eq(zero, 0, what .. ": the settlements add up to nothing")
  check(contains(m:scoresheet(), "pays seat"), what .. ": on the scoresheet")
  check(contains(m:view(k2), "Settled: "), what .. ": in the view")
end

-- The basic bot weighs the top of each other pile: 2d (the non-dealer's) or Ah (the dealer's,
-- the upcard nobody took, live under dead_upcard=false). It takes one that then sits in a meld,
-- from either pile, and else draws; a dead upcard it never takes. So does the simple bot.
do
  local what = "basic bot"
  local y2 = { "8s", "Ks", "Qs", "10h", "8h", "6d", "9s", "2h", "3c", "5c" }
  local function at_x(x, dead)
    local m, nd, xs, d = stacked{ k = K, x = x, y = y2, up = "Ah", options = { dead_upcard = dead or false } }
    apply(m, nd, "pass", what)
    apply(m, xs, "pass", what)
    apply(m, d, "pass", what)
    apply(m, nd, "draw", what)
    apply(m, nd, "discard 2d", what)
    return m, xs
  end
  local m, x = at_x{ "3d", "4d", "Kh", "Qh", "10s", "8c", "6c", "2c", "7h", "Js" }
  eq(m:bot(x, "basic"), "take 2d", what .. ": 2d makes 2d-3d-4d (the pile on its right)")
  eq(m:bot(x, "simple"), "take 2d", "simple bot: 2d makes 2d-3d-4d")
  m, x = at_x{ "As", "Ac", "Kh", "Qh", "10s", "8c", "6c", "2c", "7h", "Js" }
  eq(m:bot(x, "basic"), "take Ah", what .. ": Ah makes a set of aces (the dealer's pile)")
  eq(m:bot(x, "simple"), "take Ah", "simple bot: Ah makes a set of aces")
  m, x = at_x{ "Kh", "Qh", "10s", "8c", "6c", "2c", "7h", "Js", "3h", "5d" }
  eq(m:bot(x, "basic"), "draw", what .. ": no meld either way: it draws (Ah would only lower the deadwood)")
  eq(m:bot(x, "simple"), "draw", "simple bot: no meld either way: it draws")
  apply(m, x, "take Ah", what)
  eq(m:bot(x, "basic"), "discard Kh", what .. ": then throws the highest")
  m, x = at_x({ "As", "Ac", "Kh", "Qh", "10s", "8c", "6c", "2c", "7h", "Js" }, true)
  check(m:bot(x, "basic") ~= "take Ah", what .. ": the dead Ah is not taken, though it makes a set")
  check(same_list(m:moves(x), { "draw", "take 2d" }), what .. ": nor offered")
  -- whole matches, every move the bot picks legal, ending with the pairs settled
  for seed = 1, 3 do
    local g = fuda.match{ variant = "battle-royale", seats = 3, seed = seed }
    local hands = 0
    while g:phase() ~= "match_over" and hands < 60 do
      g:play_bots{ "basic", "basic", "basic" }
      hands = hands + 1
      if g:phase() == "hand_over" then g:next_hand() end
    end
    eq(g:phase(), "match_over", what .. ": seed " .. seed .. " played to the end")
    local sum = 0
    for s = 1, 3 do sum = sum + g:total(s, 2) + g:total(s, 3) + g:total(s, 4) end
    eq(sum, 0, what .. ": seed " .. seed .. " settled to nothing")
  end
end

T.summary("battle_royale")
