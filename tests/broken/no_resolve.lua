-- BROKEN (a claim window without a resolve hook): after every move the other seat is asked
-- "object?", but nothing resolves the window when it closes.
return {
  title = "No resolve",
  players = 2,
  setup = function(g) g:new_deck(g:new_pile("stock")) end,
  deal = function(g) g.turn = 1 end,
  moves = function(g, seat)
    if g.claim then return { "object", "pass" } end
    return { "a", "b" }
  end,
  play = function(g, seat, move)
    g.turn = g:next(seat)
    g:open_claim("object", { g:next(seat) })
  end,
}
