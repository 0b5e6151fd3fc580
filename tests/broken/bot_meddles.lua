-- BROKEN (a bot that changes the game): the bot "meddler" scores a point for itself before it
-- picks the first move.
return {
  extends = "tiny",
  bots = {
    meddler = function(g, seat, moves)
      g:score(seat, 1, "meddling")
      return moves[1]
    end,
  },
}
