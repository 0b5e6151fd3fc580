-- slow_bot.lua -- tiny with a bot that never answers: every call runs until
-- the hook's time limit (--max-time) stops it. The search plays out with it
-- (the variant's first bot, replaced by random moves where it fails), so each
-- move of a playout costs that limit; under --think the search must still
-- end each decision near its budget (tests/e2e/search.sh).
return {
  extends = "tiny",
  bots = {
    slow = function(g, seat, moves)
      local n = 0
      while true do n = n + 1 end
    end,
  },
}
