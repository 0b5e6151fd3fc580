-- tables_cheat.lua -- tables.lua with hooks that may only look but score at their table (the
-- option `cheat` says which): at a table of several, g:score writes the match's totals, which
-- are part of the game such a hook may not change (tests/lua/engine_tables.lua).
local base = fuda.variant("tables")
return {
  extends = "tables",
  new_options = { cheat = { "none", one_of = { "none", "moves", "bot" }, doc = "which hook scores" } },
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
