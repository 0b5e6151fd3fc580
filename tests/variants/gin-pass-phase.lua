-- gin-pass-phase.lua -- a house rule on gin's phases: in an ordinary turn a player may pass
-- instead of drawing or taking, and the other player has the turn. Gin's "draw" phase is
-- replaced by one that lists gin's moves and "pass" and keeps gin's own draw and take.
local draw = fuda.variant("gin").phases.draw

return {
  extends = "gin",
  title = "Gin, a turn may be passed (phases)",
  phases = {
    draw = {
      moves = function(g, seat)
        local list = draw.moves(g, seat)
        if #list > 0 then list[#list + 1] = "pass" end
        return list
      end,
      draw = draw.draw,
      take = draw.take,
      pass = function(g, seat)
        g:say("%s passes the turn.", g:name(seat))
        g.turn = g:next(seat)
      end,
    },
  },
}
