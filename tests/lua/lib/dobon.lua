-- dobon.lua -- helpers shared by the Dobon scenario tests (tests/lua/dobon_*.lua):
--
--   local B = dofile("tests/lua/lib/dobon.lua")
local T = dofile("tests/lua/lib/t.lua")
local B = {}

-- A match whose first flipper is `flipper` (the first seed from `from` that gives it), with the
-- field card (t.field), hands (t.hands[s]) and stock top (t.stock, top first) arranged and
-- t.options for the match. Returns the match and its seed.
function B.game(seats, flipper, t, from)
  for seed = from or 1, 1000 do
    local m = fuda.match{ variant = "dobon", seats = seats, seed = seed, options = t.options }
    if m:var("flipper") == flipper then
      if t.field then m:arrange("field", nil, { t.field }) end
      for s, cards in pairs(t.hands or {}) do m:arrange("hand", s, cards) end
      if t.stock then m:arrange("stock", nil, t.stock, true) end
      m:events()
      return m, seed
    end
    m:free()
  end
  error("no seed gives flipper " .. flipper)
end

-- Everyone in the open window passes but the seats in `moves`, which play their move (one check
-- each).
function B.window(m, moves, what)
  for _, s in ipairs(m:actors()) do T.apply(m, s, moves[s] or "pass", what) end
end

-- Pass any dobon window.
function B.settle(m)
  while m:claim() == "dobon" do B.window(m, {}, "no dobon") end
end

return B
