-- bad_moves.lua -- an argument type misspelt in fuda.moves (tests/lua/author.lua).
local M = fuda.moves{ play = { "cards", "name suit?" }, discard = "crd" }
return { deal = function(g) g.turn = 1 end, moves = function() return {} end, play = function() end }
