-- BROKEN (hidden state): a count of draws kept in an upvalue, across calls and matches, not in
-- the game state; every third draw takes two cards. Trying moves, or another match before this
-- one, changes the count, so a replay in a fresh engine plays differently.
local base = fuda.variant("tiny")
local draws = 0
return {
  extends = "tiny",
  play = function(g, seat, move)
    base.play(g, seat, move)
    if move == "draw" then
      draws = draws + 1
      local stock = g:pile("stock")
      if draws % 3 == 0 and #stock > 0 then stock:move_top(g:hand(seat)) end
    end
  end,
}
