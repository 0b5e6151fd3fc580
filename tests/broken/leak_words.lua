-- BROKEN (hidden information leaks through an event, in words): a draw is
-- announced to everybody with the drawn card spelled out ("seat 2 draws the
-- queen of spades"), no {Qs} mark to spot: dealing the unseen cards anew
-- changes what the others are told.
local base = fuda.variant("tiny")
local RANKS = { "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
                "king" }
local SUITS = { s = "spades", h = "hearts", d = "diamonds", c = "clubs" }
return {
  extends = "tiny",
  play = function(g, seat, move)
    base.play(g, seat, move)
    if move == "draw" then
      local c = g:hand(seat):top()
      g:say("seat %d draws the %s of %s", seat, RANKS[fuda.rank(c)], SUITS[fuda.suit(c)])
    end
  end,
}
