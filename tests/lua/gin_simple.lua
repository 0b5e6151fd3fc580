-- Gin Rummy: the simple bot (variants/lib/gin-simple.lua), the baseline of gin research -- its
-- three rules in set positions, where basic plays otherwise, and basic ahead of it over matches.
-- Run: ./fuda run tests/lua/gin_simple.lua

local T = dofile("tests/lua/lib/t.lua")
local G = dofile("tests/lua/lib/gin.lua")
local check, eq = T.check, T.eq
local stacked, ND, D = G.stacked, G.ND, G.D

-- Rule 1: the upcard or discard only when it joins a meld, else the stock.
do
  local m, nd, d = stacked("gin", { nd = ND, d = D, up = "3h" })
  eq(m:bot(nd, "simple"), "take", "takes 3h: it joins 4h-5h-6h")

  m, nd, d = stacked("gin", { nd = ND, d = D, up = "4s", stock = { "Kh" } })
  eq(m:bot(nd, "simple"), "pass", "passes 4s: it joins no meld")
  m:apply(nd, "pass")
  eq(m:bot(d, "simple"), "take", "the dealer takes 4s: As-2s-3s-4s")
  m:apply(d, "take")
  eq(m:bot(d, "simple"), "discard Kd", "then throws its highest unmelded card, Kd (before Qd)")
  m:apply(d, "discard Kd")
  m:apply(nd, "draw")
  m:apply(nd, "discard Kh")
  eq(m:bot(d, "simple"), "draw", "Kh joins no meld: it draws from the stock")

  m, nd, d = stacked("gin", { nd = ND, d = D, up = "Ks" })
  eq(m:bot(nd, "simple"), "pass", "passes Ks")
  m:apply(nd, "pass")
  eq(m:bot(d, "simple"), "pass", "the dealer passes Ks too (Kd alone is no meld)")
end

-- A card that joins a meld the best arrangement does not use: simple takes it (basic does not),
-- and then may not throw it back, though it is its highest unmelded card.
do
  local hand = { "Js", "Qs", "Ks", "Jd", "Qd", "Kd", "2h", "3h", "9c", "7s" }
  local other = { "As", "2s", "3s", "5c", "5d", "5s", "10d", "4d", "8c", "7d" }
  local m, nd = stacked("gin", { nd = hand, d = other, up = "Kc" })
  eq(m:bot(nd, "simple"), "take", "takes Kc: Ks-Kd-Kc is a set, though the runs keep Ks and Kd")
  eq(m:bot(nd, "basic"), "pass", "basic passes Kc: it would sit in no meld of the best arrangement")
  m:apply(nd, "take")
  eq(m:bot(nd, "simple"), "discard 9c", "throws 9c, the highest unmelded card but the Kc just taken")
end

-- Rule 3: knock as soon as allowed (where basic holds a low hand), gin when it may.
do
  local m, nd, d = stacked("gin", { nd = ND, d = D, up = "Ks", stock = { "8h" } })
  m:apply(nd, "pass")
  m:apply(d, "pass")
  m:apply(nd, "draw")
  eq(m:bot(nd, "simple"), "knock 8h", "knocks with 8h: deadwood 2")
  eq(m:bot(nd, "basic"), "discard 8h", "basic holds that hand")

  m, nd = stacked("gin", { nd = ND, d = D, up = "10c" })
  eq(m:bot(nd, "simple"), "take", "takes 10c: it joins Jc-Qc-Kc")
  m:apply(nd, "take")
  eq(m:bot(nd, "simple"), "gin 2d", "then goes gin")

  -- It knocks with the card it would throw anyway, its highest unmelded one.
  local nine = { "4h", "5h", "6h", "9s", "9d", "9c", "2c", "3c", "Kc", "5d" }
  m, nd, d = stacked("gin", { nd = nine, d = D, up = "Qh", stock = { "Ac" } })
  m:apply(nd, "pass")
  m:apply(d, "pass")
  m:apply(nd, "draw")
  eq(m:bot(nd, "simple"), "knock Kc", "Ac-2c-3c: knocks with Kc, deadwood 5")
end

-- Over whole matches (seeds 1-100, both seatings, as `fuda duel gin --bots basic,simple -n 100`):
-- basic wins well over half, by holding low hands that simple's knocks run into.
do
  local won, n = 0, 0
  for seed = 1, 100 do
    for _, b in ipairs{ 1, 2 } do
      local m = fuda.match{ variant = "gin", seats = 2, seed = seed }
      local names = b == 1 and { "basic", "simple" } or { "simple", "basic" }
      while m:phase() ~= "match_over" do
        if m:phase() == "hand_over" then m:next_hand() end
        m:play_bots(names)
      end
      if m:total(b) > m:total(3 - b) then won = won + 1 end
      n = n + 1
    end
  end
  check(won > 0.57 * n, ("basic won %d of %d matches against simple"):format(won, n))
end

T.summary("gin_simple")
