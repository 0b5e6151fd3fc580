-- gin-tensor.lua -- the tensor hook of the Gin family (variants/gin-base.lua): what a seat sees
-- as numbers, for the Python module.
--
--   local tensor = fuda.import("gin-tensor")  -- tensor(g, seat) -> the list tensor.c reads

local G = fuda.import("gin-rules")
local piles_each, pile_of = G.piles_each, G.pile_of

-- What a seat sees as numbers (the Python module's observation_tensor), after OpenSpiel's gin: card
-- planes of 52 (53 with jokers) counts, of the seat's hand; of each other seat's hand, in seat
-- order after it, the cards the seat has seen there (taken from the discard pile); of each discard
-- pile, the cards the seat has seen in it (every card was its top once); of the top of the seat's
-- discard pile, and of the upcard (empty planes when there is none); then the stock's size, the
-- knock limit (0: gin only) and 1 when the seat is to act (else 0). A pile gives only what the
-- seat sees or knows, and a card list is checked so (lua-bindings/tensor.c).
local function tensor(g, seat)
  local t = { g:hand(seat) }
  for k = 1, g.seats - 1 do t[#t + 1] = g:hand((seat + k - 1) % g.seats + 1) end
  if piles_each(g) then
    for s = 1, g.seats do t[#t + 1] = g:pile("discard", s) end
  else
    t[#t + 1] = g:pile("discard")
  end
  local top = pile_of(g, seat):top()
  t[#t + 1] = { top }
  t[#t + 1] = { g.var.upcard ~= "" and g.var.upcard or nil }
  t[#t + 1] = g:pile("stock"):count()
  t[#t + 1] = g.var.limit
  t[#t + 1] = g.turn == seat
  return t
end

return tensor
