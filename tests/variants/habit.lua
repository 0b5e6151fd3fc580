-- habit.lua -- a game for the seat's own playout bot (search = { bot = NAME }).
-- Seat 1 alone moves: "cash" takes 1 point and ends the hand, "hold" three
-- times running pays 10 instead. Holding pays only when it is kept up. The
-- first bot, hasty, always cashes; patient cashes too, but once it has held it
-- holds on. With hasty at the seat's later turns of a playout a first hold is
-- cashed at once (1 point, as cashing now), so the search keeps its bot's
-- cash; habit_patient.lua says search = { bot = "patient" }, whose playouts
-- hold on (10 points), so the search holds. Two hands (option hands); each
-- tallies seat 1's first move in the first hand ("first hand: cash" or
-- "first hand: hold").
local lottery = fuda.variant("lottery")
return {
  title = "Habit (search test game)",
  players = 2,
  options = { hands = { 2, min = 2, max = 9, doc = "hands in a match" } },
  state = { held = 0 },
  setup = lottery.setup,
  deal = function(g)
    lottery.deal(g)
    g.var.held = 0
  end,
  moves = function(g, seat) return { "cash", "hold" } end,
  play = function(g, seat, move)
    if g.var.held == 0 and g.hand_no == 1 then g:tally("first hand: " .. move) end
    if move == "hold" then g.var.held = g.var.held + 1 end
    if move == "cash" or g.var.held == 3 then
      g:score(seat, move == "cash" and 1 or 10, move)
      g:end_hand()
      if g.hand_no >= g.options.hands then g:end_match() end
    end
  end,
  bots = {
    hasty = function(g, seat, moves) return "cash" end,
    patient = function(g, seat, moves) return g.var.held > 0 and "hold" or "cash" end,
  },
}
