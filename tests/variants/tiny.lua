-- tiny.lua -- a small shedding game used to test the engine itself: piles,
-- turns, a claim window ("snap") and scoring. Not a real game.
return {
  title = "Tiny (engine test game)",
  players = { min = 2, max = 4, default = 2 },
  options = { hand_size = { 5, min = 1, max = 10, doc = "cards dealt to each" }, hands = 2 },
  state = { phase = "play" },
  seat_state = { snaps = 0 },
  setup = function(g)
    local stock = g:new_pile("stock")
    g:new_pile("field", { vis = "top" })
    for s = 1, g.seats do g:new_pile("hand", { owner = s, vis = "owner" }) end
    g:new_deck(stock)
  end,
  deal = function(g)
    local stock, field = g:pile("stock"), g:pile("field")
    field:move_all(stock)
    for s = 1, g.seats do g:hand(s):move_all(stock) end
    stock:shuffle()
    for _ = 1, g.options.hand_size do
      for s = 1, g.seats do stock:move_top(g:hand(s)) end
    end
    stock:move_top(field)
    g.turn = (g.hand_no - 1) % g.seats + 1
  end,
  moves = function(g, seat)
    if g.claim == "snap" then return { "snap", "pass" } end
    local top = g:pile("field"):top()
    local list = { "draw" }
    for _, c in ipairs(g:hand(seat):cards()) do
      if fuda.rank(c) == fuda.rank(top) or fuda.suit(c) == fuda.suit(top) then
        list[#list + 1] = "play " .. c
      end
    end
    return list
  end,
  play = function(g, seat, move)
    local hand = g:hand(seat)
    if move == "draw" then
      local stock = g:pile("stock")
      if #stock == 0 then
        local field = g:pile("field")
        local top = field:top()
        field:move(top, stock)
        field:move_all(stock)
        stock:move(top, field)
        stock:shuffle()
      end
      if #stock > 0 then stock:move_top(hand) end
      g:tell(seat, "you drew " .. fuda.show(hand:top()))
      g.turn = g:next(seat)
      return
    end
    local card = move:match("^play (%S+)$")
    hand:move(card, g:pile("field"))
    g:say("seat " .. seat .. " plays " .. fuda.show(card))
    if #hand == 0 then
      g:score(seat, 10, "out")
      g:end_hand()
      if g.hand_no >= g.options.hands then g:end_match() end
      return
    end
    local who = {}
    for s = 1, g.seats do
      if s ~= seat then
        for _, c in ipairs(g:hand(s):cards()) do
          if fuda.rank(c) == fuda.rank(card) then who[#who + 1] = s break end
        end
      end
    end
    g.turn = g:next(seat)
    g:open_claim("snap", who)
  end,
  resolve = function(g, choices)
    for s, choice in pairs(choices) do
      if choice == "snap" then
        g:tally("snap")
        g.seat[s].snaps = g.seat[s].snaps + 1
        g:score(s, 1, "snap")
      end
    end
  end,
  check = { max_moves = 30000 }, -- random bots: ~1800 moves on average, a long tail (seed 58: 7017)
}
