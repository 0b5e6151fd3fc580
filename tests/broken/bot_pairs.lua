-- BROKEN (a bot that is not deterministic): the bot puts the cards it may play in a set and plays
-- the first one pairs() gives (else it draws, or snaps). That order follows the hashes of the strings, which Lua 5.4 seeds
-- anew in every Lua state: asked again in a fresh engine, the bot chooses another move. The
-- rules are fine (a replay of the log gives the same state).
return {
  extends = "tiny",
  bots = {
    first = function(g, seat, moves)
      local set, any = {}, false
      for _, m in ipairs(moves) do
        if m:find("^play ") then set[m], any = true, true end
      end
      if not any then return moves[1] end
      for m in pairs(set) do return m end
    end,
  },
}
