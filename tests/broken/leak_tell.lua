-- BROKEN (hidden information leaks through a private message): after each play
-- the next seat is told what the seat after it holds (fuda check: a tell may
-- only name cards its seat knows).
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  play = function(g, seat, move)
    base.play(g, seat, move)
    if g.phase == "playing" then
      local next = g:next(seat)
      g:tell(next, "seat %d holds %s", g:next(next), fuda.show(g:hand(g:next(next)):cards()))
    end
  end,
}
