-- BROKEN (string.rep bomb): the draw move builds a huge string.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  play = function(g, seat, move)
    if move == "draw" then
      local s = string.rep("card", 1 << 28) g:say(#s)
    end
    return base.play(g, seat, move)
  end,
}
