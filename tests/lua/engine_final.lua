-- engine_final.lua -- once g:end_match() was called the result is final (a
-- later g:score, turn or claim window refuses the move with the script's
-- file:line), and the variant's check.invariant runs after every action of
-- a paranoid engine: false or an error refuses the action.
local T = dofile("tests/lua/lib/t.lua")
local check, eq = T.check, T.eq
local F = "tests/variants/final.lua"

-- A match of final.lua where seat 1 is to play its only card, 7h, on 7s.
local function ready(opts, limits)
  local m = fuda.match{ variant = F, seats = 2, seed = 1, options = opts, limits = limits }
  m:arrange("hand", 1, { "7h" })
  m:arrange("hand", 2, { "2c" })
  m:arrange("field", nil, { "7s" }, true)
  return m
end

-- The move that ends the match is refused with `want`, and nothing changed.
local function refused(opts, want, what, limits)
  local m = ready(opts, limits)
  local before, total = m:hash(), m:total(1)
  local ok, err = m:apply(1, "play 7h")
  check(ok == nil and err and err:find(want), what .. ": " .. tostring(err))
  eq(m:hash(), before, what .. ": the state is as before")
  eq(m:total(1), total, what .. ": the total is as before")
  eq(m:phase(), "playing", what .. ": the match goes on")
  eq(m:move_count(), 0, what .. ": no move was logged")
end

-- the base game ends the match
do
  local m = ready({})
  check(m:apply(1, "play 7h"), "the last card ends the match")
  eq(m:phase(), "match_over", "the match is over")
  eq(m:total(1), 10, "seat 1 scored 10 for going out")
end

-- what changes the result after g:end_match raises, naming the call and the line
local L = "final%.lua:%d+: "
refused({ after = "score" }, L .. "g:score after g:end_match: the match is over and its result is final %(in play%)",
        "g:score after the end")
refused({ after = "turn" }, L .. "setting g%.turn after g:end_match: the match is over", "g.turn after the end")
refused({ after = "claim" }, L .. "g:open_claim after g:end_match: the match is over", "a claim window after the end")

-- what does not change the result is allowed
for _, after in ipairs({ "say", "end", "var" }) do
  local m = ready({ after = after })
  local ok, err = m:apply(1, "play 7h")
  check(ok, after .. " after the end is allowed: " .. tostring(err))
  eq(m:phase(), "match_over", after .. ": the match is over")
  eq(m:total(1), 10, after .. ": the total is the base game's")
end

-- check.invariant: false (with or without a reason), an error, a change of the game, a runaway
refused({ inv = "false" }, L .. "check%.invariant does not hold after play 7h: a card was played$",
        "an invariant returning false and a reason")
refused({ inv = "bare" }, L .. "check%.invariant does not hold after play 7h: it returned false$",
        "an invariant returning false")
refused({ inv = "error" }, L .. "the invariant raised %(in check%.invariant, after play 7h%)$", "an invariant that raises")
refused({ inv = "mutate" }, L .. "check%.invariant changed the game %(it may only look at it%)$",
        "an invariant that changes the game")
refused({ inv = "loop" }, L .. "instruction limit exceeded %(1000000 instructions in one hook call%) %(in check%.invariant, after play 7h%)$",
        "an invariant that never returns", { instructions = 1000000 })
refused({ inv = "loop" }, L .. "time limit exceeded %(200 ms in one hook call%) %(in check%.invariant, after play 7h%)$",
        "an invariant that never returns, under a time limit", { time = 200 })
for _, inv in ipairs({ "none", "nothing" }) do
  local m = ready({ inv = inv })
  local ok, err = m:apply(1, "play 7h")
  check(ok, "invariant " .. inv .. ": the move is accepted: " .. tostring(err))
end

-- it runs after the deal too, and sees the phase in g.phase
do
  local ok, err = pcall(fuda.match, { variant = F, seats = 2, options = { inv = "always" } })
  check(not ok and tostring(err):find(L .. "check%.invariant does not hold after deal: phase playing"),
        "an invariant that fails after the deal: " .. tostring(err))
end
refused({ inv = "phase" }, L .. "check%.invariant does not hold after play 7h: phase match_over$",
        "g.phase after g:end_match")

-- the invariant is asked for tries too, and the try changes nothing
do
  local m = ready({ inv = "false" })
  local before = m:hash()
  local ok, err = m:try(1, "play 7h")
  check(ok == nil and err and err:find("check%.invariant does not hold"), "a try meets the invariant: " .. tostring(err))
  eq(m:hash(), before, "the try changed nothing")
  check(m:apply(1, "draw"), "a move that keeps the invariant is accepted")
end

T.summary("engine_final")
