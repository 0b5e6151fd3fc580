-- shedding.lua -- rules shared by the shedding games (Zun, Dobon): matching by suit or rank,
-- hand totals, drawing with the field reshuffled into the stock, naming suits with a wild card,
-- skips and reverses, stacked draw penalties.
--
-- Load with `local S = fuda.import("shedding")`. Every function is plain: it takes the game
-- object `g`, piles or card lists, and keeps no game state of its own (the state lives in `g`).
-- Suits are always listed in the order s h d c.
--
-- What it remembers is the same for every match: move strings, made once (S.rank_plays,
-- S.name_moves). The lists S.name_moves returns are shared by every caller: read them, copy them
-- before changing anything. The moves it makes ("play 9h 9s name h d") read back with a
-- fuda.moves{ play = { "cards", "name suits?" } } declaration.

local S = {}

S.SUITS = { "s", "h", "d", "c" }
S.SUIT_NAME = { s = "spades", h = "hearts", d = "diamonds", c = "clubs" }

-- S.RANK[card], S.SUIT[card]: the rank (A=1 ... K=13, joker 0) and the suit letter (joker: nil)
-- of every card name, looked up without a call.
S.RANK, S.SUIT = { [fuda.make(0)] = 0 }, {}
for _, s in ipairs(S.SUITS) do
  for r = 1, 13 do
    local c = fuda.make(r, s)
    S.RANK[c], S.SUIT[c] = r, s
  end
end
local RANK, SUIT = S.RANK, S.SUIT

---------------------------------------------------------------------------------------------------
-- Matching and totals.

-- S.matches(card, top) -> true when `card` has the suit or the rank of `top`.
function S.matches(card, top)
  return RANK[card] == RANK[top] or (SUIT[card] ~= nil and SUIT[card] == SUIT[top])
end

-- S.total(cards [, spec]) -> the hand total: the sum of the ranks (A=1 ... K=13, joker 0) of a
-- pile or a list of cards. spec.distinct = true counts each rank once (Zun: 2,3,3,3,5 -> 10);
-- spec.values = { [rank] = value } overrides single ranks.
function S.total(cards, spec)
  if type(cards) ~= "table" then cards = cards:cards() end
  local sum = 0
  if not spec then -- the plain sum
    for i = 1, #cards do sum = sum + RANK[cards[i]] end
    return sum
  end
  local values, distinct = spec.values, spec.distinct
  local seen = 0 -- with distinct: bit r set once rank r is counted
  for i = 1, #cards do
    local r = RANK[cards[i]]
    if not distinct or seen & (1 << r) == 0 then
      seen = seen | (1 << r)
      sum = sum + ((values and values[r]) or r)
    end
  end
  return sum
end

-- S.count_rank(cards, r) -> how many cards of rank r a pile or list holds.
function S.count_rank(cards, r)
  if type(cards) ~= "table" then cards = cards:cards() end
  local n = 0
  for i = 1, #cards do if RANK[cards[i]] == r then n = n + 1 end end
  return n
end

---------------------------------------------------------------------------------------------------
-- Stock and field.

-- S.refill(stock, field) -> when the stock is empty, every field card but the top one goes into
-- the stock, which is shuffled. Returns the number of cards moved (0 when the stock was not
-- empty or the field held only its top card).
function S.refill(stock, field)
  if #stock > 0 or #field < 2 then return 0 end
  local top = field:top()
  field:move(top, stock)      -- keep the top card aside ...
  local n = #field
  field:move_all(stock)
  stock:move(top, field)      -- ... and put it back on the empty field
  stock:shuffle()
  return n
end

