-- gin_points.lua -- the spread of hand scores in a Gin-family variant between bots: for each way
-- a hand ends (gin, knock, undercut, ...) the count, mean and quantiles of the points it scored
-- (before any match bonus). The same matches as `fuda sim VARIANT -n N --seed S` (seeds S..S+N-1).
--
--   fuda run tools/gin_points.lua VARIANT [N [SEED [BOT [NAME=VALUE ...]]]]
local variant = arg[1] or "gin"
local n, first, bot = tonumber(arg[2]) or 200, tonumber(arg[3]) or 1, arg[4] or "basic"
local options = {}
for i = 5, #arg do
  local k, v = arg[i]:match("^([%w_]+)=(.*)$")
  if k then options[k] = v == "true" or (v ~= "false" and (math.tointeger(tonumber(v)) or v)) end
end

local points, kinds = {}, {}
for seed = first, first + n - 1 do
  local m = fuda.match{ variant = variant, seats = 2, seed = seed, options = options }
  while m:phase() ~= "match_over" do
    m:play_bots({ bot, bot })
    local kind = m:var("last_kind")
    if not points[kind] then points[kind], kinds[#kinds + 1] = {}, kind end
    local list = points[kind]
    list[#list + 1] = m:var("last_points")
    if m:phase() == "hand_over" then m:next_hand() end
  end
end
table.sort(kinds)

local function q(sorted, p) return sorted[math.max(1, math.ceil(p * #sorted))] end
print(("%s, %d matches from seed %d, bots %s"):format(variant, n, first, bot))
print(("%-12s %6s %7s %4s %4s %4s %4s %4s %4s"):format("kind", "hands", "mean", "min", "p25", "p50", "p75", "p90", "max"))
for _, kind in ipairs(kinds) do
  local list = points[kind]
  table.sort(list)
  local sum = 0
  for _, p in ipairs(list) do sum = sum + p end
  print(("%-12s %6d %7.2f %4d %4d %4d %4d %4d %4d"):format(kind, #list, sum / #list, list[1], q(list, 0.25),
        q(list, 0.5), q(list, 0.75), q(list, 0.9), list[#list]))
end
