-- BROKEN (a match that does not survive save and replay): the variant's bot
-- counts its calls in an upvalue, and the count decides the rules: played
-- (and played again, asking the bots again) the match goes one way; replayed
-- from its log, where nobody asks a bot, another.
local base = fuda.variant("tiny")
local asked = 0
return {
  extends = "tiny",
  setup = function(g) asked = 0 base.setup(g) end,
  bots = {
    counter = function(g, seat, moves)
      asked = asked + 1
      return moves[#moves]
    end,
  },
  play = function(g, seat, move)
    base.play(g, seat, move)
    if asked % 5 == 4 then g.var.phase = "odd" end
  end,
}
