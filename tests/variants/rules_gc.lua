-- rules_gc.lua -- the draw move gives the metatable every fuda.Rules shares a __gc field, then
-- makes a Rules: a finalizer Lua would run with every hook off. The metatable is locked, so the
-- move fails at the first line (tests/lua/engine_sandbox.lua). The finalizer does nothing, so
-- that, should the lock go, the test fails rather than hangs.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  play = function(g, seat, move)
    if move == "draw" then
      getmetatable(fuda.rules{}).__gc = function() end
      local _ = fuda.rules{}
    end
    return base.play(g, seat, move)
  end,
}
