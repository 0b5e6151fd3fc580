-- declared_forged.lua -- a moves function returning a table forged with the mark of declared
-- moves (tests/lua/declared.lua): refused with a message, never read as families.
local M = fuda.moves{ a = {} }
return {
  deal = function(g) g.turn = 1 end,
  verbs = M,
  phase = "p",
  phases = { p = { moves = function() return setmetatable({ 5, "x" }, { __fuda_declared = true }) end,
                   a = function() end } },
}
