-- shedding.lua -- rules shared by the shedding games (Zun, Dobon): matching by suit or rank,
-- hand totals, drawing with the field reshuffled into the stock, naming suits with a wild card,
-- skips and reverses, stacked draw penalties.
--
-- Load with `local S = fuda.import("shedding")`. Every function is plain: it takes the game
-- object `g`, piles or card lists, and keeps no state of its own (the state lives in `g`).
-- Suits are always listed in the order s h d c.

local S = {}

local rank, suit = fuda.rank, fuda.suit

S.SUITS = { "s", "h", "d", "c" }
S.SUIT_NAME = { s = "spades", h = "hearts", d = "diamonds", c = "clubs" }

---------------------------------------------------------------------------------------------------
-- Matching and totals.

-- S.matches(card, top) -> true when `card` has the suit or the rank of `top`.
function S.matches(card, top)
  return rank(card) == rank(top) or (suit(card) ~= nil and suit(card) == suit(top))
end

-- S.total(cards [, spec]) -> the hand total: the sum of the ranks (A=1 ... K=13, joker 0) of a
-- pile or a list of cards. spec.distinct = true counts each rank once (Zun: 2,3,3,3,5 -> 10);
-- spec.values = { [rank] = value } overrides single ranks.
function S.total(cards, spec)
  if type(cards) ~= "table" then cards = cards:cards() end
  local values = spec and spec.values
  local seen = spec and spec.distinct and {} or nil
  local sum = 0
  for _, c in ipairs(cards) do
    local r = rank(c)
    if not seen or not seen[r] then
      if seen then seen[r] = true end
      sum = sum + ((values and values[r]) or r)
    end
  end
  return sum
end

-- S.count_rank(cards, r) -> how many cards of rank r a pile or list holds.
function S.count_rank(cards, r)
  if type(cards) ~= "table" then cards = cards:cards() end
  local n = 0
  for _, c in ipairs(cards) do if rank(c) == r then n = n + 1 end end
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

-- S.draw(stock, field, hand, n [, after]) -> draws up to n cards one at a time onto `hand`,
-- refilling the stock from the field (S.refill) whenever it runs out. `after(card, refilled)` is
-- called after each card (refilled: cards reshuffled just before it, 0 if none); when it returns
-- true the drawing stops there (e.g. a hand that reached its limit). Returns the list of cards
-- drawn (shorter than n if stock and field ran dry or `after` stopped it).
function S.draw(stock, field, hand, n, after)
  local got = {}
  for _ = 1, n do
    local refilled = S.refill(stock, field)
    if #stock == 0 then break end
    local c = stock:top()
    stock:move_top(hand)
    got[#got + 1] = c
    if after and after(c, refilled) then break end
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
function S.name_moves(prefix, sets)
  local out = {}
  for i, set in ipairs(sets) do
    if set == "" then out[i] = prefix
    else out[i] = prefix .. " name " .. set:gsub(".", "%0 "):sub(1, -2) end
  end
  return out
end

-- S.parse_named(move) -> the named set of a move ("play Jh name s d" -> "sd"), "" when the move
-- names none.
function S.parse_named(move)
  local rest = move:match(" name ([shdc ]+)$")
  if not rest then return "" end
  return (rest:gsub(" ", ""))
end

-- S.in_set(card, set) -> true when the card's suit is in the named set.
function S.in_set(card, set)
  local s = suit(card)
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
  g.var[var] = g.var[var] + n
  return g.var[var]
end

-- S.take_penalty(g, var, stock, field, hand [, after]) -> the pending penalty g.var[var] is drawn
-- onto `hand` (with S.draw, so the field refills the stock) and set back to 0. Returns the list of
-- cards drawn.
function S.take_penalty(g, var, stock, field, hand, after)
  local n = g.var[var]
  g.var[var] = 0
  if n <= 0 then return {} end
  return S.draw(stock, field, hand, n, after)
end

---------------------------------------------------------------------------------------------------
-- Plays of one or more cards of one rank.

-- S.rank_plays(cards, ok, max [, verb]) -> the moves that play 1..max cards of one rank from the
-- list `cards` (a hand), as "verb c1 c2 ...": c1 is the bottom card and must satisfy ok(c1); the
-- others follow in every order, the last listed ending on top. Duplicate names (two jokers) give
-- each move once. verb defaults to "play". max = 1 gives the one-card plays.
function S.rank_plays(cards, ok, max, verb)
  verb = verb or "play"
  local by_rank, ranks = {}, {}
  for _, c in ipairs(cards) do
    local r = rank(c)
    if not by_rank[r] then by_rank[r] = {}; ranks[#ranks + 1] = r end
    table.insert(by_rank[r], c)
  end
  table.sort(ranks)
  local out, seen = {}, {}
  for _, r in ipairs(ranks) do
    local group = by_rank[r]
    table.sort(group)
    local used, seq = {}, {}
    local function rec()
      local mv = verb .. " " .. table.concat(seq, " ")
      if not seen[mv] then seen[mv] = true; out[#out + 1] = mv end
      if #seq >= max then return end
      for i = 1, #group do
        if not used[i] then
          used[i] = true; seq[#seq + 1] = group[i]
          rec()
          seq[#seq] = nil; used[i] = nil
        end
      end
    end
    for i = 1, #group do
      if max >= 1 and ok(group[i]) then
        used[i] = true; seq[1] = group[i]
        rec()
        seq[1] = nil; used[i] = nil
      end
    end
  end
  return out
end

return S
