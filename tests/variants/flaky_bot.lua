-- flaky_bot.lua -- tiny with a bot that fails whenever its seat holds a heart:
-- the search bot plays out with it (the variant's first bot) and must fall back
-- to random moves in those playouts, never fail itself (tests/e2e/search.sh).
return {
  extends = "tiny",
  bots = {
    flaky = function(g, seat, moves)
      for _, c in ipairs(g:hand(seat):cards()) do
        if fuda.suit(c) == "h" then error("the flaky bot holds a heart") end
      end
      return moves[#moves] -- a card when it can: the hand ends
    end,
  },
}
