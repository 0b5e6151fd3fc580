-- gin-spades-double.lua -- a house rule that changes a hook: in a hand whose
-- upcard was a spade, every point scored counts double. It wraps the base
-- game's hooks instead of copying them.
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
