-- lottery.lua -- a one-decision game for the search bot's choice rule. Seat 1
-- bets on one of `bets` cards; the top card of the hidden stock is turned, and
-- the card bet on pays 1000 points. Every bet is worth the same (1000/52), so
-- a search that leaves the basic bot's "bet 1" for another has been fooled by
-- luck: a move that won once in a few deals. With the option sure, the move
-- "sure" pays 500 at once: far better, and the search must find it. Each
-- match tallies what seat 1 chose ("bet 1", "other bet", "sure").
local LUCKY = { "As", "2h", "3d", "4c", "5s", "6h", "7d", "8c", "9s", "Th", "Jd", "Qc",
                "Ks", "Ah", "2d", "3c", "4s", "5h", "6d", "7c" }
return {
  title = "Lottery (search test game)",
  players = 2,
  options = { bets = { 20, min = 2, max = 20, doc = "cards one may bet on" },
              sure = { false, doc = "also offer a sure 500 points" } },
  state = { phase = "bet" },
  setup = function(g)
    g:new_deck(g:new_pile("stock"))
    g:new_pile("turned", { vis = "public" })
  end,
  deal = function(g)
    g:pile("turned"):move_all(g:pile("stock"))
    g:pile("stock"):shuffle()
    g.turn = 1
  end,
  moves = function(g, seat)
    local list = {}
    for k = 1, g.options.bets do list[k] = "bet " .. k end
    if g.options.sure then list[#list + 1] = "sure" end
    return list
  end,
  play = function(g, seat, move)
    if move == "sure" then
      g:tally("sure")
      g:score(seat, 500, "sure")
    else
      local k = tonumber(move:match("^bet (%d+)$"))
      g:tally(k == 1 and "bet 1" or "other bet")
      local stock = g:pile("stock")
      stock:move_top(g:pile("turned"))
      if g:pile("turned"):top() == LUCKY[k] then g:score(seat, 1000, "lucky") end
    end
    g:end_hand()
    g:end_match()
  end,
  bots = { basic = function(g, seat, moves) return moves[1] end },
}
