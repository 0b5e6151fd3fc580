-- BROKEN (hidden information leaks through why_not): asked why a move is not
-- legal, the variant answers with the next seat's first card.
return {
  extends = "tiny",
  why_not = function(g, seat, typed)
    return "not now: your neighbour has " .. g:hand(g:next(seat)):cards()[1]
  end,
}
