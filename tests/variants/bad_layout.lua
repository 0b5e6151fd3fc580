-- bad_layout.lua -- a pile's visibility misspelt (tests/lua/author.lua).
return {
  deal = function(g) g.turn = 1 end,
  moves = function(g, seat) return { "x" } end,
  play = function(g, seat, move) end,
  layout = { stock = "hiden", hand = "owner" },
}
