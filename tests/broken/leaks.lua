-- BROKEN (hidden information leaks): a seat may "draw" only while the next seat
-- holds a spade, so its legal moves depend on a hand it cannot see (fuda check's
-- leak rule: dealing the unseen cards anew changes the list).
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  moves = function(g, seat)
    local list = base.moves(g, seat)
    if g.claim then return list end
    for _, c in ipairs(g:hand(g:next(seat)):cards()) do
      if fuda.suit(c) == "s" then return list end
    end
    local out = {}
    for _, m in ipairs(list) do if m ~= "draw" then out[#out + 1] = m end end
    if #out == 0 then out[1] = "draw" end
    return out
  end,
}
