-- gin.lua -- helpers shared by the Gin Rummy scenario tests (tests/lua/gin_*.lua):
--
--   local G = dofile("tests/lua/lib/gin.lua")
local T = dofile("tests/lua/lib/t.lua")
local G = {}

-- A hand of three melds and 2d loose (the non-dealer's in most scenarios), and one of deadwood 35+.
G.ND = { "4h", "5h", "6h", "9s", "9d", "9c", "Jc", "Qc", "Kc", "2d" }
G.D = { "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8c", "7d" }

-- The three melds of G.ND without a loose card.
G.MELDED9 = { "4h", "5h", "6h", "9s", "9d", "9c", "Jc", "Qc", "Kc" }

-- A copy of the list with the cards added.
function G.with(list, ...)
  local out = {}
  for _, c in ipairs(list) do out[#out + 1] = c end
  for _, c in ipairs{ ... } do out[#out + 1] = c end
  return out
end

-- A new match of `variant` with the hands, the upcard and the top of the stock stacked:
-- t.nd / t.d the non-dealer's and the dealer's 10 cards, t.up the upcard, t.stock the top of the
-- stock (top first), t.seed and t.options for the match. The events so far are read (dropped).
-- Returns the match, the non-dealer and the dealer.
function G.stacked(variant, t)
  local m = fuda.match{ variant = variant, seats = 2, seed = t.seed or 1, options = t.options }
  local d = m:var("dealer")
  local nd = 3 - d
  m:arrange("hand", nd, t.nd)
  m:arrange("hand", d, t.d)
  m:arrange("discard", nil, { t.up })
  if t.stock then m:arrange("stock", nil, t.stock, true) end
  m:events()
  return m, nd, d
end

-- Both seats pass the upcard and the non-dealer draws from the stock (three checks).
function G.pass_pass_draw(m, nd, d, what)
  T.apply(m, nd, "pass", what)
  T.apply(m, d, "pass", what)
  T.apply(m, nd, "draw", what)
end

return G
