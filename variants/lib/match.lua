-- match.lua -- match formats: how the results of hands add up to a match.
--
-- A hand's rules report how the hand ended with g:result{ winner =, loser =, kind =, points =,
-- note = }; the variant's `result` hook (a house rule) may change that; then the variant's `match`
-- hook scores it and decides whether the match is over. The formats below are such hooks:
--
--   local match = fuda.import("match")
--   return { ..., match = match.first_to }
--
-- Each reads its numbers from the options (named with each format) and counts in variables the
-- variant declares (also named). They are written for the Gin family but know no game: a result
-- needs only winner, loser, kind, points and note (and r.boxes: boxes the hand is worth, default 1).

local M = {}

local function plural(n, word) return n .. " " .. word .. (n == 1 and "" or "s") end

-- The seats other than `seat`.
local function others(g, seat)
  local list = {}
  for s = 1, g.seats do
    if s ~= seat then list[#list + 1] = s end
  end
  return list
end

-- The winner's total against the others' ("152 to 37", "152 to 37 and 12").
local function score_line(g, winner, col)
  local rest = {}
  for _, s in ipairs(others(g, winner)) do rest[#rest + 1] = tostring(g:total(s, col)) end
  return g:total(winner, col) .. " to " .. table.concat(rest, " and ")
end

-- Count a won hand: seat variables hands_won and `boxes_var` (r.boxes, default 1).
local function count_win(g, r, boxes_var)
  local ws = g.seat[r.winner]
  ws.hands_won = ws.hands_won + 1
  ws[boxes_var] = ws[boxes_var] + (r.boxes or 1)
end

-- The bonuses of a game won by `winner` in column `col`, each on its own scoresheet line: the
-- game bonus, box_bonus per box (to every seat: the box counts are in seat variable `boxes_var`),
-- and the shutout when every other seat has nothing in the column ("double" the winner's total
-- there, or "bonus": shutout_bonus more). `label` prefixes the notes ("game 2: ").
local function game_bonuses(g, winner, col, boxes_var, label)
  local o = g.options
  if o.game_bonus > 0 then g:score(winner, o.game_bonus, label .. "game bonus", col) end
  if o.box_bonus > 0 then
    for s = 1, g.seats do
      local boxes = g.seat[s][boxes_var]
      if boxes > 0 then
        g:score(s, boxes * o.box_bonus, ("%sbox %d x %d"):format(label, boxes, o.box_bonus), col)
      end
    end
  end
  local shut = true
  for _, s in ipairs(others(g, winner)) do
    if g:total(s, col) ~= 0 then shut = false end
  end
  if shut then
    g:tally("match:shutout")
    if o.shutout == "double" then
      g:score(winner, g:total(winner, col), label .. "shutout: total doubled", col)
    elseif o.shutout == "bonus" then
      g:score(winner, o.shutout_bonus, label .. "shutout bonus", col)
    end
  end
end
M.game_bonuses = game_bonuses

-- First to `target` points (the Gin presets, Oklahoma, Tedesco, Round-the-Corner): the winner of
-- a hand scores its points; when a total reaches the target the game's bonuses follow and the
-- match is over. Options: target, game_bonus, box_bonus, shutout ("none", "double", "bonus"),
-- shutout_bonus. Seat variables: hands_won, boxes.
function M.first_to(g, r)
  local w = r.winner
  if not w then return end
  g:score(w, r.points, r.note)
  count_win(g, r, "boxes")
  if g:total(w) >= g.options.target then
    game_bonuses(g, w, 1, "boxes", "")
    g:end_match(w) -- the program names the winner once, under the scoresheet
  end
end

-- A series (Straight Gin): the points are scored as in first_to, each line noting the series
-- ("gin 31 + 25, series 2-1"); the first seat with series_wins hands won takes the series (with two
-- players: at most 2 x series_wins - 1 hands won). No bonuses. A void hand (no winner) is dealt
-- again and not counted (series_void = "replayed"), or counts as one of the series' 2 x
-- series_wins - 1 hands ("counted"): when they have all been played and nobody has series_wins,
-- more hands won takes the series, then more points; equal in both, it is drawn. Options:
-- series_wins, series_void. Seat variables: hands_won, boxes.
local function series_score(g)
  local wins = {}
  for s = 1, g.seats do wins[s] = tostring(g.seat[s].hands_won) end
  return table.concat(wins, "-")
end

-- "3-4 in hands won, 240-180 in points": the series in seat order (the program names the winner).
local function series_over(g)
  local pts = {}
  for s = 1, g.seats do pts[s] = tostring(g:total(s)) end
  return series_score(g) .. " in hands won, " .. table.concat(pts, "-") .. " in points"
end

-- The seats with the most hands won, then (among those) the most points: one seat, or a tie.
local function series_leaders(g)
  local best = {}
  for s = 1, g.seats do
    local key = { g.seat[s].hands_won, g:total(s) }
    local b = best[1] and { g.seat[best[1]].hands_won, g:total(best[1]) }
    if not b or key[1] > b[1] or (key[1] == b[1] and key[2] > b[2]) then
      best = { s }
    elseif key[1] == b[1] and key[2] == b[2] then
      best[#best + 1] = s
    end
  end
  return best
end

function M.series(g, r)
  local w, o = r.winner, g.options
  if w then
    count_win(g, r, "boxes")
    local series = series_score(g)
    g:score(w, r.points, r.note .. ", series " .. series)
    if g.seat[w].hands_won >= o.series_wins then
      g:tally("series:won")
      g:say("The series is over: %s.", series_over(g))
      return g:end_match(w)
    end
  elseif o.series_void == "replayed" then
    return
  else
    g:tally("series:void counted")
  end
  local most = 2 * o.series_wins - 1
  if o.series_void ~= "counted" or g.hand_no < most then return end
  local lead = series_leaders(g)
  if #lead == 1 then
    g:tally("series:won after the last hand")
    g:say("%s hands played, the series is over: %s.", most, series_over(g))
    return g:end_match(lead[1])
  end
  g:tally("series:drawn")
  g:say("%s hands played: the series is drawn, %s, equal on points.", most, series_score(g))
  g:end_match()
end

-- Hollywood: three games side by side, in columns 1-3. A seat's 1st hand won is entered in game 1,
-- its 2nd in games 1 and 2, its 3rd and later in all three; a game closes when a seat reaches
-- `target` in it, with its own game, box and shutout bonuses, and takes no more entries. A win
-- that belongs only in closed games scores nothing (hollywood_entry = "by_wins", the document's
-- words), or every win goes in as many games as it would, counted among those still open
-- ("open_games": a 1st win after game 1 closed goes in game 2). The match is over when all three
-- have closed, won by the seat that won more games (hollywood_winner = "games") or that has the
-- highest sum of the three totals ("points"); a tie on that is broken by the other. Options:
-- target, game_bonus, box_bonus, shutout, shutout_bonus, hollywood_entry, hollywood_winner.
-- Variables: closed (games closed, bits 1, 2, 4), won_by (the winner of game k in bits 4k-4 to
-- 4k-1), and seat variables hands_won, boxes (game 1),
-- boxes_2, boxes_3, games_won.
local BOXES = { "boxes", "boxes_2", "boxes_3" }

local function is_closed(g, col) return g.var.closed & (1 << (col - 1)) ~= 0 end

-- The games the win goes in: the first `n` (n = hands won, at most 3), without the closed ones;
-- or (open_games) the first n of those still open.
local function entry_games(g, n)
  local list = {}
  for col = 1, 3 do
    if g.options.hollywood_entry == "open_games" then
      if not is_closed(g, col) and #list < n then list[#list + 1] = col end
    elseif col <= n and not is_closed(g, col) then
      list[#list + 1] = col
    end
  end
  return list
end

-- Enter `points` for `w` in game `col`; close the game with its bonuses when w reaches the target.
local function enter(g, w, r, col)
  local ws = g.seat[w]
  g:score(w, r.points, ("game %d: %s"):format(col, r.note), col)
  ws[BOXES[col]] = ws[BOXES[col]] + (r.boxes or 1)
  if g:total(w, col) < g.options.target then return end
  game_bonuses(g, w, col, BOXES[col], ("game %d: "):format(col))
  g.var.closed = g.var.closed | (1 << (col - 1))
  g.var.won_by = g.var.won_by | (w << (4 * (col - 1)))
  ws.games_won = ws.games_won + 1
  g:tally("hollywood:game " .. col .. " closed")
  g:say("Seat %d wins game %d, %s.", w, col, score_line(g, w, col))
end

-- The seats best by `first` then `second` (functions of a seat).
local function best_seats(g, first, second)
  local best = {}
  for s = 1, g.seats do
    local b = best[1]
    if not b or first(s) > first(b) or (first(s) == first(b) and second(s) > second(b)) then
      best = { s }
    elseif first(s) == first(b) and second(s) == second(b) then
      best[#best + 1] = s
    end
  end
  return best
end

function M.hollywood(g, r)
  local w = r.winner
  if not w then return end
  local ws = g.seat[w]
  ws.hands_won = ws.hands_won + 1
  local games = entry_games(g, math.min(ws.hands_won, 3))
  for _, col in ipairs(games) do enter(g, w, r, col) end
  if #games == 0 then
    g:tally("hollywood:win in closed games only")
    g:say("Seat %d's %s win belongs in closed games only: it scores nothing.", w,
          ws.hands_won == 1 and "first" or "second")
  end
  if g.var.closed ~= 7 then return end
  local function games_won(s) return g.seat[s].games_won end
  local function points(s) return g:total(s, 1) + g:total(s, 2) + g:total(s, 3) end
  local winners = g.options.hollywood_winner == "points" and best_seats(g, points, games_won)
                  or best_seats(g, games_won, points)
  local ww = winners[1]
  g:tally("hollywood:match over")
  local won, pts = {}, {}
  for s = 1, g.seats do won[s], pts[s] = tostring(games_won(s)), tostring(points(s)) end
  g:say("All three games are over: %s in games won, %s in points in all.", table.concat(won, "-"),
        table.concat(pts, "-"))
  g:end_match(#winners > 1 and winners or ww) -- the program names the winners once
end

-- Team sum (Partnership Gin, Team Gin): a match of several tables (the variant's `tables`), two
-- teams (its `teams`). The hand_over hook: once every table has ended its hand, each team's result
-- is the sum of its members' (a win +points, a loss -points: +12 and -10 make +2); the team ahead
-- scores the difference of the two sums, kept in its first seat's total (a team's total is the sum
-- of its members'), counts a box (seat variable boxes of that seat) and deals the next hand (game
-- variable deal_team); equal sums score nothing and the deal stays. A team reaching the target ends
-- the match with gin's bonuses, to the team: game_bonus, box_bonus per box, the shutout when the
-- other team has nothing. The target is the option target, or with target_by_size (Team Gin) by
-- team size: 150 for 3 or 4 a side, 175 for 5, 200 for 6; either 25 higher when the tables play
-- Round-the-Corner's rules (the option round_the_corner, where the game declares it).
local TEAM_TARGET = { [3] = 150, [4] = 150, [5] = 175, [6] = 200 }

function M.team_target(m, teams)
  local o = m.options
  local raise = o.round_the_corner and 25 or 0
  if o.target_by_size then return (TEAM_TARGET[#teams[1]] or o.target) + raise end
  return o.target + raise
end

local function team_total(m, team)
  local sum = 0
  for _, s in ipairs(team) do sum = sum + m:total(s) end
  return sum
end
M.team_total = team_total

function M.team_sum(m, results, teams)
  local o = m.options
  local team_of, sums, won, parts = {}, {}, {}, {}
  for k, team in ipairs(teams) do
    sums[k], won[k] = 0, false
    for _, s in ipairs(team) do team_of[s] = k end
  end
  for _, r in ipairs(results) do
    if r.winner then
      sums[team_of[r.winner]] = sums[team_of[r.winner]] + r.points
      won[team_of[r.winner]] = true
      if r.loser then sums[team_of[r.loser]] = sums[team_of[r.loser]] - r.points end
      parts[#parts + 1] = ("seat %d %s"):format(r.winner, r.note)
    else
      parts[#parts + 1] = ("table %d %s"):format(r.table, r.note)
    end
  end
  local w = sums[1] > sums[2] and 1 or sums[2] > sums[1] and 2 or nil
  if not w then
    m:tally("team:deal even")
    m:say("Hand %d: the teams are even (%s); nobody scores.", m.hand_no, table.concat(parts, ", "))
    return
  end
  local lead, net = teams[w][1], sums[w]
  m:score(lead, net, ("team %d +%d (%s)"):format(w, net, table.concat(parts, ", ")))
  m.seat[lead].boxes = m.seat[lead].boxes + 1
  m.seat[lead].hands_won = m.seat[lead].hands_won + 1
  m.var.deal_team = w
  m:tally(won[3 - w] and "team:won, both teams won hands" or "team:won")
  m:say("Hand %d: team %d scores %d (%s); team %d deals next.", m.hand_no, w, net, table.concat(parts, ", "), w)
  local target = M.team_target(m, teams)
  if team_total(m, teams[w]) < target then return end
  if o.game_bonus > 0 then m:score(lead, o.game_bonus, "game bonus") end
  for k, team in ipairs(teams) do
    local boxes = m.seat[team[1]].boxes
    if o.box_bonus > 0 and boxes > 0 then
      m:score(team[1], boxes * o.box_bonus, ("team %d: box %d x %d"):format(k, boxes, o.box_bonus))
    end
  end
  if team_total(m, teams[3 - w]) == 0 then
    m:tally("match:shutout")
    if o.shutout == "double" then
      m:score(lead, team_total(m, teams[w]), "shutout: total doubled")
    elseif o.shutout == "bonus" then
      m:score(lead, o.shutout_bonus, "shutout bonus")
    end
  end
  m:tally("team:match over")
  m:say("The match is over: team %d %d, team %d %d.", w, team_total(m, teams[w]), 3 - w,
        team_total(m, teams[3 - w])) -- the program names the winning team once
  m:end_match(teams[w])
end

return M
