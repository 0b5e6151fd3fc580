-- Zun: scoring and yaku -- the document's worked score, eight-zun with hiki-zun, kaeshi-zun (and
-- chains of counters), tenhou paid by everyone, chiihou (and the 9 that spoils it), double-zun,
-- double-kaeshi.
-- Run: ./fuda run tests/lua/zun_yaku.lua

local T = dofile("tests/lua/lib/t.lua")
local Z = dofile("tests/lua/lib/zun.lua")
local check, eq, apply = T.check, T.eq, T.apply
local top, actors, any_event = T.top, T.actors, T.any_match
local game, window = Z.game, Z.window

-- The scoresheet note for seat s (winner side) contains `text`.
local function sheet_has(m, text) return m:scoresheet():find(text, 1, true) ~= nil end

-- The worked example: loser A,5,6,Q,K,Joker, winner holding one Joker: 32 x 2 x 2 = 128 (no field
-- multiplier, no yaku: after the first round).
do
  local m = game(3, 1, { options = { hand_size = 6 }, field = "10c",
    hands = { { "As", "5h", "6d", "Qc", "Kd", "Jk" }, { "Jk", "3s", "4s", "3d", "4d", "3h" },
              { "Ks", "Qs", "Js", "10s", "9s", "8s" } },
    stock = { "7c", "4h", "Kh" } })
  apply(m, 1, "draw", "worked")
  apply(m, 2, "draw", "worked")
  apply(m, 3, "draw", "worked")
  eq(actors(m), "1", "worked: seat 1's second turn")
  apply(m, 1, "play 7c", "worked")
  eq(m:claim(), "zun", "worked: seat 2 (total 7) may zun on the 7c")
  eq(actors(m), "2", "worked: only seat 2 is asked")
  apply(m, 2, "zun", "worked")
  eq(m:phase() ~= "playing" and "over" or "playing", "over", "worked: the game is over")
  eq(m:total(2), 128, "worked: the winner gets 128")
  eq(m:total(1), -128, "worked: the loser pays 128")
  eq(m:total(3), 0, "worked: the third player is untouched")
  check(sheet_has(m, "32 x 2 (joker) x 2 (joker) = 128"), "worked: the arithmetic is on the scoresheet")
  check(any_event(m:events(), "Seat 2 wins from Seat 1: 32 x 2 (joker) x 2 (joker) = 128"), "worked: score event")
end

