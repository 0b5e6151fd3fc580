-- Zun: who may declare and who may not -- one's own card, a lone Joker on a Joker, the penalty
-- drawer, distinct-rank totals, the windows only for those who can declare, a hand of only
-- Jokers countering; the opening card; the chombo and gozun options.
-- Run: ./fuda run tests/lua/zun_exclusions.lua

local T = dofile("tests/lua/lib/t.lua")
local Z = dofile("tests/lua/lib/zun.lua")
local check, eq, has, apply = T.check, T.eq, T.has, T.apply
local refused, top, actors, any_event = T.refused, T.top, T.actors, T.any_match
local game, window = Z.game, Z.window

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

T.summary("zun_exclusions")
