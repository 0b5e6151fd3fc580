-- Partnership Gin Rummy, four players (seeds/gin-rummy-and-variants.ja.txt, 4人ルール; RULINGS.md):
-- partners sit opposite (seats 1 and 3 against 2 and 4) and each hand is two games of 2-player
-- `gin` at two tables at once. The dealing team's members deal at both tables. In the first hand
-- each dealer plays the opponent on their right; after that every player meets the left-hand and
-- the right-hand opponent in turn, by hand number, whichever team deals. A table that
-- has ended its hand waits for the other (its players may look at it). The team's result is the
-- sum of its two games (+12 and -10 make +2); the team ahead scores it, counts a box and deals
-- next. Game 125; the other bonuses are gin's (box 25, game 100, a shutout doubles). With
-- round_the_corner the tables play Round-the-Corner's rules and the game is 150 (+25).
local match = fuda.import("match")
local gin = fuda.variant("gin")

-- The seat to the right (counter-clockwise) and to the left of seat s of 4.
local function right(s) return (s + 2) % 4 + 1 end
local function left(s) return s % 4 + 1 end

-- Each hand: the dealing team's two seats first at their tables. The opponents alternate by hand
-- number, whoever deals: in the odd hands the first dealing team plays its right-hand opponents (so
-- the other team its left-hand ones), in the even hands the other way round.
local function seating(m)
  local v = m.var
  if v.deal_team == 0 then
    v.deal_team = m:random(2)
    v.first_team = v.deal_team
    m:say("Team %d (seats %d and %d) draws the low cards and deals first.", v.deal_team, v.deal_team, v.deal_team + 2)
  end
  local a, c = v.deal_team, v.deal_team + 2
  local odd, first = m.hand_no % 2 == 1, a == v.first_team
  local opp = odd == first and right or left
  return { { a, opp(a) }, { c, opp(c) } }
end

-- The first place of a table deals (the seating lists the dealer first).
local function deal(g)
  g.var.dealer = 1
  return gin.deal(g)
end

-- Gin's view without its Score line: the seats' totals are the teams' (the view's Teams line).
local function view(g, seat)
  return (gin.view(g, seat):gsub("\nScore: [^\n]*", "", 1))
end

-- What fuda check expects: gin's tallies and the teams'.
local expect = {}
for _, name in ipairs(gin.check.expect) do expect[#expect + 1] = name end
for _, name in ipairs{ "team:won", "team:won, both teams won hands", "team:match over" } do
  expect[#expect + 1] = name
end

return {
  extends = "gin",
  title = "Partnership Gin",
  players = 4,
  options = { target = 125 },
  new_options = {
    target_by_size = { false, doc = "the target follows the team size (150 for 3 or 4 a side, 175 for 5, 200 for 6) instead of the option target" },
  },
  state = {
    deal_team = 0, -- the team that deals this hand (0 before the draw)
    first_team = 0, -- the team that dealt the first hand: the opponents follow from it
  },
  teams = { { 1, 3 }, { 2, 4 } },
  tables = { count = 2, places = 2 },
  seating = seating,
  hand_over = match.team_sum,
  deal = deal,
  view = view,
  check = {
    expect = expect,
    -- The team's points are kept in its first seat (1 or 2): every other seat's total stays 0.
    invariant = function(g)
      for p = 1, g.seats do
        local s = g:seat_of(p)
        if s > 2 and g:total(p) ~= 0 then
          return false, ("seat %d has %d points: a team's points go to its first seat"):format(s, g:total(p))
        end
      end
      return true
    end,
  },
}
