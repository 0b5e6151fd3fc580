-- Partnership Gin: two tables each hand, partners opposite (1 and 3 against 2 and 4), opponents
-- alternating hand by hand; the team's result is the sum of its two games (a win +, a loss -), the
-- team ahead scores the difference, counts a box and deals next; even sums score nothing; a
-- finished table waits for the other; game 125 with gin's bonuses to the team.
-- Run: ./fuda run tests/lua/partnership.lua
local T = dofile("tests/lua/lib/t.lua")
local check, eq, contains, any_match = T.check, T.eq, T.contains, T.any_match

local KNOCK = { -- a knock worth 33: deadwood 2 against 35 (upcard Kc, discard 8s)
  mine = { "4h", "5h", "6h", "9s", "9d", "9c", "Jc", "Qc", "2d", "8s" },
  theirs = { "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8c", "7d" }, up = "Kc", last = "knock 8s" }
local GIN = { -- a gin worth 60: 35 + 25 (upcard 10c, discard 2d)
  mine = { "4h", "5h", "6h", "9s", "9d", "9c", "Jc", "Qc", "Kc", "2d" },
  theirs = { "7h", "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8c" }, up = "10c", last = "gin 2d" }

local function table_of(m, seat) return tonumber(m:view(seat):match("%-%- table (%d), your table %-%-")) end

