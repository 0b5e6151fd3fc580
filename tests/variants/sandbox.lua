-- sandbox.lua -- a variant whose moves try forbidden or runaway things.
return {
  extends = "tiny",
  new_options = { attack = { "none", doc = "what the draw move tries" } },
  play = function(g, seat, move)
    local base = fuda.variant("tiny")
    if move == "draw" then
      local what = g.options.attack
      if what == "loop" then while true do end end
      if what == "pcall-loop" then while true do pcall(function() while true do end end) end end
      if what == "memory" then local t = {} for i = 1, 1e9 do t[i] = string.rep("x", 1000) .. i end end
      if what == "rep" then local s = string.rep("x", 1 << 30) end
      if what == "os" then os.execute("true") end
      if what == "io" then io.open("/etc/passwd") end
      if what == "global" then undeclared_thing = 1 end
      if what == "bytecode" then assert(load("\27Lua", "x", "b")) end
      if what == "half" then g:hand(seat):move_top(g:pile("field")) error("boom after moving a card") end
    end
    return base.play(g, seat, move)
  end,
}