-- S.draw(stock, field, hand, n [, after [, ctx]]) -> draws up to n cards one at a time onto
-- `hand`, refilling the stock from the field (S.refill) whenever it runs out. `after(card,
-- refilled, ctx)` is called after each card (refilled: cards reshuffled just before it, 0 if
-- none; ctx: passed through, e.g. the game, so `after` need not be a new closure); when it returns
-- true the drawing stops there (e.g. a hand that reached its limit). Returns the list of cards
-- drawn (shorter than n if stock and field ran dry or `after` stopped it).
function S.draw(stock, field, hand, n, after, ctx)
  local got = {}
  for _ = 1, n do
    local refilled = S.refill(stock, field)
    if #stock == 0 then break end
    local c = stock:top()
    stock:move_top(hand)
    got[#got + 1] = c
    if after and after(c, refilled, ctx) then break end
  end
  return got
end

---------------------------------------------------------------------------------------------------
-- Naming suits with a wild card. A named set is a string of suit letters in s h d c order
-- ("sd"); "" is "no suit named".

-- S.suit_sets(min, max) -> every named set with min..max suits, as strings, smallest first,
-- each in s h d c order: S.suit_sets(0, 1) == { "", "s", "h", "d", "c" }.
function S.suit_sets(min, max)
  local out = {}
  for size = min, max do
    for mask = 0, 15 do
      local set, n = {}, 0
      for i = 1, 4 do
        if mask & (1 << (i - 1)) ~= 0 then n = n + 1; set[#set + 1] = S.SUITS[i] end
      end
      if n == size then out[#out + 1] = table.concat(set) end
    end
  end
  return out
end

-- S.name_moves(prefix, sets) -> the moves that play a wild card naming each set:
-- S.name_moves("play Jh", { "", "sd" }) == { "play Jh", "play Jh name s d" }.
-- The list is made once per prefix and sets table, then shared (do not change it).
local NAME_MOVES = {} -- sets -> prefix -> moves
function S.name_moves(prefix, sets)
  local by_prefix = NAME_MOVES[sets]
  if not by_prefix then by_prefix = {}; NAME_MOVES[sets] = by_prefix end
  local out = by_prefix[prefix]
  if out then return out end
  out = {}
  for i, set in ipairs(sets) do
    if set == "" then out[i] = prefix
    else out[i] = prefix .. " name " .. set:gsub(".", "%0 "):sub(1, -2) end
  end
  by_prefix[prefix] = out
  return out
end

-- S.in_set(card, set) -> true when the card's suit is in the named set.
function S.in_set(card, set)
  local s = SUIT[card]
  return s ~= nil and set:find(s, 1, true) ~= nil
end

-- S.set_text(set) -> "spades and diamonds", "any suit" for all four, "no suit" for "".
function S.set_text(set)
  if set == "" then return "no suit" end
  if #set == 4 then return "any suit" end
  local names = {}
  for c in set:gmatch(".") do names[#names + 1] = S.SUIT_NAME[c] end
  if #names == 1 then return names[1] end
  return table.concat(names, ", ", 1, #names - 1) .. " and " .. names[#names]
end

---------------------------------------------------------------------------------------------------
-- Turn order.

-- S.after_skips(g, seat, k) -> the seat that plays after `seat` when k players are skipped (in
-- the current direction g.dir). With 2 players and k odd this is `seat` itself.
function S.after_skips(g, seat, k)
  return g:next(seat, 1 + (k or 0))
end

-- S.skipped(g, seat, k) -> who k skips after `seat` pass over, by name: "Seat 3", "Seat 3 and
-- Seat 4", "Seat 2, Seat 3 and Seat 4"; a seat passed over more than once is named once with how
-- often ("Seat 2 twice", with 2 players).
function S.skipped(g, seat, k)
  local order, count = {}, {}
  for i = 1, k do
    local s = g:next(seat, i)
    if not count[s] then order[#order + 1] = s end
    count[s] = (count[s] or 0) + 1
  end
  local names = {}
  for i, s in ipairs(order) do
    local n = count[s]
    names[i] = g:name(s) .. (n == 1 and "" or n == 2 and " twice" or (" %d times"):format(n))
  end
  if #names == 1 then return names[1] end
  return table.concat(names, ", ", 1, #names - 1) .. " and " .. names[#names]
end

-- S.reverse(g [, times]) -> turns the direction around `times` times (default 1); with 2 seats a
-- reverse changes nothing, and the function does nothing. Returns true when g.dir changed.
function S.reverse(g, times)
  times = times or 1
  if g.seats <= 2 or times % 2 == 0 then return false end
  g.dir = -g.dir
  return true
end


---------------------------------------------------------------------------------------------------
-- Stacked draw penalties (a 2 adds to what the next player must draw). The amount lives in a
-- game variable whose name is given, so each game keeps its own.

-- S.stack_penalty(g, var, n) -> adds n cards to the pending penalty g.var[var]; returns the new
-- amount (Zun: two 2s played at once stack 4).
function S.stack_penalty(g, var, n)
  local v = g.var
  v[var] = v[var] + n
  return v[var]
end

-- S.take_penalty(g, var, stock, field, hand [, after [, ctx]]) -> the pending penalty g.var[var] is drawn
-- onto `hand` (with S.draw, so the field refills the stock) and set back to 0. Returns the list of
-- cards drawn.
function S.take_penalty(g, var, stock, field, hand, after, ctx)
  local v = g.var
  local n = v[var]
  v[var] = 0
  if n <= 0 then return {} end
  return S.draw(stock, field, hand, n, after, ctx)
end

---------------------------------------------------------------------------------------------------
-- Plays of one or more cards of one rank.

-- S.rank_plays(cards, ok, max [, spec [, ctx [, out]]]) -> the moves that play 1..max cards of
-- one rank from the list `cards` (a hand), as "verb c1 c2 ...", ranks in increasing order (Joker
-- first): c1 is the bottom card and must satisfy ok(c1, ctx); the others follow in every order,
-- the last listed ending on top. Duplicate names (two jokers) give each move once. max = 1 gives
-- the one-card plays. spec (a table made once, e.g. at load time) may set verb (default "play"),
-- and wild and sets: a play of rank `wild` comes as one move per named set (S.name_moves). The
-- moves are appended to `out` (a new list without it), which is returned.
--
-- The moves of one rank depend only on its cards, max and which cards may go at the bottom: they
-- are made once, kept in a tree (spec -> card -> card ... -> max and bottoms) and looked up after.
local PLAIN = {}
local GROUP_PLAYS = {}

-- Every move of the rank group `group` (sorted): bottom cards are those whose bit is set in
-- `bottoms` (bit i-1 for group[i]), at most m cards a move.
local function make_group_plays(group, m, bottoms, spec)
  local verb = spec.verb or "play"
  local plays, seen, used, seq = {}, {}, {}, {}
  local function rec()
    local mv = verb .. " " .. table.concat(seq, " ")
    if not seen[mv] then seen[mv] = true; plays[#plays + 1] = mv end
    if #seq >= m then return end
    for i = 1, #group do
      if not used[i] then
        used[i] = true; seq[#seq + 1] = group[i]
        rec()
        seq[#seq] = nil; used[i] = nil
      end
    end
  end
  for i = 1, #group do
    if bottoms & (1 << (i - 1)) ~= 0 then
      used[i] = true; seq[1] = group[i]
      rec()
      seq[1] = nil; used[i] = nil
    end
  end
  if spec.wild == nil or RANK[group[1]] ~= spec.wild then return plays end
  local out = {}
  for _, mv in ipairs(plays) do
    for _, named in ipairs(S.name_moves(mv, spec.sets)) do out[#out + 1] = named end
  end
  return out
end

-- The moves that play the lone card c of its rank.
local SINGLE_PLAYS = {} -- spec -> card -> moves
local function single_plays(spec, c)
  local node = SINGLE_PLAYS[spec]
  if not node then node = {}; SINGLE_PLAYS[spec] = node end
  local plays = node[c]
  if not plays then
    plays = make_group_plays({ c }, 1, 1, spec)
    node[c] = plays
  end
  return plays
end

-- The moves of the group (sorted cards of one rank, k of them), from the tree or made now.
local function group_plays(group, k, ok, max, spec, ctx)
  local m = max < k and max or k
  if m < 1 then return nil end
  local bottoms = 0
  for i = 1, k do
    if ok(group[i], ctx) then bottoms = bottoms | (1 << (i - 1)) end
  end
  if bottoms == 0 then return nil end
  local node = GROUP_PLAYS[spec]
  if not node then node = {}; GROUP_PLAYS[spec] = node end
  for i = 1, k do
    local c = group[i]
    local child = node[c]
    if not child then child = {}; node[c] = child end
    node = child
  end
  local key = m << 16 | bottoms
  local plays = node[key]
  if not plays then
    plays = make_group_plays(group, m, bottoms, spec)
    node[key] = plays
  end
  return plays
end

-- LOW_RANK[bit]: the rank r of the single bit 1 << r (to walk the ranks present, lowest first).
local LOW_RANK = {}
for r = 0, 13 do LOW_RANK[1 << r] = r end

-- Scratch: the first card of each rank in `cards`, written by each call before it is read.
local FIRST = {}

function S.rank_plays(cards, ok, max, spec, ctx, out)
  spec = spec or PLAIN
  out = out or {}
  local present, several = 0, 0 -- bit r: rank r is in `cards`; is there more than once
  for i = 1, #cards do
    local c = cards[i]
    local r = RANK[c]
    local bit = 1 << r
    if present & bit == 0 then FIRST[r] = c else several = several | bit end
    present = present | bit
  end
  local n = #out
  while present ~= 0 do
    local bit = present & -present     -- the lowest rank left
    present = present ~ bit
    local r = LOW_RANK[bit]
    local plays
    if several & bit == 0 then         -- a lone card of its rank: one move (or one per set)
      local c = FIRST[r]
      if max >= 1 and ok(c, ctx) then plays = single_plays(spec, c) end
    else
      local group, k = {}, 0
      for i = 1, #cards do
        if RANK[cards[i]] == r then k = k + 1; group[k] = cards[i] end
      end
      table.sort(group)
      plays = group_plays(group, k, ok, max, spec, ctx)
    end
    if plays then
      for i = 1, #plays do n = n + 1; out[n] = plays[i] end
    end
  end
  return out
end

return S