-- The opponent of seat at its table (from the view's line "Table T (seat a, seat b), yours").
local function opponent(m, seat)
  local a, b = m:view(seat):match("Table %d %(seat (%d+), seat (%d+)%), yours")
  a, b = tonumber(a), tonumber(b)
  return a == seat and b or a, a -- the opponent, and the dealer (listed first)
end

-- Seat w wins its table's hand with `h` (KNOCK or GIN).
local function win(m, w, h, what)
  local o, dealer = opponent(m, w)
  m:arrange("hand", w, h.mine)
  m:arrange("hand", o, h.theirs)
  m:arrange("discard@" .. table_of(m, w), nil, { h.up })
  if w == dealer then T.apply(m, o, "pass", what) end
  T.apply(m, w, "take", what)
  T.apply(m, w, h.last, what)
end

-- Seat 1's team deals first at seed 2 (checked below); at seed 1 team 2 does.
local function match(seed, opts)
  return fuda.match{ variant = "partnership", seats = 4, seed = seed, options = opts }
end

-- The pairs: the dealing team first, against the right-hand opponent, then the left, alternating.
do
  local m = match(1)
  local dt = m:var("deal_team")
  check(dt == 1 or dt == 2, "a team is drawn to deal")
  local a = dt
  local right = (a + 2) % 4 + 1
  local o = opponent(m, a)
  eq(o, right, "hand 1: the dealer plays the opponent on the right")
  local _, dealer = opponent(m, a)
  eq(dealer, a, "the dealing team's member deals at its table")
  local _, dealer2 = opponent(m, a + 2)
  eq(dealer2, a + 2, "... at both tables")
  check(any_match(m:events(), "draws the low cards and deals first"), "the draw is told")
end

-- Team arithmetic: +33 and -60 make -27, so the other team scores 27.
do
  local m = match(2)
  local what = "arithmetic"
  local x, y = 1, opponent(m, 3) -- seat 1 wins a knock; seat 3's opponent wins a gin
  win(m, x, KNOCK, what .. " table of seat 1")
  eq(m:phase(), "playing", what .. ": the other table plays on")
  eq(#m:moves(1), 0, what .. ": seat 1 waits")
  check(contains(m:view(1), "hand over, seat 1 won 33 (knock 33); waiting"), what .. ": the view says the table waits")
  eq(m:total(1) + m:total(2), 0, what .. ": nothing scored yet")
  win(m, y, GIN, what .. " table of seat 3")
  eq(m:phase(), "hand_over", what .. ": both tables over")
  eq(m:total(2), 27, what .. ": team 2 scores 60 - 33 = 27 in its first seat")
  eq(m:total(1) + m:total(3) + m:total(4), 0, what .. ": the other seats keep nothing")
  check(contains(m:scoresheet(), "seat 2 +27: team 2 +27 (seat 1 knock 33, seat " .. y .. " gin 35 + 25)"), what .. ": the sheet line")
  eq(m:var("deal_team"), 2, what .. ": the team ahead deals next")
  eq(m:seat_var(2, "boxes"), 1, what .. ": a box for team 2")
  eq(m:tallies()["team:won, both teams won hands"], 1, what .. ": tally")
  check(contains(m:view(0), "Teams: team 1 (1, 3) 0; team 2 (2, 4) 27"), what .. ": the team totals in the view")
  m:next_hand()
  -- hand 2: everybody meets the other opponent (seat 2 met seat 3 in hand 1), team 2 deals
  local o, dealer = opponent(m, 2)
  eq(o, 3, what .. ": hand 2, seat 2 plays seat 3 (on its left)")
  eq(dealer, 2, what .. ": and deals")
end

-- 「ディーラーは自分と右側の相手に対してカードを配る、以降は左の相手、右の相手、と交互に対戦する」
-- (4人ルール): the opponents alternate by hand number, whichever team deals. Seed 2: team 2
-- deals hand 1, so the odd hands pair 2-1 and 4-3 (each first dealer against the right-hand
-- opponent), the even hands 2-3 and 4-1. The winners below move the deal 2, 1, 2, 2, 1: with the
-- deal passing to team 1 in hand 2, seat 1 meets seat 4 (a rule that followed the dealer met 2 again).
do
  local m = match(2, { target = 1000 })
  local want = { [1] = { 2, 2 }, [2] = { 4, 1 }, [3] = { 2, 2 }, [4] = { 4, 2 }, [5] = { 2, 1 } }
  local winners = { 1, 2, 2, 1 } -- the team that wins both tables of hands 1..4
  for hand = 1, 5 do
    local what = "alternating, hand " .. hand
    check(contains(m:view(0), "hand " .. hand .. ","), what .. ": " .. m:view(0):sub(1, 80))
    local o1 = opponent(m, 1)
    local _, dealer = opponent(m, m:var("deal_team"))
    eq(o1, want[hand][1], what .. ": seat 1's opponent")
    eq(opponent(m, 3), want[hand][1] == 2 and 4 or 2, what .. ": seat 3's opponent")
    eq(m:var("deal_team"), want[hand][2], what .. ": the dealing team")
    eq(dealer, want[hand][2], what .. ": its member deals")
    if hand < 5 then
      local w = winners[hand]
      win(m, w, KNOCK, what)
      win(m, w + 2, KNOCK, what)
      m:next_hand()
    end
  end
end

-- Even sums score nothing; the deal stays.
do
  local m = match(2)
  local dt = m:var("deal_team")
  win(m, 1, KNOCK, "even")
  win(m, opponent(m, 3), KNOCK, "even")
  eq(m:total(1) + m:total(2), 0, "even: +33 and -33, nobody scores")
  eq(m:var("deal_team"), dt, "even: the same team deals again")
  eq(m:tallies()["team:deal even"], 1, "even: tally")
end

-- Both tables won by one team: gin 60 + knock 33 = +93; at target 60 the game ends with the
-- bonuses to the team: 93 + game 100 + one box 25 = 218, and team 2 has nothing: a shutout
-- doubles it to 436.
do
  local m = match(2, { target = 60 })
  win(m, 1, GIN, "game")
  eq(m:phase(), "playing", "game: one table over")
  win(m, 3, KNOCK, "game")
  eq(m:phase(), "match_over", "game: team 1 reached the target")
  eq(m:total(1), 436, "game: (93 + 100 + 25) x 2")
  local sheet = m:scoresheet()
  check(contains(sheet, "seat 1 +93: team 1 +93"), "game: the hand's line")
  check(contains(sheet, "seat 1 +100: game bonus"), "game: game bonus to the team")
  check(contains(sheet, "seat 1 +25: team 1: box 1 x 25"), "game: the team's box")
  check(contains(sheet, "shutout: total doubled"), "game: shutout")
  eq(table.concat(m:winners(), ","), "1,3", "game: both partners win")
  check(any_match(m:events(), "The match is over: team 1 "), "game: announced")
  eq(fuda.replay(m:log()):hash(), m:hash(), "game: the log replays")
end

-- 「他のパートナーシップジンラミーでこのラウンドザコーナールールを採用する場合は、ゲームの終了条件を
-- 25点増やす」: round_the_corner plays the tables with Round-the-Corner's rules, game 125 + 25. Seat 1
-- knocks with Kh-Ah-2h (a run round the corner), 9s 9d 9c, Jc-Qc-Kc and 3d loose: 3; its
-- opponent holds 5c 5d 5s and As Kd Qd 8c 7d 4s 6h: 15 (an ace at 15) + 45 = 60: 57 to seat 1.
-- Seat 3's opponent wins the other table's knock, 33: team 1 scores 57 - 33 = 24.
do
  local RTC = { mine = { "Kh", "Ah", "2h", "9s", "9d", "9c", "Jc", "Qc", "3d", "8s" },
                theirs = { "As", "5c", "5d", "5s", "Kd", "Qd", "8c", "7d", "4s", "6h" }, up = "Kc", last = "knock 8s" }
  local what = "round the corner"
  local m = match(2, { round_the_corner = true })
  check(contains(m:view(1), "Game to 150."), what .. ": game 125 + 25")
  win(m, 1, RTC, what)
  win(m, opponent(m, 3), KNOCK, what)
  eq(m:total(1), 24, what .. ": 57 - 33 to team 1")
  check(any_match(m:events(), "{Kh} {Ah} {2h}"), what .. ": Kh-Ah-2h melded")
  check(contains(m:scoresheet(), "seat 1 knock 57"), what .. ": the knock, the ace at 15")
  local t = fuda.match{ variant = "teams", seats = 6, seed = 1, options = { round_the_corner = true } }
  check(contains(t:view(1), "a team total of 175 (3 or 4 a side), 200 (5) or 225 (6)"), what .. ": teams' targets + 25")
  -- without it, Kh Ah 2h is no run: 16 is over the knock limit
  m = match(2)
  local o = opponent(m, 1)
  m:arrange("hand", 1, RTC.mine)
  m:arrange("hand", o, RTC.theirs)
  m:arrange("discard@" .. table_of(m, 1), nil, { RTC.up })
  local _, dealer = opponent(m, 1)
  if dealer == 1 then T.apply(m, o, "pass", what) end
  T.apply(m, 1, "take", what)
  local knocks = false
  for _, mv in ipairs(m:moves(1)) do knocks = knocks or mv:find("^knock") ~= nil end
  check(not knocks, what .. ": off, no knock")
end

-- Every event names the seat of the match that moved, not its place at its table: whole matches
-- of Partnership and Teams played by the basic bot, each event "Seat N draws/takes/discards/
-- passes/knocks/goes gin" checked against the seat that made the move; the spectator's view says
-- whose turn it is by seat.
for _, c in ipairs{ { "partnership", 4 }, { "teams", 6 }, { "teams", 8 } } do
  local what = "seats named: " .. c[1] .. " " .. c[2]
  local m = fuda.match{ variant = c[1], seats = c[2], seed = 7, options = { target = 60, target_by_size = false } }
  m:events()
  local moves, named, wrong = 0, 0, 0
  while m:phase() ~= "match_over" and moves < 4000 do
    if m:phase() == "hand_over" then m:next_hand() m:events() end
    for s = 1, c[2] do
      if #m:moves(s) > 0 then
        local view = m:view(0)
        for line in view:gmatch("[^\n]+") do
          local t, who = line:match("^Table (%d+) .*: seat (%d+) to act")
          if t and tonumber(who) == s then
            local tv = view:match("%-%- table " .. t .. " %-%-\n(.-)\n%-%-") or view:match("%-%- table " .. t .. " %-%-\n(.*)$")
            local turn = tv and tv:match("\n(seat %d+)'s turn")
            if turn and turn ~= "seat " .. s then wrong = wrong + 1 end
          end
        end
        T.apply(m, s, m:bot(s, "basic"), what)
        moves = moves + 1
        for _, e in ipairs(m:events()) do
          local who, verb = e:match("^Seat (%d+) (%a+)")
          if who and (verb == "draws" or verb == "takes" or verb == "discards" or verb == "passes"
                      or verb == "knocks" or verb == "goes") then
            named = named + 1
            if tonumber(who) ~= s then
              wrong = wrong + 1
              if wrong <= 3 then check(false, what .. ": seat " .. s .. " moved, the event says: " .. e) end
            end
          end
        end
        break
      end
    end
  end
  eq(m:phase(), "match_over", what .. ": played to the end")
  check(named > moves // 2, what .. ": " .. named .. " events named the seat that moved")
  eq(wrong, 0, what .. ": events or views naming another seat")
end

T.summary("partnership")
