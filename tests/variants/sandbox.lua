-- sandbox.lua -- a variant whose moves try forbidden or runaway things: the
-- draw move does what the option `attack` names (tests/lua/engine_sandbox.lua
-- lists each with the error it must raise; tests/e2e/limits.sh uses some).
-- Those written in the play hook itself stay there: a limit hit in a function
-- play calls would add play's position to the message limits.sh checks.
-- The "names-*" attacks raise an
-- error listing what a script can reach, so that the test can compare it with
-- the allowed list.
local function sorted_keys(t)
  local names = {}
  for k in pairs(t) do names[#names + 1] = tostring(k) end
  table.sort(names)
  return table.concat(names, " ")
end

local attacks = {
  ["xpcall-loop"] = function()
    while true do xpcall(function() while true do end end, function(m) return m end) end
  end,
  ["pcall-memory"] = function() pcall(string.rep, "x", 1 << 30) end,
  debug = function() debug.getregistry() end,
  package = function() package.loadlib("libc.so.6", "system") end,
  require = function() require("os") end,
  coroutine = function() coroutine.wrap(function() end)() end,
  collectgarbage = function() collectgarbage("stop") end,
  dofile = function() dofile("/etc/passwd") end,
  loadfile = function() loadfile("/etc/passwd") end,
  unstrict = function() setmetatable(_G, nil) undeclared_thing = 1 end,
  ["bytecode-bt"] = function() assert(load("\27Lua", "x", "bt")) end,
  ["bytecode-default"] = function() assert(load("\27Lua")) end,
  ["load-env"] = function() load("return loadfile('/etc/passwd')")() end,
  dump = function() string.dump(sorted_keys) end,
  ["dump-method"] = function() local s = "" s.dump(sorted_keys) end,
  ["dump-meta"] = function() getmetatable("").__index.dump(sorted_keys) end,
  ["names-globals"] = function() error("globals: " .. sorted_keys(_G)) end,
  ["names-string"] = function() error("string: " .. sorted_keys(string)) end,
  ["names-string-meta"] = function() error("string metatable: " .. tostring(getmetatable(""))) end,
  ["names-math"] = function() error("math: " .. sorted_keys(math)) end,
  ["names-table"] = function() error("table: " .. sorted_keys(table)) end,
  ["names-utf8"] = function() error("utf8: " .. sorted_keys(utf8)) end,
  ["names-fuda"] = function() error("fuda: " .. sorted_keys(fuda)) end,
  ["names-string-mt"] = function() error("string mt: " .. tostring(getmetatable("abc"))) end,
}

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
      if what == "long" then local n = 0 for i = 1, 12000000 do n = n + i end g:say("sum " .. n) end
      local more = attacks[what] or fuda.import("attacks")[what] if more then more(g) end
    end
    return base.play(g, seat, move)
  end,
}
