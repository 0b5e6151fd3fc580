-- BROKEN (listed move refused): moves lists the plays of spades, play refuses them.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  play = function(g, seat, move)
    if move:match("^play %S+s$") then error("spades may not be played") end
    return base.play(g, seat, move)
  end,
}
