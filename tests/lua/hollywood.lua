-- Hollywood Gin: which games a win is entered in (1st, 2nd, 3rd and later wins; wins that belong
-- only in closed games), each game closing with its own game, box and shutout bonuses, the end of
-- the match and its winner, and the options hollywood_entry and hollywood_winner.
-- Run: ./fuda run tests/lua/hollywood.lua

local T = dofile("tests/lua/lib/t.lua")
local check, eq, apply, contains, any_match = T.check, T.eq, T.apply, T.contains, T.any_match

-- Seat `w` wins a hand, whoever deals: w holds `mine`, the other seat `theirs`, w takes the upcard
-- `up` (the non-dealer passes first when w deals) and ends the hand with `last`.
local function win_hand(m, w, mine, theirs, up, last, what)
  local d = m:var("dealer")
  m:arrange("hand", w, mine)
  m:arrange("hand", 3 - w, theirs)
  m:arrange("discard", nil, { up })
  if w == d then apply(m, 3 - w, "pass", what) end
  apply(m, w, "take", what)
  apply(m, w, last, what)
end

-- A knock worth 33 (deadwood 2 against 35).
local function knock33(m, w, what)
  win_hand(m, w, { "4h", "5h", "6h", "9s", "9d", "9c", "Jc", "Qc", "2d", "8s" },
           { "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8c", "7d" }, "Kc", "knock 8s", what)
end

-- A gin worth 60 (35 + 25).
local function gin60(m, w, what)
  win_hand(m, w, { "4h", "5h", "6h", "9s", "9d", "9c", "Jc", "Qc", "Kc", "2d" },
           { "7h", "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8c" }, "10c", "gin 2d", what)
end

-- A gin worth 100 (75 + 25): the loser holds nothing that melds.
local function gin100(m, w, what)
  win_hand(m, w, { "4h", "5h", "6h", "9s", "9d", "9c", "Jc", "Qc", "Kc", "2d" },
           { "Kd", "Qs", "Jh", "10s", "9h", "8c", "7d", "6s", "3c", "2h" }, "10c", "gin 2d", what)
end

local function totals(m, s) return m:total(s, 1) .. "/" .. m:total(s, 2) .. "/" .. m:total(s, 3) end

-- The whole match with the default options (target 100, hollywood_entry = "by_wins").
do
  local what = "match"
  local m = fuda.match{ variant = "hollywood", seats = 2, seed = 1 }
  knock33(m, 1, what .. " hand 1")
  eq(totals(m, 1), "33/0/0", what .. ": 1st win in game 1 only")
  check(contains(m:scoresheet(), "seat 1 +33: game 1: knock 33"), what .. ": game 1 line")
  m:next_hand()
  knock33(m, 1, what .. " hand 2")
  eq(totals(m, 1), "66/33/0", what .. ": 2nd win in games 1 and 2")
  check(contains(m:scoresheet(), "seat 1 +33: game 2: knock 33"), what .. ": game 2 line")
  m:next_hand()
  m:events()
  -- The 3rd win: in all three games; game 1 reaches 126 and closes: game bonus 100, 3 boxes x 25,
  -- and seat 2 has nothing there: a shutout doubles (126 + 100 + 75 = 301) to 602.
  gin60(m, 1, what .. " hand 3")
  eq(m:phase(), "hand_over", what .. ": the match goes on")
  eq(totals(m, 1), "602/93/60", what .. ": game 1 closed, games 2 and 3 go on")
  eq(totals(m, 2), "0/0/0", what .. ": seat 2")
  local sheet = m:scoresheet()
  check(contains(sheet, "seat 1 +100: game 1: game bonus"), what .. ": game 1 game bonus")
  check(contains(sheet, "seat 1 +75: game 1: box 3 x 25"), what .. ": game 1 boxes")
  check(contains(sheet, "seat 1 +301: game 1: shutout: total doubled"), what .. ": game 1 shutout")
  check(any_match(m:events(), "Seat 1 wins game 1, 602 to 0."), what .. ": game 1 won")
  local view = m:view(1)
  check(contains(view, "3 games to 100 at once."), what .. ": the view's goal")
  check(contains(view, "\nGames: game 1 won by you, game 2 open, game 3 open\n"), what .. ": the view's Games line")
  check(contains(view, "\nSeat 1 (you): 10 cards, game 1 602, game 2 93, game 3 60, 3 hands won"), what .. ": seat 1's line")
  check(contains(view, "\nSeat 2: 10 cards, game 1 0, game 2 0, game 3 0, 0 hands won"), what .. ": seat 2's line")
  check(contains(m:view(2), "\nGames: game 1 won by seat 1, game 2 open, game 3 open\n"), what .. ": seat 2's Games line")
  m:next_hand()
  -- Seat 2's 1st win belongs in game 1 only, which is closed: it scores nothing.
  m:events()
  knock33(m, 2, what .. " hand 4")
  eq(totals(m, 2), "0/0/0", what .. ": a 1st win in a closed game scores nothing")
  check(any_match(m:events(), "Seat 2's first win belongs in closed games only: it scores nothing."), what .. ": event")
  eq(m:tallies()["hollywood:win in closed games only"], 1, what .. ": tally")
  check(contains(m:view(2), "Hand over: you won 33 points by knock."), what .. ": the view")
  m:next_hand()
  knock33(m, 2, what .. " hand 5")
  eq(totals(m, 2), "0/33/0", what .. ": seat 2's 2nd win: game 2 only (game 1 closed)")
  m:next_hand()
  -- Seat 1's 4th win: games 2 and 3; game 2 reaches 126 and closes, boxes 3 to seat 1 and 1 to
  -- seat 2, no shutout: 126 + 100 + 75 = 301, 33 + 25 = 58.
  knock33(m, 1, what .. " hand 6")
  eq(totals(m, 1), "602/301/93", what .. ": game 2 closed")
  eq(totals(m, 2), "0/58/0", what .. ": seat 2's box in game 2")
  check(contains(m:scoresheet(), "seat 2 +25: game 2: box 1 x 25"), what .. ": the loser's box line")
  check(not contains(m:scoresheet(), "game 2: shutout"), what .. ": no shutout in game 2")
  m:next_hand()
  gin60(m, 2, what .. " hand 7")
  eq(totals(m, 2), "0/58/60", what .. ": seat 2's 3rd win: game 3 only")
  m:next_hand()
  m:events()
  knock33(m, 1, what .. " hand 8")
  eq(m:phase(), "match_over", what .. ": all three games closed")
  eq(totals(m, 1), "602/301/301", what .. ": game 3: 126 + 100 + 75")
  eq(totals(m, 2), "0/58/85", what .. ": game 3: 60 + 25")
  check(any_match(m:events(), "All three games are over: 3-0 in games won, 1204-143 in points in all."),
        what .. ": the games and points")
  eq(table.concat(m:winners(), ","), "1", what .. ": the winner")
  local t = m:tallies()
  eq(t["hollywood:game 1 closed"], 1, what .. ": game 1 tally")
  eq(t["hollywood:game 3 closed"], 1, what .. ": game 3 tally")
  eq(t["match:shutout"], 1, what .. ": one shutout")
  check(contains(m:view(1), "Match over: you won 33 points by knock."), what .. ": the view at the end")
  check(contains(m:view(1), "Games: game 1 won by you, game 2 won by you, game 3 won by you\n"), what .. ": the final Games line")
  check(contains(m:view(1), "game 1 602, game 2 301, game 3 301, 5 hands won"), what .. ": seat 1's final totals")
  check(contains(m:view(1), "game 1 0, game 2 58, game 3 85, 3 hands won"), what .. ": seat 2's final totals")
  check(not m:apply(1, "draw"), what .. ": no moves after the match")
