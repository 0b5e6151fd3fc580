-- zun-score.lua -- the score of a zun in Zun (variants/zun.lua; docs/rules/zun.md, Scoring and
-- Yaku): the SC of a loser's hand, the field multiplier (倍率), the yaku (役), and what a winner
-- takes from a loser, with its arithmetic for the scoresheet.
--
--   local score = fuda.import("zun-score")
--   score.sc_of(hand), score.field_mult(g), score.yaku(g), score.pair_score(g, winner, loser)
--
-- They read zun.lua's variables (field_base, reshuffles, kaeshi, y_tenhou, y_chiihou, y_hiki), its
-- field pile and its option score_cap; they change nothing.

local S = fuda.import("shedding")
local RANK = S.RANK   -- card -> rank (Joker 0)

-- 倍率, 役: the field multiplier (x2 per reshuffle, saturating at 2^40), and the yaku of the zun
-- being resolved as a list of { factor, name }.

local function field_mult(g)
  return g.var.field_base * (1 << math.min(g.var.reshuffles, 40))
end

local function yaku(g)
  local v, out = g.var, {}
  if v.kaeshi == 0 then
    if v.y_tenhou then out[#out + 1] = { 8, "tenhou" }
    elseif v.y_chiihou then out[#out + 1] = { 8, "chiihou" } end
  end
  if RANK[g:pile("field"):top()] == 8 then out[#out + 1] = { 3, "eight-zun" } end
  if v.kaeshi == 0 and v.y_hiki then out[#out + 1] = { 2, "hiki-zun" } end
  for _ = 1, v.kaeshi do out[#out + 1] = { 2, "kaeshi-zun" } end
  return out
end

-- The winners take from each loser SC (every card of the loser's hand, 10 and above as 10,
-- Joker 0) x 2 per Joker in both hands x the field multiplier x the yaku.
local function sc_of(hand)
  local sum, cards = 0, hand:cards()
  for i = 1, #cards do
    local r = RANK[cards[i]]
    sum = sum + (r >= 10 and 10 or r)
  end
  return sum
end

-- The amount `winner` takes from `loser`, and its arithmetic as text.
local function pair_score(g, winner, loser)
  local lh, wh = g:hand(loser), g:hand(winner)
  local amount = sc_of(lh)
  local big = 1 << 52                   -- products saturate here (never overflow)
  local function times(f) amount = math.min(amount * f, big) end
  local parts = { tostring(amount) }
  for _ = 1, S.count_rank(lh, 0) + S.count_rank(wh, 0) do
    times(2); parts[#parts + 1] = "x 2 (joker)"
  end
  local fm = field_mult(g)
  if fm ~= 1 then times(fm); parts[#parts + 1] = ("x %d (field)"):format(fm) end
  for _, y in ipairs(yaku(g)) do
    times(y[1]); parts[#parts + 1] = ("x %d (%s)"):format(y[1], y[2])
  end
  local note = #parts > 1 and (table.concat(parts, " ") .. " = " .. amount) or tostring(amount)
  -- The cap, and room in both totals (the engine keeps them in 32 bits).
  local cap = math.min(g.options.score_cap, 2000000000 - g:total(winner), g:total(loser) + 2000000000)
  if amount > cap then
    amount = math.max(cap, 0)
    note = note .. (", capped at %d"):format(amount)
  end
  return amount, note
end

return { sc_of = sc_of, field_mult = field_mult, yaku = yaku, pair_score = pair_score }
