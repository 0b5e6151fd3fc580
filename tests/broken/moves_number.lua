-- BROKEN (a move that is not a string): with four cards in hand, the list ends with a number.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  moves = function(g, seat)
    local list = base.moves(g, seat)
    if not g.claim and #g:hand(seat) == 4 then list[#list + 1] = 4 end
    return list
  end,
}
