-- tables_cheat.lua -- tables.lua with hooks that may only look but score at their table (the
-- option `cheat` says which): at a table of several, g:score writes the match's totals, which
-- are part of the game such a hook may not change; or (huge) totals whose team sum is beyond
-- 32 bits; or (typo) a hand_over that misspells a field of a table's result (tests/lua/engine_tables.lua).
local base = fuda.variant("tables")
return {
  extends = "tables",
  new_options = { cheat = { "none", one_of = { "none", "moves", "bot", "huge", "typo" }, doc = "which hook scores" } },
  hand_over = function(m, results, teams) -- huge: the odd seats at the top of 32 bits, their sum beyond
    if m.options.cheat == "typo" then return m:score(1, results[1].pionts) end
    if m.options.cheat ~= "huge" then return base.hand_over(m, results, teams) end
    for _, s in ipairs{ 1, 3 } do
      m:score(s, 999999999) m:score(s, 999999999) m:score(s, 147483649)
    end
  end,
  moves = function(g, p)
    if g.options.cheat == "moves" then g:score(p, 5, "from the moves hook") end
    return base.moves(g, p)
  end,
  bots = {
    scorer = function(g, p, moves)
      if g.options.cheat == "bot" then g:score(p, 5, "from a bot") end
      return moves[1]
    end,
  },
}
