-- BROKEN (hidden information leaks through an event): a draw is announced to
-- everybody with the card drawn ("seat 2 draws {Qs}"), which only the drawer
-- may see (fuda check: the card an event names must be one the seat knows).
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  play = function(g, seat, move)
    base.play(g, seat, move)
    if move == "draw" then g:say("seat %d draws {%s}", seat, g:hand(seat):top()) end
  end,
}
