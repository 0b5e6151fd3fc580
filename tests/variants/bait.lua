-- bait.lua -- a game for the search's picture of the other seats (search = {
-- others = NAME }). Seat 1 plays "safe" (1 point, the hand ends) or "bait";
-- after a bait seat 2 plays "snap" (3 points to seat 2) or "walk" (3 points to
-- seat 1). The first bot, alert, plays safe and snaps; trusting walks. With
-- alert as the picture of seat 2 a bait loses 3 in every playout, so the
-- search keeps alert's safe; bait_trusting.lua says search = { others =
-- "trusting" }, whose playouts walk, so the search baits. Two hands (option
-- hands); each tallies seat 1's move in the first hand ("first hand: safe" or
-- "first hand: bait").
local lottery = fuda.variant("lottery")
return {
  title = "Bait (search test game)",
  players = 2,
  options = { hands = { 2, min = 2, max = 9, doc = "hands in a match" } },
  state = { baited = false },
  setup = lottery.setup,
  deal = function(g)
    lottery.deal(g)
    g.var.baited = false
  end,
  moves = function(g, seat)
    if seat ~= g.turn then return {} end
    if g.var.baited then return { "snap", "walk" } end
    return { "safe", "bait" }
  end,
  play = function(g, seat, move)
    if g.hand_no == 1 and seat == 1 then g:tally("first hand: " .. move) end
    if move == "bait" then
      g.var.baited, g.turn = true, 2
      return
    end
    if move == "safe" then g:score(1, 1, "safe")
    elseif move == "snap" then g:score(2, 3, "snap")
    else g:score(1, 3, "walk") end
    g:end_hand()
    if g.hand_no >= g.options.hands then g:end_match() end
  end,
  bots = {
    alert = function(g, seat, moves) return g.var.baited and "snap" or "safe" end,
    trusting = function(g, seat, moves) return g.var.baited and "walk" or "safe" end,
  },
}
