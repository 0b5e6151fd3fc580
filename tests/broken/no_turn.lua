-- BROKEN (nobody to act): after a draw the hand goes on but the turn is given to nobody.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  play = function(g, seat, move)
    base.play(g, seat, move)
    if move == "draw" then g.turn = nil end
  end,
}
