-- Gin Rummy: the course of a hand -- the upcard offer, draws and discards, what is refused, the
-- void hand, what each seat is told, the view.
-- Run: ./fuda run tests/lua/gin_flow.lua

local T = dofile("tests/lua/lib/t.lua")
local G = dofile("tests/lua/lib/gin.lua")
local check, eq, has, any_match, same_list = T.check, T.eq, T.has, T.any_match, T.same_list
local apply, refused = T.apply, T.refused
local stacked, pass_pass_draw, ND, D = G.stacked, G.pass_pass_draw, G.ND, G.D

-- The deal.
do
  local what = "deal"
  local m = fuda.match{ variant = "gin", seats = 2, seed = 11 }
  local d = m:var("dealer")
  check(d == 1 or d == 2, what .. ": a dealer is drawn")
  eq(#m:pile("hand", 1), 10, what .. ": 10 cards to seat 1")
  eq(#m:pile("hand", 2), 10, what .. ": 10 cards to seat 2")
  eq(#m:pile("discard"), 1, what .. ": one upcard")
  eq(#m:pile("stock"), 31, what .. ": 31 cards in the stock")
  eq(m:phase(), "playing", what .. ": phase")
  local a = m:actors()
  eq(#a, 1, what .. ": one actor")
  eq(a[1], 3 - d, what .. ": the non-dealer acts first")
  -- Dealers are drawn at random: over a few seeds both seats deal.
  local seen = {}
  for seed = 1, 20 do seen[fuda.match{ variant = "gin", seats = 2, seed = seed }:var("dealer")] = true end
  check(seen[1] and seen[2], what .. ": both seats can be drawn to deal first")
  -- The same seed deals the same cards.
  local m2 = fuda.match{ variant = "gin", seats = 2, seed = 11 }
  eq(m2:hash(), m:hash(), what .. ": same seed, same state")
end

-- Upcard offer 1: the non-dealer takes it.
do
  local what = "non-dealer takes the upcard"
  local m, nd, d = stacked("gin", { nd = ND, d = D, up = "10c" })
  check(same_list(m:moves(nd), { "take", "pass" }), what .. ": non-dealer may take or pass")
  eq(#m:moves(d), 0, what .. ": dealer waits")
  refused(m, d, "take", what)
  refused(m, nd, "draw", what)
  apply(m, nd, "take", what)
  eq(#m:pile("hand", nd), 11, what .. ": 11 cards")
  local mv = m:moves(nd)
  check(not has(mv, "discard 10c"), what .. ": the upcard may not go straight back")
  check(has(mv, "discard 2d"), what .. ": other discards listed")
  check(has(mv, "gin 2d"), what .. ": 10c-Jc-Qc-Kc makes gin with 2d out")
  refused(m, nd, "discard 10c", what)
  apply(m, nd, "discard 2d", what)
  eq(m:pile("discard")[#m:pile("discard")], "2d", what .. ": 2d on the discard pile")
  check(same_list(m:moves(d), { "draw", "take" }), what .. ": then the dealer draws or takes")
  eq(#m:moves(nd), 0, what .. ": non-dealer waits")
end

-- Upcard offer 2: the non-dealer passes, the dealer takes it.
do
  local what = "dealer takes the upcard"
  local m, nd, d = stacked("gin", { nd = ND, d = D, up = "4s" })
  apply(m, nd, "pass", what)
  check(same_list(m:moves(d), { "take", "pass" }), what .. ": dealer may take or pass")
  eq(#m:moves(nd), 0, what .. ": non-dealer waits")
  apply(m, d, "take", what)
  check(not has(m:moves(d), "discard 4s"), what .. ": 4s may not go straight back")
  refused(m, d, "discard 4s", what)
  refused(m, d, "knock 4s", what)
  apply(m, d, "discard Kd", what)
  check(same_list(m:moves(nd), { "draw", "take" }), what .. ": then the non-dealer's normal turn")
end

-- Upcard offer 3: both pass, the non-dealer must draw from the stock.
do
  local what = "both pass"
  local m, nd, d = stacked("gin", { nd = ND, d = D, up = "Ks", stock = { "8s" } })
  apply(m, nd, "pass", what)
  apply(m, d, "pass", what)
  check(same_list(m:moves(nd), { "draw" }), what .. ": non-dealer must draw")
  refused(m, nd, "take", what)
  refused(m, nd, "pass", what)
  apply(m, nd, "draw", what)
  check(has(m:pile("hand", nd), "8s"), what .. ": drew the stock top")
  -- What each seat is told: only the drawer sees the card. (m:events empties the queue, so the
  -- opponent's side is read from a second, identical match.)
  local mine = m:events(nd)
  local m2 = stacked("gin", { nd = ND, d = D, up = "Ks", stock = { "8s" } })
  m2:apply(nd, "pass")
  m2:apply(d, "pass")
  m2:apply(nd, "draw")
  local theirs = m2:events(d)
  check(any_match(mine, "{8s}"), what .. ": the drawer is told the card")
  check(not any_match(theirs, "{8s}"), what .. ": the opponent is not")
  check(any_match(theirs, "draws from the stock"), what .. ": the opponent sees the draw")
  eq(m:pile("discard")[1], "Ks", what .. ": the upcard stays")
end

-- A discard taken in a normal turn may not be discarded that turn; knock refused above the limit.
do
  local what = "normal turn"
  local m, nd, d = stacked("gin", { nd = ND, d = D, up = "Ks", stock = { "Jh", "3h" } })
  pass_pass_draw(m, nd, d, what)      -- Jh: deadwood after discarding it is 2
  apply(m, nd, "discard Jh", what)
  apply(m, d, "take", what)           -- the dealer takes Jh
  local mv = m:moves(d)
  check(not has(mv, "discard Jh"), what .. ": the taken Jh not listed")
  refused(m, d, "discard Jh", what)
  check(not has(mv, "knock Kd"), what .. ": deadwood 35+ may not knock")
  refused(m, d, "knock Kd", what)
  refused(m, d, "gin Kd", what)
  refused(m, nd, "discard 2d", what)  -- not nd's turn
  refused(m, d, "draw", what)         -- already drew
  refused(m, d, "discard 9h", what)   -- not in hand
  refused(m, d, "discard", what)
  refused(m, d, "discard Zz", what)
  refused(m, d, "", what)
  apply(m, d, "discard Kd", what)
  -- Knocking is allowed at deadwood 10 exactly, not at 11.
  apply(m, nd, "draw", what)          -- 3h: 4h 5h 6h + 3h, 2d left
  mv = m:moves(nd)
  check(has(mv, "knock 2d") == false and has(mv, "gin 2d"), what .. ": 3h-6h and gin with 2d out")
end

-- The knock limit: deadwood 10 may knock, 11 may not; knock_limit is an option.
for _, case in ipairs{
  { dead = "7s", limit = nil, knock = true, what = "deadwood 10" },
  { dead = "8s", limit = nil, knock = false, what = "deadwood 11" },
  { dead = "7s", limit = 5, knock = false, what = "deadwood 10 with knock_limit=5" },
} do
  local what = "knock limit, " .. case.what
  local m, nd, d = stacked("gin", {
    options = case.limit and { knock_limit = case.limit } or nil,
    nd = { "4h", "5h", "6h", "7h", "9s", "9d", "9c", "Ah", "2c", case.dead },
    d = D, up = "Jd", stock = { "Ks" },
  })
  pass_pass_draw(m, nd, d, what)
  local mv = m:moves(nd)
  eq(has(mv, "knock Ks"), case.knock, what .. ": knock Ks listed")
  if not case.knock then refused(m, nd, "knock Ks", what) end
  local knocks = 0
  for _, x in ipairs(mv) do if x:sub(1, 6) == "knock " then knocks = knocks + 1 end end
  eq(knocks, case.knock and 1 or 0, what .. ": knock moves")
  check(has(mv, "discard Ks"), what .. ": plain discard listed")
end

-- A match of `variant` (seed 5) in which both seats pass the upcard. Returns the match, nd and d.
local function upcard_passed(variant, options, what)
  local m = fuda.match{ variant = variant, seats = 2, seed = 5, options = options }
  local d = m:var("dealer")
  local nd = 3 - d
  apply(m, nd, "pass", what)
  apply(m, d, "pass", what)
  return m, nd, d
end

-- The seat draws from the stock and discards the first card listed (never knocks).
local function draw_and_discard(m, seat, what)
  apply(m, seat, "draw", what)
  local pick
  for _, x in ipairs(m:moves(seat)) do if x:sub(1, 8) == "discard " then pick = x; break end end
  apply(m, seat, pick, what)
end

-- Void hand: nobody knocks until the stock is down to 2; the same dealer deals again.
for _, V in ipairs{ "gin", "gin-bicycle", "gin-intro" } do
  local what = V .. " void"
  local m, nd, d = upcard_passed(V, nil, what)
  local seat, guard = nd, 0
  while m:phase() == "playing" and guard < 200 do
    guard = guard + 1
    local stock_before = #m:pile("stock")
    if stock_before <= 2 then break end
    draw_and_discard(m, seat, what)
    if m:phase() == "playing" then
      check(#m:pile("stock") > 2, what .. ": the hand goes on while the stock has more than 2")
    end
    seat = 3 - seat
  end
  eq(m:phase(), "hand_over", what .. ": hand over")
  eq(#m:pile("stock"), 2, what .. ": two cards left in the stock")
  eq(m:total(1) + m:total(2), 0, what .. ": no score")
  check(m:scoresheet():find("void", 1, true), what .. ": scoresheet says void")
  check(any_match(m:events(), "void"), what .. ": event says void")
  eq(m:var("dealer"), d, what .. ": same dealer")
  m:next_hand()
  eq(m:var("dealer"), d, what .. ": same dealer deals the next hand")
  eq(m:actors()[1], nd, what .. ": the same non-dealer starts")
  eq(#m:pile("stock"), 31, what .. ": a fresh deal")
end

-- void_at is an option: with void_at = 10 the hand is void sooner.
do
  local what = "void_at=10"
  local m, nd = upcard_passed("gin", { void_at = 10 }, what)
  local seat, n = nd, 0
  while m:phase() == "playing" and n < 100 do
    n = n + 1
    draw_and_discard(m, seat, what)
    seat = 3 - seat
  end
  eq(#m:pile("stock"), 10, what .. ": void with 10 left")
  eq(n, 21, what .. ": after 21 draws")
end

-- The view: hand grouped in melds, deadwood, discard, stock, opponent's count, phase.
do
  local what = "view"
  local m, nd, d = stacked("gin", { nd = ND, d = D, up = "10c" })
  local v = m:view(nd)
  check(v:find("{4h} {5h} {6h}", 1, true), what .. ": run shown as a group")
  check(v:find("deadwood 2", 1, true), what .. ": deadwood shown")
  check(v:find("Stock: 31", 1, true), what .. ": stock count")
  check(v:find("10 cards", 1, true), what .. ": opponent's card count")
  check(v:find("your turn: take the upcard {10c} or pass", 1, true), what .. ": phase line")
  check(not v:find("{Kd}", 1, true), what .. ": the opponent's cards are hidden")
  local vd = m:view(d)
  check(vd:find("seat " .. nd .. "'s turn", 1, true), what .. ": dealer waits for the non-dealer")
  apply(m, nd, "pass", what)
  apply(m, d, "pass", what)
  v = m:view(nd)
  check(v:find("draw from the stock", 1, true), what .. ": forced draw shown")
  apply(m, nd, "draw", what)
  apply(m, nd, "discard 2d", what)
  vd = m:view(d)
  check(vd:find("your turn: draw or take {2d}", 1, true), what .. ": draw or take")
end

-- Every call of gin's moves hook returns a new list: a house rule may add its move to the list
-- the base returned (gin-more-moves.lua) or to a copy (gin-more-moves-copy.lua); either adds it
-- once, in every match.
do
  local what = "house rules adding moves"
  local function after_first_discard(variant)
    local m = fuda.match{ variant = variant, seed = 3 }
    local nd = m:actors()[1]
    apply(m, nd, "pass", what)
    apply(m, 3 - nd, "pass", what)
    apply(m, nd, "draw", what)
    apply(m, nd, "discard " .. m:pile("hand", nd)[1], what)
    return m, 3 - nd
  end
  local m, s = after_first_discard("tests/variants/gin-more-moves.lua")
  check(same_list(m:moves(s), { "draw", "take", "pass" }), what .. ": appended to the base's list")
  local m2, s2 = after_first_discard("tests/variants/gin-more-moves.lua")
  check(same_list(m2:moves(s2), { "draw", "take", "pass" }), what .. ": and only once, every match")
  local g, gs = after_first_discard("gin")
  check(same_list(g:moves(gs), { "draw", "take" }), what .. ": gin's own moves")
  local c, cs = after_first_discard("tests/variants/gin-more-moves-copy.lua")
  check(same_list(c:moves(cs), { "draw", "take", "pass" }), what .. ": a copy takes the added move")
  local c2, cs2 = after_first_discard("tests/variants/gin-more-moves-copy.lua")
  check(same_list(c2:moves(cs2), { "draw", "take", "pass" }), what .. ": and only once, every match")
end

T.summary("gin_flow")
