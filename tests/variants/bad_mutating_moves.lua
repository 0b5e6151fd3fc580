-- A moves hook that changes the game (it must only list moves).
local tiny = fuda.variant("tiny")
return {
  extends = "tiny",
  moves = function(g, seat)
    g.var.phase = "changed"
    return tiny.moves(g, seat)
  end,
}
