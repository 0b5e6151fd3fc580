-- bad_phases.lua -- a phase handles a verb that is not declared (tests/lua/author.lua).
local M = fuda.moves{ take = {}, pass = {} }
return {
  deal = function(g) g.turn = 1 end,
  verbs = M,
  phase = "offer",
  phases = {
    offer = {
      moves = function(g, seat) return { M.take, M.pass } end,
      tak = function(g, seat) end,
    },
  },
}
