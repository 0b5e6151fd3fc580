-- BROKEN under --strict (a hook no match reaches): the variant explains a
-- claim window in a prompt, but its game never opens one, so fuda check can
-- never ask the prompt whether it works (it would fail: it reads a seat
-- variable that does not exist). Check names it; --strict fails.
return {
  extends = "idle",
  prompt = function(g, seat) return "snap? you have " .. g.seat[seat].nope end,
  bots = { first = function(g, seat, moves) return moves[1] end, last = function(g, seat, moves) return moves[#moves] end },
}
