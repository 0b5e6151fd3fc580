-- hostile.lua -- a hostile variant: the draw move (or the hook named by the
-- `hook` option) runs the attack named by the `attack` option. Each attack
-- must end in a clear error naming this file and line, with the host alive
-- and the game state as it was (tests/e2e/hostile.sh).
local base = fuda.variant("tiny")

local kept = {}     -- tables the hooks returned, kept and changed later

local A = {}

-- C functions the instruction count does not see: each must still be stopped
function A.find() return string.find(string.rep("a", 4000), "a*a*a*a*a*a*b") end
function A.gsub() return (string.rep("a", 4000)):gsub("a*a*a*a*a*b", "") end
function A.match() return string.match(string.rep("a", 4000), "a-a-a-a-a-b") end
function A.load() return load(string.rep("x = 1 ", 6000000)) end
function A.sort()
  local t = { 3, 1, 2 }
  for _ = 1, 21 do table.move(t, 1, #t, #t + 1) end   -- 6 M elements, copied in C
  table.sort(t)
end
function A.rep() return string.rep("x", 1 << 30) end
function A.concat()
  local t = { string.rep("x", 1 << 20) }
  for _ = 1, 12 do table.move(t, 1, #t, #t + 1) end
  return table.concat(t)
end
-- finalizers and to-be-closed variables
function A.gc() setmetatable({}, { __gc = function() while true do end end }) end
function A.close()
  local x <close> = setmetatable({}, { __close = function() while true do end end })
end
function A.pcall_close()
  pcall(function()
    local x <close> = setmetatable({}, { __close = function() while true do end end })
    error("first")
  end)
end
-- error objects
function A.error_table() error(setmetatable({}, { __tostring = function() while true do end end })) end
function A.error_huge() error(string.rep("E", 50000000)) end
-- what the C side keeps
function A.notes(g, seat) for _ = 1, 1e7 do g:score(seat, 0, string.rep("n", 1000)) end end
function A.symbols(g) for i = 1, 1e7 do g.var.phase = i .. string.rep("y", 200) end end
function A.tallies(g) for i = 1, 5000 do g:tally("t" .. i) end end
function A.events(g) for _ = 1, 1e6 do g:say("x") end end
-- recursion
function A.recurse() local function f(n) return 1 + f(n + 1) end return f(1) end
function A.index_loop() local t = setmetatable({}, {}) getmetatable(t).__index = t return t.x end
function A.tostring_loop()
  local t = setmetatable({}, { __tostring = function(self) return tostring(self) end })
  return tostring(t)
end
function A.string_meta() getmetatable("").__index = {} end

local function run(g, seat, where)
  if g.options.hook == where and A[g.options.attack] then A[g.options.attack](g, seat) end
end

return {
  extends = "tiny",
  title = "Hostile scripts (tests)",
  new_options = {
    attack = { "none", doc = "what to try" },
    hook = { "play", doc = "where: play, moves, view, bot, deal, list" },
  },
  deal = function(g) base.deal(g) run(g, 1, "deal") end,
  moves = function(g, seat)
    run(g, seat, "moves")
    local list = base.moves(g, seat)
    local o = g.options
    if o.hook == "list" then
      if o.attack == "flood" then for i = 1, 200000 do list[i] = "x" .. i end end
      if o.attack == "newline" then list[#list + 1] = "draw\n1 play 2h" end
      -- moves outside the grammar a saved log replays (core/movetext.h)
      local bad = { lead = " draw", trail = "draw ", double = "play  2h", utf8 = "play \xff", c1 = "play \xc2\x85",
                    long = string.rep("x", 257), empty = "", tab = "play\t2h" }
      if bad[o.attack] then list[#list + 1] = bad[o.attack] end
      if o.attack == "number" then list[#list + 1] = 42 end
      if o.attack == "meta" then
        list = setmetatable(list, { __len = function() error("len") end, __index = function() error("idx") end })
      end
    end
    kept[#kept % 8 + 1] = list
    return list
  end,
  play = function(g, seat, move)
    if move == "draw" then run(g, seat, "play") end
    return base.play(g, seat, move)
  end,
  view = function(g, seat)
    run(g, seat, "view")
    -- change every list the moves hook returned, and churn the collector
    for _, l in ipairs(kept) do for i = 1, #l do l[i] = "changed " .. i end end
    for i = 1, 200 do local _ = { i, tostring(i) } end
    if g.options.attack == "view_table" then return setmetatable({}, { __tostring = function() return "x" end }) end
    return "a view"
  end,
  bots = {
    greedy = function(g, seat, moves)
      run(g, seat, "bot")
      for _, l in ipairs(kept) do for i = 1, #l do l[i] = "changed " .. i end end
      for i = 1, 200 do local _ = { i, tostring(i) } end
      local pick = moves[#moves]
      moves[1] = "stolen"
      if g.options.attack == "bot_table" then return setmetatable({}, { __tostring = function() return pick end }) end
      return pick
    end,
  },
}
