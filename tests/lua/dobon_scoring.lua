-- Dobon: declaring dobon (two aces on a 2, several claimants, not on one's own card), bakuhatsu
-- by drawing, the points and their options, the match of several games and the next flipper.
-- Run: ./fuda run tests/lua/dobon_scoring.lua

local T = dofile("tests/lua/lib/t.lua")
local B = dofile("tests/lua/lib/dobon.lua")
local check, eq, list_eq = T.check, T.eq, T.list_eq
local apply, any_event = T.apply, T.any_match
local game, window, settle = B.game, B.window, B.settle

---------------------------------------------------------------------------------------------------
-- Two aces dobon a 2 (the document's own case); the loser's points are an option.
do
  local m = game(3, 3, { field = "Kh", options = { hand_size = 2, dobon_loser_points = -1 },
                         hands = { [1] = { "5h", "9c" }, [2] = { "2h", "Qc" }, [3] = { "As", "Ad" } } })
  window(m, { [1] = "play 5h" }, "opening")
  settle(m)
  window(m, { [2] = "play 2h" }, "neighbours")
  eq(m:claim(), "dobon", "two aces: a dobon window on the 2")
  check(list_eq(m:actors(), { 3 }), "two aces: only seat 3 (1 + 1 = 2)")
  apply(m, 3, "dobon", "two aces")
  eq(m:phase(), "hand_over", "two aces: the game ends")
  eq(m:total(3), 1, "two aces: the declarer +1")
  eq(m:total(2), -1, "two aces: the placer gets dobon_loser_points")
  eq(m:total(1), 0, "two aces: the others nothing")
  check(any_event(m:events(), "Dobon! Seat 3 holds {As} {Ad} = 2"), "two aces: event")
end

-- Passing the window: the game goes on, the 2 takes effect.
do
  local m = game(3, 3, { field = "Kh", options = { hand_size = 2 },
                         hands = { [1] = { "5h", "9c" }, [2] = { "2h", "Qc" }, [3] = { "As", "Ad" } } })
  window(m, { [1] = "play 5h" }, "opening")
  settle(m)
  window(m, { [2] = "play 2h" }, "neighbours")
  apply(m, 3, "pass", "no dobon")
  eq(m:phase(), "playing", "dobon passed: the game goes on")
  check(list_eq(m:actors(), { 3 }), "dobon passed: seat 3 faces the 2")
  check(list_eq(m:moves(3), { "draw" }), "dobon passed: seat 3 must draw")
end

-- Several claimants: a random one wins; the same seed gives the same winner.
do
  local seen, from = {}, 1
  for round = 1, 16 do
    local m, seed = game(4, 4, { field = "Kh", hands = { [1] = { "7h", "9c", "Kc" }, [2] = { "As", "2d", "4d" },
                                                          [3] = { "3s", "3c", "Ac" }, [4] = { "5d", "2c", "Qs" } } }, from)
    from = seed + 1
    window(m, { [1] = "play 7h" }, "several")
    eq(m:claim(), "dobon", "several: window")
    check(list_eq(m:actors(), { 2, 3 }), "several: seats 2 and 3 total 7; not 4 (19)")
    apply(m, 2, "dobon", "several")
    apply(m, 3, "dobon", "several")
    local w = m:total(2) == 1 and 2 or (m:total(3) == 1 and 3)
    check(w and m:total(2) + m:total(3) == 1, "several: exactly one winner")
    if w then seen[w] = true end
    check(any_event(m:events(), "declare dobon together"), "several: event")
  end
  check(seen[2] and seen[3], "several: each claimant won at least once")
  -- one declares, the other passes: the declarer wins
  local m = game(4, 4, { field = "Kh", hands = { [1] = { "7h", "9c", "Kc" }, [2] = { "As", "2d", "4d" },
                                                  [3] = { "3s", "3c", "Ac" }, [4] = { "5d", "2c", "Qs" } } })
  window(m, { [1] = "play 7h" }, "one of two")
  apply(m, 2, "pass", "one of two")
  apply(m, 3, "dobon", "one of two")
  eq(m:total(3), 1, "one of two: the declarer wins")
  eq(m:total(2), 0, "one of two: the one who passed gets nothing")
end

-- No dobon on one's own card: seat 1 plays 5h keeping 2 + 3 = 5.
do
  local m = game(3, 3, { field = "Kh", hands = { [1] = { "5h", "2s", "3c" }, [2] = { "Qs", "9d", "Qc" },
                                                  [3] = { "Ks", "Kd", "Kc" } } })
  window(m, { [1] = "play 5h" }, "own card")
  eq(m:claim(), "neighbours", "own card: no dobon window for the placer")
end

---------------------------------------------------------------------------------------------------
-- Bakuhatsu by an ordinary draw; its points are options.
do
  local m = game(3, 3, { field = "Kh", options = { hand_size = 6, bakuhatsu_points = 2, bakuhatsu_loser_points = -3 },
                         hands = { [1] = { "5h", "2s", "3c", "Ac", "6d", "8d" }, [2] = { "Qs", "9d", "Qc", "Jd", "10d", "9s" },
                                   [3] = { "Ks", "Kd", "Kc", "10s", "10c", "9c" } } })
  window(m, { [1] = "play 5h" }, "bakuhatsu")
  settle(m)
  window(m, {}, "neighbours pass")
  local t = m:actors()[1]
  eq(#m:pile("hand", t), 6, "bakuhatsu: six cards")
  m:events()
  apply(m, t, "draw", "the seventh card")
  eq(m:phase(), "hand_over", "bakuhatsu: the game ends at 7 cards")
  for s = 1, 3 do
    eq(m:total(s), s == t and -3 or 2, "bakuhatsu: points of seat " .. s)
  end
  check(any_event(m:events(), "Bakuhatsu! Seat " .. t .. " holds 7 cards"), "bakuhatsu: event")
end
do -- the limit is an option
  local m = game(3, 3, { field = "Kh", options = { bakuhatsu = 4 },
                         hands = { [1] = { "5h", "2s", "3c" }, [2] = { "Qs", "9d", "Qc" }, [3] = { "Ks", "Kd", "Kc" } } })
  window(m, { [1] = "play 5h" }, "bakuhatsu=4")
  settle(m)
  window(m, {}, "neighbours pass")
  local t = m:actors()[1]
  apply(m, t, "draw", "4th card")
  eq(m:phase(), "hand_over", "bakuhatsu=4: four cards explode")
end

---------------------------------------------------------------------------------------------------
-- A match: `games` games, points summed; the dobon winner flips next; then the match ends.
do
  local m = game(3, 3, { field = "Kh", options = { games = 2, hand_size = 2 },
                         hands = { [1] = { "5h", "9c" }, [2] = { "2h", "Qc" }, [3] = { "As", "Ad" } } })
  window(m, { [1] = "play 5h" }, "game 1")
  settle(m)
  window(m, { [2] = "play 2h" }, "game 1")
  apply(m, 3, "dobon", "game 1")
  eq(m:phase(), "hand_over", "match: game 1 over")
  m:next_hand()
  eq(m:var("flipper"), 3, "match: the dobon winner flips the next game")
  eq(m:claim(), "opening", "match: game 2 opens")
  for s = 1, 3 do eq(#m:pile("hand", s), 2, "match: fresh hands") end
  eq(#m:pile("field"), 1, "match: one card on the field")
  m:play_bots("basic")
  eq(m:phase(), "match_over", "match: over after 2 games")
  local sum = m:total(1) + m:total(2) + m:total(3)
  check(sum >= 2, "match: points summed over the games")
end
do -- first_flipper = random: the winner does not necessarily flip
  local seen = {}
  for seed = 1, 30 do
    local m = fuda.match{ variant = "dobon", seats = 4, seed = seed, options = { first_flipper = "random" } }
    m:play_bots("basic")
    m:next_hand()
    seen[m:var("flipper")] = true
  end
  local n = 0
  for _ in pairs(seen) do n = n + 1 end
  eq(n, 4, "first_flipper=random: every seat flips sometimes")
end

---------------------------------------------------------------------------------------------------
-- The view.
do
  local m = game(3, 3, { field = "Kh", hands = { [1] = { "5h", "2s", "3c" }, [2] = { "Qh", "9d", "Qc" },
                                                  [3] = { "Ks", "Kd", "Kc" } } })
  local v = m:view(1)
  check(v:find("Your hand: {5h} {2s} {3c} (total 10)", 1, true), "view: hand and total")
  check(v:find("Field: {Kh}", 1, true), "view: the field card")
  check(v:find("stock: 42 cards", 1, true), "view: stock count")
  check(v:find("Seat 2: 3 cards, score 0", 1, true), "view: others' counts and scores")
  check(not v:find("{Qh}", 1, true), "view: not the others' cards")
  window(m, { [1] = "play 5h" }, "view")
  settle(m)
  window(m, { [2] = "play Qh" }, "view")
  settle(m)
  check(m:view(3):find("Direction", 1, true), "view: the direction once set")
end

T.summary("dobon_scoring")
