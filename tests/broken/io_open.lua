-- BROKEN (io.open): the draw move reads a file.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  play = function(g, seat, move)
    if move == "draw" then
      local f = io.open("/etc/passwd") g:say(f:read("l"))
    end
    return base.play(g, seat, move)
  end,
}
