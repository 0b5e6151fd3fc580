-- engine_undo.lua -- m:mark() and m:undo_to(mark) (fuda_engine_mark/undo_to):
-- going back gives exactly the state, totals, scoresheet, log and events of the
-- mark; the bots' generator is back too; the log replays; stale marks refused.
local T = dofile("tests/lua/lib/t.lua")
local check, eq = T.check, T.eq

-- bots play n moves (or to the end of the hand)
local function bots(m, n)
  for _ = 1, n do
    if m:phase() ~= "playing" then return end
    local s = m:actors()[1]
    assert(m:apply(s, assert(m:bot(s))))
  end
end

-- everything a mark must give back
local function snapshot(m)
  return { hash = m:hash(), log = m:log(), sheet = m:scoresheet(), phase = m:phase(),
           t1 = m:total(1), t2 = m:total(2), moves = m:move_count() }
end

local function same(a, b, what)
  for _, k in ipairs({ "hash", "log", "sheet", "phase", "t1", "t2", "moves" }) do
    eq(b[k], a[k], what .. ": " .. k)
  end
end

-- a few moves back
local m = fuda.match{ variant = "gin", seats = 2, seed = 11 }
m:events()
local s0, k0 = snapshot(m), m:mark()
bots(m, 6)
check(m:hash() ~= s0.hash and m:move_count() == 6, "six moves played")
check(m:undo_to(k0), "undo to the start")
same(s0, snapshot(m), "back at the start")
eq(#m:events(), 0, "the undone moves' events are forgotten")

-- the bots' generator is back: the same moves again give the same match
bots(m, 6)
local again = snapshot(m)
check(m:undo_to(k0), "undo again")
bots(m, 6)
same(again, snapshot(m), "the same six moves after the second undo")

-- across the end of a hand: scoresheet rows and totals come back off
local k1, s1 = m:mark(), snapshot(m)
assert(m:play_bots())
check(m:phase() == "hand_over" and m:scoresheet() ~= s1.sheet, "hand scored")
local ev = m:events()
check(#ev > 0, "events of the rest of the hand")
check(m:undo_to(k1), "undo back into the hand")
same(s1, snapshot(m), "back before the end of the hand")

-- past a next hand, and the log replays to the same state
assert(m:play_bots())
assert(m:next_hand())
bots(m, 3)
local k2, s2 = m:mark(), snapshot(m)
bots(m, 4)
check(m:undo_to(k2), "undo inside hand 2")
same(s2, snapshot(m), "hand 2 mark")
check(m:undo_to(k1), "undo back to hand 1")
same(s1, snapshot(m), "hand 1 mark, past the deal of hand 2")
local r = fuda.replay(m:log())
eq(r:hash(), m:hash(), "the cut log replays to the same state")
eq(r:scoresheet(), m:scoresheet(), "and the same scoresheet")

-- a mark on a line of play that was dropped is refused, nothing changes
bots(m, 2)
local k3 = m:mark()
check(m:undo_to(k1), "undo to k1")
local legal = m:moves(m:actors()[1])
assert(m:apply(m:actors()[1], legal[#legal]))
local h = m:hash()
local ok, err = m:undo_to(k3)
check(ok == nil and err:find("not a point of this match"), "dropped line refused: " .. tostring(err))
eq(m:hash(), h, "state unchanged after the refusal")
ok, err = m:undo_to(k2)
check(ok == nil, "a mark of a later hand on a dropped line is refused")

-- another match's mark, and a bad argument
local other = fuda.match{ variant = "gin", seats = 2, seed = 11 }
ok, err = other:undo_to(k1)
check(ok == nil and err:find("not a point"), "another match's mark refused")
ok, err = pcall(m.undo_to, m, {})
check(not ok and err:find("fuda.Mark expected"), "a table is no mark: " .. tostring(err))

-- variables come back (zun keeps several), and the game goes on from them
local z = fuda.match{ variant = "zun", seats = 4, seed = 3 }
local kz, sz = z:mark(), z:hash()
bots(z, 12)
check(z:undo_to(kz), "zun undo")
eq(z:hash(), sz, "zun state back")
bots(z, 12)
local zr = fuda.replay(z:log())
eq(zr:hash(), z:hash(), "zun after undo replays")

T.summary("engine_undo")
