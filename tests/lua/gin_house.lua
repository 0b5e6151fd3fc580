-- Gin Rummy under house rules that add a move: written on gin's phases (a phase replaced, gin's
-- handlers kept) or with moves and play hooks over gin's; both play the same.
-- Run: ./fuda run tests/lua/gin_house.lua

local T = dofile("tests/lua/lib/t.lua")
local check, eq, apply, same_list, has = T.check, T.eq, T.apply, T.same_list, T.has

for _, file in ipairs{ "gin-pass-phase.lua", "gin-pass-play.lua" } do
  local what = file
  local m = fuda.match{ variant = "tests/variants/" .. file, seed = 3 }
  local nd = m:actors()[1]
  local d = 3 - nd
  check(same_list(m:moves(nd), { "take", "pass" }), what .. ": the upcard offer is gin's")
  apply(m, nd, "pass", what)
  apply(m, d, "pass", what)
  check(same_list(m:moves(nd), { "draw" }), what .. ": after both passed, a draw only (gin's forced phase)")
  apply(m, nd, "draw", what)
  local c = m:pile("hand", nd)[1]
  apply(m, nd, "discard " .. c, what)
  check(same_list(m:moves(d), { "draw", "take", "pass" }), what .. ": an ordinary turn may be passed")
  eq(#m:moves(nd), 0, what .. ": the other seat waits")
  m:events()
  apply(m, d, "pass", what)
  check(has(m:events(), "Seat " .. d .. " passes the turn."), what .. ": the pass is told")
  eq(m:var("phase"), "draw", what .. ": still the draw phase")
  check(same_list(m:moves(nd), { "draw", "take", "pass" }), what .. ": the other seat's turn")
  apply(m, nd, "take", what)
  eq(#m:pile("hand", nd), 11, what .. ": gin's take still works: 11 cards")
  eq(m:var("taken"), c, what .. ": the card taken is remembered by gin's handler")
  eq(m:var("phase"), "discard", what .. ": gin's take leads to the discard")
end

T.summary("gin_house")