-- Eight-zun with hiki-zun: x3 x2 = x6 (the document's example).
do
  local m = game(2, 1, { options = { jokers = 0 }, field = "7h",
    hands = { { "8s", "Kc", "Qc", "Jc" }, { "3d", "5d", "3h", "5h" } },
    stock = { "10c", "5s", "3s" } })
  apply(m, 1, "draw", "8+hiki")
  apply(m, 2, "draw", "8+hiki")
  apply(m, 1, "play 8s", "8+hiki")
  eq(m:claim(), "zun", "8+hiki: seat 2 may zun on the 8 at once")
  window(m, {}, "8+hiki")
  apply(m, 2, "draw", "8+hiki")
  eq(m:claim(), "zun", "8+hiki: a window after the single draw")
  apply(m, 2, "zun", "8+hiki")
  eq(m:total(2), 240, "8+hiki: 40 x 3 x 2")
  check(sheet_has(m, "40 x 3 (eight-zun) x 2 (hiki-zun) = 240"), "8+hiki: the note")
end

-- Kaeshi-zun on that: eight-zun kept, hiki-zun dropped: x3 x2 = x6; the counterer wins from the
-- first winner.
do
  local m = game(3, 1, { options = { jokers = 0 }, field = "7h",
    hands = { { "8s", "Kc", "Qc", "Jc" }, { "3d", "5d", "3h", "5h" }, { "2s", "6s", "2c", "6c" } },
    stock = { "10c", "5s", "2h", "3s" } })
  apply(m, 1, "draw", "kaeshi8")
  apply(m, 2, "draw", "kaeshi8")
  apply(m, 3, "draw", "kaeshi8")
  apply(m, 1, "play 8s", "kaeshi8")
  eq(actors(m), "2,3", "kaeshi8: seats 2 and 3 may zun on the 8")
  window(m, {}, "kaeshi8")
  apply(m, 2, "draw", "kaeshi8")
  apply(m, 2, "zun", "kaeshi8 hiki")
  eq(m:claim(), "kaeshi", "kaeshi8: the counter window")
  eq(actors(m), "3", "kaeshi8: only seat 3 may counter")
  apply(m, 3, "zun", "kaeshi8 counter")
  check(any_event(m:events(), "Kaeshi-zun! Seat 3 counters Seat 2"), "kaeshi8: event")
  eq(m:total(3), 144, "kaeshi8: 24 x 3 x 2")
  eq(m:total(2), -144, "kaeshi8: the first winner pays")
  eq(m:total(1), 0, "kaeshi8: the placer pays nothing")
  check(sheet_has(m, "24 x 3 (eight-zun) x 2 (kaeshi-zun) = 144"), "kaeshi8: the note")
end

-- Tenhou: on the opening card with the dealt hand; everyone else pays, x8.
do
  local found = false
  for seed = 1, 3000 do
    local m = fuda.match{ variant = "zun", seats = 4, seed = seed }
    if m:claim() == "zun" and #m:actors() == 1 and m:var("field_base") == 1 then
      found = true
      local w = m:actors()[1]
      local t = top(m)
      local n, s0 = fuda.rank(t), fuda.suit(t)
      local hand = { "Jk" }
      for _, s in ipairs({ "s", "h", "d", "c" }) do
        if s ~= s0 then hand[#hand + 1] = fuda.make(n, s) end
      end
      m:arrange("hand", w, hand)
      local fill = { { "2s", "2h", "2d", "2c" }, { "As", "Ah", "Ad", "Ac" }, { "5s", "5h", "5d", "5c" } }
      local sc = { 8, 4, 20 }
      local others, k = {}, 0
      for s = 1, 4 do
        if s ~= w then k = k + 1; others[k] = s; m:arrange("hand", s, fill[k]) end
      end
      m:events()
      apply(m, w, "zun", "tenhou")
      check(any_event(m:events(), "(tenhou)"), "tenhou: event")
      local sum = 0
      for i, s in ipairs(others) do
        eq(m:total(s), -sc[i] * 2 * 8, "tenhou: seat " .. s .. " pays SC x 2 (joker) x 8")
        sum = sum + sc[i] * 16
      end
      eq(m:total(w), sum, "tenhou: the winner takes from everyone")
      check(sheet_has(m, "8 x 2 (joker) x 8 (tenhou) = 128"), "tenhou: the note")
      break
    end
    m:free()
  end
  check(found, "tenhou: a seed with a tenhou window")
end

-- Chiihou: a zun in the first round, x8; a 9 played in the first round spoils it.
do
  local m = game(3, 1, { options = { jokers = 0 }, field = "7h",
    hands = { { "7s", "Kc", "Qc", "Jc" }, { "3d", "4d", "3h", "4h" }, { "Ks", "Qs", "Js", "10s" } } })
  apply(m, 1, "play 7s", "chiihou")
  apply(m, 2, "zun", "chiihou")
  eq(m:total(2), 30 * 8, "chiihou: 30 x 8")
  check(sheet_has(m, "30 x 8 (chiihou) = 240"), "chiihou: the note")

  m = game(3, 1, { options = { jokers = 0 }, field = "7h",
    hands = { { "9h", "Kc", "Qc", "Jc" }, { "3d", "4d", "3c", "Ad" }, { "4h", "Ks", "Qs", "Js" } } })
  apply(m, 1, "play 9h", "9 spoils")
  eq(actors(m), "3", "9 spoils: reversed to seat 3")
  apply(m, 3, "play 4h", "9 spoils")
  eq(m:claim(), nil, "9 spoils: seat 2 has 8, not 4")
  apply(m, 2, "draw", "9 spoils")
end
do
  -- a 9 in the first round, then a zun still in the first round: no chiihou
  local m = game(3, 1, { options = { jokers = 0 }, field = "7h",
    hands = { { "9h", "Kc", "Qc", "Jc" }, { "3d", "Ad", "3c", "Ac" }, { "4h", "Ks", "Qs", "Js" } } })
  apply(m, 1, "play 9h", "9 spoils")
  apply(m, 3, "play 4h", "9 spoils")
  eq(actors(m), "2", "9 spoils: seat 2 (total 4) may zun")
  apply(m, 2, "zun", "9 spoils")
  eq(m:total(2), 30, "9 spoils: 30, no chiihou")
  check(sheet_has(m, "+30: 30\n") and not sheet_has(m, " x "), "9 spoils: the note has no yaku (and no \"30 = 30\")")
end

-- Four players: seat 1 plays 7c; seats 2, 3, 4 hold 7; seat 1 holds 7 after its play.
local CHAIN = { field = "7h", hands = { { "7c", "3s", "4s", "4d" }, { "3d", "4c", "3c", "4h" },
                                        { "7d", "Jk", "Jk", "7s" }, { "6s", "As", "6h", "Ah" } } }

-- Double zun: two declarations in one window, both win from the placer.
do
  local m = game(4, 1, CHAIN)
  apply(m, 1, "play 7c", "double")
  eq(actors(m), "2,3,4", "double: three may zun")
  window(m, { [2] = "zun", [3] = "zun" }, "double")
  check(any_event(m:events(), "(double zun)"), "double: event")
  eq(m:claim(), "kaeshi", "double: the counter window")
  eq(actors(m), "1,4", "double: the placer and seat 4 may counter")
  window(m, {}, "double")
  eq(m:total(2), 88, "double: seat 2 wins 11 x 8 (chiihou)")
  eq(m:total(3), 352, "double: seat 3 wins 11 x 2 x 2 x 8")
  eq(m:total(1), -440, "double: the placer pays both")
  eq(m:total(4), 0, "double: seat 4 untouched")
end

-- Kaeshi-zun against a double zun: one winner, two losers.
do
  local m = game(4, 1, CHAIN)
  apply(m, 1, "play 7c", "kaeshi on double")
  window(m, { [2] = "zun", [3] = "zun" }, "kaeshi on double")
  window(m, { [4] = "zun" }, "kaeshi on double")
  eq(m:claim(), "kaeshi", "kaeshi on double: another counter window")
  eq(actors(m), "1", "kaeshi on double: only the placer is left")
  window(m, {}, "kaeshi on double")
  eq(m:total(4), 14 * 2 + 14 * 2 * 2 * 2, "kaeshi on double: seat 4 wins from 2 and 3")
  eq(m:total(2), -28, "kaeshi on double: seat 2 pays 14 x 2")
  eq(m:total(3), -112, "kaeshi on double: seat 3 pays 14 x 2 x 2 x 2 (two jokers)")
  eq(m:total(1), 0, "kaeshi on double: the placer pays nothing")
end

-- Double kaeshi: two counters together both win from the first winner; x2 once per counter
-- window, or per counterer with kaeshi_count = "declaration".
for _, how in ipairs({ "level", "declaration" }) do
  local t = { field = CHAIN.field, hands = CHAIN.hands, options = { kaeshi_count = how } }
  local m = game(4, 1, t)
  apply(m, 1, "play 7c", "double kaeshi")
  window(m, { [2] = "zun" }, "double kaeshi")
  window(m, { [3] = "zun", [4] = "zun" }, "double kaeshi")
  check(any_event(m:events(), "double kaeshi"), "double kaeshi: event")
  window(m, {}, "double kaeshi")
  local k = how == "level" and 2 or 4
  eq(m:total(3), 14 * 4 * k, "double kaeshi (" .. how .. "): seat 3 wins 14 x 2 x 2 x " .. k)
  eq(m:total(4), 14 * k, "double kaeshi (" .. how .. "): seat 4 wins 14 x " .. k)
  eq(m:total(2), -14 * 5 * k, "double kaeshi (" .. how .. "): seat 2 pays both")
  eq(m:total(1), 0, "double kaeshi: the placer is out of it")
end

-- A chain: zun (2), counter (3), counter (4), counter by the placer (1): x2 x2 x2, chiihou dropped.
do
  local m = game(4, 1, CHAIN)
  apply(m, 1, "play 7c", "chain")
  window(m, { [2] = "zun" }, "chain")
  eq(actors(m), "1,3,4", "chain: first counter window")
  window(m, { [3] = "zun" }, "chain")
  eq(actors(m), "1,4", "chain: second counter window (seat 2 declared already)")
  window(m, { [4] = "zun" }, "chain")
  eq(actors(m), "1", "chain: third counter window")
  window(m, { [1] = "zun" }, "chain")
  eq(m:claim(), nil, "chain: nobody is left to counter")
  eq(m:total(1), 112, "chain: the placer wins last: 14 x 2 x 2 x 2")
  eq(m:total(4), -112, "chain: the last counter before pays")
  eq(m:total(2) + m:total(3), 0, "chain: the earlier ones are out of it")
  check(sheet_has(m, "14 x 2 (kaeshi-zun) x 2 (kaeshi-zun) x 2 (kaeshi-zun) = 112"), "chain: the note")
end

-- Field multiplier in the arithmetic: a game whose opening flipped specials.
do
  local found = false
  for seed = 1, 3000 do
    local m = fuda.match{ variant = "zun", seats = 3, seed = seed, options = { jokers = 0 } }
    if m:claim() == nil and m:var("field_base") == 4 and m:var("first") == 1 then
      found = true
      m:arrange("field", nil, { "7h" }, true)
      m:arrange("hand", 1, { "7s", "Kc", "Qc", "Jc" })
      m:arrange("hand", 2, { "3d", "4d", "3h", "4h" })
      m:arrange("hand", 3, { "Ks", "Qs", "Js", "10s" })
      apply(m, 1, "play 7s", "field x4")
      apply(m, 2, "zun", "field x4")
      eq(m:total(2), 30 * 4 * 8, "field x4: 30 x 4 x 8")
      check(sheet_has(m, "30 x 4 (field) x 8 (chiihou) = 960"), "field x4: the note")
      break
    end
    m:free()
  end
  check(found, "a seed whose opening flipped two specials")
end

-- Tenhou countered (a hand of only Jokers counters any zun): tenhou is dropped, the tenhou caller
-- pays the counterer, nobody else pays.
do
  local found = false
  for seed = 1, 5000 do
    local m = fuda.match{ variant = "zun", seats = 4, seed = seed, options = { hand_size = 2 } }
    if m:claim() == "zun" and #m:actors() == 1 and m:var("field_base") == 1 then
      found = true
      local w = m:actors()[1]
      local j = w % 4 + 1
      local t = top(m)
      local n, s0 = fuda.rank(t), fuda.suit(t)
      local hand = {}
      for _, s in ipairs({ "s", "h", "d", "c" }) do
        if s ~= s0 and #hand < 2 then hand[#hand + 1] = fuda.make(n, s) end
      end
      m:arrange("hand", j, { "Jk", "Jk" })
      m:arrange("hand", w, hand)
      local fill, k = { { "2s", "2h" }, { "As", "Ah" } }, 0
      for s = 1, 4 do
        if s ~= w and s ~= j then k = k + 1; m:arrange("hand", s, fill[k]) end
      end
      eq(table.concat(m:pile("hand", j), " "), "Jk Jk", "tenhou countered: the Joker hand")
      apply(m, w, "zun", "tenhou countered")
      eq(m:claim(), "kaeshi", "tenhou countered: counter window")
      eq(actors(m), tostring(j), "tenhou countered: the Joker hand may counter")
      apply(m, j, "zun", "tenhou countered")
      local sc = 2 * math.min(n, 10)
      eq(m:total(j), sc * 8, "tenhou countered: SC x 2 x 2 (jokers) x 2 (kaeshi), no tenhou")
      eq(m:total(w), -sc * 8, "tenhou countered: the tenhou caller pays")
      check(not m:scoresheet():find("tenhou", 1, true), "tenhou countered: no tenhou in the note")
      break
    end
    m:free()
  end
  check(found, "tenhou countered: a seed")
end

-- Chiihou with hiki-zun on the opening card: x8 x2, everyone else pays.
do
  local m = game(3, 1, { options = { jokers = 0 }, field = "7h",
    hands = { { "Kc", "Qc", "Jc", "10c" }, { "Kd", "Qd", "Jd", "10d" }, { "3s", "3h", "3d", "3c" } },
    stock = { "9c", "9d", "4s" } })
  apply(m, 1, "draw", "chiihou hiki")
  apply(m, 2, "draw", "chiihou hiki")
  apply(m, 3, "draw", "chiihou hiki")
  eq(m:claim(), "zun", "chiihou hiki: 3 + 4 = 7 after the draw")
  apply(m, 3, "zun", "chiihou hiki")
  check(m:scoresheet():find("49 x 8 (chiihou) x 2 (hiki-zun) = 784", 1, true) ~= nil, "chiihou hiki: x8 x2, the opening card's loser is everyone")
  eq(m:total(3), 784 + 784, "chiihou hiki: both others pay")
end

T.summary("zun_yaku")
