-- gin-pass-play.lua -- gin-pass-phase.lua written with moves and play hooks over gin's: they win
-- over gin's phases, and hand every other move to gin's own hooks.
local gin = fuda.variant("gin")

return {
  extends = "gin",
  title = "Gin, a turn may be passed (moves and play)",
  moves = function(g, seat)
    local list = gin.moves(g, seat)
    if g.var.phase == "draw" and #list > 0 then list[#list + 1] = "pass" end
    return list
  end,
  play = function(g, seat, move)
    if move ~= "pass" or g.var.phase ~= "draw" then return gin.play(g, seat, move) end
    g:say("%s passes the turn.", g:name(seat))
    g.turn = g:next(seat)
  end,
}
