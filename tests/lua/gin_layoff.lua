-- gin_layoff.lua -- the Gin family's layoff rule (variants/lib/gin-layoff.lua) on given hands:
-- single layoffs, chains at both ends, sets, the knocker's choice among his least-deadwood
-- arrangements, own melds against layoffs, defender rules (aces 15 against the defender), ace
-- high and around the corner, wild jokers laid off, allow = false (gin), Lay.best and
-- Lay.best_any_order on given melds (their tie-breaks);
-- and the meld queries it stands on (R:arrangements, R:spec, R:accepts with a kind), and
-- R:layoff's message now that the rule lives in Lua.
local T = dofile("tests/lua/lib/t.lua")
local check, eq = T.check, T.eq
local Lay = dofile("variants/lib/gin-layoff.lua")

local function cards(s)
  local t = {}
  for w in s:gmatch("%S+") do t[#t + 1] = w end
  return t
end

-- "7h 8h" for the layoffs' cards in the order laid
local function laid(res)
  local t = {}
  for i, lo in ipairs(res.layoffs) do t[i] = lo.card end
  return table.concat(t, " ")
end

local function has_meld(arr, s)
  for _, m in ipairs(arr.melds) do
    if table.concat(m, " ") == s then return true end
  end
  return false
end

local function lay(R, k, d, spec)
  return Lay.showdown(R, cards(k), cards(d), spec)
end

local R = fuda.rules{}
local K = "4h 5h 6h 9s 9c 9d Kc Kd Ks 2c"

-- single layoff, chains, both ends, a set, nothing to lay
local r = lay(R, K, "7h Qd 3s")
eq(r.deadwood, 13, "7h on 4h-5h-6h: 10 + 3 left")
eq(laid(r), "7h", "7h laid")
eq(r.layoffs[1].meld, 3, "on the third meld (4h-5h-6h: melds by lowest card, spades first)")
eq(r.knocker.deadwood, 2, "the knocker's deadwood")
r = lay(R, K, "8h 7h Qd")
eq(r.deadwood, 10, "chain 7h 8h")
eq(laid(r), "7h 8h", "chain: 7h first")
r = lay(R, K, "3h 7h Qd")
eq(r.deadwood, 10, "both ends")
eq(#r.layoffs, 2, "both ends: two layoffs")
r = lay(R, K, "2h 3h 7h 8h Qd")
eq(r.deadwood, 10, "chains at both ends")
eq(laid(r), "3h 2h 7h 8h", "the low end's chain, then the high end's")
r = lay(R, K, "9h Qd")
eq(laid(r), "9h", "9h on the nines")
eq(r.knocker.kinds[r.layoffs[1].meld], "set", "on a set")
r = lay(R, K, "8h Qd")
eq(r.deadwood, 18, "8h fits nothing")
eq(#r.layoffs, 0, "no layoff")
-- no layoffs allowed (gin)
r = lay(R, K, "7h 8h Qd", { allow = false })
eq(r.deadwood, 25, "allow = false: all counted")
eq(#r.layoffs, 0, "allow = false: no layoff")
eq(r.defender.deadwood, 25, "allow = false: the defender's own arrangement")

-- own melds against layoffs
r = lay(R, K, "7h 7s 7c Qd")
eq(r.deadwood, 10, "7h kept in an own set")
eq(#r.layoffs, 0, "7h not laid off")
check(has_meld(r.defender, "7s 7h 7c"), "the defender's set of sevens")
r = lay(R, "4h 5h 6h 2c 3d Kc Kd Ks", "7h 8h 9h 9s 9c")
eq(r.deadwood, 0, "laying off 7h 8h frees 9h for a set")
eq(laid(r), "7h 8h", "7h 8h laid")
check(has_meld(r.defender, "9s 9h 9c"), "the nines melded")

-- the knocker's choice: 5h in 2-3-4-5h or in the fives keeps 6h from the defender
local K2 = "2h 3h 4h 5h 5s 5c 5d Ac 2d Ks"
r = lay(R, K2, "6h Qd")
eq(r.deadwood, 16, "the knocker shows 2h-3h-4h and four fives")
eq(#r.layoffs, 0, "6h fits nothing")
check(has_meld(r.knocker, "5s 5h 5d 5c"), "four fives shown")
check(has_meld(r.knocker, "2h 3h 4h"), "2h-3h-4h shown")
r = lay(R, K2, "6h Ah Qd")
eq(r.deadwood, 16, "Ah fits either way")
eq(laid(r), "Ah", "Ah laid")
-- gin: the arrangement matters when layoffs are allowed
r = lay(R, "As 2s 3s 4s 5s 6s 7s 8s 9s 10s", "Js Qs Kh")
eq(r.deadwood, 10, "Js Qs on the spade run")
eq(laid(r), "Js Qs", "Js then Qs")

-- defender rules: aces 15 against the defender only
local values = {}
for i = 1, 13 do values[i] = i < 10 and i or 10 end
values[1] = 15
local RD = fuda.rules{ values = values }
r = lay(R, K, "Ad As 3h Qd", { defender_rules = RD })
eq(r.deadwood, 40, "aces 15 in the defender's deadwood")
eq(laid(r), "3h", "3h laid")
eq(r.knocker.deadwood, 2, "the knocker's 2c counts 2")
r = lay(R, "2s 3s 4s 9s 9c 9d Kc Kd Ks 2c", "As Ad 3h Qd", { defender_rules = RD })
eq(r.deadwood, 28, "As laid on 2s-3s-4s")
eq(laid(r), "As", "As laid")

-- ace high, low, around the corner
r = lay(fuda.rules{ ace = "high" }, "Jh Qh Kh 9c 9d 9s", "Ah 2h 5c")
eq(r.deadwood, 7, "ace high: Ah on J-Q-K")
eq(laid(r), "Ah", "ace high: Ah laid")
eq(lay(R, "Jh Qh Kh 9c 9d 9s", "Ah 2h 5c").deadwood, 8, "ace low: no layoff")
r = lay(fuda.rules{ ace = "corner" }, "Jh Qh Kh 9c 9d 9s", "2h Ah 5c")
eq(r.deadwood, 5, "corner: Ah then 2h on J-Q-K")
eq(laid(r), "Ah 2h", "corner: the chain in order")

-- wild jokers
local W = fuda.rules{ wild = "joker" }
r = lay(W, "4h 5h 6h 9s 9c 9d", "8h Jk 3c")
eq(r.deadwood, 3, "a joker laid as 7h, then 8h")
eq(laid(r), "Jk 8h", "joker first")
local W15 = fuda.rules{ wild = "joker", values = { [0] = 15 } }
r = lay(W15, "9s 9c 9d 9h 2c", "Jk 3c Kd")
eq(r.deadwood, 13, "a joker on four nines: five of a kind")
eq(laid(r), "Jk", "the joker laid")
r = lay(fuda.rules{ wild = "joker", values = { [0] = 15 }, set_max = 4 }, "9s 9c 9d 9h 2c", "Jk 3c Kd")
eq(r.deadwood, 28, "set_max 4: no joker on four nines")
eq(#r.layoffs, 0, "set_max 4: nothing laid")
r = lay(W, "5h 6h 7h Jk 2c", "4h 8h Kd")
eq(r.deadwood, 18, "the knocker's joker end decides")
eq(laid(r), "4h", "4h laid below")
check(has_meld(r.knocker, "5h 6h 7h Jk"), "the joker shown as 8h")
-- a joker that is not wild for the defender (loser_jokers = "deadwood") is never laid off
local TAME = fuda.rules{ values = { [0] = 15 } }
r = lay(W, "4h 5h 6h 9s 9c 9d", "Jk 3c", { defender_rules = TAME })
eq(r.deadwood, 18, "a tame joker counts 15")
eq(#r.layoffs, 0, "a tame joker stays")

-- Lay.best on given melds (the three-player games, Tedesco's knock with the taken card)
local b = Lay.best(R, { cards("4h 5h 6h"), cards("9s 9c 9d") }, { "run", "set" }, cards("3h 7h 9h Qd"))
eq(b.deadwood, 10, "Lay.best: all but Qd laid")
eq(laid(b), "3h 7h 9h", "Lay.best: melds in order, a run's low end first")
eq(table.concat(b.rest, " "), "Qd", "Lay.best: the rest")
b = Lay.best(R, { cards("4h 5h 6h") }, { "run" }, cards("Qd"))
eq(#b.layoffs, 0, "Lay.best: nothing to lay")
eq(b.deadwood, 10, "Lay.best: the cards' own deadwood")

-- the two tie-breaks: Lay.best lays by melds in order, best_any_order by the hand's order
local MS, KS = { cards("4h 5h 6h"), cards("9s 9c 9d") }, { "run", "set" }
b = Lay.best(R, MS, KS, cards("9h 3h Qd"))
eq(laid(b), "3h 9h", "Lay.best: the run's layoff first")
local a = Lay.best_any_order(R, MS, KS, cards("9h 3h Qd"))
eq(laid(a), "9h 3h", "best_any_order: the hand's first card first")
eq(a.deadwood, b.deadwood, "the same least deadwood")
eq(table.concat(a.rest, " "), "Qd", "best_any_order: the rest")
a = Lay.best_any_order(R, MS, KS, cards("8h 7h Qd"))
eq(laid(a), "7h 8h", "best_any_order: a chain, 7h before 8h")

-- the queries under the rule
local arrs = R:arrangements(cards(K2))
eq(#arrs, 2, "R:arrangements: two ways for 5h")
eq(arrs[1].deadwood, 13, "R:arrangements: least deadwood")
eq(#R:arrangements(cards(K2), 1), 1, "R:arrangements: at most max")
local s = fuda.rules{ ace = "corner", wild = "joker", set_max = 5 }:spec()
eq(s.ace, "corner", "R:spec: ace")
eq(s.wild, "joker", "R:spec: wild")
eq(s.set_max, 5, "R:spec: set_max")
eq(s.values[12], 10, "R:spec: values")
eq(fuda.rules(s):spec().min_run, 3, "R:spec: what fuda.rules takes")
check(W:accepts(cards("4h Jk Jk"), "7h", "run"), "R:accepts: 4h Jk Jk as a run takes 7h")
check(not W:accepts(cards("4h Jk Jk"), "4s", "run"), "R:accepts: ... not 4s")
check(W:accepts(cards("4h Jk Jk"), "4s"), "R:accepts: guessed a set, takes 4s")
local ok, err = pcall(function() return R:layoff(cards(K), cards("7h")) end)
check(not ok and err:find("R:layoff is gone", 1, true) and err:find("gin-layoff", 1, true),
      "R:layoff: a clear message: " .. tostring(err))
ok, err = pcall(Lay.showdown, R, cards(K), cards("7h"), { alow = false })
check(not ok and err:find("unknown field 'alow'", 1, true), "Lay.showdown: an unknown field: " .. tostring(err))

T.summary("gin_layoff")
