-- Gin Rummy: every way a hand is scored, in each of the three presets.
-- Run: ./fuda run tests/lua/gin_scoring.lua

local T = dofile("tests/lua/lib/t.lua")
local G = dofile("tests/lua/lib/gin.lua")
local check, eq, has, any_match, apply = T.check, T.eq, T.has, T.any_match, T.apply
local stacked, pass_pass_draw = G.stacked, G.pass_pass_draw

local PRESETS = {
  { name = "gin", gin = 25, undercut = 20, next_after_nd_wins = "d", next_after_d_wins = "nd" },
  { name = "gin-bicycle", gin = 20, undercut = 10, next_after_nd_wins = "nd", next_after_d_wins = "d" },
  { name = "gin-intro", gin = 25, undercut = 10, next_after_nd_wins = "nd", next_after_d_wins = "nd" },
}

-- The knocker's hand in most scenarios: three melds and one loose card.
local MELDED9, with = G.MELDED9, G.with

-- A hand of `variant` where the non-dealer holds MELDED9 and `loose`, the dealer `dealer`, the
-- upcard is 10h; both pass it and the non-dealer draws `card`. Returns the match, nd and d.
local function after_draw(variant, loose, dealer, card, what, options)
  local m, nd, d = stacked(variant, { options = options, nd = with(MELDED9, loose), d = dealer,
                                      up = "10h", stock = { card } })
  pass_pass_draw(m, nd, d, what)
  return m, nd, d
end

for _, p in ipairs(PRESETS) do
  local V = p.name
  local function role(which, nd, d) return which == "nd" and nd or d end

  -- Knock win: the non-dealer draws 8s and knocks with it, deadwood 2 against 35.
  do
    local what = V .. " knock"
    local m, nd, d = after_draw(V, "2d", { "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8c", "7d" },
      "8s", what)
    check(has(m:moves(nd), "knock 8s"), what .. ": knock 8s offered")
    check(not has(m:moves(nd), "gin 8s"), what .. ": no gin with deadwood 2")
    apply(m, nd, "knock 8s", what)
    eq(m:phase(), "hand_over", what .. ": phase")
    eq(m:total(nd), 33, what .. ": knocker scores 35 - 2")
    eq(m:total(d), 0, what .. ": defender scores nothing")
    eq(m:seat_var(nd, "hands_won"), 1, what .. ": hands won")
    check(m:scoresheet():find("knock 33", 1, true), what .. ": scoresheet says knock 33")
    local ev = m:events()
    check(any_match(ev, "knocks"), what .. ": knock event")
    check(any_match(ev, "35 - 2 = 33"), what .. ": arithmetic in the events")
    eq(m:var("dealer"), role(p.next_after_nd_wins, nd, d), what .. ": next dealer")
    local v = m:view(d)
    check(v:find("won 33 points by knock", 1, true), what .. ": the view tells the result")
    check(v:find("Hand of seat " .. nd .. ":", 1, true) and v:find("[{4h} {5h} {6h}]", 1, true),
          what .. ": the view shows the knocker's hand")
    m:next_hand()
    eq(m:phase(), "playing", what .. ": next hand dealt")
    eq(m:var("dealer"), role(p.next_after_nd_wins, nd, d), what .. ": dealer of the next hand")
  end

  -- Undercut after a chained layoff: the defender lays off 7h then 8h on 4h-5h-6h.
  do
    local what = V .. " undercut with chained layoff"
    local m, nd, d = after_draw(V, "8d", { "7h", "8h", "As", "2s", "3s", "5c", "5d", "5s", "2c", "3c" },
      "Ks", what)
    apply(m, nd, "knock Ks", what)
    local ev = m:events()
    check(any_match(ev, "lays off {7h}"), what .. ": 7h laid off")
    check(any_match(ev, "lays off {8h}"), what .. ": 8h laid off")
    eq(m:total(d), 8 - 5 + p.undercut, what .. ": defender scores 8 - 5 + bonus")
    eq(m:total(nd), 0, what .. ": knocker scores nothing")
    check(m:scoresheet():find("undercut 3 + " .. p.undercut, 1, true), what .. ": scoresheet")
    eq(m:seat_var(d, "hands_won"), 1, what .. ": hands won by the defender")
    eq(m:var("dealer"), role(p.next_after_d_wins, nd, d), what .. ": next dealer")
  end

  -- Undercut on equal deadwood (5 and 5): the defender wins ties.
  do
    local what = V .. " undercut tie"
    local m, nd, d = after_draw(V, "5c", { "As", "2s", "3s", "7d", "7s", "7c", "8d", "8s", "8c", "5d" },
      "Kd", what)
    apply(m, nd, "knock Kd", what)
    eq(m:total(d), p.undercut, what .. ": defender scores the bonus alone")
    eq(m:total(nd), 0, what .. ": knocker scores nothing")
    check(m:scoresheet():find("undercut 0 + " .. p.undercut, 1, true), what .. ": scoresheet")
  end

  -- Gin: no layoffs, even with 7h in the defender's hand.
  do
    local what = V .. " gin"
    local m, nd, d = after_draw(V, "2d", { "7h", "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8c" },
      "10c", what)
    local mv = m:moves(nd)
    check(has(mv, "gin 2d"), what .. ": gin 2d offered")
    check(not has(mv, "knock 2d"), what .. ": no knock with deadwood 0")
    apply(m, nd, "gin 2d", what)
    local ev = m:events()
    check(not any_match(ev, "lays off"), what .. ": no layoff after gin")
    eq(m:total(nd), 35 + p.gin, what .. ": 35 + gin bonus")
    check(m:scoresheet():find("gin 35 + " .. p.gin, 1, true), what .. ": scoresheet")
  end
