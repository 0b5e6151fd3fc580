-- bad_bot_builtin.lua -- "search" and "random" are every variant's own bots: a variant may not
-- define a bot of either name (the engine would run its built-in one under that name).
return {
  extends = "tiny",
  bots = { search = function(_, _, moves) return moves[1] end },
}
