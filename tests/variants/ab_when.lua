-- ab_when.lua -- ab.lua where "a" may be said only when the count of moves is not a multiple of 3:
-- a verb alone with a filter, which the random bot asks once without making the list
-- (tests/lua/declared.lua; ab_when_list.lua lists the same moves with a function).
local ab = fuda.variant("ab")
return {
  extends = "ab",
  phases = { say = { moves = { { "a", when = function(g) return g.var.n % 3 ~= 0 end }, "b" },
                     a = ab.phases.say.a, b = ab.phases.say.b } },
}
