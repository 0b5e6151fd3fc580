-- gin-spades-double.lua -- a house rule on a hand's result: when the upcard was a spade, the
-- hand's points count double. Gin reports each hand's result (winner, kind, points, note) to
-- g:result; this hook changes it before the match format scores it and decides whether the match
-- is over, so doubled points reach the target like any others.
---@type fuda.Variant
return {
  extends = "gin",
  title = "Gin, spade upcard doubles the hand",
  result = function(g, r)
    if r.winner and fuda.suit(g.var.upcard) == "s" then
      r.points, r.note = 2 * r.points, r.note .. " x 2 (spade upcard)"
    end
  end,
}
