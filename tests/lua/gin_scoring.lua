-- Gin Rummy: every way a hand is scored, in each of the three presets.
-- Run: ./fuda run tests/lua/gin_scoring.lua

local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL: " .. what) end
end
local function eq(got, want, what)
  if got == want then
    passed = passed + 1
  else
    failed = failed + 1
    print(("FAIL: %s: got %s, expected %s"):format(what, tostring(got), tostring(want)))
  end
end
local function has(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end
local function any_match(list, pattern)
  for _, v in ipairs(list) do if v:find(pattern, 1, true) then return true end end
  return false
end
local function apply(m, seat, move, what)
  local ok, err = m:apply(seat, move)
  check(ok, (what or "") .. ": seat " .. seat .. " " .. move .. " (" .. tostring(err) .. ")")
  return ok
end

-- A new match of `variant` with the hands, the upcard and the top of the stock stacked:
-- t.nd / t.d the non-dealer's and the dealer's 10 cards, t.up the upcard, t.stock the top of the
-- stock (top first). Returns the match, the non-dealer and the dealer.
local function stacked(variant, t)
  local m = fuda.match{ variant = variant, seats = 2, seed = t.seed or 1, options = t.options }
  local d = m:var("dealer")
  local nd = 3 - d
  m:arrange("hand", nd, t.nd)
  m:arrange("hand", d, t.d)
  m:arrange("discard", nil, { t.up })
  if t.stock then m:arrange("stock", nil, t.stock, true) end
  m:events()
  return m, nd, d
end

local PRESETS = {
  { name = "gin", gin = 25, undercut = 20, next_after_nd_wins = "d", next_after_d_wins = "nd" },
  { name = "gin-bicycle", gin = 20, undercut = 10, next_after_nd_wins = "nd", next_after_d_wins = "d" },
  { name = "gin-intro", gin = 25, undercut = 10, next_after_nd_wins = "nd", next_after_d_wins = "nd" },
}

-- The knocker's hand in most scenarios: three melds and one loose card.
local MELDED9 = { "4h", "5h", "6h", "9s", "9d", "9c", "Jc", "Qc", "Kc" }
local function with(list, ...)
  local out = {}
  for _, c in ipairs(list) do out[#out + 1] = c end
  for _, c in ipairs{ ... } do out[#out + 1] = c end
  return out
end

for _, p in ipairs(PRESETS) do
  local V = p.name
  local function role(which, nd, d) return which == "nd" and nd or d end

  -- Knock win: the non-dealer draws 8s and knocks with it, deadwood 2 against 35.
  do
    local what = V .. " knock"
    local m, nd, d = stacked(V, {
      nd = with(MELDED9, "2d"),
      d = { "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8c", "7d" },
      up = "10h", stock = { "8s" },
    })
    apply(m, nd, "pass", what)
    apply(m, d, "pass", what)
    apply(m, nd, "draw", what)
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
    local m, nd, d = stacked(V, {
      nd = with(MELDED9, "8d"),
      d = { "7h", "8h", "As", "2s", "3s", "5c", "5d", "5s", "2c", "3c" },
      up = "10h", stock = { "Ks" },
    })
    apply(m, nd, "pass", what)
    apply(m, d, "pass", what)
    apply(m, nd, "draw", what)
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
    local m, nd, d = stacked(V, {
      nd = with(MELDED9, "5c"),
      d = { "As", "2s", "3s", "7d", "7s", "7c", "8d", "8s", "8c", "5d" },
      up = "10h", stock = { "Kd" },
    })
    apply(m, nd, "pass", what)
    apply(m, d, "pass", what)
    apply(m, nd, "draw", what)
    apply(m, nd, "knock Kd", what)
    eq(m:total(d), p.undercut, what .. ": defender scores the bonus alone")
    eq(m:total(nd), 0, what .. ": knocker scores nothing")
    check(m:scoresheet():find("undercut 0 + " .. p.undercut, 1, true), what .. ": scoresheet")
  end

  -- Gin: no layoffs, even with 7h in the defender's hand.
  do
    local what = V .. " gin"
    local m, nd, d = stacked(V, {
      nd = with(MELDED9, "2d"),
      d = { "7h", "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8c" },
      up = "10h", stock = { "10c" },
    })
    apply(m, nd, "pass", what)
    apply(m, d, "pass", what)
    apply(m, nd, "draw", what)
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
  local m, nd, d = stacked("gin", {
    options = { undercut_on_tie = false },
    nd = with(MELDED9, "5c"),
    d = { "As", "2s", "3s", "7d", "7s", "7c", "8d", "8s", "8c", "5d" },
    up = "10h", stock = { "Kd" },
  })
  apply(m, nd, "pass", what)
  apply(m, d, "pass", what)
  apply(m, nd, "draw", what)
  apply(m, nd, "knock Kd", what)
  eq(m:total(nd), 0, what .. ": knocker scores 0")
  eq(m:total(d), 0, what .. ": defender scores 0")
  eq(m:seat_var(nd, "hands_won"), 1, what .. ": the knocker won the hand")
end

-- Options: layoff_after_gin lets the defender lay 7h on 4h-5h-6h even against gin.
do
  local what = "layoff_after_gin"
  local m, nd, d = stacked("gin", {
    options = { layoff_after_gin = true },
    nd = with(MELDED9, "2d"),
    d = { "7h", "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8c" },
    up = "10h", stock = { "10c" },
  })
  apply(m, nd, "pass", what)
  apply(m, d, "pass", what)
  apply(m, nd, "draw", what)
  apply(m, nd, "gin 2d", what)
  check(any_match(m:events(), "lays off {7h}"), what .. ": 7h laid off")
  eq(m:total(nd), 28 + 25, what .. ": 28 + 25")
end

-- A knock that wins with a layoff: the defender's 7h goes on 4h-5h-6h, 9h on the nines.
do
  local what = "knock with layoffs"
  local m, nd, d = stacked("gin", {
    nd = with(MELDED9, "2d"),
    d = { "7h", "9h", "As", "2s", "3s", "Kd", "Qd", "Js", "8c", "7d" },
    up = "10h", stock = { "8s" },
  })
  apply(m, nd, "pass", what)
  apply(m, d, "pass", what)
  apply(m, nd, "draw", what)
  apply(m, nd, "knock 8s", what)
  local ev = m:events()
  check(any_match(ev, "lays off {7h}"), what .. ": 7h laid off")
  check(any_match(ev, "lays off {9h}"), what .. ": 9h laid off")
  eq(m:total(nd), 45 - 2, what .. ": 10+10+10+8+7 - 2")
end

print(("%d passed, %d failed"):format(passed, failed))
if failed > 0 then error(failed .. " gin scoring checks failed") end
