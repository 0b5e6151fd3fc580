-- BROKEN (scores after the end): a bonus of 5 to whoever ends the match, added after the base game
-- has called g:end_match. The result of a match is final once it is over: the g:score raises.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  play = function(g, seat, move)
    base.play(g, seat, move)
    if g.phase == "match_over" then g:score(seat, 5, "closing bonus") end
  end,
}
