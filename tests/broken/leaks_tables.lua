-- BROKEN (hidden information leaks, in a match of two tables): the view tells
-- each seat the top card of its own table's stock (fuda check's leak rule
-- deals each table anew: from the seat's place at its own table).
return {
  extends = "partnership",
  view = function(g, seat)
    if seat == 0 then return "spectator" end
    return "the stock's top card is " .. tostring(g:pile("stock"):top())
  end,
}
