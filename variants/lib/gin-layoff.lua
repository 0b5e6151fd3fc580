-- gin-layoff.lua -- the Gin family's layoff rule, for two- and three-player games alike
-- (variants/gin-base.lua's showdown, gin-three.lua's, gin-tedesco.lua's knock with the taken card):
--
--   local Lay = fuda.import("gin-layoff")
--   Lay.showdown(R, knocker, defender [, { allow = true, defender_rules = R2 }])
--     -> { knocker = arrangement, defender = arrangement, layoffs = { {card=, meld=i}, ... },
--          deadwood = n }   (fixed fields: a typo raises)
--   Lay.best(R, melds, kinds, cards [, DR]) -> { layoffs = {...}, deadwood = n, rest = cards }
--   Lay.best_any_order(R, melds, kinds, cards)  -- the same least deadwood, the three-player order
--   Lay.say(g, res, defender, gin)  -- the layoffs as events ("Seat 2 lays off {7h} on ..."), tallied
--
-- After a knock the knocker shows one of his least-deadwood arrangements (R:arrangements, the
-- core's exact search): the one that leaves the defender the most deadwood after the defender's
-- best layoffs (the first met in the search's order on a tie). The defender lays off cards that
-- extend the knocker's melds: a set's missing suits, a run's next card at either end, chains
-- included (7h then 8h on 4h-5h-6h), wild jokers within the rules' limits (R:spec: the knocker's
-- rules shape the melds); the rest is arranged with least deadwood under the defender's rules
-- (DR: Tedesco's aces 15 against the defender, a joker that counts in the loser's deadwood).
-- allow = false (after gin, unless layoff_after_gin): no layoff. Of the layoffs that leave least
-- deadwood the first met is taken, trying melds in order, a set's cards by suit (s h d c) fewest
-- first then its wilds, a run's low end growing first only after its high end, a natural before a
-- wild at each place: the order the C rule kept before it moved here, so games play as they did.
-- The three-player games (a defender's layoffs on the melds shown) and Tedesco's knock with the
-- taken card melded use best_any_order: what may be laid and the least deadwood are the same, but
-- of the layoffs reaching it the first met trying the cards in the hand's order, every order: the
-- tie-break they always had (best's instead changes Battle Royale's layoff texts and tallies).

local SUITS = { "s", "h", "d", "c" }
local CARD, RANK, SUIT = {}, {}, {} -- CARD[suit index][rank]; rank, suit index of a card
for si, s in ipairs(SUITS) do
  CARD[si] = {}
  for r = 1, 13 do
    local c = fuda.make(r, s)
    CARD[si][r], RANK[c], SUIT[c] = c, r, si
  end
end
local JOKER = "Jk"
RANK[JOKER] = 0
local show = fuda.show

-- The geometry of rules R (its spec, read once per R).
local GEO = setmetatable({}, { __mode = "k" })
local function geo(R)
  local g = GEO[R]
  if g then return g end
  local s = R:spec()
  g = {
    ace = s.ace, nslots = s.ace == "high" and 14 or 13, wild = s.wild == "joker",
    wsets = s.wild_in_sets, wruns = s.wild_in_runs, wnat = s.wild_min_natural,
    wmax = s.wild_max > 0 and s.wild_max or 64, cap = s.set_max or 64,
  }
  GEO[R] = g
  return g
end

local function norm13(s) return s % 13 end -- a slot to a rank position 0..12

-- First slot and suit index of a run laid out as cards (a joker holds its place); suit nil: wilds
-- only (slot 0).
local function run_start(g, m)
  local anchor
  for i, c in ipairs(m) do
    if c ~= JOKER and (not anchor or RANK[m[anchor]] == 1) then anchor = i end
  end
  if not anchor then return 0, nil end
  local c = m[anchor]
  local slot, a = RANK[c] - 1, anchor - 1
  if g.ace == "corner" then return norm13(slot - a), SUIT[c] end
  if slot == 0 and g.ace == "high" and a > 0 then slot = 13 end
  return slot - a, SUIT[c]
end

local function slot_ok(g, slot) return g.ace == "corner" or (slot >= 0 and slot < g.nslots) end

-- The layoff search on melds `ms` (with kinds) of the defender's naturals `nat` (card -> true
-- while in hand, in `order`) and `dw` wild jokers; `fixed`: the defender's jokers that are not
-- wild (they stay in the rest). Returns the best: { layoffs, deadwood, rest }.
local function search(g, DR, ms, kinds, order, dw, fixed)
  local have = {}
  for _, c in ipairs(order) do have[c] = true end
  local cur, best = {}, nil
  local step_meld

  local function leaf(w)
    local rest = {}
    for _, c in ipairs(order) do
      if have[c] then rest[#rest + 1] = c end
    end
    for _ = 1, w + fixed do rest[#rest + 1] = JOKER end
    local d = DR:deadwood(rest)
    if not best or d < best.deadwood then
      local copy = {}
      for i = 1, #cur do copy[i] = { card = cur[i].card, meld = cur[i].meld } end
      best = { layoffs = copy, deadwood = d, rest = rest }
    end
  end

  local function push(c, i) cur[#cur + 1] = { card = c, meld = i } end
  local function pop() cur[#cur] = nil end

  -- Set i: a subset t of the defender's cards of its rank (submasks in counting order over the
  -- suits s h d c), then k wilds.
  local function lay_set(i, w)
    local m = ms[i]
    local nn, nw, rank, insuit = 0, 0, nil, {}
    for _, c in ipairs(m) do
      if c == JOKER then nw = nw + 1 else nn, rank, insuit[SUIT[c]] = nn + 1, RANK[c], true end
    end
    local avail = {}
    if rank then
      for si = 1, 4 do
        local c = CARD[si][rank]
        if have[c] and not insuit[si] then avail[#avail + 1] = c end
      end
    end
    for t = 0, (1 << #avail) - 1 do
      local nt = 0
      for b = 1, #avail do
        if t & (1 << (b - 1)) ~= 0 then nt = nt + 1 end
      end
      local room = g.cap - nn - nt - nw
      if room >= 0 then
        local mark = #cur
        for b = 1, #avail do
          if t & (1 << (b - 1)) ~= 0 then
            push(avail[b], i)
            have[avail[b]] = nil
          end
        end
        local kmax = 0
        if g.wsets and nn + nt >= g.wnat then kmax = math.min(w, g.wmax - nw, room) end
        for k = 0, kmax do
          if k > 0 then push(JOKER, i) end
          step_meld(i + 1, w - k)
        end
        for b = 1, #avail do
          if t & (1 << (b - 1)) ~= 0 then have[avail[b]] = true end
        end
        for _ = #cur, mark + 1, -1 do pop() end
      end
    end
  end

  -- Run i: chains at the low end (side 0, after trying the high end alone) and the high end
  -- (side 1) from slots start .. start+len-1; nn naturals and nw wilds in it so far.
  local function lay_run(i, side, start, len, nn, nw, suit, w)
    if side == 0 then lay_run(i, 1, start, len, nn, nw, suit, w) else step_meld(i + 1, w) end
    if len >= 13 then return end
    local slot = side == 0 and start - 1 or start + len
    if not slot_ok(g, slot) then return end
    local nstart = side == 0 and start - 1 or start
    if suit then
      local c = CARD[suit][norm13(slot) + 1]
      if have[c] then
        push(c, i)
        have[c] = nil
        lay_run(i, side, nstart, len + 1, nn + 1, nw, suit, w)
        have[c] = true
        pop()
      end
    end
    if w > 0 and g.wruns and nw < g.wmax and nn >= g.wnat then
      push(JOKER, i)
      lay_run(i, side, nstart, len + 1, nn, nw + 1, suit, w - 1)
      pop()
    end
  end

  step_meld = function(i, w)
    if i > #ms then return leaf(w) end
    if kinds[i] == "set" then return lay_set(i, w) end
    local m = ms[i]
    local start, suit = run_start(g, m)
    local nn = 0
    for _, c in ipairs(m) do
      if c ~= JOKER then nn = nn + 1 end
    end
    lay_run(i, 0, start, #m, nn, #m - nn, suit, w)
  end

  step_meld(1, dw)
  return best
end

-- The defender's `cards` as naturals (in order), wild jokers and jokers that are not wild.
local function split(DR, cards)
  local order, jokers = {}, 0
  for _, c in ipairs(cards) do
    if c == JOKER then jokers = jokers + 1 else order[#order + 1] = c end
  end
  if geo(DR).wild then return order, jokers, 0 end
  return order, 0, jokers
end

-- The layoffs of `cards` (a list or a pile) on melds (lists of cards; `kinds` "set"/"run", not
-- changed) shaped by R that leave least deadwood as DR (default R) counts it.
local function best(R, melds, kinds, cards, DR)
  DR = DR or R
  if type(cards) ~= "table" or cards.cards then cards = cards:cards() end
  local order, dw, fixed = split(DR, cards)
  return search(geo(R), DR, melds, kinds, order, dw, fixed)
end

local function list_of(cards)
  if type(cards) == "table" and not cards.cards then return cards end
  return cards:cards()
end

-- Edit distance of a and b (short names), for "did you mean".
local function distance(a, b)
  local prev = {}
  for j = 0, #b do prev[j] = j end
  for i = 1, #a do
    local cur = { [0] = i }
    for j = 1, #b do
      local cost = a:byte(i) == b:byte(j) and 0 or 1
      cur[j] = math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
    end
    prev = cur
  end
  return prev[#b]
end

-- Raise "HEAD 'k' (did you mean 'x'?)" or "HEAD 'k' (fields: a, b)" at the caller's caller.
local function unknown(head, k, names, level)
  local best, bd
  for _, n in ipairs(names) do
    local d = type(k) == "string" and distance(k, n) or 99
    if d <= 2 and (not bd or d < bd) then best, bd = n, d end
  end
  if best then error(("%s '%s' (did you mean '%s'?)"):format(head, tostring(k), best), level + 1) end
  error(("%s '%s' (fields: %s)"):format(head, tostring(k), table.concat(names, ", ")), level + 1)
end

-- t with fixed fields (sorted `names`): reading or setting another raises, as fuda's own tables do.
local function strict(t, what, names)
  local known = {}
  for _, n in ipairs(names) do known[n] = true end
  local function check(_, k)
    if not known[k] then unknown(what .. " has no field", k, names, 2) end
  end
  return setmetatable(t, { __index = check, __newindex = function(tt, k, v)
    check(tt, k)
    rawset(tt, k, v)
  end })
end

local RESULT, LAID = { "defender", "deadwood", "knocker", "layoffs" }, { "card", "meld" }

-- What showdown returns: fixed fields, each layoff's too.
local function result(knocker, defender, layoffs, deadwood)
  for i, lo in ipairs(layoffs) do layoffs[i] = strict(lo, "a layoff", LAID) end
  return strict({ knocker = knocker, defender = defender, layoffs = layoffs, deadwood = deadwood },
                "a layoff's result", RESULT)
end

local SPEC, SPEC_NAMES = { allow = true, defender_rules = true }, { "allow", "defender_rules" }

-- A knock scored: the knocker's arrangement (of his least-deadwood ones, the one that leaves the
-- defender most), the defender's layoffs on it and the defender's own melds.
local function showdown(R, knocker, defender, spec)
  spec = spec or {}
  for k in pairs(spec) do
    if not SPEC[k] then unknown("layoff: unknown field", k, SPEC_NAMES, 2) end
  end
  local DR = spec.defender_rules or R
  local khand, dhand = list_of(knocker), list_of(defender)
  if spec.allow == false then
    local d = DR:melds(dhand)
    return result(R:melds(khand), d, {}, d.deadwood)
  end
  local g = geo(R)
  local order, dw, fixed = split(DR, dhand)
  local ub = DR:deadwood(dhand)
  local shown, most
  for _, a in ipairs(R:arrangements(khand, 65536)) do -- all (65536: the most it gives)
    local d = search(g, DR, a.melds, a.kinds, order, dw, fixed).deadwood
    if not most or d > most then
      shown, most = a, d
      if d >= ub then break end
    end
  end
  local lo = search(g, DR, shown.melds, shown.kinds, order, dw, fixed)
  return result(shown, DR:melds(lo.rest), lo.layoffs, lo.deadwood)
end

-- The layoffs of `res` (showdown's result) as events, in the order the engine lays them (a chain
-- extends the same meld).
local function say_layoffs(g, res, defender, gin)
  local melds = {}
  for i, m in ipairs(res.knocker.melds) do
    local copy = {}
    for j = 1, #m do copy[j] = m[j] end
    melds[i] = copy
  end
  local laid = {}
  for _, lo in ipairs(res.layoffs) do
    local m = melds[lo.meld]
    g:say("%s lays off {%s} on %s.", g:name(defender), lo.card, show(m))
    g:tally(laid[lo.meld] and "layoff:chain" or "layoff")
    if gin then g:tally("layoff:after gin") end
    laid[lo.meld] = true
    if res.knocker.kinds[lo.meld] == "run" and RANK[lo.card] % 13 + 1 == RANK[m[1]] then
      table.insert(m, 1, lo.card) -- a run extended at its low end (K below A round the corner)
    else
      m[#m + 1] = lo.card
    end
  end
end


-- The layoffs of `cards` on the knocker's `melds` (lists of cards, `kinds` "run"/"set", not
-- changed) that leave least deadwood as R counts it, every order tried (R:accepts says what fits):
-- { layoffs = { {card=, meld=i}, ... } in the order laid, deadwood = n, rest = the cards not laid
-- off }. The same least deadwood as best's; of the layoffs reaching it, the first met trying the
-- cards in the hand's order, each on the melds in order, then the next card laid after it: the
-- three-player games' and Tedesco's order (best's would lay other cards in another order on a
-- tie: Battle Royale's texts and tallies would change).
local function best_any_order(R, melds, kinds, cards)
  local ms = {}
  for i, m in ipairs(melds) do
    local copy = {}
    for j = 1, #m do copy[j] = m[j] end
    ms[i] = copy
  end
  local used, laid, seen = {}, {}, {}
  local function rest()
    local list = {}
    for _, c in ipairs(cards) do
      if not used[c] then list[#list + 1] = c end
    end
    return list
  end
  local best = { deadwood = R:deadwood(cards), layoffs = {}, rest = rest() }
  local function key()
    local parts = {}
    for i, lo in ipairs(laid) do parts[i] = lo.card .. ":" .. lo.meld end
    table.sort(parts)
    return table.concat(parts, " ")
  end
  local function search()
    for _, c in ipairs(cards) do
      for i = 1, used[c] and 0 or #ms do
        local m = ms[i]
        if R:accepts(m, c) then
          local low = kinds[i] == "run" and RANK[c] % 13 + 1 == RANK[m[1]]
          if low then table.insert(m, 1, c) else m[#m + 1] = c end
          used[c], laid[#laid + 1] = true, { card = c, meld = i }
          local k = key()
          if not seen[k] then
            seen[k] = true
            local left = rest()
            local d = R:deadwood(left)
            if d < best.deadwood then
              local copy = {}
              for j = 1, #laid do copy[j] = laid[j] end
              best = { deadwood = d, layoffs = copy, rest = left }
            end
            search()
          end
          used[c], laid[#laid] = nil, nil
          if low then table.remove(m, 1) else m[#m] = nil end
        end
      end
    end
  end
  search()
  return best
end

return { showdown = showdown, best = best, best_any_order = best_any_order, say = say_layoffs }
