-- BROKEN (pairs-order dependence): after a draw the seat's "first" card goes to the bottom of its
-- hand, where "first" is the first key pairs() gives of a table keyed by tables. That order
-- follows the addresses of the key tables, which differ from one Lua state to another: a replay
-- of the same moves in a fresh engine gives another hand order, another state.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  play = function(g, seat, move)
    base.play(g, seat, move)
    if move == "draw" then
      local hand = g:hand(seat)
      local keys = {}
      for _, c in ipairs(hand:cards()) do keys[{ card = c }] = true end
      for k in pairs(keys) do
        hand:move(k.card, hand, 1)
        break
      end
    end
  end,
}
