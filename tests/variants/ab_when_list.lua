-- ab_when_list.lua -- ab_when.lua with its moves listed by a function.
local ab = fuda.variant("ab")
return {
  extends = "ab",
  phases = { say = { moves = function(g, seat)
                       if g.var.n % 3 ~= 0 then return { "a", "b" } end
                       return { "b" }
                     end,
                     a = ab.phases.say.a, b = ab.phases.say.b } },
}
