-- BROKEN (nobody to act after the deal): deal gives the turn to nobody.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  deal = function(g)
    base.deal(g)
    g.turn = nil
  end,
}
