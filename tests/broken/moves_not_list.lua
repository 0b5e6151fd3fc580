-- BROKEN (moves is not a list): with four cards in hand, moves returns the string "draw".
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  moves = function(g, seat)
    if not g.claim and #g:hand(seat) == 4 then return "draw" end
    return base.moves(g, seat)
  end,
}
