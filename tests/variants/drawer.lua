-- drawer.lua -- a test game for the search's deals (tests/lua/search_infer.lua): seat 1 draws
-- one or two cards a turn from the stock, seat 2 holds no cards and only waits, and the hand
-- ends after six turns of seat 1's; seat 1 scores its hearts. All that seat 1 cannot see is the
-- stock, so every deal made at one of its earlier decisions holds the cards it then drew, in
-- some order, and can be made to show them. Not a real game.
return {
  title = "Drawer (search test game)",
  players = { min = 2, max = 2, default = 2 },
  state = { turns = 0 },
  setup = function(g)
    local stock = g:new_pile("stock")
    for s = 1, g.seats do g:new_pile("hand", { owner = s, vis = "owner" }) end
    g:new_deck(stock)
  end,
  deal = function(g)
    local stock = g:pile("stock")
    for s = 1, g.seats do g:hand(s):move_all(stock) end
    stock:shuffle()
    for _ = 1, 5 do stock:move_top(g:hand(1)) end
    g.var.turns = 0
    g.turn = 1
  end,
  moves = function(g, seat)
    if seat ~= g.turn then return {} end
    if seat == 2 then return { "wait" } end
    return { "draw", "draw 2" }
  end,
  play = function(g, seat, move)
    if seat == 2 then
      g.turn = 1
      return
    end
    local stock, hand = g:pile("stock"), g:hand(1)
    for _ = 1, move == "draw" and 1 or 2 do stock:move_top(hand) end
    g.var.turns = g.var.turns + 1
    if g.var.turns < 6 then
      g.turn = 2
      return
    end
    local hearts = 0
    for _, c in ipairs(hand:cards()) do
      if fuda.suit(c) == "h" then hearts = hearts + 1 end
    end
    g:score(1, hearts, "hearts")
    g:end_hand()
    g:end_match()
  end,
  bots = { basic = function(_, _, moves) return moves[#moves] end },
}
