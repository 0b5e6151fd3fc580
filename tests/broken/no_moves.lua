-- BROKEN (no legal move): a seat that must act with exactly three cards in hand gets an empty
-- list of moves.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  moves = function(g, seat)
    if not g.claim and #g:hand(seat) == 3 then return {} end
    return base.moves(g, seat)
  end,
}
