-- ab.lua -- the smallest game with phases: two seats say "a" or "b" in turn, 200 moves a match;
-- "a" scores a point. Its moves are listed by a function; ab_declared.lua declares the same
-- moves. For tests/lua/declared.lua (the two play alike) and the speed of a move (performance.md).
local M = fuda.moves{ a = {}, b = {} }
local function say(points)
  return function(g, seat)
    if points > 0 then g:score(seat, points, "a") end
    g.var.n = g.var.n + 1
    if g.var.n >= 200 then
      g:end_hand()
      g:end_match()
      return
    end
    g.turn = g:next(seat)
  end
end
return {
  title = "A or B",
  players = { min = 2, max = 2, default = 2 },
  state = { n = 0 },
  deal = function(g) g.var.n, g.turn = 0, 1 end,
  verbs = M,
  phase = "say",
  phases = { say = { moves = function(g, seat) return { M.a, M.b } end, a = say(1), b = say(0) } },
}
