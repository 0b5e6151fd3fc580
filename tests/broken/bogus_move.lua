-- BROKEN (a listed move that play cannot do): moves adds "cheat", which tiny's play does not
-- know: it takes it for a play of no card and raises.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  moves = function(g, seat)
    local list = base.moves(g, seat)
    if not g.claim then list[#list + 1] = "cheat" end
    return list
  end,
}
