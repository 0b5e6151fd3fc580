-- BROKEN (a move that loses a card): a played heart is to leave the game. The API has no way
-- to destroy a card (cards only move between piles), so the attempt raises an error and the
-- listed move is refused.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  play = function(g, seat, move)
    local card = move:match("^play (%S+h)$")
    if card then
      g:hand(seat):move(card, nil)
      return
    end
    return base.play(g, seat, move)
  end,
}
