-- declared.lua -- a game whose moves are declared, not listed (tests/lua/declared.lua): every kind
-- of family, a verb alone, the cards of the seat's hand or of a shared pile, the seats, a range,
-- and filters. Not a real game: a turn discards a card, gives the top card of the hand to a seat,
-- bids (drops that many cards from the top of the hand), or draws while the stock lasts; the
-- first empty hand wins. After each turn the next seat may "echo" a card of the pool or pass.
-- declared_list.lua is the same game with moves functions.
local M = fuda.moves{ draw = {}, pass = {}, discard = "card", give = "seat", bid = "int", echo = "card" }

local function next_turn(g, seat)
  if #g:hand(seat) == 0 then
    g:score(seat, 10, "out")
    g:end_hand()
    g:end_match()
    return
  end
  g.var.phase, g.turn = "echo", g:next(seat)
end

local function stock_left(g) return #g:pile("stock") > 0 end
local function bid_ok(g, seat, n) return n <= #g:hand(seat) end
local function red(g, seat, c) return fuda.suit(c) == "h" or fuda.suit(c) == "d" end

return {
  title = "Declared",
  players = { min = 2, max = 4, default = 3 },
  options = { hand_size = { 4, min = 1, max = 10, doc = "cards dealt to each" } },
  layout = { stock = "hidden", pool = "public", hand = "owner" },
  deal = function(g)
    g:gather():shuffle()
    g:deal(g.options.hand_size, { first = 1 })
    g.turn = 1
  end,
  verbs = M,
  phase = "turn",
  state = { said = "" },
  phases = {
    turn = {
      moves = { { M.discard, cards = "hand" }, { M.give, seats = "others" },
                { M.bid, from = 1, to = 3, when = bid_ok }, { M.draw, when = stock_left } },
      discard = function(g, seat, card)
        g:hand(seat):move(card, g:pile("pool"))
        g.var.said = "discard " .. card
        next_turn(g, seat)
      end,
      give = function(g, seat, to)
        g:hand(seat):move_top(g:hand(to))
        g.var.said = ("give %s to %d (%s)"):format(math.type(to), to, g:name(to))
        next_turn(g, seat)
      end,
      bid = function(g, seat, n)
        g:hand(seat):move_top(g:pile("pool"), n)
        g.var.said = ("bid %s %d"):format(math.type(n), n)
        next_turn(g, seat)
      end,
      draw = function(g, seat)
        g:pile("stock"):move_top(g:hand(seat))
        g.var.said = "draw"
        next_turn(g, seat)
      end,
    },
    echo = {
      moves = { { M.echo, cards = "pool", when = red }, M.pass },
      echo = function(g, seat, card) g.var.said, g.var.phase = "echo " .. card, "turn" end,
      pass = function(g, seat) g.var.said, g.var.phase = "pass", "turn" end,
    },
  },
}
