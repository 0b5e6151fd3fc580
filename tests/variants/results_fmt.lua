-- results_fmt.lua -- results.lua with a match format: the winner of a hand scores its points and
-- one hand won in column 2 ("hands"); the first to `wins` hands won takes the match, named with
-- g:end_match(seat) even when the other seat has more points. Not a real game.
return {
  extends = "results",
  options = { hands = 50 },
  new_options = { wins = { 2, min = 1, doc = "hands won that take the match" } },
  columns = { "points", "hands" },
  match = function(g, r)
    if not r.winner then return end
    g:score(r.winner, r.points, r.note)
    g:score(r.winner, 1, "won", 2)
    if g:total(r.winner, 2) >= g.options.wins then g:end_match(r.winner) end
  end,
}
