-- BROKEN (infinite loop in a hook): the draw move never returns.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  play = function(g, seat, move)
    if move == "draw" then
      while true do end
    end
    return base.play(g, seat, move)
  end,
}
