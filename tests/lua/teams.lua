-- Team Gin, 6 to 12 players: the odd seats against the even ones, fixed 1-on-1 pairs (1-2, 3-4,
-- ...) at every table all match, the team sums of each deal decide the deal, game 150 for 3 or 4 a
-- side, 175 for 5, 200 for 6. Run: ./fuda run tests/lua/teams.lua
local T = dofile("tests/lua/lib/t.lua")
local check, eq, contains, any_match = T.check, T.eq, T.contains, T.any_match

local KNOCK = { mine = { "4h", "5h", "6h", "9s", "9d", "9c", "Jc", "Qc", "2d", "8s" },
                theirs = { "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8c", "7d" }, up = "Kc", last = "knock 8s" }
local GIN = { mine = { "4h", "5h", "6h", "9s", "9d", "9c", "Jc", "Qc", "Kc", "2d" },
              theirs = { "7h", "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8c" }, up = "10c", last = "gin 2d" }

local function pair(m, seat)
  local t, a, b = m:view(seat):match("Table (%d) %(seat (%d+), seat (%d+)%), yours")
  a, b = tonumber(a), tonumber(b)
  return (a == seat and b or a), a, tonumber(t) -- opponent, dealer, table
end

local function win(m, w, h, what)
  local o, dealer, t = pair(m, w)
  m:arrange("hand", w, h.mine)
  m:arrange("hand", o, h.theirs)
  m:arrange("discard@" .. t, nil, { h.up })
  if w == dealer then T.apply(m, o, "pass", what) end
  T.apply(m, w, "take", what)
  T.apply(m, w, h.last, what)
end

-- Fixed pairs; the team sums of a deal: +33 +33 -60 = +6 for team 1.
do
  local m = fuda.match{ variant = "teams", seats = 6, seed = 1 }
  local what = "6 seats"
  eq(#m:actors(), 3, what .. ": three tables at once")
  for s = 1, 6, 2 do eq(pair(m, s), s + 1, what .. ": seat " .. s .. " plays seat " .. (s + 1)) end
  win(m, 1, KNOCK, what)
  win(m, 3, KNOCK, what)
  eq(m:phase(), "playing", what .. ": two tables wait for the third")
  win(m, 6, GIN, what)
  eq(m:phase(), "hand_over", what .. ": the deal is over")
  eq(m:total(1), 6, what .. ": team 1 scores 33 + 33 - 60 = 6")
  check(contains(m:scoresheet(), "seat 1 +6: team 1 +6 (seat 1 knock 33, seat 3 knock 33, seat 6 gin 35 + 25)"), what .. ": the line")
  eq(m:var("deal_team"), 1, what .. ": team 1 deals next")
  m:next_hand()
  for s = 1, 6, 2 do
    local o, dealer = pair(m, s)
    eq(o, s + 1, what .. ": hand 2, the same pairs")
    eq(dealer, s, what .. ": the odd seats deal")
  end
end

-- The target by team size: the winning team's hand lines cross it at the last hand, not before.
local function team_lines(sheet)
  local sums, last = { 0, 0 }, {}
  for k, n in sheet:gmatch("seat %d+ %+%d+: team (%d) %+(%d+) %(") do
    k = tonumber(k)
    last[k] = sums[k]
    sums[k] = sums[k] + tonumber(n)
  end
  return sums, last
end

for _, c in ipairs{ { 6, 150 }, { 8, 150 }, { 10, 175 }, { 12, 200 } } do
  local n, target = c[1], c[2]
  local m = fuda.match{ variant = "teams", seats = n, seed = 7 }
  local k = 0
  while m:phase() ~= "match_over" and k < 100000 do
    if m:phase() == "hand_over" then m:next_hand() else m:play_bots() end
    k = k + 1
  end
  eq(m:phase(), "match_over", n .. " seats: the match ends")
  local w = m:winners()
  eq(#w, n // 2, n .. " seats: the whole team wins")
  local team = w[1] % 2 == 1 and 1 or 2
  local sums, before = team_lines(m:scoresheet())
  check(sums[team] >= target and before[team] < target, ("%d seats: team %d crossed %d at its last hand (%d -> %d)"):format(n, team, target, before[team], sums[team]))
  check(sums[3 - team] < target, n .. " seats: the other team stayed below " .. target)
  check(any_match(m:events(), "The match is over: team " .. team .. " "), n .. " seats: announced")
end

-- target_by_size off: the option target.
do
  local m = fuda.match{ variant = "teams", seats = 8, seed = 1, options = { target_by_size = false, target = 30 } }
  win(m, 1, KNOCK, "target 30")
  win(m, 3, KNOCK, "target 30")
  win(m, 5, KNOCK, "target 30")
  win(m, 8, KNOCK, "target 30")
  eq(m:phase(), "match_over", "target 30: 33 x 3 - 33 = 66 ends it")
end

T.summary("teams")
