-- BROKEN (hidden information leaks in the first deal): the deal tells every
-- seat the first card of the next seat's hand, marked ({7h}).
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  deal = function(g)
    base.deal(g)
    for s = 1, g.seats do g:tell(s, "your neighbour holds {%s}", g:hand(g:next(s)):cards()[1]) end
  end,
}
