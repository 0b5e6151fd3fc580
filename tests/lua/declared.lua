-- declared.lua -- declared moves (a phase's moves = { families }): the engine lists a family over
-- the seat's hand, over a shared pile, over the seats, over a range, with filters, in declaration
-- order; handlers get typed arguments; the random bot plays the same moves as with the equivalent
-- moves function (same seed, same log); a script calling a declared phase's moves gets the list;
-- a bad declaration is a load error naming file:line.
-- Run: ./fuda run tests/lua/declared.lua
local T = dofile("tests/lua/lib/t.lua")
local check, eq, apply, contains = T.check, T.eq, T.apply, T.contains
local D = "tests/variants/"

-- The log of a match without its variant line (the two variants' names differ).
local function body(log) return (log:gsub("\nvariant [^\n]*", "")) end

---------------------------------------------------------------------------------------------------
-- Every kind of family, listed in declaration order, the same as the moves function's.
do
  local m = fuda.match{ variant = D .. "declared.lua", seed = 3 }
  local l = fuda.match{ variant = D .. "declared_list.lua", seed = 3 }
  local hand = m:pile("hand", 1)
  eq(#hand, 4, "dealt 4")
  local want = {}
  for _, c in ipairs(hand) do want[#want + 1] = "discard " .. c end
  for _, mv in ipairs({ "give 2", "give 3", "bid 1", "bid 2", "bid 3", "draw" }) do want[#want + 1] = mv end
  eq(table.concat(m:moves(1), ","), table.concat(want, ","), "the hand's cards in pile order, the other seats, the range, a verb")
  eq(table.concat(l:moves(1), ","), table.concat(want, ","), "the list version lists the same")
  eq(#m:moves(2), 0, "a seat not to act has no moves")
  apply(m, 1, "give 3", "give over the seats")
  eq(m:var("said"), "give integer to 3 (Seat 3)", "the handler gets the seat as an integer")
  eq(m:var("phase"), "echo", "the next phase")
  -- the echo phase: the red cards of the shared pool (none yet), then pass
  eq(table.concat(m:moves(2), ","), "pass", "an empty shared pile: no echo")
  apply(m, 2, "pass", "pass")
  local c = m:pile("hand", 2)[2]
  apply(m, 2, "discard " .. c, "discard over the hand")
  eq(m:var("said"), "discard " .. c, "the handler gets the card")
  local red = (c:sub(-1) == "h" or c:sub(-1) == "d")
  eq(table.concat(m:moves(3), ","), red and ("echo " .. c .. ",pass") or "pass", "the filter keeps the red cards of the pool")
  apply(m, 3, "pass", "pass again")
  -- a range with a filter: bid n only while the hand holds n
  local n3 = #m:pile("hand", 3)
  apply(m, 3, "bid 2", "bid over the range")
  eq(m:var("said"), "bid integer 2", "the handler gets an integer")
  eq(#m:pile("hand", 3), n3 - 2, "bid dropped two cards")
  local refused = { m:apply(1, "give 2") }
  check(refused[1] == nil and contains(refused[2], "not a legal move"), "a move of no family is refused: " .. tostring(refused[2]))
end

-- The range's filter: with two cards left, bid 3 is not listed.
do
  local m = fuda.match{ variant = D .. "declared.lua", seed = 1, options = { hand_size = 2 } }
  eq(table.concat(m:moves(1), ",", #m:moves(1) - 3 + 1), "bid 1,bid 2,draw", "bid 3 filtered out with two cards")
end

---------------------------------------------------------------------------------------------------
-- The random bot: the same moves as with the moves function, seed by seed (families with filters,
-- which the engine lists, and without, which it counts).
for seed = 1, 12 do
  local m = fuda.match{ variant = D .. "declared.lua", seed = seed }
  local l = fuda.match{ variant = D .. "declared_list.lua", seed = seed }
  eq(m:bot(1), l:bot(1), "seed " .. seed .. ": the random bot's first choice")
  m:play_bots({ "random" })
  l:play_bots({ "random" })
  check(body(m:log()) == body(l:log()), "seed " .. seed .. ": the same match, move for move")
end
for seed = 1, 6 do
  local m = fuda.match{ variant = D .. "ab_declared.lua", seed = seed }
  local l = fuda.match{ variant = D .. "ab.lua", seed = seed }
  m:play_bots({ "random" })
  l:play_bots({ "random" })
  check(body(m:log()) == body(l:log()) and #m:log() > 600, "ab, seed " .. seed .. ": counted, not listed, the same moves")
  eq(m:total(1), l:total(1), "ab, seed " .. seed .. ": the same score")
end

for seed = 1, 6 do
  local m = fuda.match{ variant = D .. "ab_when.lua", seed = seed }
  local l = fuda.match{ variant = D .. "ab_when_list.lua", seed = seed }
  eq(table.concat(m:moves(1), ","), "b", "ab_when, seed " .. seed .. ": the filter keeps 'a' out at 0")
  m:play_bots({ "random" })
  l:play_bots({ "random" })
  check(body(m:log()) == body(l:log()) and #m:log() > 600, "ab_when, seed " .. seed .. ": a verb's filter asked once, the same moves")
end

---------------------------------------------------------------------------------------------------
-- A script may still call a declared phase's moves as it called a function: it gets the list.
do
  local m = fuda.match{ variant = D .. "gin-pass-phase.lua", seed = 2 }
  local nd = m:actors()[1]
  apply(m, nd, "pass", "gin-pass-phase: pass")
  apply(m, 3 - nd, "pass", "gin-pass-phase: pass")
  apply(m, nd, "draw", "gin-pass-phase: draw")
  apply(m, nd, "discard " .. m:pile("hand", nd)[1], "gin-pass-phase: discard")
  eq(table.concat(m:moves(3 - nd), ","), "draw,take,pass", "a house rule calling gin's declared draw moves gets the list")
end

---------------------------------------------------------------------------------------------------
-- A bad declaration is a load error naming the phase's line.
do
  local ok, err = pcall(fuda.match, { variant = D .. "bad_declared.lua" })
  err = tostring(err)
  check(not ok, "bad_declared does not load")
  check(contains(err, "bad_declared.lua:11: phase 'one': moves: family 2: unknown verb 'drow' (verbs: discard, draw, give)"), "unknown verb: " .. err)
  check(contains(err, "bad_declared.lua:12: phase 'two': moves: family 1 ('discard'): no pile 'hnd' in the layout (piles: hand, stock)"), "unknown pile: " .. err)
  check(contains(err, "bad_declared.lua:13: phase 'three': moves: family 1: verb 'give' takes a seat, not a card (give <seat>)"), "wrong argument: " .. err)
  check(contains(err, "bad_declared.lua:14: phase 'four': moves: family 1: verb 'discard' takes a card: declare it over them, { M.discard, cards = <pile> }"), "an argument left out: " .. err)
  check(contains(err, "bad_declared.lua:15: phase 'five': moves: family 1: verb 'draw' takes no argument: declare it alone, as \"draw\""), "no argument: " .. err)
end

-- A table forged with the mark of declared moves is refused, not read.
do
  local m = fuda.match{ variant = D .. "declared_forged.lua" }
  local ok, err = pcall(m.moves, m, 1)
  check(not ok and contains(tostring(err), "moves returned a table marked as declared moves that fuda did not make"),
        "a forged declaration: " .. tostring(err))
  local mv, msg = m:bot(1)
  check(mv == nil and contains(tostring(msg), "fuda did not make"), "a forged declaration, the random bot: " .. tostring(msg))
  local n, why = m:play_bots({ "random" })
  check(n == nil and contains(tostring(why), "fuda did not make"), "a forged declaration, a bot's move applied: " .. tostring(why))
end

-- The same with the shape of compiled families and a userdata at key 0 (where the engine keeps
-- its read of a real declaration): refused, neither read (a heap overflow before) nor kept.
do
  local m = fuda.match{ variant = D .. "declared_forged_shape.lua" }
  for round = 1, 2 do
    local ok, err = pcall(m.moves, m, 1)
    check(not ok and contains(tostring(err), "fuda did not make"), "forged families, round " .. round .. ": " .. tostring(err))
  end
  local mv, msg = m:bot(1)
  check(mv == nil and contains(tostring(msg), "fuda did not make"), "forged families, the random bot: " .. tostring(msg))
  local n, why = m:play_bots({ "random" })
  check(n == nil and contains(tostring(why), "fuda did not make"), "forged families, a bot's move applied: " .. tostring(why))
end

T.summary("declared")
