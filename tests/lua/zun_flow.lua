-- Zun: the course of a game and a match -- the opening flips and the field multiplier, the tenhou
-- window, the stock refilled from the field (the multiplier doubles), who starts the next game,
-- the number of games, the view.
-- Run: ./fuda run tests/lua/zun_flow.lua

local T = dofile("tests/lua/lib/t.lua")
local Z = dofile("tests/lua/lib/zun.lua")
local check, eq, apply = T.check, T.eq, T.apply
local actors, any_event = T.actors, T.any_match
local game = Z.game

-- Everyone in an open window passes, except the seats given a move in `moves`; no window, no move.
local function window(m, moves, what)
  if m:claim() then Z.window(m, moves, what) end
end

local SPECIAL = { [0] = true, [1] = true, [2] = true, [5] = true, [8] = true, [9] = true }
local function total(cards)
  local seen, sum = {}, 0
  for _, c in ipairs(cards) do
    local r = fuda.rank(c)
    if not seen[r] then seen[r] = true; sum = sum + r end
  end
  return sum
end

-- The opening: flips until a non-special card; multiplier 2 x specials (1 if none); the first
-- player is random; the tenhou window holds exactly the seats whose total is the top number.
do
  local firsts, mults, windows = {}, {}, 0
  for seed = 1, 300 do
    local m = fuda.match{ variant = "zun", seats = 4, seed = seed }
    local field = m:pile("field")
    local ok = not SPECIAL[fuda.rank(field[#field])]
    for i = 1, #field - 1 do ok = ok and SPECIAL[fuda.rank(field[i])] end
    check(ok, "opening (seed " .. seed .. "): specials below, a plain card on top")
    local want = #field > 1 and 2 * (#field - 1) or 1
    eq(m:var("field_base"), want, "opening (seed " .. seed .. "): field multiplier")
    mults[want] = true
    eq(#m:pile("stock"), 54 - 16 - #field, "opening (seed " .. seed .. "): stock count")
    firsts[m:var("first")] = true
    local n = fuda.rank(field[#field])
    local asked = {}
    if m:claim() then windows = windows + 1; for _, s in ipairs(m:actors()) do asked[s] = true end end
    for s = 1, 4 do
      eq(asked[s] == true, total(m:pile("hand", s)) == n, "opening (seed " .. seed .. "): seat " .. s .. " asked iff its total is " .. n)
    end
    m:free()
  end
  check(firsts[1] and firsts[2] and firsts[3] and firsts[4], "opening: every seat can start")
  check(mults[1] and mults[2] and mults[4], "opening: multipliers 1, 2 and 4 all occur")
  check(windows > 0, "opening: some deals offer tenhou")
end

-- The stock runs out: the field but its top becomes the stock, the multiplier doubles, and the
-- score shows it. 5 players with 10 cards each leave 1 stock card.
local function big_game(opt)
  local used = {}
  local hands = {
    [1] = { "7s" },
    [3] = { "10s" },
    [4] = { "As", "Ah", "Ad", "2s", "2h", "2d", "3s", "3h", "4s", "4h" },   -- total 10
  }
  for _, c in ipairs({ "7h", "5c", "7s", "10s", "As", "Ah", "Ad", "2s", "2h", "2d", "3s", "3h", "4s", "4h" }) do used[c] = true end
  local rest = {}
  for _, s in ipairs({ "c", "d", "h", "s" }) do
    for r = 13, 1, -1 do
      local c = fuda.make(r, s)
      if not used[c] then rest[#rest + 1] = c end
    end
  end
  local k = 1
  for _, s in ipairs({ 1, 2, 3, 5 }) do
    hands[s] = hands[s] or {}
    while #hands[s] < 10 do hands[s][#hands[s] + 1] = rest[k]; k = k + 1 end
  end
  return game(5, 1, { options = { jokers = 0, hand_size = 10, reshuffle = opt }, field = "7h", hands = hands, stock = { "5c" } })
end
do
  local m = big_game("empty")
  eq(#m:pile("stock"), 1, "reshuffle: one stock card")
  apply(m, 1, "play 7s", "reshuffle")
  window(m, {}, "reshuffle")
  apply(m, 2, "draw", "reshuffle")
  window(m, {}, "reshuffle")
  eq(m:var("reshuffles"), 1, "reshuffle: the field went into the stock")
  eq(table.concat(m:pile("stock"), ","), "7h", "reshuffle: the stock is the old field")
  eq(table.concat(m:pile("field"), ","), "7s", "reshuffle: the top card stays")
  check(any_event(m:events(), "field multiplier doubles to 2"), "reshuffle: event")
  check(m:view(1):find("Field multiplier 2", 1, true) ~= nil, "reshuffle: the view shows the multiplier")
  apply(m, 3, "play 10s", "reshuffle")
  eq(m:claim(), "zun", "reshuffle: seat 4 (A,2,3,4 = 10) may zun")
  window(m, { [4] = "zun" }, "reshuffle")
  while m:claim() do window(m, {}, "reshuffle") end
  local sc = 0
  for _, c in ipairs(m:pile("hand", 3)) do sc = sc + math.min(fuda.rank(c), 10) end
  eq(m:total(4), sc * 2 * 8, "reshuffle: SC x 2 (field) x 8 (chiihou)")
  check(m:scoresheet():find(sc .. " x 2 (field) x 8 (chiihou)", 1, true) ~= nil, "reshuffle: the note shows the field")
end
do
  local m = big_game("draw")
  apply(m, 1, "play 7s", "reshuffle on draw")
  window(m, {}, "reshuffle on draw")
  apply(m, 2, "draw", "reshuffle on draw")
  window(m, {}, "reshuffle on draw")
  eq(m:var("reshuffles"), 0, "reshuffle = draw: not yet")
  eq(#m:pile("stock"), 0, "reshuffle = draw: the stock is empty")
  apply(m, 3, "draw", "reshuffle on draw")
  eq(m:var("reshuffles"), 1, "reshuffle = draw: when a card is needed")
  eq(#m:pile("hand", 3), 11, "reshuffle = draw: seat 3 got the 7h")
end

-- A match: the number of games, the loser starts the next game, totals are zero-sum.
do
  local m = fuda.match{ variant = "zun", seats = 4, seed = 3, options = { games = 3 } }
  local games = 0
  while true do
    m:play_bots("basic")
    games = games + 1
    local sum = 0
    for s = 1, 4 do sum = sum + m:total(s) end
    eq(sum, 0, "match: zero-sum after game " .. games)
    if m:phase() == "match_over" then break end
    eq(m:phase(), "hand_over", "match: between games")
    local losers, dealer = {}, m:var("dealer")
    for n in m:var("last_losers"):gmatch("%d+") do losers[tonumber(n)] = true end
    local want
    for i = 1, 4 do
      local s = (dealer - 1 + i) % 4 + 1
      if losers[s] then want = s break end
    end
    m:next_hand()
    if want then eq(m:var("first"), want, "match: the loser of game " .. games .. " starts") end
  end
  eq(games, 3, "match: three games")
end

-- Tenhou makes everyone else a loser; the next game starts with the first of them clockwise from
-- the dealer.
do
  local found = false
  for seed = 1, 3000 do
    local m = fuda.match{ variant = "zun", seats = 4, seed = seed }
    if m:claim() == "zun" and #m:actors() == 1 then
      local w = m:actors()[1]
      local dealer = m:var("dealer")
      apply(m, w, "zun", "tenhou next")
      while m:claim() do window(m, {}, "tenhou next") end
      eq(m:phase(), "hand_over", "tenhou next: game over")
      local want = dealer % 4 + 1
      if want == w then want = want % 4 + 1 end
      m:next_hand()
      eq(m:var("first"), want, "tenhou next: the first loser clockwise from the dealer starts")
      found = true
      break
    end
    m:free()
  end
  check(found, "tenhou next: a seed")
end

-- The view: hand and total, field and effects, multiplier, stock, the others' card counts, scores.
do
  local m = game(3, 1, { field = "7h", hands = { { "2h", "Kc", "Qc", "Jc" }, { "3s", "3d", "Kd", "Qd" },
                                                 { "Ks", "Qs", "Js", "10s" } } })
  apply(m, 1, "play 2h", "view")
  local v = m:view(2)
  check(v:find("Your hand: {3d} {3s} {Kd} {Qd} (total 28)", 1, true) or v:find("(total 28)", 1, true), "view: hand total")
  check(v:find("{2h}", 1, true) and v:find("draw 2 pending", 1, true), "view: top card and pending draw")
  check(v:find("Field multiplier 1", 1, true) and v:find("stock 41 cards", 1, true), "view: multiplier and stock")
  check(v:find("Seat 1: 3 cards, score 0", 1, true) and v:find("Seat 3: 4 cards", 1, true), "view: the others' card counts and scores")
  check(not v:find("{Ks}", 1, true), "view: no other hand shown")
end

T.summary("zun_flow")
