-- longshot.lua -- hands judged by the winner, whatever the margin. Seat 1 plays
-- "safe" (no points: a tie) or "bold": the top card of the hidden stock is
-- turned, and bold wins 1 point unless it is the ace of spades, which costs
-- 2,000,000. Judged by who won the hand (search = { hands = "winner" }) bold
-- wins 51 deals in 52 and safe none, so the search leaves the basic bot's safe
-- play for bold in the first hand, however low the one loss goes (the second
-- is the match's last, played for the match). Tallies seat 1's choice by hand.
local lottery = fuda.variant("lottery")
return {
  title = "Longshot (search test game)",
  players = 2,
  state = { phase = "bet" },
  setup = lottery.setup,
  deal = lottery.deal,
  moves = function(g, seat) return { "safe", "bold" } end,
  play = function(g, seat, move)
    g:tally(g.hand_no == 1 and "first hand: " .. move or "last hand: " .. move)
    if move == "bold" then
      local turned = g:pile("turned")
      g:pile("stock"):move_top(turned)
      g:score(seat, tostring(turned:top()) == "As" and -2000000 or 1, "bold")
    end
    g:end_hand()
    if g.hand_no >= 2 then g:end_match() end
  end,
  bots = { basic = function(g, seat, moves) return "safe" end },
  search = { hands = "winner" },
}
