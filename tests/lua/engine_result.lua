-- engine_result.lua -- hand results: g:result checks the result, runs the variant's result hook
-- (which may change it) and its match hook (which scores it and may end the match), then ends the
-- hand; a broken result or hook refuses the move with the script's file:line and changes nothing;
-- g:score after the hand ended is refused; g:end_match(winners) names the winners; named columns.
local T = dofile("tests/lua/lib/t.lua")
local check, eq = T.check, T.eq
local D = "tests/variants/"

-- A match of results.lua (or `variant`) where seat 1 is to play its only card, 7h, on 7s.
local function ready(opts, variant, limits)
  local m = fuda.match{ variant = D .. (variant or "results.lua"), seats = 2, seed = 1, options = opts,
                        limits = limits }
  m:arrange("hand", 1, { "7h" })
  m:arrange("hand", 2, { "2c" })
  m:arrange("field", nil, { "7s" }, true)
  return m
end

-- The move is refused with a message matching `want` (a plain text), and nothing changed.
local function refused(opts, want, what, limits)
  local m = ready(opts, nil, limits)
  local before = m:hash()
  local ok, err = m:apply(1, "play 7h")
  check(ok == nil and err and err:find(want, 1, true), what .. ": " .. tostring(err))
  eq(m:hash(), before, what .. ": the state is as before")
  eq(m:phase(), "playing", what .. ": the hand goes on")
  eq(m:move_count(), 0, what .. ": no move was logged")
  eq(m:scoresheet():find("seat 1 +", 1, true), nil, what .. ": no scoresheet line")
end

