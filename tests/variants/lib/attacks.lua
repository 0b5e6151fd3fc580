-- attacks.lua -- the attacks of tests/variants/sandbox.lua by class, imported by its draw move
-- (tests/lua/engine_sandbox.lua names the line each must be stopped at, and its message). Each
-- loop or costly call stands alone on its line.
local function forever() while true do end end          -- a loop to hand to C as a callback
local function chain(n)                                  -- n tables, each __index the next
  local t = { "x" }
  for _ = 1, n do t = setmetatable({}, { __index = t }) end
  return t
end
return {
  -- stock functions that loop in C (lstock.c meters them)
  ["c-move"] = function()
    table.move({}, 1, 1e15, 1)
  end,
  ["c-insert-len"] = function()
    table.insert(setmetatable({}, { __len = function() return 1e15 end }), 1, "x")
  end,
  ["c-remove-len"] = function()
    table.remove(setmetatable({}, { __len = function() return 1e15 end }), 1)
  end,
  ["c-sort-strings"] = function()
    local s, t = ("s"):rep(1 << 10):rep(1 << 10), {}
    for i = 1, 3000 do t[i] = s end
    table.sort(t)
  end,
  ["c-concat"] = function()
    local t = table.pack(string.byte(string.rep("c", 900000), 1, -1))
    table.concat(t, "", 1, #t) table.concat(t, "", 1, #t)
  end,
  ["c-unpack-chain"] = function()
    local t = chain(1900)
    table.unpack(t, 1, 900000)
  end,
  ["c-packsize"] = function()
    local s = ("i"):rep(1 << 16):rep(1 << 9)
    string.packsize(s)
  end,
  ["c-rep-empty"] = function() error("rep: " .. #string.rep("", 1e17) .. " bytes at once") end,
  -- message handlers: a limit is raised inside a hook, where Lua runs no hook
  ["h-loop-loop"] = function() xpcall(forever, forever) end,
  ["h-error-loop"] = function() xpcall(error, forever) end,
  ["h-nested"] = function() xpcall(error, function() xpcall(forever, forever) end) end,
  -- metamethods that C functions call
  ["m-sort-lt"] = function()
    local mt = { __lt = forever }
    table.sort({ setmetatable({}, mt), setmetatable({}, mt) })
  end,
  ["m-concat-index"] = function()
    table.concat(setmetatable({}, { __index = forever, __len = function() return 3 end }))
  end,
  ["m-format-tostring"] = function() string.format("%s", setmetatable({}, { __tostring = forever })) end,
  ["m-move-eq"] = function()
    local mt = { __eq = forever }
    table.move(setmetatable({ 1, 2 }, mt), 1, 2, 2, setmetatable({}, mt))
  end,
  ["m-close"] = function()
    local x <close> = setmetatable({}, { __close = forever })
    error("closing")
  end,
  ["m-close-pcall"] = function()
    pcall(function()
      local x <close> = setmetatable({}, { __close = forever })
      error("closing")
    end)
  end,
  -- the collector: no finalizer can be planted, not even through fuda's own types
  ["g-rules-mt"] = function() error("rules metatable: " .. tostring(getmetatable(fuda.rules{}))) end,
  ["g-pile-mt"] = function(g) error("pile metatable: " .. tostring(getmetatable(g:pile("stock")))) end,
  -- load's chunk names: never fuda's files or the loader
  ["l-name-loader"] = function() load("while true do end", "=loader")() end,
  ["l-name-file"] = function() load("error('boom')", "@variants/gin.lua")() end,
  ["l-name-escape"] = function() load("error('boom')", "a\27[2J\"b\\c")() end,
  ["l-name-long"] = function() load("error('boom')", string.rep("n", 100))() end,
  -- numbers out of range reach no C arithmetic
  ["i-random"] = function() math.random(math.mininteger, math.maxinteger) end,
  ["i-seat"] = function(g) g:name(1 << 40) end,
  ["i-position"] = function(g) g:pile("stock"):move(g:pile("stock"):top(), g:pile("field"), 1 << 40) end,
  ["i-move-top"] = function(g) g:pile("stock"):move_top(g:pile("field"), 1 << 40) end,
  ["i-cards-len"] = function() fuda.rules{}:accepts(setmetatable({}, { __len = function() return -5 end }), "7h") end,
  ["i-show-len"] = function() fuda.show(setmetatable({}, { __len = function() return (1 << 32) + 1 end })) end,
  -- the options are a read-only view: no raw access writes, reads or walks them
  ["r-opt-rawset"] = function(g) rawset(g.options, "attack", "x") end,
  ["r-opt-rawget"] = function(g) rawget(g.options, "attack") end,
  ["r-opt-next"] = function(g) next(g.options) end,
  ["r-opt-setmt"] = function(g) setmetatable(g.options, nil) end,
  ["r-opt-set"] = function(g) g.options.attack = "x" end,
  ["r-opt-mt"] = function(g) error("options metatable: " .. tostring(getmetatable(g.options))) end,
  ["r-opt-pairs"] = function(g)
    local n = {}
    for k, v in pairs(g.options) do n[#n + 1] = k .. "=" .. tostring(v) end
    table.sort(n)
    error("options: " .. table.concat(n, " ") .. " " .. tostring(g.options.attack))
  end,
  ["r-opt-typo"] = function(g) return g.options.atack end,
  ["r-opt-unknown"] = function(g) return g.options[1] end,
  -- output: print stops at FUDA_MAX_PRINT bytes (the draw goes on)
  ["o-print"] = function() for _ = 1, 20000 do print(string.rep("p", 99)) end end,
  -- ... counted as shown: control bytes print as escapes of 4 bytes each
  ["o-print-escapes"] = function() for _ = 1, 20000 do print(string.rep("\1", 99)) end end,
  -- g.options indexed with no name: the key shown as strict tables show one
  ["r-opt-bool"] = function(g) return g.options[true] end,
}
