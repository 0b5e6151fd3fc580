-- pieces.lua -- a small game made only of the authoring pieces (fuda.moves, phases, layout,
-- deck, g:deal, g:gather, g:name, fuda.plural, the default view with a status line), for
-- tests/lua/author.lua. Not a real game: draw or pass; after a draw, discard or give.
local M = fuda.moves{ draw = {}, pass = {}, snap = {}, discard = "card", give = { "seat", "int" },
                      play = { "cards", "name suits?" } }

return {
  title = "Pieces",
  players = { min = 2, max = 4, default = 2 },
  options = {
    hand_size = { 3, min = 1, max = 20, doc = "cards dealt to each" },
    extra = { "", doc = "a move text the offer phase lists besides its own (tests: a bad one)" },
  },
  state = { said = "" },
  layout = { stock = "hidden", pool = "top", hand = "owner", melds = { vis = "public", per_seat = true } },
  deck = function(g) return { jokers = 1 } end,
  deal = function(g)
    g:gather():shuffle()
    g:deal(g.options.hand_size, { first = 2, sort = true })
    g:pile("stock"):move_top(g:pile("pool"))
    g.turn = 1
  end,
  verbs = M,
  phase = "offer",
  phases = {
    offer = {
      moves = function(g, seat)
        local list = { M.draw, M.pass }
        if g.options.extra ~= "" then list[3] = g.options.extra end
        return list
      end,
      draw = function(g, seat)
        g:pile("stock"):move_top(g:hand(seat))
        g.var.phase = "discard"
      end,
      pass = function(g, seat)
        g.turn = nil
        local others = {}
        for s = 1, g.seats do if s ~= seat then others[#others + 1] = s end end
        g:open_claim("snap", others)
      end,
    },
    discard = {
      moves = function(g, seat)
        local list = {}
        for _, c in ipairs(g:hand(seat):cards()) do list[#list + 1] = M.discard[c] end
        list[#list + 1] = M.give(g:next(seat), 2)
        list[#list + 1] = M.play({ g:hand(seat):cards()[1] }, "hd")
        return list
      end,
      discard = function(g, seat, card)
        g:hand(seat):move(card, g:pile("pool"))
        g.var.said = g:name(seat) .. " discards " .. card
        g.var.phase, g.turn = "offer", g:next(seat)
      end,
      give = function(g, seat, to, n)
        g.var.said = ("%s gives %s to %s"):format(g:name(seat), fuda.plural(n, "card"), g:name(to))
        g:hand(seat):move_top(g:pile("melds", seat), n)
        g.var.phase, g.turn = "offer", to
      end,
      play = function(g, seat, cards, named)
        g.var.said = ("play %s naming %s"):format(table.concat(cards, "+"), named)
        g:end_hand("played")
        g:end_match()
      end,
    },
    snap = {
      moves = function() return { M.snap, M.pass } end,
      resolve = function(g, choices)
        local said = {}
        for s = 1, g.seats do if choices[s] then said[#said + 1] = s .. "=" .. choices[s] end end
        g.var.said = "snap window: " .. table.concat(said, " ")
        g.turn = 1
      end,
    },
  },
  status = function(g, seat)
    return "Said: " .. (g.var.said == "" and "nothing" or g.var.said) .. (seat and (" (viewer " .. seat .. ")") or "") ..
      (g.turn and ("; to play: " .. g:name(g.turn, seat)) or "")
  end,
}
