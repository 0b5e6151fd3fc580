-- BROKEN (points after the base game decided): the first version of docs/examples/gin-spades-double.lua.
-- After the base game's play it adds the hand's points once more, after the match format decided
-- on the totals: the doubled points could carry a seat past the target while the match goes on.
-- g:score after the hand ended raises, so the move fails at line 25.
local gin = fuda.variant("gin")

return {
  extends = "gin",
  title = "Gin, spade upcard doubles the hand",
  state = { spade_hand = false },

  deal = function(g)
    gin.deal(g)
    g.var.spade_hand = fuda.suit(g:pile("discard"):top()) == "s"
    if g.var.spade_hand then g:say("The upcard is a spade: this hand counts double.") end
  end,

  play = function(g, seat, move)
    local before = {}
    for s = 1, g.seats do before[s] = g:total(s) end
    gin.play(g, seat, move)
    if g.var.spade_hand then
      for s = 1, g.seats do
        local gained = g:total(s) - before[s]
        if gained ~= 0 then g:score(s, gained, "spade upcard: doubled") end
      end
    end
  end,
}
