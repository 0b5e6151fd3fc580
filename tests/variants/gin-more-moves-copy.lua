-- gin-more-moves-copy.lua -- gin-more-moves.lua with the base's list copied before the move is
-- added. (Gin's play refuses "pass" while drawing; the tests only list moves.)
local gin = fuda.variant("gin")
return {
  extends = "gin",
  moves = function(g, seat)
    local list = gin.moves(g, seat)
    if g.var.phase == "draw" and seat == g.turn then
      local mine = {}
      for i = 1, #list do mine[i] = list[i] end
      mine[#mine + 1] = "pass"
      return mine
    end
    return list
  end,
}
