-- gin-more-moves.lua -- a house rule that adds "pass" to the draw moves by appending to the list
-- gin's moves hook returned (a new list every call). (Gin's play refuses "pass" while drawing;
-- the tests only list moves.)
local gin = fuda.variant("gin")
return {
  extends = "gin",
  moves = function(g, seat)
    local list = gin.moves(g, seat)
    if g.var.phase == "draw" and seat == g.turn then list[#list + 1] = "pass" end
    return list
  end,
}
