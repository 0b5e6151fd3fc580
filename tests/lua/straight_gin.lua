-- Straight Gin: the 11-card deal and the first discard, gin only (no knock ever), gin's scoring
-- and bonuses, void hands, and the series (first to 4 hands won) with both readings of a void hand.
-- Run: ./fuda run tests/lua/straight_gin.lua

local T = dofile("tests/lua/lib/t.lua")
local check, eq, has, any_match, apply, refused, contains =
  T.check, T.eq, T.has, T.any_match, T.apply, T.refused, T.contains

-- Three melds and a 4-card run: 10 cards that are gin, and a defender's hand of deadwood 35
-- (As 2s 3s and the 5s melded; Kd Qd 8c 7d loose).
local GIN10 = { "4h", "5h", "6h", "7h", "9s", "9d", "9c", "Jc", "Qc", "Kc" }
local D35 = { "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8c", "7d" }

local function with(list, ...)
  local out = {}
  for _, c in ipairs(list) do out[#out + 1] = c end
  for _, c in ipairs{ ... } do out[#out + 1] = c end
  return out
end

local function count_verb(moves, verb)
  local n = 0
  for _, mv in ipairs(moves) do
    if mv:sub(1, #verb + 1) == verb .. " " or mv == verb then n = n + 1 end
  end
  return n
end

local function new_match(seed, options)
  local m = fuda.match{ variant = "straight-gin", seats = 2, seed = seed, options = options }
  local d = m:var("dealer")
  return m, 3 - d, d
end

-- Seat `w` goes gin this hand for 60 points (35 + 25), whoever deals: as the non-dealer it holds
-- GIN10 + 2d and goes gin with its first discard; as the dealer it holds GIN10 with 2c for 7h,
-- the non-dealer discards 7h (which a gin on the first discard could not use) and w takes it.
local function gin_hand(m, w, what)
  local d = m:var("dealer")
  local nd = 3 - d
  if w == nd then
    m:arrange("hand", nd, with(GIN10, "2d"))
    m:arrange("hand", d, D35)
    apply(m, nd, "gin 2d", what)
  else
    m:arrange("hand", nd, with(D35, "7h"))
    m:arrange("hand", d, { "4h", "5h", "6h", "2c", "9s", "9d", "9c", "Jc", "Qc", "Kc" })
    apply(m, nd, "discard 7h", what)
    apply(m, d, "take", what)
    apply(m, d, "gin 2c", what)
  end
end

-- Junk hands that never meld, each drawn card discarded again, until the hand is void.
local function void_hand(m, what)
  local d = m:var("dealer")
  local nd = 3 - d
  m:arrange("hand", nd, { "As", "3s", "5s", "7s", "9s", "Jh", "Kh", "2h", "4d", "6d", "8d" })
  m:arrange("hand", d, { "10d", "Qd", "Ac", "3c", "5c", "7c", "9c", "Jc", "Kc", "2s" })
  apply(m, nd, "discard 8d", what)
  local guard = 0
  while m:phase() == "playing" and guard < 100 do
    guard = guard + 1
    local s = m:actors()[1]
    local before = {}
    for _, c in ipairs(m:pile("hand", s)) do before[c] = true end
    apply(m, s, "draw", what)
    for _, c in ipairs(m:pile("hand", s)) do
      if not before[c] then apply(m, s, "discard " .. c, what) end
    end
  end
end

-- The deal: 11 cards to the non-dealer, 10 to the dealer, no upcard; the non-dealer discards first.
do
  local what = "deal"
  local m, nd, d = new_match(1)
  eq(#m:pile("hand", nd), 11, what .. ": the non-dealer has 11 cards")
  eq(#m:pile("hand", d), 10, what .. ": the dealer has 10 cards")
  eq(#m:pile("discard"), 0, what .. ": no upcard")
  eq(#m:pile("stock"), 31, what .. ": 31 cards in the stock")
  eq(T.actors(m), tostring(nd), what .. ": the non-dealer acts first")
  local mv = m:moves(nd)
  eq(count_verb(mv, "discard"), 11, what .. ": any of the 11 cards may be discarded")
  check(not has(mv, "draw") and not has(mv, "take") and not has(mv, "pass"), what .. ": no draw, take or pass")
  eq(#m:moves(d), 0, what .. ": the dealer waits")
  check(any_match(m:events(), "Seat " .. nd .. " has the extra card and starts by discarding."), what .. ": event")
  check(contains(m:view(nd), "your turn: discard or go gin"), what .. ": the view says discard or gin")
  eq(m:tallies()["deal:extra card"], 1, what .. ": tally")
  -- The first discard: then the dealer draws or takes it, as in Gin Rummy.
  local c = m:pile("hand", nd)[1]
  apply(m, nd, "discard " .. c, what)
  eq(T.list_eq(m:moves(d), { "draw", "take" }), true, what .. ": the dealer draws or takes")
  eq(m:pile("discard")[1], c, what .. ": the discard is on the pile")
  apply(m, d, "take", what)
  refused(m, d, "discard " .. c, what .. ": the card just taken")
end

-- Gin only: a discard leaving deadwood 1 (or 10) offers no knock, ever; gin is offered at 0.
do
  local what = "no knock"
  local m, nd, d = new_match(2)
  m:arrange("hand", nd, { "4h", "5h", "6h", "9s", "9d", "9c", "Jc", "Qc", "Kc", "As", "Kd" })
  local mv = m:moves(nd)
  eq(count_verb(mv, "knock"), 0, what .. ": no knock with deadwood 1 after Kd")
  eq(count_verb(mv, "gin"), 0, what .. ": no gin with deadwood 1")
  refused(m, nd, "knock Kd", what)
  m:arrange("hand", nd, with(GIN10, "Kd"))
  mv = m:moves(nd)
  check(has(mv, "gin Kd"), what .. ": gin Kd offered")
  eq(count_verb(mv, "knock"), 0, what .. ": still no knock")
  eq(count_verb(mv, "gin"), 1, what .. ": only the discard that leaves gin")
end

-- Gin on the first discard: 35 + 25 = 60, no layoffs against gin (the defender's 8h stays).
do
  local what = "gin scoring"
  local m, nd, d = new_match(3)
  m:arrange("hand", nd, with(GIN10, "2d"))
  m:arrange("hand", d, { "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8h", "7d" })
  m:events()
  apply(m, nd, "gin 2d", what)
  eq(m:phase(), "hand_over", what .. ": hand over")
  eq(m:total(nd), 60, what .. ": 35 + 25")
  eq(m:total(d), 0, what .. ": defender")
  check(contains(m:scoresheet(), "seat " .. nd .. " +60: gin 35 + 25"), what .. ": scoresheet line")
  local ev = m:events()
  check(any_match(ev, "No layoffs against gin"), what .. ": no layoff of 8h on the hearts")
  check(any_match(ev, "Seat " .. nd .. " wins with gin: deadwood 35 + gin bonus 25 = 60 points."), what .. ": event")
  eq(m:var("dealer"), d, what .. ": the loser deals next (non-dealer lost: same dealer)")
  eq(m:var("dealer"), d, what)
end

-- The game: first to 100 with gin's bonuses; two gins of 60 to a target of 100.
do
  local what = "game"
  local m, nd = new_match(4)
  local w = nd
  gin_hand(m, w, what)
  eq(m:phase(), "hand_over", what .. ": 60 < 100")
  m:next_hand()
  gin_hand(m, w, what)
  eq(m:phase(), "match_over", what .. ": 120 ends it")
  -- 120 + game 100 + 2 boxes x 25 = 270, shutout: doubled.
  eq(m:total(w), 540, what .. ": (120 + 100 + 50) x 2")
  local sheet = m:scoresheet()
  check(contains(sheet, "game bonus") and contains(sheet, "box 2 x 25") and contains(sheet, "shutout: total doubled"),
        what .. ": bonus lines")
end

-- A void hand: no score, the same dealer deals again; a void does not end or count in a match.
do
  local what = "void"
  local m, nd, d = new_match(5)
  void_hand(m, what)
  eq(m:phase(), "hand_over", what .. ": over")
  eq(#m:pile("stock"), 2, what .. ": two stock cards left")
  eq(m:total(1) + m:total(2), 0, what .. ": nobody scores")
  check(contains(m:scoresheet(), "void"), what .. ": scoresheet says void")
  check(contains(m:view(1), "the hand was void"), what .. ": the view says void")
  eq(m:tallies()["hand:void"], 1, what .. ": tally")
  m:next_hand()
  eq(m:var("dealer"), d, what .. ": the same dealer deals again")
  eq(#m:pile("hand", nd), 11, what .. ": a new 11-card deal")
end

-- The series: the first to 4 hands won; points pass 100 without ending it; 4-3 after 7 hands.
do
  local what = "series 4-3"
  local m = new_match(6, { series = true })
  local order = { 1, 2, 1, 2, 1, 2 }
  for i, w in ipairs(order) do
    gin_hand(m, w, what .. " hand " .. i)
    eq(m:phase(), "hand_over", what .. ": hand " .. i .. " does not end the series")
    m:next_hand()
  end
  eq(m:total(1), 180, what .. ": seat 1 after 3 gins")
  check(contains(m:scoresheet(), "gin 35 + 25, series 3-3"), what .. ": series on the scoresheet")
  check(contains(m:view(1), "Series: first to 4 hands won."), what .. ": the view says the series")
  m:events()
  gin_hand(m, 2, what .. " hand 7")
  eq(m:phase(), "match_over", what .. ": over at 4 wins")
  eq(m:total(2), 240, what .. ": no bonuses in a series")
  eq(m:total(1), 180, what .. ": the loser's points")
  check(contains(m:scoresheet(), "seat 2 +60: gin 35 + 25, series 3-4"), what .. ": the last line")
  check(any_match(m:events(), "The series is over: 3-4 in hands won, 180-240 in points."), what .. ": the series")
  eq(table.concat(m:winners(), ","), "2", what .. ": the winner named")
  eq(m:tallies()["series:won"], 1, what .. ": tally")
end

do
  local what = "series 4-0 past 100"
  local m = new_match(7, { series = true })
  for i = 1, 3 do
    gin_hand(m, 1, what)
    m:next_hand()
  end
  eq(m:total(1), 180, what .. ": 180 points and the series goes on")
  gin_hand(m, 1, what)
  eq(m:phase(), "match_over", what .. ": 4-0")
end

-- series_void = "replayed" (default): a void hand is dealt again; after 3-3 and a void, hand 8
-- is dealt and decides.
do
  local what = "series void replayed"
  local m = new_match(8, { series = true })
  for _, w in ipairs{ 1, 2, 1, 2, 1, 2 } do
    gin_hand(m, w, what)
    m:next_hand()
  end
  void_hand(m, what)
  eq(m:phase(), "hand_over", what .. ": the void ends nothing")
  m:next_hand()
  eq(m:phase(), "playing", what .. ": hand 8 dealt")
  gin_hand(m, 1, what)
  eq(m:phase(), "match_over", what .. ": 4-3 in hand 8")
end

-- series_void = "counted": the void is one of the 7 hands; after the 7th, more hands won wins;
-- equal hands and points: drawn.
do
  local what = "series void counted, drawn"
  local m = new_match(9, { series = true, series_void = "counted" })
  for _, w in ipairs{ 1, 2, 1, 2, 1, 2 } do
    gin_hand(m, w, what)
    m:next_hand()
  end
  m:events()
  void_hand(m, what)
  eq(m:phase(), "match_over", what .. ": over after 7 hands")
  check(any_match(m:events(), "7 hands played: the series is drawn, 3-3, equal on points."), what .. ": event")
  eq(m:tallies()["series:drawn"], 1, what .. ": tally")
end

do
  local what = "series void counted, 3-2"
  local m = new_match(10, { series = true, series_void = "counted" })
  for _, w in ipairs{ 1, 2, 1, 2, 1 } do
    gin_hand(m, w, what)
    m:next_hand()
  end
  void_hand(m, what)
  eq(m:phase(), "hand_over", what .. ": hand 6 void, one more")
  m:next_hand()
  m:events()
  void_hand(m, what)
  eq(m:phase(), "match_over", what .. ": over after 7 hands")
  check(any_match(m:events(), "7 hands played, the series is over: 3-2 in hands won, 180-120 in points."), what .. ": event")
  eq(table.concat(m:winners(), ","), "1", what .. ": the winner named")
end

-- The basic bot never knocks (it cannot) and plays to gin: 20 hands, every one gin or void.
do
  local what = "bot"
  local m = new_match(11, { target = 100000 })
  for _ = 1, 20 do
    m:play_bots({ "basic", "basic" })
    m:next_hand()
  end
  local t = m:tallies()
  eq((t["hand:gin"] or 0) + (t["hand:void"] or 0), 20, what .. ": 20 hands, gin or void")
  eq(t["hand:knock"], nil, what .. ": no knock")
  check((t["hand:gin"] or 0) >= 15, what .. ": mostly gin (" .. tostring(t["hand:gin"]) .. ")")
end

T.summary("straight_gin")
