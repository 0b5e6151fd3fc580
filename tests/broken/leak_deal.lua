-- BROKEN (hidden information leaks when a hand is dealt): from the second hand
-- on, everybody is told in words how many hearts the first seat was dealt
-- (fuda check deals anew what each seat cannot see before the deal too).
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  deal = function(g)
    base.deal(g)
    if g.hand_no > 1 then
      local n = 0
      for _, c in ipairs(g:hand(1):cards()) do
        if fuda.suit(c) == "h" then n = n + 1 end
      end
      g:say("seat 1 was dealt %d hearts", n)
    end
  end,
}
