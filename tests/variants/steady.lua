-- steady.lua -- a game for what the search plays for. Each hand seat 1 either
-- plays "steady" (1 point, sure) or "gamble": the top card of the hidden stock
-- is turned, a red card pays 40 points and a black one costs 1. The gamble is
-- worth more points (19.5 a hand), the steady play wins more matches: in the
-- match's last hand, ahead or level, the steady point always wins it and the
-- gamble only half the time. So the search (which plays the match's last hand
-- for the match, the others for points) plays steady in the last hand and
-- gambles before it. The basic bot always gambles. Each hand tallies seat 1's
-- choice ("last hand: steady", "earlier hand: gamble", ...).
local lottery = fuda.variant("lottery")
return {
  title = "Steady (search test game)",
  players = 2,
  options = { hands = { 1, min = 1, max = 9, doc = "hands in a match" } },
  state = { phase = "bet" },
  setup = lottery.setup,   -- a stock, and a pile for the turned card
  deal = lottery.deal,
  moves = function(g, seat) return { "gamble", "steady" } end,
  play = function(g, seat, move)
    local last = g.hand_no >= g.options.hands
    g:tally((last and "last hand: " or "earlier hand: ") .. move)
    if move == "steady" then
      g:score(seat, 1, "steady")
    else
      local turned = g:pile("turned")
      g:pile("stock"):move_top(turned)
      local red = tostring(turned:top()):match("[hd]$")
      g:score(seat, red and 40 or -1, "gamble")
    end
    g:end_hand()
    if last then g:end_match() end
  end,
  bots = { basic = function(g, seat, moves) return "gamble" end },
}
