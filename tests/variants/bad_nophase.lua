-- bad_nophase.lua -- phases without verbs, and a first phase that is not among them (tests/lua/author.lua).
return {
  deal = function(g) g.turn = 1 end,
  phase = "ofer",
  phases = { offer = { moves = function() return { "x" } end } },
}
