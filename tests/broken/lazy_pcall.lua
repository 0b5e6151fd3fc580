-- HOSTILE (a script that tries to tell whether anybody reads its events): a
-- g:say with a bad format inside pcall raises only where the text is made --
-- once only when somebody read the events -- and the hook scores differently
-- then. g:say checks its format whether anybody reads or not, so the match
-- plays the same in fuda sim, fuda play and fuda check; check proves it by
-- playing its sample again with nobody reading events.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  play = function(g, seat, move)
    local read = not pcall(g.say, g, "%d", "not a number")
    base.play(g, seat, move)
    if g.phase == "playing" and read then g:score(seat, 1, "read") end
  end,
}
