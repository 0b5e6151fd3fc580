-- BROKEN (load of bytecode): the draw move loads a binary chunk.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  play = function(g, seat, move)
    if move == "draw" then
      local f = assert(load("\27Lua\x54\0", "chunk", "b")) f()
    end
    return base.play(g, seat, move)
  end,
}
