-- BROKEN (a bot with hidden state): the bot counts its calls in an upvalue, across moves and
-- matches, and takes the move at that count, round the list. Its moves are in the log, so the
-- log replays to the same state, but in a match that is not the first of its engine the same
-- seed asked again in a fresh engine (the count back at 0) gives other moves.
local calls = 0
return {
  extends = "tiny",
  bots = {
    counter = function(g, seat, moves)
      calls = calls + 1
      return moves[calls % #moves + 1]
    end,
  },
}