-- Without a match hook the winner scores the points; the hand ends.
do
  local m = ready({})
  check(m:apply(1, "play 7h"), "good: accepted")
  eq(m:phase(), "hand_over", "good: the hand is over")
  eq(m:total(1), 10, "good: the winner scores the points")
  eq(m:total(2), 0, "good: the loser nothing")
  check(m:scoresheet():find("seat 1 +10: out", 1, true), "good: the note defaults to the kind")
  eq(#m:winners(), 0, "good: no winner named")
end
do
  local m = ready({ how = "returned" })
  check(m:apply(1, "play 7h"), "g:result returns the table it was given")
end
do
  local m = ready({ how = "no_winner" })
  check(m:apply(1, "play 7h"), "no winner: accepted")
  eq(m:phase(), "hand_over", "no winner: the hand is over")
  eq(m:total(1) + m:total(2), 0, "no winner: nobody scores")
end

-- The result hook changes the result before it is scored.
for hook, want in pairs({ double = { 20, 0, "seat 1 +20: out x 2" }, swap = { 0, 10, "seat 2 +10: out" },
                          none_won = { 0, 0, nil } }) do
  local m = ready({ hook = hook })
  check(m:apply(1, "play 7h"), hook .. ": accepted")
  eq(m:total(1), want[1], hook .. ": seat 1's total")
  eq(m:total(2), want[2], hook .. ": seat 2's total")
  if want[3] then check(m:scoresheet():find(want[3], 1, true), hook .. ": the line " .. want[3]) end
  eq(m:phase(), "hand_over", hook .. ": the hand is over")
end
do -- the hook may score on its own (it runs while the hand is on) and end the match
  local m = ready({ hook = "score" })
  check(m:apply(1, "play 7h"), "hook scores: accepted")
  eq(m:total(1), 13, "hook scores: 3 from the hook + 10 from the result")
  m = ready({ hook = "end" })
  check(m:apply(1, "play 7h"), "hook ends the match: accepted")
  eq(m:phase(), "match_over", "hook ends the match: over")
  eq(m:winners()[1], 2, "hook ends the match: seat 2 named the winner")
end

do -- the rules' own field reaches the hooks; boxes, known and nil, reads nil and may be set
  local m = ready({ how = "own_field", hook = "own" })
  check(m:apply(1, "play 7h"), "own field: accepted")
  eq(m:total(1), 15, "own field: the hook added the rules' bonus field to the points")
  check(m:scoresheet():find("seat 1 +15: out + bonus", 1, true), "own field: the note")
end

-- Broken results and hooks: refused, with where and what.
refused({ how = "bad_winner" }, "results.lua:26: g:result: result.winner must be a seat (1..2) or nil, got 9", "winner 9")
refused({ how = "bad_kind" }, "g:result: result.kind must be a string (\"gin\", \"knock\", \"void\", ...), got nil", "no kind")
refused({ how = "bad_points" }, "g:result: result.points must be an integer from 0 to 999999999, got -1", "points -1")
refused({ how = "float_points" }, "g:result: result.points must be an integer from 0 to 999999999, got 1.5", "points 1.5")
refused({ how = "bad_note" }, "g:result: result.note must be a string, got table", "note a table")
refused({ how = "not_table" }, "results.lua:25: bad argument #1 to 'result' (table expected, got string)", "not a table")
refused({ how = "twice" }, "results.lua:27: g:result after the hand ended: its result is final", "g:result twice")
refused({ how = "score_after" }, "results.lua:28: g:score after the hand ended: its result is final (change a hand's points in a result hook, before the match format decides)", "g:score after g:result")
refused({ hook = "error" }, "results.lua:38: the result hook raised (in result)", "the hook raises")
refused({ hook = "nested" }, "results.lua:40: g:result inside a result or match hook", "g:result in the hook")
refused({ hook = "bad" }, "after the result hook: result.points must be an integer from 0 to 999999999, got many", "the hook breaks the result")
refused({ hook = "new_table" }, "results.lua:33: the result hook returned a table, which fuda ignores: change the result it is given in place (r.points = ...)", "the hook returns a new result")
-- A result's fields are fixed: winner, loser, kind, points, note, boxes and the rules' own (those
-- of the table given to g:result). A typo, read or written, raises with the closest name; the
-- result's metatable is locked; a result that has a metatable of the script's is refused.
refused({ hook = "typo_read" }, "results.lua:56: result has no field 'pionts' (did you mean 'points'?) (in result)", "a typo read")
refused({ hook = "typo_write" }, "results.lua:57: result has no field 'winer' (did you mean 'winner'?) (in result)", "a typo written")
refused({ hook = "unknown" }, "results.lua:58: result has no field 'zzzzzz' (fields: boxes, kind, loser, note, points, winner)",
        "a new field")
refused({ how = "own_field", hook = "unknown" }, "(fields: bonus, boxes, kind, loser, note, points, winner)",
        "the rules' own fields are listed")
refused({ how = "typo_after" }, "results.lua:30: result has no field 'kidn' (did you mean 'kind'?)", "a typo after g:result")
refused({ hook = "meta" }, "results.lua:50: cannot change a protected metatable", "the hook sets a metatable")
refused({ how = "meta_result" }, "results.lua:26: g:result: the result must be a plain table (this one has a metatable)",
        "a result with a metatable")
refused({ hook = "loop" }, "results.lua:39: time limit exceeded (200 ms in one hook call) (in result)", "the hook loops", { time = 200 })

-- A match format: it scores, counts hands won in column 2 and names the winner.
do
  local m = ready({ wins = 1 }, "results_fmt.lua")
  check(m:apply(1, "play 7h"), "format: accepted")
  eq(m:phase(), "match_over", "format: one hand won takes the match")
  eq(m:total(1), 10, "format: the points")
  eq(m:total(1, 2), 1, "format: one hand won in column 2")
  eq(m:winners()[1], 1, "format: seat 1 named the winner")
  local sheet = m:scoresheet()
  check(sheet:find("points", 1, true) and sheet:find("hands", 1, true), "format: the columns are named:\n" .. sheet)
  -- every seat of the first column; of the second only seat 1, the one who has anything there
  check(sheet:find("\nhand    seat 1 seat 2   seat 1\n", 1, true), "format: the seats of each column:\n" .. sheet)
  check(sheet:find("\n   1        10      .        .   seat 1 +10: out\n", 1, true), "format: the points row, side by side:\n" .. sheet)
  check(sheet:find("\n   1         .      .        1   seat 1 +1: won\n", 1, true), "format: the hands row:\n" .. sheet)
  check(sheet:find("\ntotal       10      0        1\n", 1, true), "format: the totals side by side")
  -- at 34 columns the notes do not fit beside: the rows become lines, the totals stay a table
  local narrow = m:scoresheet(34)
  check(narrow:find("^hand 1\n  seat 1 %+10 %(total 10%): out\n  hands: seat 1 %+1 %(total 1%): won\n"),
        "format: the rows as lines at 34 columns:\n" .. narrow)
  check(narrow:find("\ntotal       10      0        1\n", 1, true), "format: the totals a table at 34")
  -- at 20 the table does not fit either: the totals are lines too, broken between words
  narrow = m:scoresheet(20)
  check(narrow:find("\ntotal\n  points: seat 1 10,\n      seat 2 0\n  hands: seat 1 1\n$"),
        "format: the totals as lines at 20:\n" .. narrow)
  for line in narrow:gmatch("[^\n]+") do check(#line <= 20, "format: fits 20: " .. line) end
  check(not m:apply(2, "draw"), "format: no move after the match")
end

-- Loader: columns are 1 to 4 names; check.random is a share of moves; search.hands a way to judge;
-- search.bot and search.others one of the variant's bots.
local function load_error(file)
  local ok, err = pcall(fuda.match, { variant = D .. file })
  return not ok and err or nil
end
-- { file, the message it must give, what the check is about }
for _, case in ipairs({
  { "bad_columns.lua", "bad_columns.lua:4: columns: a list of 1 to 4 column names, got 5", "five columns" },
  { "bad_columns_name.lua", "bad_columns_name.lua:4: columns[2] must be a name of 1 to 24 characters", "a column named 7" },
  { "bad_check_random.lua", "bad_check_random.lua:4: check.random must be a number from 0 to 1 (the share of random moves)",
    "check.random 2" },
  { "bad_bot_builtin.lua", "bad_bot_builtin.lua:5: bot 'search' is built in (every variant has it): give yours another name",
    "a bot named search" },
  { "bad_search.lua", 'bad_search.lua:4: search.hands must be "points" or "winner" (how the search judges a hand before the match\'s last), got "wins"',
    "search.hands wins" },
  { "bad_search_field.lua", "bad_search_field.lua:4: search: unknown field 'playouts' (fields: bot, hands, others, sure)", "search.playouts" },
  { "bad_search_bot.lua", "bad_search_bot.lua:4: search.bot: 'nosuch' is not one of the variant's bots (it has none)",
    "search.bot nosuch" },
  { "bad_search_sure.lua", "bad_search_sure.lua:4: search.sure must be a number from 0 to 10 (standard errors), got 20",
    "search.sure 20" },
  { "bad_search_bot_type.lua", "bad_search_bot_type.lua:4: search.bot must be the name of one of the variant's bots, got number",
    "search.bot 1" },
  { "bad_search_others.lua", "bad_search_others.lua:4: search.others: 'nosuch' is not one of the variant's bots (it has none)",
    "search.others nosuch" },
}) do
  local e = load_error(case[1])
  check(e and e:find(case[2], 1, true), case[3] .. ": " .. tostring(e))
end

T.summary("engine_result")
