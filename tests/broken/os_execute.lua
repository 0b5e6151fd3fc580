-- BROKEN (os.execute): the draw move runs a shell command.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  play = function(g, seat, move)
    if move == "draw" then
      os.execute("touch /tmp/fuda-was-here")
    end
    return base.play(g, seat, move)
  end,
}
