-- Team Gin Rummy, 6 to 12 players, an even number (seeds/gin-rummy-and-variants.ja.txt,
-- 6人以上のルール; RULINGS.md): two teams of equal size sit facing each other, each player plays
-- 2-player `gin` against the same opponent all match (seat 1 against 2, 3 against 4, ...), all
-- tables at once. Team 1 is the odd seats, team 2 the even ones. The dealing team's players deal
-- at every table (drawn at first, then the team that won the deal). Each deal the team totals of
-- the tables are added up and decide the deal: the team ahead scores the difference. Game 150
-- for 3 or 4 a side, 175 for 5, 200 for 6; the other bonuses are gin's.
local match = fuda.import("match")
local gin = fuda.variant("gin")
local partnership = fuda.variant("partnership")

local function teams(n)
  if n % 2 ~= 0 then error("teams is for an even number of players (6, 8, 10 or 12), not " .. n, 0) end
  local odd, even = {}, {}
  for s = 1, n, 2 do
    odd[#odd + 1] = s
    even[#even + 1] = s + 1
  end
  return { odd, even }
end

-- The fixed pairs, the dealing team's player first.
local function seating(m)
  local v = m.var
  if v.deal_team == 0 then
    v.deal_team = m:random(2)
    m:say("Team %d draws the low card and deals first.", v.deal_team)
  end
  local list = {}
  for s = 1, m.seats, 2 do
    list[#list + 1] = v.deal_team == 1 and { s, s + 1 } or { s + 1, s }
  end
  return list
end

-- Gin's view, its goal line saying the team target.
local function view(g, seat)
  local text = partnership.view(g, seat)
  if not g.options.target_by_size then return text end
  local r = g.options.round_the_corner and 25 or 0
  return (text:gsub("Game to %d+%.", ("Game: a team total of %d (3 or 4 a side), %d (5) or %d (6)."):format(150 + r, 175 + r, 200 + r), 1))
end

local function deal(g)
  g.var.dealer = 1
  return gin.deal(g)
end

local expect = {}
for _, name in ipairs(gin.check.expect) do
  if name ~= "match:shutout" then expect[#expect + 1] = name end -- rare with 3 tables or more
end
for _, name in ipairs{ "team:won", "team:won, both teams won hands", "team:match over" } do
  expect[#expect + 1] = name
end

return {
  extends = "partnership",
  title = "Team Gin",
  players = { min = 6, max = 12, default = 6, step = 2 },
  options = { target_by_size = true },
  teams = teams,
  tables = function(n) return { count = n // 2, places = 2 } end,
  seating = seating,
  deal = deal,
  view = view,
  check = { expect = expect },
}
