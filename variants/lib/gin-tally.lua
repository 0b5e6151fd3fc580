-- gin-tally.lua -- what `fuda check` counts and verifies in the Gin family: the tallies (g:tally)
-- taken when a hand is shown (aces high, round the corner or valued above 1, jokers, gin shapes),
-- which make check's report say which rules a run of matches reached ("never: NAME" for one
-- expected but never seen); the tallies gin-base expects; and its invariant.
--
--   local T = fuda.import("gin-tally")
--   T.aces(g, res, value, what), T.corner_aces(g, a, b), T.shape_of(res), T.jokers(g, res, loser)
--   T.invariant(g) -> ok [, reason]; T.expect: a list of tally names

local G = fuda.import("gin-rules")
local options = fuda.import("gin-options")
local RANK = G.RANK

-- Tallies for `fuda check`: a run of `res` (a melds result) with an ace next to a king (Q-K-A,
-- K-A-2: ace = "high" or "corner"), and an ace left in its deadwood when `value` (not ace_value)
-- counts it, tallied as `what`.
local function tally_aces(g, res, value, what)
  for i, m in ipairs(res.melds) do
    local ace, king = false, false
    for _, c in ipairs(m) do
      if RANK[c] == 1 then ace = true elseif RANK[c] == 13 then king = true end
    end
    if ace and king and res.kinds[i] == "run" then g:tally("meld:ace next to a king") end
  end
  if value == options(g).ace_value then return end
  for _, c in ipairs(res.dead) do
    if RANK[c] == 1 then return g:tally(what) end
  end
end

-- Count what aces high, round the corner or above 1 did in the arrangements shown (a, b).
local function tally_corner_aces(g, a, b)
  for _, res in ipairs{ a, b } do
    for i, m in ipairs(res.melds) do
      if res.kinds[i] == "run" then
        local has = {}
        for _, c in ipairs(m) do has[RANK[c]] = true end
        if has[1] and has[13] then g:tally(has[2] and "run:round the corner" or "run:ace high") end
      end
    end
    local av = options(g).ace_value
    if av ~= 1 then
      for _, c in ipairs(res.dead) do
        if RANK[c] == 1 then g:tally("deadwood:ace " .. av) end
      end
    end
  end
end

-- The shape of an arrangement: its meld sizes, largest first ("4-3-3-3").
local function shape_of(res)
  local sizes = {}
  for i, m in ipairs(res.melds) do sizes[i] = #m end
  table.sort(sizes, function(a, b) return a > b end)
  return table.concat(sizes, "-")
end

-- Tallies for `fuda check` where jokers are: in the gin's melds (as what; five of a kind), in the
-- loser's melds, left in the loser's deadwood; and a loser's hand all melded in no gin shape.
local function tally_jokers(g, res, loser)
  for i, m in ipairs(res.melds) do
    for _, c in ipairs(m) do
      if c == "Jk" then
        g:tally((loser and "loser:joker in a " or "gin:joker in a ") .. #m .. "-card " .. res.kinds[i])
      end
    end
    if not loser and #m == 5 and res.kinds[i] == "set" then g:tally("gin:five of a kind") end
  end
  if not loser then return end
  for _, c in ipairs(res.dead) do
    if c == "Jk" then g:tally("loser:joker in deadwood") end
  end
end

-- check.invariant: a hand that brings a total to the target ends the match, so while the match
-- goes on no total may be there (a house rule that adds points after the base decided would break
-- this).
local function invariant(g)
  if g.phase == "match_over" then return true end
  local target = options(g).target
  for s = 1, g.seats do
    local t = g:total(s)
    if t >= target then
      return false, ("%s has %d points, the target is %d, but the match goes on"):format(g:name(s):lower(), t, target)
    end
  end
  return true
end

-- check.expect: the tallies a run of matches of the presets should reach (check's report says
-- "never: NAME" for one it never saw); a preset may name its own.
local EXPECT = {
  "upcard:non-dealer takes", "upcard:dealer takes", "upcard:both pass", "take:discard",
  "hand:knock", "hand:gin", "hand:undercut", "hand:undercut tie", "hand:void",
  "layoff", "layoff:chain", "match:shutout",
}

return { aces = tally_aces, corner_aces = tally_corner_aces, shape_of = shape_of, jokers = tally_jokers,
         invariant = invariant, expect = EXPECT }
