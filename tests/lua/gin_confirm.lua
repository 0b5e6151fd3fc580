-- Gin Rummy: the confirm hook, what fuda play asks before a discard or knock that throws
-- something away: a card that breaks a meld of the hand's best arrangement, a knock when a gin
-- was there. Nothing else is asked, and asking changes nothing.
-- Run: ./fuda run tests/lua/gin_confirm.lua

local T = dofile("tests/lua/lib/t.lua")
local G = dofile("tests/lua/lib/gin.lua")
local check, eq, apply = T.check, T.eq, T.apply
local stacked, ND, D = G.stacked, G.ND, G.D

-- After taking 7h: 4h-5h-6h-7h, 9s-9d-9c, Jc-Qc-Kc and 2d loose (gin 2d is legal).
do
  local what = "take 7h"
  local m, nd, d = stacked("gin", { nd = ND, d = D, up = "7h" })
  eq(m:confirm(nd, "take"), nil, what .. ": nothing asked before taking")
  apply(m, nd, "take", what)
  local before = m:hash()
  eq(m:confirm(nd, "discard 2d"), nil, what .. ": the loose card: nothing asked")
  eq(m:confirm(nd, "gin 2d"), nil, what .. ": gin: nothing asked")
  eq(m:confirm(nd, "discard 4h"), nil, what .. ": the end of a run of four: nothing asked")
  local q = m:confirm(nd, "discard 9s")
  check(q and q:find("^discard {9s} breaks your set ") and q:find("{9d}", 1, true) and q:find("{9c}", 1, true),
        what .. ": a card of a set of three: asked (" .. tostring(q) .. ")")
  q = m:confirm(nd, "discard Qc")
  check(q and q:find("^discard {Qc} breaks your run ") and q:find("{Jc}", 1, true) and q:find("{Kc}", 1, true),
        what .. ": the middle of a run: asked (" .. tostring(q) .. ")")
  check(T.has(m:moves(nd), "knock 4h"), what .. ": knock 4h is legal")
  eq(m:confirm(nd, "knock 4h"), "knocking with {4h} gives up a gin (gin {2d})", what .. ": a knock when gin was there")
  eq(m:confirm(d, "discard 9s"), nil, what .. ": another seat: nothing asked")
  eq(m:hash(), before, what .. ": asking changed nothing")
  apply(m, nd, "discard 9s", what)
  eq(m:confirm(d, "draw"), nil, what .. ": a draw: nothing asked")
end

-- Two arrangements of 7h: the run 5h-6h-7h or the set 7h-7c-7s-7d; without 7h the set of three is
-- kept, so the run is broken all the same.
do
  local what = "7h in a run or a set"
  local m, nd = stacked("gin", { nd = { "5h", "6h", "7h", "7c", "7s", "7d", "Jc", "Qc", "Kc", "2d" }, d = D, up = "3c" })
  apply(m, nd, "take", what)
  local q = m:confirm(nd, "discard 7h")
  check(q and q:find("^discard {7h} breaks your "), what .. ": asked (" .. tostring(q) .. ")")
  eq(m:confirm(nd, "discard 7c"), nil, what .. ": a 7 of the set of four: nothing asked")
end

-- A variant without the hook asks nothing; the presets built on gin-base have it.
do
  local z = fuda.match{ variant = "zun", seats = 2, seed = 1 }
  local a = z:actors()[1]
  eq(z:confirm(a, z:moves(a)[1]), nil, "zun: no confirm hook, nothing asked")
  local m, nd = stacked("oklahoma", { nd = ND, d = D, up = "8d" })
  apply(m, nd, "take", "oklahoma")
  local q = m:confirm(nd, "discard 9s")
  check(q and q:find("breaks your set", 1, true), "oklahoma: the preset asks too (" .. tostring(q) .. ")")
end

T.summary("gin_confirm")
