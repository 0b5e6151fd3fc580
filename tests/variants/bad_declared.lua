-- bad_declared.lua -- declared moves that cannot be (tests/lua/declared.lua): an unknown verb, a
-- pile the layout lacks, a verb that takes no such argument, one that takes an argument declared
-- alone. Each is a load error naming its phase's line.
local M = fuda.moves{ draw = {}, discard = "card", give = "seat" }
return {
  layout = { stock = "hidden", hand = "owner" },
  deal = function(g) g.turn = 1 end,
  verbs = M,
  phase = "one",
  phases = {
    one = { moves = { "draw", "drow" }, draw = function() end },
    two = { moves = { { M.discard, cards = "hnd" } }, discard = function() end },
    three = { moves = { { M.give, cards = "hand" } }, give = function() end },
    four = { moves = { M.discard }, discard = function() end },
    five = { moves = { { "draw", seats = "some" } } },
  },
}
