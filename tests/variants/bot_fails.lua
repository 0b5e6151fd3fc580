-- bot_fails.lua -- the undo test variant with bots that fail, for fuda play's rescue of a seat
-- whose bot fails (tests/e2e/play.sh): `broken` raises a script error whenever it chooses, and the
-- "show" that undo's `shower` chooses fails as it is played for seat 2 (this play hook raises an
-- error there). Not a real game.
return {
  extends = "undo",
  play = function(g, seat, move)
    if move == "show" and seat == 2 then error("seat 2 may not show here") end
    return fuda.variant("undo").play(g, seat, move)
  end,
  bots = {
    broken = function(g, seat, moves)
      local hand = nil
      return hand.top -- attempt to index a nil value
    end,
  },
}
