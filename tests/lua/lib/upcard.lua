-- upcard.lua -- helpers for the tests of the games whose upcard sets the rules of the hand
-- (Oklahoma, Tedesco: tests/lua/oklahoma.lua, tedesco.lua):
--
--   local U = dofile("tests/lua/lib/upcard.lua")
--
-- The knock limit and the spade double are decided when the upcard is dealt, so a test does not
-- arrange the upcard: it finds a seed whose deal turns up the wanted card, then arranges the hands.
local T = dofile("tests/lua/lib/t.lua")
local U = {}

-- Three runs (the knocker's melds in most scenarios) and a defender's hand: runs Ac-2c-3c and
-- 5c-6c-7c, deadwood Kd Qd 3d 9c = 32 with no layoff on U.M9 (nor around the corner).
U.M9 = { "4h", "5h", "6h", "7d", "8d", "9d", "Jc", "Qc", "Kc" }
U.D32 = { "Ac", "2c", "3c", "5c", "6c", "7c", "Kd", "Qd", "3d", "9c" }

function U.with(list, ...)
  local out = {}
  for _, c in ipairs(list) do out[#out + 1] = c end
  for _, c in ipairs{ ... } do out[#out + 1] = c end
  return out
end

local SEEDS = {} -- variant .. upcard -> seed
local function seed_for(variant, up)
  local key = variant .. " " .. up
  if SEEDS[key] then return SEEDS[key] end
  for seed = 1, 5000 do
    local m = fuda.match{ variant = variant, seats = 2, seed = seed }
    local u = m:var("upcard")
    SEEDS[variant .. " " .. u] = SEEDS[variant .. " " .. u] or seed
    if u == up then return seed end
  end
  error("no seed deals the upcard " .. up)
end

-- A new match of `variant` whose upcard is t.up, with t.nd / t.d the non-dealer's and the dealer's
-- cards (neither may hold the upcard) and t.stock the top of the stock (top first); t.options for
-- the match. The events so far are dropped. Returns the match, the non-dealer and the dealer.
function U.dealt(variant, t)
  local m = fuda.match{ variant = variant, seats = 2, seed = seed_for(variant, t.up), options = t.options }
  assert(m:var("upcard") == t.up, "options changed the deal")
  local d = m:var("dealer")
  local nd = 3 - d
  m:arrange("hand", nd, t.nd)
  m:arrange("hand", d, t.d)
  if t.stock then m:arrange("stock", nil, t.stock, true) end
  assert(m:pile("discard")[1] == t.up, "a hand held the upcard")
  m:events()
  return m, nd, d
end

-- Both seats pass the upcard and the non-dealer draws from the stock (three checks).
function U.pass_pass_draw(m, nd, d, what)
  T.apply(m, nd, "pass", what)
  T.apply(m, d, "pass", what)
  T.apply(m, nd, "draw", what)
end

-- The knock moves among the moves of `seat`, joined by commas.
function U.knocks(m, seat)
  local out = {}
  for _, mv in ipairs(m:moves(seat)) do
    if mv:find("^knock ") or mv:find("^gin ") then out[#out + 1] = mv end
  end
  return table.concat(out, ",")
end

-- The last line of the scoresheet that mentions `text` (nil: none).
function U.sheet_has(m, text) return m:scoresheet():find(text, 1, true) ~= nil end

return U
