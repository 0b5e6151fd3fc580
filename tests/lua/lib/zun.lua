-- zun.lua -- helpers shared by the Zun scenario tests (tests/lua/zun_*.lua):
--
--   local Z = dofile("tests/lua/lib/zun.lua")
local T = dofile("tests/lua/lib/t.lua")
local Z = {}

-- A Zun game where seat `first` plays first, the opening field is one non-special card (field
-- multiplier 1) and no tenhou window is open (or, with t.pass_opening, any opening window is
-- passed by all); then the field top, every hand (t.hands[s], all hand_size cards) and the stock
-- top (t.stock, top first) are arranged. t.options for the match, t.from the first seed to try.
-- Returns the match and its seed.
function Z.game(seats, first, t)
  for seed = t.from or 1, 3000 do
    local m = fuda.match{ variant = "zun", seats = seats, seed = seed, options = t.options }
    if m:var("first") == first and (m:claim() == nil or t.pass_opening) and #m:pile("field") == 1 and m:var("field_base") == 1 then
      -- both Jokers to the stock first, so that each hand's Jk comes from there, not from a hand
      local jk = (t.options and t.options.jokers) or 2
      if jk > 0 then m:arrange("stock", nil, jk == 2 and { "Jk", "Jk" } or { "Jk" }) end
      if t.field then m:arrange("field", nil, { t.field }, true) end
      for s, cards in pairs(t.hands or {}) do m:arrange("hand", s, cards) end
      if t.stock then m:arrange("stock", nil, t.stock, true) end
      for s, cards in pairs(t.hands or {}) do
        local a, b = m:pile("hand", s), { table.unpack(cards) }
        table.sort(a); table.sort(b)
        if table.concat(a, " ") ~= table.concat(b, " ") then error("arranging seat " .. s .. " failed") end
      end
      if t.pass_opening then
        for _, s in ipairs(m:actors()) do m:apply(s, "pass") end
      end
      m:events()
      return m, seed
    end
    m:free()
  end
  error("no seed gives first player " .. first)
end

-- Everyone in the open window passes, except the seats given a move in `moves` (one check each).
function Z.window(m, moves, what)
  local seats = m:actors()
  for _, s in ipairs(seats) do T.apply(m, s, moves[s] or "pass", what) end
end

return Z
