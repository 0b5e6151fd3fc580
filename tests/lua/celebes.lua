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
  { "5-4-4, the natural 4 a set", { "2d","3d","Jk","5d", "9s","9h","9d","9c", "4h","5h","6h","Jk","8h" }, "Qc", nil },
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

T.summary("celebes")
