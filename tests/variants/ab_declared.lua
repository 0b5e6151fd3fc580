-- ab_declared.lua -- ab.lua with its moves declared instead of listed (the same game, move for move).
local ab = fuda.variant("ab")
return {
  extends = "ab",
  phases = { say = { moves = { "a", "b" }, a = ab.phases.say.a, b = ab.phases.say.b } },
}
