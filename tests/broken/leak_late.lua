-- BROKEN (a leak that waits): draws are announced to everybody with the card
-- drawn only after the thousandth move of a match, past the moves fuda check
-- looks at one by one; it still looks at some actions there, drawn at random.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  play = function(g, seat, move)
    base.play(g, seat, move)
    if move == "draw" and g.move_no > 1000 then g:say("seat %d draws {%s}", seat, g:hand(seat):top()) end
  end,
}
