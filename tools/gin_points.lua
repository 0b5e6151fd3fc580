-- gin_points.lua -- the points of the hands of a Gin-family variant played by the basic bots,
-- by how each hand ended: count, mean and quantiles. A host script:
--
--   ./fuda run tools/gin_points.lua VARIANT [MATCHES [SEED]]     (defaults: oklahoma 200 1)
--
-- Reads the variables gin-base keeps (last_kind, last_points) after every hand.
local variant, matches, seed = arg[1] or "oklahoma", tonumber(arg[2]) or 200, tonumber(arg[3]) or 1
local points = {} -- kind -> list of points
for i = 0, matches - 1 do
  local m = fuda.match{ variant = variant, seats = 2, seed = seed + i }
  while m:phase() ~= "match_over" do
    m:play_bots{ "basic", "basic" }
    local kind = m:var("last_kind")
    if kind == "stock out" and m:var("last_winner") == 0 then kind = "stock out, equal" end
    points[kind] = points[kind] or {}
    table.insert(points[kind], m:var("last_points"))
    if m:phase() == "hand_over" then m:next_hand() end
  end
end
local function q(list, p) return list[math.max(1, math.ceil(p * #list))] end
print(("%s: %d matches, basic against basic, seed %d"):format(variant, matches, seed))
print(("%-17s %6s %7s %5s %5s %5s %5s %5s %5s"):format("kind", "hands", "mean", "min", "p25", "p50", "p75", "p90", "max"))
local kinds = {}
for k in pairs(points) do kinds[#kinds + 1] = k end
table.sort(kinds)
for _, k in ipairs(kinds) do
  local list = points[k]
  table.sort(list)
  local sum = 0
  for _, p in ipairs(list) do sum = sum + p end
  print(("%-17s %6d %7.1f %5d %5d %5d %5d %5d %5d"):format(k, #list, sum / #list, list[1], q(list, 0.25),
        q(list, 0.5), q(list, 0.75), q(list, 0.9), list[#list]))
end