end

-- hollywood_entry = "open_games": seat 2's 1st win after game 1 closed goes in game 2.
do
  local what = "open_games"
  local m = fuda.match{ variant = "hollywood", seats = 2, seed = 2,
                        options = { target = 30, hollywood_entry = "open_games" } }
  knock33(m, 1, what)
  -- Game 1 closes at once: (33 + 100 + 25) x 2 = 316.
  eq(totals(m, 1), "316/0/0", what .. ": game 1 closed by the 1st hand")
  m:next_hand()
  knock33(m, 2, what)
  eq(totals(m, 2), "0/316/0", what .. ": seat 2's 1st win goes in game 2, the first open one")
  m:next_hand()
  knock33(m, 1, what)
  eq(m:phase(), "match_over", what .. ": all closed")
  eq(totals(m, 1), "316/0/316", what .. ": seat 1's 2nd win goes in game 3, the only open one")
  eq(m:tallies()["hollywood:win in closed games only"], nil, what .. ": never in closed games only")
end

-- hollywood_winner: games won against points. Seat 1 wins games 1 and 3 with 33 each, seat 2
-- game 2 with a gin of 100 (no bonuses, to keep the sums plain).
for _, p in ipairs{ { "games", 1, "2-1 in games won, 66-100 in points in all." },
                    { "points", 2, "2-1 in games won, 66-100 in points in all." } } do
  local what = "hollywood_winner = " .. p[1]
  local m = fuda.match{ variant = "hollywood", seats = 2, seed = 3,
                        options = { target = 30, hollywood_entry = "open_games", hollywood_winner = p[1],
                                    game_bonus = 0, box_bonus = 0, shutout = "none" } }
  knock33(m, 1, what)
  m:next_hand()
  gin100(m, 2, what)
  m:next_hand()
  m:events()
  knock33(m, 1, what)
  eq(m:phase(), "match_over", what .. ": over")
  eq(totals(m, 1) .. " " .. totals(m, 2), "33/0/33 0/100/0", what .. ": totals")
  check(any_match(m:events(), "All three games are over: " .. p[3]), what .. ": the games and points")
  eq(table.concat(m:winners(), ","), tostring(p[2]), what .. ": seat " .. p[2] .. " wins")
end

-- The basic bots play a whole match to its end: every game closed, the match won.
do
  local what = "bots"
  local m = fuda.match{ variant = "hollywood", seats = 2, seed = 4 }
  local hands = 0
  while m:phase() ~= "match_over" and hands < 200 do
    m:play_bots({ "basic", "basic" })
    hands = hands + 1
    if m:phase() == "hand_over" then m:next_hand() end
  end
  eq(m:phase(), "match_over", what .. ": the match ends")
  eq(m:var("closed"), 7, what .. ": all three games closed")
  local w = m:seat_var(1, "games_won") > m:seat_var(2, "games_won") and 1 or 2
  eq(m:seat_var(1, "games_won") + m:seat_var(2, "games_won"), 3, what .. ": three games won")
  for col = 1, 3 do
    check(m:total(1, col) >= 100 or m:total(2, col) >= 100, what .. ": game " .. col .. " reached 100")
  end
  check(w == 1 or w == 2, what)
end

T.summary("hollywood")
