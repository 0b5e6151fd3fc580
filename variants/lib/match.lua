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
    g:say("Seat %d wins the match, %s.", w, score_line(g, w, 1))
    g:end_match(w)
  end
end

-- A series (Straight Gin): the points are scored as in first_to, each line noting the series
-- ("gin 31 + 25, series 2-1"); the first seat with series_wins hands won takes the series (with two
-- players: at most 2 x series_wins - 1 hands that are not void). No bonuses. Options: series_wins.
-- Seat variables: hands_won, boxes.
function M.series(g, r)
  local w = r.winner
  if not w then return end
  count_win(g, r, "boxes")
  local wins = {}
  for s = 1, g.seats do wins[s] = tostring(g.seat[s].hands_won) end
  local series = table.concat(wins, "-")
  g:score(w, r.points, r.note .. ", series " .. series)
  if g.seat[w].hands_won >= g.options.series_wins then
    g:say("Seat %d wins the series %s (%s points).", w, series, score_line(g, w, 1))
    g:end_match(w)
  end
end

-- Hollywood: three games side by side, in columns 1-3. A seat's 1st hand won is entered in game 1,
-- its 2nd in games 1 and 2, its 3rd and later in all three; only games still open take it. A game
-- closes when a seat reaches `target` in it, with its own game, box and shutout bonuses; the match
-- is over when all three have closed, won by the seat that won more games (or, with more than two
-- seats and a tie, the highest sum of the three totals). Options: target, game_bonus, box_bonus,
-- shutout, shutout_bonus. Variables: closed (game), and seat variables hands_won, boxes (game 1),
-- boxes_2, boxes_3, games_won.
local BOXES = { "boxes", "boxes_2", "boxes_3" }

function M.hollywood(g, r)
  local w = r.winner
  if not w then return end
  local ws, v, o = g.seat[w], g.var, g.options
  ws.hands_won = ws.hands_won + 1
  local upto = math.min(ws.hands_won, 3)
  local entered = false
  for col = 1, upto do
    if v.closed & (1 << (col - 1)) == 0 then
      entered = true
      g:score(w, r.points, ("game %d: %s"):format(col, r.note), col)
      ws[BOXES[col]] = ws[BOXES[col]] + (r.boxes or 1)
      if g:total(w, col) >= o.target then
        game_bonuses(g, w, col, BOXES[col], ("game %d: "):format(col))
        v.closed = v.closed | (1 << (col - 1))
        ws.games_won = ws.games_won + 1
        g:tally("hollywood:game closed")
        g:say("Seat %d wins game %d, %s.", w, col, score_line(g, w, col))
      end
    end
  end
  if not entered then
    g:tally("hollywood:win in closed games only")
    g:say("Seat %d's %s win goes to closed games only: it scores nothing.", w,
          ws.hands_won == 1 and "first" or "second")
  end
  if v.closed == 7 then
    local best, winners = -1, {}
    for s = 1, g.seats do
      local n = g.seat[s].games_won
      if n > best then best, winners = n, { s } elseif n == best then winners[#winners + 1] = s end
    end
    if #winners > 1 then
      local sums, top, tied = {}, -math.huge, winners
      winners = {}
      for _, s in ipairs(tied) do
        sums[s] = g:total(s, 1) + g:total(s, 2) + g:total(s, 3)
        if sums[s] > top then top, winners = sums[s], { s } elseif sums[s] == top then winners[#winners + 1] = s end
      end
    end
    g:say("All three games are over: Seat %d wins the match, %s.", winners[1],
          plural(g.seat[winners[1]].games_won, "game") .. " won")
    g:end_match(winners)
  end
end

return M
