-- gather.lua -- g:gather with a list of the piles to gather, and a layout visibility that an
-- option decides, for tests/lua/author.lua. Not a real game: each move gathers some piles.
local M = fuda.moves{ gather = "word" }

return {
  title = "Gather",
  players = 2,
  options = { pool_vis = { "top", doc = "the pool's visibility (tests: public, and a bad one)" } },
  state = { got = "" },
  layout = { stock = "hidden", pool = { vis = function(g) return g.options.pool_vis end }, hand = "owner" },
  deal = function(g)
    g:gather():shuffle()
    g:deal(2, { first = 2 })
    g:pile("stock"):move_top(g:pile("pool"), 2)
    g.turn = 1
  end,
  verbs = M,
  phase = "play",
  phases = {
    play = {
      moves = function(g, seat)
        return { M.gather("hand,pool"), M.gather("pool,hand"), M.gather("hand,nothing"), M.gather("all") }
      end,
      -- "hand,pool": g:gather("stock", { "hand", "pool" }); "all": g:gather(). g.var.got: the
      -- stock's top 6 cards, bottom first.
      gather = function(g, seat, what)
        local from = {}
        for name in what:gmatch("[^,]+") do from[#from + 1] = name end
        local stock = what == "all" and g:gather() or g:gather("stock", from)
        local cards = stock:cards()
        g.var.got = table.concat(cards, " ", #cards - 5, #cards)
      end,
    },
  },
}
