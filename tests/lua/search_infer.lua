-- search_infer.lua -- the search deals at the seat's earlier decisions and keeps the deals
-- that fit what the others did since (lua-bindings/infer.c), and still reads nothing hidden:
-- two zun games that differ only in two cards the searching seat never sees give it the same
-- moves with the same figures; the deals found are used; a previous decision that is no
-- longer in the history (undone) is not used, and the game is left as it was.
local T = dofile("tests/lua/lib/t.lua")
local check, eq = T.check, T.eq

fuda.search_budget{ iters = 40 }

local DECISIONS = 10

-- Seat 1 searches (when it has a choice), seat 2 plays basic, after `rig` (if any) changed the
-- deal. The searched moves with their reports, and what seat 1 saw (its views and all moves).
local function play(seed, rig)
  local m = fuda.match{ variant = "zun", seats = 2, seed = seed }
  if rig then rig(m) end
  local got, seen = {}, {}
  while #got < DECISIONS and m:phase() == "playing" do
    local seat = m:actors()[1]
    local mv
    if seat == 1 and #m:moves(1) > 1 then
      seen[#seen + 1] = m:view(1)
      local rep
      mv, rep = m:search(1)
      got[#got + 1] = { move = mv, rep = rep }
    else
      mv = assert(m:bot(seat, seat == 1 and "search" or "basic"))
    end
    seen[#seen + 1] = seat .. " " .. mv
    assert(m:apply(seat, mv))
  end
  m:free()
  return got, table.concat(seen, "\n")
end

local function same_search(what, seed, rig)
  local one, saw1 = play(seed)
  local two, saw2 = play(seed, rig)
  eq(#one, DECISIONS, what .. ": ten decisions searched")
  eq(saw2, saw1, what .. ": seat 1 saw the same in both games")
  local inferred = 0
  for i = 1, math.min(#one, #two) do
    local x, y = one[i], two[i]
    eq(y.move, x.move, what .. ", decision " .. i .. ": the same move")
    for _, k in ipairs({ "playouts", "visits", "win_rate", "margin", "worlds", "tries" }) do
      eq(y.rep[k], x.rep[k], what .. ", decision " .. i .. ": the same " .. k)
    end
    if x.rep.worlds > 0 then inferred = inferred + 1 end
    check(x.rep.worlds <= x.rep.tries, what .. ", decision " .. i .. ": worlds among the deals tried")
  end
  check(inferred >= 3, what .. ": deals that fit the other seat's moves found in several decisions (" .. inferred .. ")")
  eq(one[1].rep.tries, 0, what .. ": the first decision has no previous one: dealt blind")
end

-- a card of seat 2's hand exchanged with the stock's 8th from the bottom: seat 2 plays the same
-- (checked: seat 1 sees the same), and seat 1's search must not tell the two games apart
same_search("seat 2's card", 10, function(m) m:arrange("hand", 2, { m:pile("stock")[8] }) end)
-- the stock's two bottom cards in the other order
same_search("the stock's bottom", 2, function(m)
  local st = m:pile("stock")
  m:arrange("stock", nil, { st[2], st[1] })
end)

-- A previous decision that was undone is not used; the search still leaves all as it was.
local m = fuda.match{ variant = "zun", seats = 2, seed = 2 }
local early = m:mark()
local searched = 0
while searched < 3 and m:phase() == "playing" do
  local seat = m:actors()[1]
  local mv = seat == 1 and #m:moves(1) > 1 and m:search(1) or assert(m:bot(seat, "basic"))
  if seat == 1 and #m:moves(1) > 1 then searched = searched + 1 end
  assert(m:apply(seat, mv))
end
assert(m:undo_to(early))
local hash, log = m:hash(), m:log()
for _ = 1, 8 do
  if m:phase() ~= "playing" then break end
  local seat = m:actors()[1]
  if seat == 1 and #m:moves(1) > 1 then
    local mv, rep = m:search(1)
    check(mv ~= nil, "a move after the undo")
    eq(rep.tries, 0, "the undone decision is not replayed from")
    eq(m:hash(), hash, "the game as it was")
    eq(m:log(), log, "the log as it was")
    break
  end
  assert(m:apply(seat, assert(m:bot(seat, "basic"))))
  hash, log = m:hash(), m:log()
end
m:free()

-- fuda.search_budget: one of iters or think, and the old budget back
local old = fuda.search_budget{ think = 50 }
eq(old.iters, 40, "the budget set before")
eq(fuda.search_budget{ iters = 40 }.think, 50, "think given back")
check(not pcall(fuda.search_budget, { iters = 5, think = 5 }), "not both")
check(not pcall(fuda.search_budget, {}), "one of them")
-- A deal made at an earlier decision is made to show seat 1 the cards it drew since, one or two
-- at a time, in the order it drew them (tests/variants/drawer.lua: they are always in the
-- stock there, so every deal tried fits; a two-card draw once undid its own exchange).
do
  local d = fuda.match{ variant = "tests/variants/drawer.lua", seats = 2, seed = 4 }
  local decisions, dealt_at = 0, 0
  while d:phase() == "playing" do
    local seat = d:actors()[1]
    local mv = seat == 2 and "wait" or nil
    if seat == 1 then
      local rep
      mv, rep = d:search(1)
      decisions = decisions + 1
      if decisions > 1 then
        check(rep.tries > 0, "drawer, decision " .. decisions .. ": dealt at an earlier decision")
        eq(rep.worlds, rep.tries, "drawer, decision " .. decisions .. ": every deal tried fits")
        dealt_at = dealt_at + 1
      end
    end
    assert(d:apply(seat, mv))
  end
  eq(decisions, 6, "drawer: six decisions")
  eq(dealt_at, 5, "drawer: five of them dealt at an earlier one")
  d:free()
end

T.summary("search_infer")
