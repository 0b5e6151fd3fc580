-- undo.lua -- a test variant for `undo` in fuda play: a bid reveals nothing,
-- a draw tells the drawer alone its card, a show turns a card of the hand face
-- up on the table, a call scores the bid and ends the hand. A call asks first (the confirm hook:
-- fuda play's question; option confirm = "error" makes the hook fail). Not a real game.
return {
  title = "Undo (test)",
  players = { min = 2, max = 4, default = 2 },
  options = { hands = { 2, min = 1, doc = "hands in a match" },
              confirm = { "call", one_of = { "call", "error" }, doc = "the confirm hook asks before a call, or fails" } },
  state = { bid = 0 },
  setup = function(g)
    g:new_pile("stock")
    g:new_pile("table", { vis = "public" })
    for s = 1, g.seats do g:new_pile("hand", { owner = s, vis = "owner" }) end
    g:new_deck(g:pile("stock"))
  end,
  deal = function(g)
    local stock = g:pile("stock")
    g:pile("table"):move_all(stock)
    for s = 1, g.seats do g:hand(s):move_all(stock) end
    stock:shuffle()
    for _ = 1, 3 do
      for s = 1, g.seats do stock:move_top(g:hand(s)) end
    end
    g.var.bid = 0
    g.turn = 1
  end,
  moves = function(g, seat)
    if seat ~= g.turn then return {} end
    return { "bid 1", "bid 2", "bid 3", "draw", "show", "call" }
  end,
  play = function(g, seat, move)
    local hand = g:hand(seat)
    local n = move:match("^bid (%d)$")
    if n then
      g.var.bid = tonumber(n)
      g:say("Seat %d bids %s.", seat, n)
    elseif move == "draw" then
      g:pile("stock"):move_top(hand)
      g:say("Seat %d draws.", seat)
      g:tell(seat, "You draw {%s}.", hand:top())
    elseif move == "show" then
      local c = hand:top()
      hand:move_top(g:pile("table"))
      g:say("Seat %d shows {%s}.", seat, c)
    else
      g:score(seat, g.var.bid, "call")
      g:say("Seat %d calls %d.", seat, g.var.bid)
      g:end_hand()
      if g.hand_no >= g.options.hands then g:end_match() end
      return
    end
    g.turn = g:next(seat)
  end,
  view = function(g, seat)
    local t = {}
    for _, c in ipairs(g:pile("table"):cards()) do t[#t + 1] = "{" .. c .. "}" end
    local h = {}
    for _, c in ipairs(g:hand(seat):cards()) do h[#h + 1] = "{" .. c .. "}" end
    return string.format("hand %d, move %d, bid %d, table: %s; your cards: %s", g.hand_no, g.move_no,
                         g.var.bid, table.concat(t, " "), table.concat(h, " "))
  end,
  confirm = function(g, seat, move)
    if g.options.confirm == "error" then error("the confirm hook fails") end
    if move == "call" then return ("calling scores your bid of %d and ends the hand"):format(g.var.bid) end
    return nil
  end,
  bots = {
    bidder = function(g, seat, moves) return "bid 1" end,
    shower = function(g, seat, moves) return "show" end,
  },
}
