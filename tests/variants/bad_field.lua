return {
  deal = function(g) g.turn = 1 end,
  moves = function(g, seat) return { "x" } end,
  play = function(g, seat, move) end,
  resolv = function(g, choices) end,
}
