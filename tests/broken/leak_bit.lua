-- BROKEN (hidden information leaks one bit, now and then): when a seat plays, the
-- next seat is warned only if the seat after it holds a king -- a message that
-- names no card, sent only on some deals (fuda check: dealing the unseen cards
-- anew must not change what a seat is told).
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  play = function(g, seat, move)
    base.play(g, seat, move)
    if move ~= "draw" and g.phase == "playing" then
      local next = g:next(seat)
      for _, c in ipairs(g:hand(g:next(next)):cards()) do
        if fuda.rank(c) == 13 then g:tell(next, "careful") break end
      end
    end
  end,
}
