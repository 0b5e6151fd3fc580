-- idle.lua -- the smallest game: two seats say "a" or "b" in turn; a hand is
-- 6 moves, a match 3 hands. It defines a resolve hook it never needs, so
-- fuda check can report a hook that was never called.
return {
  title = "Idle (engine test game)",
  state = { n = 0 },
  deal = function(g) g.turn = 1 end,
  moves = function(g, seat) return { "a", "b" } end,
  play = function(g, seat, move)
    g.var.n = g.var.n + 1
    if g.var.n % 6 == 0 then
      g:end_hand()
      if g.hand_no >= 3 then g:end_match() end
      return
    end
    g.turn = g:next(seat)
  end,
  resolve = function(g, choices) end,
  check = { max_moves = 18 },
}
