-- BROKEN (string.dump through the string metatable): the draw move dumps a function's bytecode
-- with ("").dump.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  play = function(g, seat, move)
    if move == "draw" then
      local code = (""):dump() g:say(#code)
    end
    return base.play(g, seat, move)
  end,
}
