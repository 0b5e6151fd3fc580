-- floor.lua -- a game for the search bot's floor. Each hand seat 1 plays
-- "safe" (10 points, the basic bot's move) or "gamble": the top card of the
-- hidden stock is turned and an ace pays 100 (worth 100/13 a hand, less than
-- 10). In a few deals the gamble now and then wins often enough to look
-- better; a search that leaves the basic bot's move for it has been fooled
-- by luck. A match is two hands; the first is played for points (the last
-- for the match, which safe always wins): each match tallies seat 1's
-- choice in its first hand ("first hand: safe" or "first hand: gamble").
local lottery = fuda.variant("lottery")
return {
  title = "Floor (search test game)",
  players = 2,
  state = {},
  setup = lottery.setup,   -- a stock, and a pile for the turned card
  deal = lottery.deal,
  moves = function(g, seat) return { "safe", "gamble" } end,
  play = function(g, seat, move)
    if g.hand_no == 1 then g:tally("first hand: " .. move) end
    if move == "safe" then
      g:score(seat, 10, "safe")
    else
      local turned = g:pile("turned")
      g:pile("stock"):move_top(turned)
      if tostring(turned:top()):match("^A") then g:score(seat, 100, "ace") end
    end
    g:end_hand()
    if g.hand_no >= 2 then g:end_match() end
  end,
  bots = { basic = function(g, seat, moves) return "safe" end },
}
