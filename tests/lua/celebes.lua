-- Celebes Rum (セレベスラム): the deal (13 + 13 + the upcard from 54 cards), the upcard offered to
-- the non-dealer only (declined by drawing, or by passing as an option), every gin shape accepted
-- or refused as a gin move, jokers in the loser's count, the score, void hands, the series and the
-- match end, and the basic bots over many seeds.
-- Run: ./fuda run tests/lua/celebes.lua

local T = dofile("tests/lua/lib/t.lua")
local check, eq, has, apply, refused, contains = T.check, T.eq, T.has, T.apply, T.refused, T.contains

-- A match whose non-dealer holds nd (13 cards), the dealer d (13 cards, or as dealt when nil),
-- with the upcard up and the stock's top cards stock (top first). Events so far are dropped.
local function dealt(t)
  local m = fuda.match{ variant = "celebes", seats = 2, seed = t.seed or 5, options = t.options }
  local d = m:var("dealer")
  local nd = 3 - d
  m:arrange("hand", nd, t.nd)
  if t.d then m:arrange("hand", d, t.d) end
  m:arrange("discard", nil, { t.up or "Ac" })
  if t.stock then m:arrange("stock", nil, t.stock, true) end
  m:events()
  return m, nd, d
end

-- The gin moves of seat, joined by commas.
local function gins(m, seat)
  local out = {}
  for _, mv in ipairs(m:moves(seat)) do
    if mv:find("^gin ") then out[#out + 1] = mv end
    check(not mv:find("^knock "), "no knock is ever offered: " .. mv)
  end
  return table.concat(out, ",")
end

local function count(list, x)
  local n = 0
  for _, c in ipairs(list) do if c == x then n = n + 1 end end
  return n
end

---------------------------------------------------------------------------------------------------
-- The deal: 54 cards with two jokers, 13 each, the upcard, 27 in the stock.
do
  local what = "deal"
  local m = fuda.match{ variant = "celebes", seats = 2, seed = 11 }
  local d = m:var("dealer")
  local nd = 3 - d
  eq(#m:pile("hand", 1), 13, what .. ": seat 1 has 13")
  eq(#m:pile("hand", 2), 13, what .. ": seat 2 has 13")
  eq(#m:pile("discard"), 1, what .. ": one upcard")
  eq(#m:pile("stock"), 27, what .. ": 27 in the stock")
  local all = {}
  for _, p in ipairs{ m:pile("hand", 1), m:pile("hand", 2), m:pile("discard"), m:pile("stock") } do
    for _, c in ipairs(p) do all[#all + 1] = c end
  end
  eq(#all, 54, what .. ": 54 cards")
  eq(count(all, "Jk"), 2, what .. ": two jokers")
  eq(m:var("upcard"), m:pile("discard")[1], what .. ": the upcard is the discard pile")
  eq(T.actors(m), tostring(nd), what .. ": the non-dealer acts first")
  eq(table.concat(m:moves(nd), ","), "draw,take", what .. ": take the upcard or draw")
  eq(#m:moves(d), 0, what .. ": the dealer has no move")
  refused(m, d, "take", what .. ": the dealer may not take the upcard")
  check(contains(m:view(nd), "your turn: take the upcard {" .. m:var("upcard") .. "}, or decline it and draw from the stock"),
        what .. ": the view offers the upcard")
  check(contains(m:view(nd), "Celebes Rum, hand 1"), what .. ": title")
  check(contains(m:view(nd), "Game to 100."), what .. ": goal")
end

-- Declined by drawing: the upcard is buried under the non-dealer's discard; the dealer takes
-- only that discard.
do
  local what = "decline"
  local m, nd, d = dealt{ nd = { "4h","5h","6h","9s","9d","Jk","2c","3c","4c","Kd","Ks","8h","As" },
                          up = "Ac", stock = { "Qs" } }
  apply(m, nd, "draw", what)
  check(T.any_match(m:events(), "Seat " .. nd .. " declines the upcard and draws from the stock."), what .. ": event")
  eq(m:tallies()["upcard:non-dealer declines"], 1, what .. ": tally")
  apply(m, nd, "discard Qs", what)
  eq(table.concat(m:moves(d), ","), "draw,take", what .. ": dealer draws or takes")
  apply(m, d, "take", what)
  check(not has(m:pile("hand", d), "Ac"), what .. ": the dealer took the discard, not the upcard")
  check(has(m:pile("hand", d), "Qs"), what .. ": the dealer took Qs")
  eq(m:pile("discard")[1], "Ac", what .. ": the upcard stays at the bottom")
  eq(m:tallies()["take:discard"], 1, what .. ": a discard taken")
end

-- Taken: the non-dealer may not throw it straight back.
do
  local what = "take"
  local m, nd = dealt{ nd = { "4h","5h","6h","9s","9d","Jk","2c","3c","4c","Kd","Ks","8h","As" }, up = "Kh" }
  apply(m, nd, "take", what)
  check(T.any_match(m:events(), "Seat " .. nd .. " takes the upcard {Kh}."), what .. ": event")
  eq(m:tallies()["upcard:non-dealer takes"], 1, what .. ": tally")
  refused(m, nd, "discard Kh", what .. ": the upcard straight back")
end

-- Option non_dealer_declines = "passing": the dealer then draws first and may not take it; with
-- dealer_takes_passed the dealer may.
do
  local what = "passing"
  local m, nd, d = dealt{ options = { non_dealer_declines = "passing" },
                          nd = { "4h","5h","6h","9s","9d","Jk","2c","3c","4c","Kd","Ks","8h","As" }, up = "Kh" }
  eq(table.concat(m:moves(nd), ","), "take,pass", what .. ": take or pass")
  apply(m, nd, "pass", what)
  eq(m:tallies()["upcard:non-dealer passes"], 1, what .. ": tally")
  eq(T.actors(m), tostring(d), what .. ": the dealer plays")
  eq(table.concat(m:moves(d), ","), "draw", what .. ": the dealer only draws")
  refused(m, d, "take", what .. ": the dealer takes the passed upcard")
  check(contains(m:view(d), "your turn: the upcard was passed, draw from the stock (only the non-dealer may take it)"),
        what .. ": view")
  apply(m, d, "draw", what)
  eq(#m:pile("hand", d), 14, what .. ": the dealer drew")

  what = "dealer_takes_passed"
  m, nd, d = dealt{ options = { non_dealer_declines = "passing", dealer_takes_passed = true },
                    nd = { "4h","5h","6h","9s","9d","Jk","2c","3c","4c","Kd","Ks","8h","As" }, up = "Kh" }
  apply(m, nd, "pass", what)
  eq(table.concat(m:moves(d), ","), "draw,take", what .. ": draw or take")
  check(contains(m:view(d), "your turn: the upcard was passed, draw or take {Kh}"), what .. ": view")
  apply(m, d, "take", what)
  eq(m:tallies()["upcard:dealer takes it passed"], 1, what .. ": tally")
  check(has(m:pile("hand", d), "Kh"), what .. ": the dealer holds the upcard")
end

---------------------------------------------------------------------------------------------------
-- The shapes: 13 cards and a junk card drawn; is "gin JUNK" offered?
local SHAPES = {
  { "4-3-3-3, joker in a 3-card set", { "4h","5h","6h","7h", "9s","9d","Jk", "2c","3c","4c", "Kd","Ks","Kh" }, "Qs", "4-3-3-3" },
  { "4-3-3-3, jokers in two 3-card melds", { "4h","5h","6h","7h", "10s","10d","Jk", "2c","Jk","4c", "Kd","Ks","Kh" }, "As", "4-3-3-3" },
  { "4-3-3-3, jokers in the 3-card runs and the sets natural", { "Ad","2d","3d","4d", "6s","Jk","8s", "Jc","Qc","Jk", "5h","5c","5d" }, "10h", "4-3-3-3" },
  { "4-3-3-3, a joker in the 4", { "4h","5h","Jk","7h", "9s","9d","9c", "2c","3c","4c", "Kd","Ks","Kh" }, "Qs", nil },
  { "4-3-3-3, the 4 a set", { "9s","9h","9d","9c", "2c","3c","4c", "5h","6h","7h", "Kd","Ks","Jk" }, "Qc", nil },
  { "5-5-3, a natural 5-run", { "3h","4h","5h","6h","7h", "8c","9c","10c","Jk","Qc", "Kd","Ks","Kh" }, "2s", "5-5-3" },
  { "5-5-3, no natural run", { "3h","4h","Jk","6h","7h", "8c","9c","10c","Jk","Qc", "Kd","Ks","Kh" }, "2s", nil },
  { "5-5-3, five of a kind", { "9s","9h","9d","9c","Jk", "2h","3h","4h","5h","6h", "Kd","Ks","Kh" }, "Qc", "5-5-3" },
  { "5-4-4, a natural 4-run and a natural set", { "2d","3d","4d","5d", "6s","7s","Jk","9s","10s", "Kc","Kd","Kh","Ks" }, "Qh", "5-4-4" },
  -- 「5-5-3または5-4-4のときは、5か4をナチュラルメルド(ジョーカーのないメルド)とすること」: a set is a
  -- natural meld as well as a run
  { "5-4-4, the natural 4 a set", { "2d","3d","Jk","5d", "9s","9h","9d","9c", "4h","5h","6h","Jk","8h" }, "Qc", "5-4-4" },
  { "5-4-4, four nines, a 5-run and a set of kings with jokers", { "9s","9h","9d","9c", "3h","4h","Jk","6h","7h", "Kd","Ks","Kh","Jk" }, "Qc", "5-4-4" },
  { "5-5-3, no natural 5 (the natural 3 does not count)", { "3h","4h","Jk","6h","7h", "8c","9c","Jk","Jc","Qc", "Kd","Ks","Kh" }, "2s", nil },
  { "6-4-3", { "2h","3h","4h","5h","6h","7h", "9s","9c","9d","9h", "Jc","Qc","Kc" }, "Qs", nil },
  { "4-3-3-3, two jokers and a natural 4 of a set", { "Kc","Kd","Kh","Ks", "2h","3h","Jk", "5c","6c","Jk", "9d","10d","Jd" }, "Qs", nil },
}

for _, case in ipairs(SHAPES) do
  local what, cards, junk, shape = case[1], case[2], case[3], case[4]
  local m, nd, d = dealt{ nd = cards, up = "Ac", stock = { junk } }
  apply(m, nd, "draw", what)
  if shape then
    eq(gins(m, nd), "gin " .. junk, what .. ": gin offered")
    check(contains(m:view(nd), ", gin by discarding {" .. junk .. "}"), what .. ": the view shows the gin")
    apply(m, nd, "gin " .. junk, what)
    eq(m:tallies()["gin:" .. shape], 1, what .. ": shape tally " .. shape)
    eq(m:tallies()["hand:gin"], 1, what .. ": gin tally")
    check(T.any_match(m:events(), "Seat " .. nd .. " goes gin: melds "), what .. ": the gin shown")
    check(m:phase() ~= "playing", what .. ": the hand is over")
  else
    eq(gins(m, nd), "", what .. ": no gin offered")
    refused(m, nd, "gin " .. junk, what .. ": gin refused")
    check(contains(m:view(nd), ", 0 after discarding {" .. junk .. "} (no gin shape)"), what .. ": view: all melded, no gin")
    apply(m, nd, "discard " .. junk, what)
    check(contains(m:view(nd), "(all melded, but in no gin shape)"), what .. ": view after the discard")
    eq(m:phase(), "playing", what .. ": play goes on")
  end
end

---------------------------------------------------------------------------------------------------
-- The score: gin bonus 25 + the loser's least deadwood, jokers wild in the loser's melds (or, with
-- loser_jokers = "deadwood", all at 15).
local GIN = { "4h","5h","6h","7h", "9s","9d","Jk", "2c","3c","4c", "Kd","Ks","Kh" }
local LOSER60 = { "8s","8d","Jk","As","3d","5c","10c","Jd","Qh","2h","6s","7d","Qc" } -- Qh Qc Jk melded
local LONE = { "Jk","As","4s","7s","10s","2h","9h","Qh","3d","6d","Jd","5c","8c" }   -- nothing melds: 15 + 75

local function gin_hand(t)
  local m, nd, d = dealt{ options = t.options, nd = GIN, d = t.d, up = "Ac", stock = { "Qs" } }
  apply(m, nd, "draw", t.what)
  apply(m, nd, "gin Qs", t.what)
  return m, nd, d
end

do
  local what = "score, joker melded"
  local m, nd, d = gin_hand{ d = LOSER60, what = what }
  local ev = m:events()
  check(T.any_match(ev, "Seat " .. nd .. " goes gin: melds {9s} {9d} {Jk} | {Ks} {Kh} {Kd} | {4h} {5h} {6h} {7h} | {2c} {3c} {4c}, no deadwood."), what .. ": the gin")
  check(T.any_match(ev, "No layoffs against gin; Seat " .. d .. " shows melds {Qh} {Qc} {Jk}, deadwood {As} {2h} {3d} {5c} {6s} {7d} {8s} {8d} {10c} {Jd} = 60."), what .. ": the loser's count")
  check(T.any_match(ev, "Seat " .. nd .. " wins with gin: deadwood 60 + gin bonus 25 = 85 points."), what .. ": event")
  eq(m:total(nd), 85, what .. ": 60 + 25")
  eq(m:total(d), 0, what .. ": loser 0")
  check(contains(m:scoresheet(), "seat " .. nd .. " +85: gin 60 + 25"), what .. ": scoresheet")
  eq(m:phase(), "hand_over", what .. ": hand over")
  eq(m:tallies()["loser:joker in a 3-card set"], 1, what .. ": tally loser's joker")
  eq(m:tallies()["gin:joker in a 3-card set"], 1, what .. ": tally gin's joker")
  check(contains(m:view(d), "Hand over: seat " .. nd .. " won 85 points by gin."), what .. ": view")
  check(contains(m:view(d), "Hand of seat " .. nd .. ": [{9s} {9d} {Jk}]  [{Ks} {Kh} {Kd}]  [{4h} {5h} {6h} {7h}]  [{2c} {3c} {4c}]"), what .. ": the gin in the view")
end

do
  local what = "score, loser_jokers = deadwood; the match ends"
  local m, nd, d = gin_hand{ d = LOSER60, options = { loser_jokers = "deadwood" }, what = what }
  local ev = m:events()
  check(T.any_match(ev, "Seat " .. d .. " shows no melds, deadwood {Jk} {As} {2h} {3d} {5c} {6s} {7d} {8s} {8d} {10c} {Jd} {Qh} {Qc} = 95."), what .. ": count")
  check(not T.any_match(ev, "wins the match"), what .. ": the winner is named once, by the program")
  eq(m:phase(), "match_over", what .. ": match over")
  eq(m:total(nd), 490, what .. ": (120 + 100 + 25) x 2")
  eq(table.concat(m:winners(), ","), tostring(nd), what .. ": winner")
  local sheet = m:scoresheet()
  for _, line in ipairs{ "+120: gin 95 + 25", "+100: game bonus", "+25: box 1 x 25", "+245: shutout: total doubled" } do
    check(contains(sheet, "seat " .. nd .. " " .. line), what .. ": sheet " .. line)
  end
  eq(m:tallies()["loser:joker in deadwood"], 1, what .. ": tally")
  eq(m:tallies()["match:shutout"], 1, what .. ": shutout tally")
end

do
  local what = "score, a lone joker in the loser's deadwood"
  local m, nd, d = gin_hand{ d = LONE, what = what }
  check(T.any_match(m:events(), "Seat " .. d .. " shows no melds, deadwood {Jk} {As} {2h} {3d} {4s} {5c} {6d} {7s} {8c} {9h} {10s} {Jd} {Qh} = 90."), what .. ": 15 + 75")
  eq(m:total(nd), 480, what .. ": (115 + 100 + 25) x 2")
  eq(m:tallies()["loser:joker in deadwood"], 1, what .. ": tally")
end

do
  local what = "score, the loser all melded in no gin shape"
  local m, nd, d = gin_hand{ d = { "2s","3s","4s","5s","6s","7s", "Js","Jc","Jd","Jh", "5d","6d","7d" }, what = what }
  check(T.any_match(m:events(), "Seat " .. d .. " shows melds {2s} {3s} {4s} {5s} {6s} {7s} | {Js} {Jh} {Jd} {Jc} | {5d} {6d} {7d}, no deadwood (all melded, but in no gin shape)."), what .. ": event")
  eq(m:total(nd), 25, what .. ": the gin bonus alone")
  eq(m:tallies()["loser:all melded, no gin shape"], 1, what .. ": tally")
  check(contains(m:view(nd), "Hand of seat " .. d .. ": [{2s} {3s} {4s} {5s} {6s} {7s}]  [{Js} {Jh} {Jd} {Jc}]  [{5d} {6d} {7d}] (all melded, but in no gin shape)"), what .. ": view")
end

-- Void: a discard that leaves 2 cards in the stock without gin; the same dealer deals again.
do
  local what = "void"
  local m, nd, d = dealt{ nd = LONE, up = "Ac" }
  local seat, n = nd, 0
  while m:phase() == "playing" and n < 60 do
    apply(m, seat, "draw", what)
    local drawn
    for _, e in ipairs(m:events(seat)) do drawn = e:match("^You draw {(%w+)}%.$") or drawn end
    apply(m, seat, "discard " .. drawn, what)
    seat, n = 3 - seat, n + 1
  end
  eq(n, 25, what .. ": 25 turns")
  eq(#m:pile("stock"), 2, what .. ": 2 left")
  check(T.any_match(m:events(), "The stock is down to 2 cards without a knock: the hand is void; Seat " .. d .. " deals again."), what .. ": event")
  eq(m:total(1) + m:total(2), 0, what .. ": no score")
  check(contains(m:scoresheet(), "void"), what .. ": sheet")
  m:next_hand()
  eq(m:var("dealer"), d, what .. ": the same dealer")
  eq(#m:pile("stock"), 27, what .. ": a new deal")
end

-- The series (Straight Gin's option): the first to 4 gins; points pass 100 and play goes on.
do
  local what = "series"
  local m = fuda.match{ variant = "celebes", seats = 2, seed = 5, options = { series = true } }
  check(contains(m:view(1), "Series: first to 4 hands won."), what .. ": view")
  local winner
  for hand = 1, 4 do
    local d = m:var("dealer")
    local nd = 3 - d
    winner = winner or nd
    eq(nd, winner, what .. ": the winner stays non-dealer (the loser deals)")
    m:arrange("hand", nd, GIN)
    m:arrange("hand", d, LOSER60)
    m:arrange("discard", nil, { "Ac" })
    m:arrange("stock", nil, { "Qs" }, true)
    apply(m, nd, "draw", what)
    apply(m, nd, "gin Qs", what)
    eq(m:phase(), hand < 4 and "hand_over" or "match_over", what .. ": after hand " .. hand)
    if hand < 4 then m:next_hand() end
  end
  eq(m:seat_var(winner, "hands_won"), 4, what .. ": 4 hands won")
  eq(table.concat(m:winners(), ","), tostring(winner), what .. ": the series winner")
  eq(m:tallies()["hand:gin"], 4, what .. ": 4 gins")
end

-- The basic bot takes a discard that makes a gin shape (the deadwood, 0 before and after, does
-- not tell), and keeps a joker even when throwing it would leave least deadwood.
do
  local what = "bot takes for the shape"
  local m, nd = dealt{ nd = { "9s","9h","9d","9c", "2c","3c","4c", "5h","6h","7h", "Kd","Ks","Jk" }, up = "8h" }
  eq(m:bot(nd, "basic"), "take", what)
  apply(m, nd, "take", what)
  check(m:bot(nd, "basic"):find("^gin 9") ~= nil, what .. ": then gin")
  what = "bot keeps its joker"
  m, nd = dealt{ nd = LONE, up = "Ac", stock = { "Kc" } } -- nothing melds: Jk is worth most
  apply(m, nd, "draw", what)
  check(contains(m:view(nd), "deadwood 100, 85 after discarding {Jk}"), what .. ": the view tells least deadwood")
  local mv = m:bot(nd, "basic")
  check(mv:find("^discard ") and mv ~= "discard Jk", what .. ": " .. mv)
end

-- set_max below 4 (the meld rules' least) is refused with the option's name.
do
  local ok, err = pcall(fuda.match, { variant = "celebes", seats = 2, seed = 1, options = { set_max = 3 } })
  check(not ok and contains(tostring(err), "gin-base.lua:") and contains(tostring(err), "option set_max: 0, or 4 to 16 (got 3)"),
        "set_max 3 refused: " .. tostring(err))
end

-- The basic bots: 30 matches end, every move legal (play_bots refuses none).
do
  local ended, gins_n, void = 0, 0, 0
  for seed = 1, 30 do
    local m = fuda.match{ variant = "celebes", seats = 2, seed = seed }
    local hands = 0
    while m:phase() ~= "match_over" and hands < 60 do
      if m:phase() == "hand_over" then m:next_hand() end
      local ok, err = pcall(m.play_bots, m, { "basic", "basic" })
      check(ok, "bots, seed " .. seed .. ": " .. tostring(err))
      if not ok then break end
      hands = hands + 1
    end
    if m:phase() == "match_over" then ended = ended + 1 end
    local t = m:tallies()
    gins_n, void = gins_n + (t["hand:gin"] or 0), void + (t["hand:void"] or 0)
  end
  eq(ended, 30, "bots: 30 matches end")
  check(gins_n > 5 * void, ("bots: gins (%d) far outnumber void hands (%d)"):format(gins_n, void))
end

T.summary("celebes")
