-- engine_tables.lua -- a match of several tables (tests/variants/tables.lua): each table plays
-- its own hand at once, a table that has ended waits for the others, the match's hand_over
-- scores the tables' results for the teams, seating changes between hands, a seat may sit out;
-- one log, hash, replay and mark/undo for the whole match; hostile seating functions are refused
-- with their file:line and the match left as it was.
local T = dofile("tests/lua/lib/t.lua")
local check, eq, contains, any_match = T.check, T.eq, T.contains, T.any_match
local V = "tests/variants/tables.lua"

local function match(opts, seats, limits)
  return fuda.match{ variant = V, seats = seats or 4, seed = 3, options = opts, limits = limits }
end

local function set(list)
  table.sort(list)
  return table.concat(list, ",")
end

-- Two tables at once, the first to end waits.
do
  local m = match()
  eq(set(m:actors()), "1,3", "both tables' first places act at once")
  local v0 = m:view(0)
  check(contains(v0, "Table 1 (seat 1, seat 2): seat 1 to act"), "spectator: table 1's line")
  check(contains(v0, "Table 2 (seat 3, seat 4): seat 3 to act"), "spectator: table 2's line")
  check(contains(v0, "Teams: team 1 (1, 3) 0; team 2 (2, 4) 0"), "spectator: team totals")
  check(contains(m:view(3), "-- table 2, your table --"), "seat 3 sees its own table")
  check(not contains(m:view(3), "-- table 1"), "... and not the other")
  local ev = m:events()
  check(any_match(ev, "Hand 1 at table 1: Seat 1 starts."), "a table's g:name gives the seat's name")
  check(any_match(ev, "Hand 1 at table 2: Seat 3 starts."), "g.table and places 1..n at table 2")
  check(m:apply(3, "fold"), "seat 3 folds: table 2's hand ends")
  eq(m:phase(), "playing", "the match's hand goes on at table 1")
  eq(set(m:actors()), "1", "only table 1 acts")
  local ok, err = m:apply(4, "draw")
  check(not ok and contains(err, "seat 4's table 2 has ended its hand: it waits for the other tables"), "a waiting table refuses moves: " .. tostring(err))
  check(contains(m:view(4), "Table 2 (seat 3, seat 4), yours: hand over, seat 4 won 1 (fold); waiting"), "the view says it waits")
  eq(#m:moves(4), 0, "a waiting seat has no moves")
  eq(m:total(4), 0, "nothing scored before every table has ended")
  check(m:apply(1, "draw") and m:apply(2, "draw"), "table 1 plays on")
  eq(m:phase(), "hand_over", "both tables ended: the match's hand is over")
  -- table 1: seat 1 against seat 2 by rank; table 2: seat 4 won 1 from seat 3
  local sheet = m:scoresheet()
  local t1, t2 = m:pile("hand", 1)[1], m:pile("hand", 2)[1]
  local d = fuda.rank(t1) - fuda.rank(t2)
  local team1 = d - 1
  if team1 > 0 then
    eq(m:total(1), team1, "team 1's sum: table 1's result less table 2's")
    check(contains(sheet, "seat 1 +" .. team1 .. ": team 1"), "the sheet names the team")
  elseif team1 < 0 then
    eq(m:total(2), -team1, "team 2's sum: table 2's result less table 1's")
  end
  check(m:next_hand(), "next hand")
  eq(set(m:actors()), "1,3", "hand 2: rotated, seats 3 and 1 start their tables")
  check(any_match(m:events(), "Hand 2 at table 1: Seat 3 starts."), "hand 2: seat 3 at table 1's first place")
end

-- Pile per table: each table has its own 52 cards.
do
  local m = match(nil, 12)
  eq(#m:actors(), 2, "12 seats, two tables of six")
  eq(#m:pile("stock@1"), 52, "table 1's stock")
  eq(#m:pile("stock@2"), 52, "table 2's stock: a deck of its own")
  m:arrange("stock@2", nil, { "Kh" }, true) -- a shared pile of table 2
  eq(m:pile("stock@2")[52], "Kh", "on top of table 2's stock")
  check(m:apply(7, "draw"), "seat 7 draws at table 2")
  eq(m:pile("hand", 7)[1], "Kh", "the arranged card")
  local r = fuda.replay(m:log(), nil, V)
  eq(r:hash(), m:hash(), "the log (with its arrange line) replays to the same match")
end

-- Hash, replay to move N, mark and undo over tables.
do
  local m = match()
  local h0, k0 = m:hash(), m:mark()
  m:apply(1, "draw")
  local h1, k1 = m:hash(), m:mark()
  check(h1 ~= h0, "a move at table 1 changes the match's hash")
  m:apply(3, "draw")
  check(m:hash() ~= h1, "a move at table 2 changes it too")
  m:apply(2, "draw")
  m:apply(4, "draw")
  eq(m:phase(), "hand_over", "both tables done")
  local hend = m:hash()
  eq(fuda.replay(m:log(), 1, V):hash(), h1, "replay to move 1")
  eq(fuda.replay(m:log(), nil, V):hash(), hend, "replay of the whole log")
  check(m:undo_to(k1), "undo to after move 1")
  eq(m:hash(), h1, "the hash is back")
  eq(m:phase(), "playing", "the hand is on again")
  eq(set(m:actors()), "2,3", "and the same seats act")
  m:apply(3, "draw") m:apply(2, "draw") m:apply(4, "draw")
  eq(m:hash(), hend, "played again: the same end")
  check(m:undo_to(k0), "undo to the start")
  eq(m:hash(), h0, "the start's hash")
  local a, b = match(), match()
  eq(a:hash(), b:hash(), "same seed, same match")
  eq(match():hash(), fuda.match{ variant = V, seats = 4, seed = 3 }:hash(), "and with default options")
  check(match():hash() ~= fuda.match{ variant = V, seats = 4, seed = 4 }:hash(), "another seed, another match")
end

-- A seat that sits out, and a whole match to its end.
do
  local m = match({ seating = "sitout" }, 5)
  eq(set(m:actors()), "2,4", "seat 1 sits out: tables of 2-3 and 4-5")
  check(contains(m:view(1), "Seat 1 sits out this hand."), "its view says so")
  local ok, err = m:apply(1, "draw")
  check(not ok and contains(err, "seat 1 sits out this hand"), "it cannot move: " .. tostring(err))
  local n = 0
  while m:phase() ~= "match_over" and n < 2000 do
    if m:phase() == "hand_over" then m:next_hand() else m:play_bots() end
    n = n + 1
  end
  eq(m:phase(), "match_over", "the match ends")
  local w = m:winners()
  check(#w >= 2, "a team wins: its members are the winners")
  eq(fuda.replay(m:log(), nil, V):hash(), m:hash(), "and replays")
end

-- Hostile seating: refused with file:line, the match as it was.
local function hostile(how, want, limits)
  local m = match({ seating = how }, 4, limits)
  m:apply(1, "fold")
  m:apply(3, "fold")
  eq(m:phase(), "hand_over", how .. ": hand 1 over")
  local h, n, log = m:hash(), m:move_count(), m:log()
  local ok, err = m:next_hand()
  check(not ok and err and err:find(want), how .. ": " .. tostring(err))
  eq(m:hash(), h, how .. ": the match is as it was")
  eq(m:move_count(), n, how .. ": no move")
  eq(m:log(), log, how .. ": the log too")
  eq(m:phase(), "hand_over", how .. ": still between hands")
end
hostile("raise", "tables%.lua:%d+: no seating today")
hostile("twice", "tables%.lua:%d+: seating: seat 2 is listed twice")
hostile("range", "tables%.lua:%d+: seating: table 2 place 2 is 9, not a seat %(1..4%)")
hostile("short", "tables%.lua:%d+: seating returned 1 tables, the match has 2")
hostile("loop", "tables%.lua:%d+: instruction limit exceeded", { memory = 32, instructions = 2000000 })

-- At a table, a hook that may only look (moves, a bot) and scores is refused: the match's totals
-- are part of the game it may not change, as a table's own state is.
for _, how in ipairs{ "moves", "bot" } do
  local m = fuda.match{ variant = "tests/variants/tables_cheat.lua", seats = 4, seed = 3, options = { cheat = how } }
  local h = m:hash()
  local ok, err
  if how == "moves" then ok, err = pcall(m.moves, m, 1) else ok, err = m:bot(1, "scorer") end
  check(not ok and contains(err, how == "moves" and "the moves hook changed the game state"
    or "bot 'scorer' changed the game state"), how .. ": refused: " .. tostring(err))
  eq(m:total(1), 0, how .. ": no points scored")
  eq(m:hash(), h, how .. ": the match is as it was")
end

-- A team's total beyond 32 bits is shown saturated, not wrapped.
do
  local m = fuda.match{ variant = "tests/variants/tables_cheat.lua", seats = 4, seed = 3, options = { cheat = "huge" } }
  check(m:apply(1, "fold") and m:apply(3, "fold"), "both tables end their hands")
  eq(m:total(1), 2147483647, "seat 1 at the top of 32 bits")
  check(contains(m:view(0), "Teams: team 1 (1, 3) 2147483647;"), "the team's sum saturates: " .. m:view(0))
end

-- A table's result in hand_over has fixed fields: a typo raises with the closest name, and the
-- hand is not over.
do
  local m = fuda.match{ variant = "tests/variants/tables_cheat.lua", seats = 4, seed = 3, options = { cheat = "typo" } }
  check(m:apply(1, "fold"), "table 1 ends its hand")
  local ok, err = m:apply(3, "fold")
  check(not ok and contains(err, "tables_cheat.lua:10: result has no field 'pionts' (did you mean 'points'?) (in hand_over)"),
        "typo in hand_over: refused: " .. tostring(err))
  eq(m:total(1), 0, "typo in hand_over: nothing scored")
  eq(m:phase(), "playing", "typo in hand_over: the hand goes on")
end

-- Bad declarations: tables that do not fit the seats.
do
  local ok, err = pcall(fuda.match, { variant = V, seats = 4, options = { seating = "fixed" }, seed = 1 })
  check(ok, "a good match starts: " .. tostring(err))
  ok, err = pcall(fuda.match, { variant = "teams", seats = 7, seed = 1 })
  check(not ok and contains(err, "teams is for 6 to 12 players, every 2 (6, 8, ...), not 7"), "teams refuses 7: " .. tostring(err))
end

T.summary("engine_tables")
