-- gin-rules.lua -- what every part of the Gin family shares (variants/gin-base.lua, its presets,
-- the three-player games, gin-taken.lua, gin-three.lua, gin-tally.lua):
--
--   local G = fuda.import("gin-rules")
--   G.rules(g):deadwood(cards)       -- the hand's meld rules (fuda.rules), made once per spec
--   G.in_play(g, from), G.pile_of(g, seat), G.RANK[c], G.show_arrangement(res), ...
--
-- Cards, melds and deadwood: one 52-card deck (Celebes: with jokers, the option jokers); sets and
-- runs, the ace low or as the option ace says; deadwood counted at face value, J/Q/K 10. Then the
-- seats in play and their discard piles, an arrangement as text, the melds through a card. The
-- layoff rule is gin-layoff.lua's.

local show = fuda.show
local options = fuda.import("gin-options") -- g.options, or Round-the-Corner's over them

local RANK, SUIT = {}, {}  -- card -> rank, suit
for _, s in ipairs{ "s", "h", "d", "c" } do
  for r = 1, 13 do
    local c = fuda.make(r, s)
    RANK[c], SUIT[c] = r, s
  end
end
RANK.Jk, SUIT.Jk = 0, ""

-- Meld rules, compiled once per spec: the hand's rules, the defender's when a knock is scored
-- (Tedesco: aces 15) and both players' when the stock runs out (Tedesco: aces 15). With jokers
-- they are wild (a joker left in deadwood counts joker_value); meld_shapes = "celebes" limits gin
-- to Celebes Rum's shapes: 4-3-3-3 whose 4 is a run without jokers (the jokers in the 3s), or 5-5-3
-- and 5-4-4 with a natural meld (no joker: a set or a run) of 5 or 4.
local SHAPES = { celebes = { { 4, 3, 3, 3, natural_run = 4 }, { 5, 5, 3, natural = 4 }, { 5, 4, 4, natural = 4 } } }
local RULES = {}
local function rules_for(g, ace_value, tame)
  local o = options(g)
  local key = o.ace .. ace_value .. ":" .. o.jokers .. ":" .. o.joker_value .. ":" .. o.meld_shapes
              .. ":" .. o.set_max .. (tame and ":tame" or "")
  local R = RULES[key]
  if not R then
    local spec = { ace = o.ace, values = { [1] = ace_value } }
    if o.jokers > 0 then
      spec.values[0] = o.joker_value
      if not tame then spec.wild = "joker" end -- tame: a joker melds nowhere (loser_jokers)
    end
    if o.set_max > 0 then spec.set_max = o.set_max end
    if o.meld_shapes ~= "any" then
      spec.gin_shapes = SHAPES[o.meld_shapes]
    end
    R = fuda.rules(spec)
    RULES[key] = R
  end
  return R
end

-- The hand's meld rules.
local last_g, last_rules
local function rules(g)
  if g == last_g then return last_rules end
  last_g, last_rules = g, rules_for(g, options(g).ace_value)
  return last_rules
end

-- The loser's rules when a hand is scored (`aces`: with defender_ace_value). nil: the hand's.
local function defender_rules(g, aces)
  local o = options(g)
  local tame = o.jokers > 0 and o.loser_jokers == "deadwood"
  if not aces or o.defender_ace_value == 0 then
    return tame and rules_for(g, o.ace_value, true) or nil
  end
  return rules_for(g, o.defender_ace_value, tame)
end

-- "{4h} {5h} {6h} | {9s} {9d} {9c}"
local function show_melds(melds)
  local parts = {}
  for i = 1, #melds do parts[i] = show(melds[i]) end
  return table.concat(parts, " | ")
end

-- "melds {4h} {5h} {6h} | {9s} {9d} {9c}, deadwood {2d} {3c} = 5"
local function show_arrangement(res)
  local text = #res.melds > 0 and ("melds " .. show_melds(res.melds)) or "no melds"
  if #res.dead > 0 then
    return text .. ", deadwood " .. show(res.dead) .. " = " .. res.deadwood
  end
  return text .. ", no deadwood"
end

-- The seats in play this hand in turn order, starting after `from` (so ending with it when it is
-- in play): g:next skips the seats set out.
local function in_play(g, from)
  local first = g:next(from)
  local list, s = { first }, g:next(first)
  while s ~= first do
    list[#list + 1] = s
    s = g:next(s)
  end
  return list
end

-- Has the game a discard pile each (Battle Royale's option discard_piles = "each"; a game without
-- the option has one)? (Kept per game: the moves hook asks often.)
local each_g, each_piles
local function piles_each(g)
  if g ~= each_g then each_g, each_piles = g, g.options.discard_piles == "each" end
  return each_piles
end

-- The discard pile `seat` discards to: the one shared pile, or (discard_piles = "each") the
-- seat's own.
local function pile_of(g, seat)
  if piles_each(g) then return g:pile("discard", seat) end
  return g:pile("discard")
end

-- The runs of `cards` through `card` (in its suit, ace as the rules allow) and the sets with it,
-- each as a list of cards.
local function melds_through(cards, card, ace)
  local have, r0, s0 = {}, RANK[card], SUIT[card]
  for _, c in ipairs(cards) do have[c] = true end
  local found = {}
  local same = {}
  for _, c in ipairs(cards) do
    if c ~= card and RANK[c] == r0 then same[#same + 1] = c end
  end
  for mask = 1, (1 << #same) - 1 do -- every set of card and 2 or more others of its rank
    local m = { card }
    for i = 1, #same do
      if mask & (1 << (i - 1)) ~= 0 then m[#m + 1] = same[i] end
    end
    if #m >= 3 then found[#found + 1] = m end
  end
  local top = ace == "low" and 13 or 14 -- 14: the ace above the king
  for lo = 1, top do
    local m, ok = {}, false
    for len = 1, 13 do
      local r = lo + len - 1
      if r > top and ace ~= "corner" then break end
      r = (r - 1) % 13 + 1
      local c = fuda.make(r, s0)
      if not have[c] then break end
      m[#m + 1] = c
      if r == r0 then ok = true end
      if ok and len >= 3 then
        local copy = {}
        for i = 1, #m do copy[i] = m[i] end
        found[#found + 1] = copy
      end
    end
  end
  return found
end

-- `cards` without those of meld m (a new list).
local function without(cards, m)
  local used, rest = {}, {}
  for _, c in ipairs(m) do used[c] = true end
  for _, c in ipairs(cards) do
    if not used[c] then rest[#rest + 1] = c end
  end
  return rest
end

-- Least deadwood of `cards` with `card` in one of the melds (nil: it is in none).
local function deadwood_with(R, cards, card, ace)
  local best
  for _, m in ipairs(melds_through(cards, card, ace)) do
    local d = R:deadwood(without(cards, m))
    if not best or d < best then best = d end
  end
  return best
end

return {
  RANK = RANK, SUIT = SUIT,
  rules_for = rules_for, rules = rules, defender_rules = defender_rules,
  show_melds = show_melds, show_arrangement = show_arrangement,
  in_play = in_play, piles_each = piles_each, pile_of = pile_of,
  melds_through = melds_through, without = without, deadwood_with = deadwood_with,
}