end

-- Options: a tie is no undercut when undercut_on_tie is off (the knocker wins 0).
do
  local what = "undercut_on_tie=false"
  local m, nd, d = after_draw("gin", "5c", { "As", "2s", "3s", "7d", "7s", "7c", "8d", "8s", "8c", "5d" },
    "Kd", what, { undercut_on_tie = false })
  apply(m, nd, "knock Kd", what)
  eq(m:total(nd), 0, what .. ": knocker scores 0")
  eq(m:total(d), 0, what .. ": defender scores 0")
  eq(m:seat_var(nd, "hands_won"), 1, what .. ": the knocker won the hand")
end

-- Options: layoff_after_gin lets the defender lay 7h on 4h-5h-6h even against gin.
do
  local what = "layoff_after_gin"
  local m, nd, d = after_draw("gin", "2d", { "7h", "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8c" },
    "10c", what, { layoff_after_gin = true })
  apply(m, nd, "gin 2d", what)
  check(any_match(m:events(), "lays off {7h}"), what .. ": 7h laid off")
  eq(m:total(nd), 28 + 25, what .. ": 28 + 25")
end

-- A knock that wins with a layoff: the defender's 7h goes on 4h-5h-6h, 9h on the nines.
do
  local what = "knock with layoffs"
  local m, nd, d = after_draw("gin", "2d", { "7h", "9h", "As", "2s", "3s", "Kd", "Qd", "Js", "8c", "7d" },
    "8s", what)
  apply(m, nd, "knock 8s", what)
  local ev = m:events()
  check(any_match(ev, "lays off {7h}"), what .. ": 7h laid off")
  check(any_match(ev, "lays off {9h}"), what .. ": 9h laid off")
  eq(m:total(nd), 45 - 2, what .. ": 10+10+10+8+7 - 2")
end

-- One point is "1 point": a knock with 2 against 3.
do
  local what = "one point"
  local m, nd = after_draw("gin", "2d", { "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Kh", "Ks", "3d" }, "8s", what)
  apply(m, nd, "knock 8s", what)
  eq(m:total(nd), 1, what .. ": 3 - 2")
  check(any_match(m:events(), "wins the knock: 3 - 2 = 1 point."), what .. ": the event says 1 point")
  check(m:view(nd):find("you won 1 point by knock", 1, true), what .. ": the view too")
end

T.summary("gin_scoring")
