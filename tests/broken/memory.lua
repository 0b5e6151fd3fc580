-- BROKEN (memory bomb): the draw move fills memory.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  play = function(g, seat, move)
    if move == "draw" then
      local t = {} for i = 1, 1e9 do t[i] = { i, tostring(i) } end
    end
    return base.play(g, seat, move)
  end,
}
