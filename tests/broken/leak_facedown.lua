-- BROKEN (hidden information leaks through an event about a face-down card):
-- a seat may bury a card face down ("bury 7h"), and everybody is told which
-- one in words ("seat 1 buries a seven"): the others cannot see the buried
-- card, so two burials they cannot tell apart must tell them the same.
local base = fuda.variant("tiny")
local NAMES = { "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
                "queen", "king" }
return {
  extends = "tiny",
  setup = function(g)
    base.setup(g)
    g:new_pile("pit")
  end,
  deal = function(g)
    g:pile("pit"):move_all(g:pile("stock"))
    base.deal(g)
  end,
  moves = function(g, seat)
    local list = base.moves(g, seat)
    if g.claim or #g:hand(seat) < 2 then return list end
    for _, c in ipairs(g:hand(seat):cards()) do list[#list + 1] = "bury " .. c end
    return list
  end,
  play = function(g, seat, move)
    local card = move:match("^bury (%S+)$")
    if not card then return base.play(g, seat, move) end
    g:hand(seat):move(card, g:pile("pit"))
    g:say("seat %d buries a %s", seat, NAMES[fuda.rank(card)])
    g.turn = g:next(seat)
  end,
}
