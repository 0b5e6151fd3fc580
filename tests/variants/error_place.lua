-- error_place.lua -- the draw move raises an error that names no place by itself, the way the
-- option `how` says: every one must reach the host as "error_place.lua:LINE: ..." with the line
-- of the raise, or where none is on the stack (a __close that cannot be called, found while
-- the error unwinds), the line where the hook is defined (tests/lua/engine_sandbox.lua).
local base = fuda.variant("tiny")
local raise = {
  level0 = function() error("level 0", 0) end,
  table = function() error({}) end,
  none = function() error() end,
  number = function() error(42) end,
  far = function() error("far", 50) end,
  sort = function() table.sort({ 3, 2, 1 }, next) end,
  close = function() local x <close> = setmetatable({}, { __close = function() error("closing", 0) end }) end,
  meta = function() error(setmetatable({}, { __tostring = function() while true do end end })) end,
  badclose = function() local x <close> = setmetatable({}, { __close = 42 }) error("first") end,
}
return {
  extends = "tiny",
  new_options = { how = { "level0", doc = "how the draw move fails" } },
  play = function(g, seat, move)
    if move == "draw" then raise[g.options.how]() end
    return base.play(g, seat, move)
  end,
}
