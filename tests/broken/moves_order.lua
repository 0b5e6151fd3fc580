-- BROKEN (a list in pairs order): moves lists the legal moves in the order pairs() walks a set of
-- them, which changes from one Lua state to another: the random bot, which takes the n-th move, then
-- plays another move when the match is played again in a fresh engine. Check blames the list, not the bot.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  moves = function(g, seat)
    local set, out = {}, {}
    for _, m in ipairs(base.moves(g, seat)) do set[m] = true end
    for m in pairs(set) do out[#out + 1] = m end
    return out
  end,
}
