-- gin-options.lua -- the options a table of the Gin family plays by:
--
--   local options = fuda.import("gin-options")
--   local o = options(g)   -- read o.ace, o.target, ... as g.options
--
-- Without the option round_the_corner that is g.options itself. With it (Partnership and Teams
-- may be played so: 「他のパートナーシップジンラミーでこのラウンドザコーナールールを採用する場合は、
-- ゲームの終了条件を25点増やす」) the tables play Round-the-Corner's rules over the game's own: aces
-- high or low and around the corner, an ace left in deadwood 15, layoffs against gin, the whole
-- discard pile open; and the target is 25 higher. The result is a plain table made once per
-- options (it depends on nothing else).

local CORNER = { ace = "corner", ace_value = 15, layoff_after_gin = true, discard_pile = "public" }
local RAISE = 25

local made = setmetatable({}, { __mode = "k" })

return function(g)
  local o = g.options
  if not o.round_the_corner then return o end
  local e = made[o]
  if e then return e end
  e = {}
  for k, v in pairs(o) do e[k] = v end
  for k, v in pairs(CORNER) do e[k] = v end
  e.target = o.target + RAISE
  made[o] = e
  return e
end
