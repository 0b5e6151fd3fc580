-- BROKEN (missing hook): a game without a play hook.
return {
  title = "No play",
  players = 2,
  setup = function(g) g:new_deck(g:new_pile("stock")) end,
  deal = function(g) g.turn = 1 end,
  moves = function(g, seat) return { "pass" } end,
}
