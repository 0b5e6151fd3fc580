-- gin-more-moves-copy.lua -- gin-more-moves.lua done right: the base's list is copied, then the
-- move is added to the copy. (Gin's play refuses "pass" while drawing; the tests only list moves.)
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
