-- declared_forged_shape.lua -- a moves function returning a table forged with the mark of declared
-- moves AND the shape of compiled families ({ kind, text }), with a userdata of the game at key 0,
-- where the engine keeps its read of a real declaration (tests/lua/declared.lua): refused with a
-- message, never read (neither its families nor the userdata taken for the engine's read).
local M = fuda.moves{ a = {} }
local forged = setmetatable({ { 0, "a" }, { 0, "a" } }, { __fuda_declared = true })
return {
  deal = function(g) g.turn = 1 end,
  verbs = M,
  phase = "p",
  phases = { p = { moves = function(g)
                     forged[0] = g:hand(1)   -- a fuda.Pile: its block is not the engine's read
                     return forged
                   end,
                   a = function() end } },
  layout = { stock = "hidden", hand = "owner" },
}
