-- surface.lua -- the audited surface (lua-bindings/surface.c): every C function a script can
-- reach, walked from inside running engines (their environments, the game a hook receives and
-- what hangs off it, the metatables of fuda's types, the iterators functions return, fuda's own
-- Lua) and from a host script's state, is on the list with its bound; nothing on the list is
-- out of reach. A function added to the API without an entry, or an entry whose function went,
-- fails here.
local T = dofile("tests/lua/lib/t.lua")
local check = T.check

local function walked(what, r, at_least)
  check(type(r) == "table" and type(r.reached) == "table", what .. ": the walk ran")
  check(#r.reached >= at_least, what .. ": it reached " .. #r.reached .. " paths (at least " .. at_least .. ")")
  for _, p in ipairs(r.unlisted or {}) do check(false, what .. ": reachable, not on the list: " .. p) end
  for _, p in ipairs(r.stale or {}) do check(false, what .. ": on the list, not reachable: " .. p) end
  check(#(r.unlisted or {}) == 0 and #(r.stale or {}) == 0, what .. ": the list is exact")
  local n = 0
  for name, bound in pairs(r.list) do
    n = n + 1
    check(type(bound) == "string" and #bound >= 8, what .. ": " .. name .. " says what bounds it")
  end
  check(n >= 100, what .. ": the list has " .. n .. " entries")
end

-- a host script's own state
walked("host", fuda.surface(), 150)

-- engines of several kinds of variant, each with a match running: plain hooks (tiny), the meld
-- rules (gin), declared moves and phases (zun), several tables (partnership)
for _, variant in ipairs({ "tests/variants/tiny.lua", "gin", "zun", "partnership" }) do
  local m = fuda.match{ variant = variant, seed = 5 }
  local r = fuda.surface(m)
  walked(variant, r, 200)
  local reached = {}
  for _, p in ipairs(r.reached) do reached[p] = true end
  for _, p in ipairs({ "table.sort", "fuda.Game:deal", "fuda.Pile:move_top", "fuda.Rules:melds",
                       "fuda.Vars.__newindex", "(string)#mt.__add", "loader.import^C.loadfile" }) do
    check(reached[p], variant .. ": reaches " .. p)
  end
  m:free()
end

-- a script's keys are shown on one line in the walk's paths: a newline cannot forge a line
do
  local m = fuda.match{ variant = "tests/variants/surface_keys.lua", seed = 5 }
  local r = fuda.surface(m)
  local reached = {}
  for _, p in ipairs(r.reached) do reached[p] = true end
  check(reached["variant.deal^odd.a\\nreached forged"], "a key with a newline: shown escaped")
  check(not reached.forged, "a key with a newline: forges no line")
  check(reached["variant.deal^odd.weak.rep"], "a weak table's keys: walked")
  m:free()
end

-- the walk is of the engine given: one whose match has not started has no game to walk
do
  local r = fuda.surface()
  local reached = {}
  for _, p in ipairs(r.reached) do reached[p] = true end
  check(not reached["fuda.Game:deal"] and reached["fuda.match"], "host: no game, but fuda.match")
end

T.summary("surface")
