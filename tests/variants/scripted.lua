-- scripted.lua -- a "game" whose scores are a script, for the figures of
-- `fuda sim --report`: hand i gives option `script`'s i-th entry ("SEAT:POINTS")
-- to that seat, whatever the move; the seat to move first in hand i is
-- (i-1) % seats + 1. Not a real game.
return {
  title = "Scripted scores (report test)",
  players = { min = 2, max = 4, default = 2 },
  options = { script = { "1:10,2:30,1:25", doc = "SEAT:POINTS for each hand, in order" } },
  setup = function(g)
    g:new_pile("stock")
  end,
  deal = function(g)
    g.turn = (g.hand_no - 1) % g.seats + 1
  end,
  moves = function(g, seat)
    return { "end" }
  end,
  play = function(g, seat, move)
    local entries = {}
    for seat_s, points in g.options.script:gmatch("(%d+):(%-?%d+)") do
      entries[#entries + 1] = { tonumber(seat_s), tonumber(points) }
    end
    local e = entries[g.hand_no]
    g:score(e[1], e[2], "scripted")
    g:end_hand()
    if g.hand_no >= #entries then g:end_match() end
  end,
  check = {},
}
