-- Zun: who may declare and who may not -- one's own card, a lone Joker on a Joker, the penalty
-- drawer, distinct-rank totals, the windows only for those who can declare, a hand of only
-- Jokers countering; the opening card; the chombo and gozun options.
-- Run: ./fuda run tests/lua/zun_exclusions.lua

local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL: " .. what) end
end
local function eq(got, want, what)
  if got == want then passed = passed + 1
  else failed = failed + 1; print(("FAIL: %s: got %s, expected %s"):format(what, tostring(got), tostring(want))) end
end
local function has(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end
local function apply(m, seat, move, what)
  local ok, err = m:apply(seat, move)
  check(ok, (what or "") .. ": seat " .. seat .. " " .. move .. " (" .. tostring(err) .. ")")
  return ok
end
local function refused(m, seat, move, what)
  local before = m:hash()
  local ok = m:apply(seat, move)
  check(not ok, what .. ": '" .. move .. "' by seat " .. seat .. " is refused")
  eq(m:hash(), before, what .. ": state unchanged")
end
local function top(m) local f = m:pile("field"); return f[#f] end
local function any_event(evs, text)
  for _, e in ipairs(evs) do if e:find(text, 1, true) then return true end end
  return false
end
local function actors(m) return table.concat(m:actors(), ",") end

-- A Zun game where seat `first` plays first, the opening field is one non-special card (field
-- multiplier 1) and no tenhou window is open; then the field top, every hand (t.hands[s], all
-- hand_size cards) and the stock top (t.stock, top first) are arranged.
local function game(seats, first, t)
  for seed = t.from or 1, 3000 do
    local m = fuda.match{ variant = "zun", seats = seats, seed = seed, options = t.options }
    if m:var("first") == first and (m:claim() == nil or t.pass_opening) and #m:pile("field") == 1 and m:var("field_base") == 1 then
      -- both Jokers to the stock first, so that each hand's Jk comes from there, not from a hand
      local jk = (t.options and t.options.jokers) or 2
      if jk > 0 then m:arrange("stock", nil, jk == 2 and { "Jk", "Jk" } or { "Jk" }) end
      if t.field then m:arrange("field", nil, { t.field }, true) end
      for s, cards in pairs(t.hands or {}) do m:arrange("hand", s, cards) end
      if t.stock then m:arrange("stock", nil, t.stock, true) end
      for s, cards in pairs(t.hands or {}) do
        local a, b = m:pile("hand", s), { table.unpack(cards) }
        table.sort(a); table.sort(b)
        if table.concat(a, " ") ~= table.concat(b, " ") then error("arranging seat " .. s .. " failed") end
      end
      if t.pass_opening then
        for _, s in ipairs(m:actors()) do m:apply(s, "pass") end
      end
      m:events()
      return m, seed
    end
    m:free()
  end
  error("no seed gives first player " .. first)
end

-- Everyone in the open window passes, except the seats given a move in `moves`.
local function window(m, moves, what)
  local seats = m:actors()
  for _, s in ipairs(seats) do apply(m, s, moves[s] or "pass", what) end
end
-- Everyone in the open window passes, except the seats given a move in `moves`.
local function window(m, moves, what)
  local seats = m:actors()
  for _, s in ipairs(seats) do apply(m, s, moves[s] or "pass", what) end
end

-- One's own card: the placer (total 7 after playing the 7c) is not asked; nobody else can: no window.
do
  local m = game(3, 1, { field = "7h", hands = { { "7c", "3s", "4s", "4d" }, { "Kc", "Qc", "Jc", "10c" },
                                                 { "Ks", "Qs", "Js", "10s" } }, stock = { "Kh", "Qh", "3d" } })
  apply(m, 1, "play 7c", "own card")
  eq(m:claim(), nil, "own card: no window for the placer")
  eq(actors(m), "2", "own card: play goes on")
  apply(m, 2, "draw", "own card")
  apply(m, 3, "draw", "own card")
  apply(m, 1, "draw", "own card")
  eq(m:claim(), nil, "own card: no hiki-zun on one's own card either (total still 7 with 3d)")
end

-- Distinct ranks: 2,3,3,3,5 counts 10; the window is only for those who can declare; SC counts
-- every card.
do
  local m = game(3, 1, { options = { hand_size = 5, jokers = 0 }, field = "7h",
    hands = { { "10h", "Kc", "Qc", "Jc", "9c" }, { "2s", "3s", "3h", "3d", "5c" }, { "Ks", "Qs", "Js", "10s", "9s" } } })
  apply(m, 1, "play 10h", "distinct")
  eq(m:claim(), "zun", "distinct: a window")
  eq(actors(m), "2", "distinct: only seat 2 (2+3+5 = 10) is asked")
  eq(table.concat(m:moves(2), ","), "zun,pass", "distinct: the window's moves")
  apply(m, 2, "zun", "distinct")
  eq(m:total(2), 39 * 8, "distinct: 39 (K,Q,J,9 -> 10+10+10+9) x 8 (chiihou)")
end

-- After a draw only the drawer is asked (hiki-zun); the others had their chance after the play.
do
  local m = game(3, 1, { options = { jokers = 0 }, field = "7h",
    hands = { { "Kc", "Qc", "Jc", "10c" }, { "3d", "4d", "Kd", "Qd" }, { "3s", "4s", "3h", "4h" } },
    stock = { "3c" } })
  apply(m, 1, "draw", "hiki only")
  eq(m:claim(), nil, "hiki only: seat 3 (total 7) is not asked after seat 1's draw")
  eq(actors(m), "2", "hiki only: seat 2 plays")
end

-- A hiki-zun on the opening card (placed by nobody): everyone else pays (opening_loser = "all"),
-- or nobody (opening_loser = "none").
for _, how in ipairs({ "all", "none" }) do
  local m = game(3, 1, { options = { jokers = 0, opening_loser = how }, field = "7h",
    hands = { { "3s", "4s", "3h", "4h" }, { "Kd", "Qd", "Jd", "10d" }, { "2s", "2h", "2d", "2c" } },
    stock = { "3c" } })
  apply(m, 1, "draw", "opening " .. how)
  eq(m:claim(), "zun", "opening " .. how .. ": seat 1 (3+4) may hiki-zun on the opening 7h")
  apply(m, 1, "zun", "opening " .. how)
  if how == "all" then
    eq(m:total(2), -40 * 2 * 8, "opening all: seat 2 pays 40 x 2 (hiki) x 8 (chiihou)")
    eq(m:total(3), -8 * 2 * 8, "opening all: seat 3 pays 8 x 2 x 8")
    eq(m:total(1), 48 * 16, "opening all: seat 1 wins from both")
  else
    eq(m:total(1), 0, "opening none: no score")
    check(m:phase() ~= "playing", "opening none: the game is over all the same")
  end
end

-- A lone Joker may not zun on a Joker; a hand of only Jokers counters any zun (the placer too).
do
  local m = game(3, 2, { options = { hand_size = 2 }, field = "7h",
    hands = { { "Jk", "Kc" }, { "7s", "Jk" }, { "Ks", "Qs" } }, stock = { "Kd" } })
  apply(m, 2, "play 7s", "lone joker")
  eq(m:claim(), nil, "lone joker: nobody holds 7")
  apply(m, 3, "draw", "lone joker")
  apply(m, 1, "play Jk", "lone joker")
  eq(top(m), "Jk", "lone joker: a Joker on top (number 0)")
  eq(m:claim(), nil, "lone joker: seat 2 (a lone Joker, total 0) may not zun on it")

  m = game(3, 2, { options = { hand_size = 2, jokers = 1 }, field = "7h",
    hands = { { "3s", "4s" }, { "7s", "Jk" }, { "Ks", "Qs" } } })
  apply(m, 2, "play 7s", "joker counter")
  eq(actors(m), "1", "joker counter: seat 1 (3+4) may zun")
  apply(m, 1, "zun", "joker counter")
  eq(m:claim(), "kaeshi", "joker counter: counter window")
  eq(actors(m), "2", "joker counter: the placer, holding only a Joker, may counter")
  apply(m, 2, "zun", "joker counter")
  eq(m:total(2), 7 * 2 * 2, "joker counter: 7 x 2 (joker) x 2 (kaeshi)")
  eq(m:total(1), -28, "joker counter: the first winner pays")
end

-- The penalty drawer may not counter on that card either, but may zun on the next one.
do
  local m = game(3, 1, { options = { hand_size = 3, jokers = 0 }, field = "7h",
    hands = { { "2h", "Kc", "Qc" }, { "Kd", "Qd", "Jd" }, { "Ks", "Qs", "Js" } }, stock = { "Kh", "Qh" } })
  apply(m, 1, "play 2h", "barred")
  apply(m, 2, "draw", "barred")
  eq(m:seat_var(2, "barred"), m:var("top_id"), "barred: seat 2 is barred on the 2h")
  apply(m, 3, "draw", "barred")
  check(m:seat_var(3, "barred") ~= m:var("top_id"), "barred: a single draw does not bar")
end

-- gozun: every other player is asked after a play; a false zun costs 5 cards and play goes on.
do
  local m = game(3, 1, { options = { gozun = true, jokers = 0 }, pass_opening = true, field = "7h",
    hands = { { "7s", "Kc", "Qc", "Jc" }, { "Kd", "Qd", "Jd", "10d" }, { "Ks", "Qs", "Js", "10s" } } })
  apply(m, 1, "play 7s", "gozun")
  eq(actors(m), "2,3", "gozun: both others are asked")
  window(m, { [2] = "zun" }, "gozun")
  eq(#m:pile("hand", 2), 9, "gozun: the false declarer drew 5")
  check(any_event(m:events(), "Gozun"), "gozun: event")
  eq(m:phase(), "playing", "gozun: the game goes on")
  eq(actors(m), "2", "gozun: seat 2 plays next")
  m = game(3, 1, { options = { jokers = 0 }, field = "7h",
    hands = { { "7s", "Kc", "Qc", "Jc" }, { "Kd", "Qd", "Jd", "10d" }, { "Ks", "Qs", "Js", "10s" } } })
  apply(m, 1, "play 7s", "no gozun")
  eq(m:claim(), nil, "without gozun: no window for those who cannot declare")
end

-- chombo: an illegal play is offered; it is taken back and costs 5 cards; the turn passes.
do
  local m = game(3, 1, { options = { chombo = true, jokers = 0 }, field = "7h",
    hands = { { "Kc", "Qc", "Jc", "10c" }, { "Kd", "Qd", "Jd", "10d" }, { "Ks", "Qs", "Js", "10s" } } })
  check(has(m:moves(1), "play Kc"), "chombo: illegal plays are listed")
  apply(m, 1, "play Kc", "chombo")
  eq(#m:pile("hand", 1), 9, "chombo: the card back in hand, 5 drawn")
  eq(top(m), "7h", "chombo: the field is unchanged")
  check(any_event(m:events(), "Chombo"), "chombo: event")
  eq(actors(m), "2", "chombo: the turn passes")
  m = game(3, 1, { options = { jokers = 0 }, field = "7h",
    hands = { { "Kc", "Qc", "Jc", "10c" }, { "Kd", "Qd", "Jd", "10d" }, { "Ks", "Qs", "Js", "10s" } } })
  refused(m, 1, "play Kc", "no chombo")
end

print(("%d passed, %d failed"):format(passed, failed))
if failed > 0 then error("zun_exclusions: " .. failed .. " failed") end
