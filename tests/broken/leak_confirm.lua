-- BROKEN (hidden information leaks through confirm): asked whether a draw
-- throws something away, the variant answers with the top card of the stock.
return {
  extends = "tiny",
  confirm = function(g, seat, move)
    if move == "draw" then return "the stock's top card is " .. g:pile("stock"):top() end
    return nil
  end,
}
