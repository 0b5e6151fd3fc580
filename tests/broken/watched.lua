-- BROKEN (a script that plays otherwise when fuda check watches it): its
-- check.invariant, which only a checking engine runs, notes in an upvalue that
-- it is watched, and the play hook then scores. The match played again as
-- fuda sim plays it (nobody reading events, no invariant) comes to another
-- state.
local base = fuda.variant("tiny")
local watched = false
return {
  extends = "tiny",
  play = function(g, seat, move)
    base.play(g, seat, move)
    if watched and g.phase == "playing" then g:score(seat, 1, "watched") end
  end,
  check = {
    max_moves = 30000,
    invariant = function(g)
      watched = true
      return true
    end,
  },
}
