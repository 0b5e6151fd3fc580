-- three.lua -- match formats for three players (Battle Royale, Cutthroat, Chouette): how the
-- results of hands add up when a match has three seats, two or three of them in play each hand.
--
--   local three = fuda.import("three")
--   return { ..., columns = three.COLUMNS, match = three.cutthroat }
--
-- Column 1 holds each seat's points; when the match is over each pair settles the difference of
-- their totals in its own column (2: seats 1-2, 3: seats 1-3, 4: seats 2-3): the seat ahead
-- receives it (+) and the other pays it (-). The formats also decide who sits out the next hand
-- (g:set_out; the variant declares state `out`, the seat out, 0 for none) and, for Chouette, who
-- is in the box (state `box`, 0 for none: gin's view reads it when a seat sits out). Options read: target, game_bonus, box_bonus, shutout,
-- shutout_bonus, and Cutthroat's shutout_pays. Seat variables: hands_won, boxes.

local match = fuda.import("match")

local M = {}

M.COLUMNS = { "points", "seats 1-2", "seats 1-3", "seats 2-3" }
local PAIRS = { { 1, 2 }, { 1, 3 }, { 2, 3 } }

-- Count a won hand for each seat of `side` (a list: the Chouette partners win together).
local function count_win(g, side, r)
  for _, s in ipairs(side) do
    local ss = g.seat[s]
    ss.hands_won = ss.hands_won + 1
    ss.boxes = ss.boxes + (r.boxes or 1)
  end
end

-- Each pair settles in its column: the seat with more points receives the difference, the other
-- pays it. `extra[s]` (Cutthroat's shutout): more that seat s pays `winner`.
local function settle(g, winner, extra)
  for i, p in ipairs(PAIRS) do
    local a, b = p[1], p[2]
    local diff = g:total(a) - g:total(b)
    if extra then
      if a == winner then diff = diff + (extra[b] or 0) end
      if b == winner then diff = diff - (extra[a] or 0) end
    end
    local hi, lo = a, b
    if diff < 0 then hi, lo, diff = b, a, -diff end
    local col = i + 1
    if diff > 0 then
      g:score(hi, diff, ("seat %d pays seat %d"):format(lo, hi), col)
      g:score(lo, -diff, ("seat %d pays seat %d"):format(lo, hi), col)
      g:say("Seats %d and %d settle: seat %d pays seat %d %s.", a, b, lo, hi, fuda.plural(diff, "point"))
    else
      g:say("Seats %d and %d settle: they are even.", a, b)
    end
  end
  g:tally("match:pairs settled")
end

-- "152, 37 and -20": every seat's total.
local function totals(g)
  local list = {}
  for s = 1, g.seats do list[s] = ("seat %d %d"):format(s, g:total(s)) end
  return table.concat(list, ", ")
end

-- The seats other than those of `side` with no points (before the bonuses: shut out).
local function shut_out(g, side)
  local mine, list = {}, {}
  for _, s in ipairs(side) do mine[s] = true end
  for s = 1, g.seats do
    if not mine[s] and g:total(s) == 0 then list[#list + 1] = s end
  end
  return list
end

-- Battle Royale: all three play every hand; the winner of a hand scores its points, and a knocker
-- who is undercut loses them (a result with a loser and no winner); first to `target` gets
-- game_bonus (and box_bonus per hand won to everybody, shutout as the option says), then each
-- pair settles.
function M.battle_royale(g, r)
  local w = r.winner
  if not w then
    if r.loser and r.points > 0 then g:score(r.loser, -r.points, r.note) end
    return
  end
  g:score(w, r.points, r.note)
  count_win(g, { w }, r)
  if g:total(w) < g.options.target then return end
  match.game_bonuses(g, w, 1, "boxes", "")
  settle(g, w)
  g:say("The match is over: %s.", totals(g)) -- the program names the winner once
  g:end_match(w)
end

-- Cutthroat: two play, one sits out (the variant's deal seats the low cut out first); the loser
-- of each hand sits out the next, the one out comes in (a hand nobody won changes nothing). Each
-- seat scores its own wins; first to `target` gets the game's bonuses; each pair settles, and a
-- seat shut out (no points) pays the winner shutout_pays more.
function M.cutthroat(g, r)
  local w, v = r.winner, g.var
  if not w then return end
  g:score(w, r.points, r.note)
  count_win(g, { w }, r)
  if g:total(w) >= g.options.target then
    local extra = {}
    for _, s in ipairs(shut_out(g, { w })) do
      extra[s] = g.options.shutout_pays
      g:tally("match:shutout")
      g:say("Seat %d was shut out: it pays seat %d %d more.", s, w, g.options.shutout_pays)
    end
    match.game_bonuses(g, w, 1, "boxes", "")
    settle(g, w, extra)
    g:say("The match is over: %s.", totals(g)) -- the program names the winner once
    return g:end_match(w)
  end
  local out, loser = v.out, r.loser
  if not loser or loser == out then return end
  g:set_out(out, false)
  g:set_out(loser, true)
  v.out = loser
  g:tally("cutthroat:loser sits out")
  g:say("Seat %d lost the hand and sits out the next; seat %d comes in.", loser, out)
end

-- The game's bonuses of a Chouette match won by `side` (the box, or both partners): game_bonus to
-- each seat of it, box_bonus per hand won to every seat, and the shutout when the other side has
-- no points (double each winner's total, or shutout_bonus more each).
local function chouette_bonuses(g, side)
  local o = g.options
  for _, s in ipairs(side) do
    if o.game_bonus > 0 then g:score(s, o.game_bonus, "game bonus") end
  end
  if o.box_bonus > 0 then
    for s = 1, g.seats do
      local boxes = g.seat[s].boxes
      if boxes > 0 then g:score(s, boxes * o.box_bonus, ("box %d x %d"):format(boxes, o.box_bonus)) end
    end
  end
  if #shut_out(g, side) + #side < g.seats or o.shutout == "none" then return end
  g:tally("match:shutout")
  for _, s in ipairs(side) do
    if o.shutout == "double" then
      g:score(s, g:total(s), "shutout: total doubled")
    else
      g:score(s, o.shutout_bonus, "shutout bonus")
    end
  end
end

-- Chouette (Captain): the box (state `box`) plays every hand against the partnership,
-- whose captain plays while the partner sits out (state `out`). The box scores its wins; the
-- captain's wins are the partnership's: both partners score them (each partner's total is the
-- partnership's). A losing captain swaps with the partner. First to `target` (the box, or the
-- partnership) ends the match with chouette_bonuses; the box then settles with each partner.
function M.chouette(g, r)
  local w, v = r.winner, g.var
  if not w then return end
  local box = v.box
  local side = { w }
  if w ~= box then
    side = {}
    for s = 1, g.seats do
      if s ~= box then side[#side + 1] = s end
    end
  end
  for _, s in ipairs(side) do
    g:score(s, r.points, w == box and r.note or (r.note .. (s == w and ", captain" or ", partner")))
  end
  count_win(g, side, r)
  if g:total(w) >= g.options.target then
    chouette_bonuses(g, side)
    settle(g, w)
    g:say("The match is over, %s ahead: %s.", w == box and "the box" or "the partnership", totals(g))
    return g:end_match(#side == 1 and w or side)
  end
  if r.loser == box then return end
  local out = v.out
  g:set_out(out, false)
  g:set_out(r.loser, true)
  v.out = r.loser
  g:tally("chouette:captain swaps")
  g:say("The captain, seat %d, lost: the partner, seat %d, takes over as captain.", r.loser, out)
end

-- The first hand's seating, called by the variant's deal before gin's. Cutthroat: each seat cuts a
-- card; the lowest sits out. Chouette: the highest draw is in the box, the second is captain and
-- deals first, the third is the partner and sits out. (The cut is a random order of the seats.)
function M.seat_first(g, how)
  local v = g.var
  local order = { 1, 2, 3 } -- highest card first
  for i = 3, 2, -1 do
    local j = g:random(i)
    order[i], order[j] = order[j], order[i]
  end
  if how == "cutthroat" then
    v.out = order[3]
    g:set_out(order[3], true)
    g:say("Seat %d cuts the lowest card and sits out the first hand.", order[3])
    return
  end
  v.box, v.out, v.dealer = order[1], order[3], order[2]
  g:set_out(order[3], true)
  g:say("Seat %d draws the highest card: in the box. Seat %d is captain and deals; seat %d, the partner, sits out and may advise.",
        order[1], order[2], order[3])
end

return M
