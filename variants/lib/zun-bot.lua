-- zun-bot.lua -- the bots of Zun (variants/zun.lua): basic and careful.
--
--   local bots = fuda.import("zun-bot")(zun)  -- zun: what the rules file shares with its bots:
--     R (its rules: field_rule, top_number, can_zun, can_counter), M (its verbs), fits(card, rule),
--     list_of(text), sc_of(hand), TOTAL (the hand-total rule)
--   bots.basic, bots.careful
--
-- Both declare zun when the score would be positive, and in a turn answer 2s, keep 8s and Jokers
-- for need, and otherwise play most cards, toward a hand total they could zun with; careful also
-- weighs how likely a play feeds another seat's zun.

local S = fuda.import("shedding")
local RANK, SUIT = S.RANK, S.SUIT
local R, M, fits, list_of, sc_of, TOTAL -- zun.lua's, given by the call below


-- The chance that a hand of h cards dealt at random from the 52 cards and j Jokers totals t (t =
-- 0..13), for h = 1..10 and j = 0..2: TOTAL_CHANCE[j][h][t]. Counted once, rank by rank, over how
-- many cards of each rank a hand holds (the total counts a rank once): ways[k][t] is the number of
-- ways to pick k cards of the ranks counted so far with total t (14 standing for "above 13").
local TOTAL_CHANCE -- made by total_chance() when a bot first asks, not at every load (a random
                   -- sim or a check's fresh engine never needs it)
local function total_chance()
  if TOTAL_CHANCE then return TOTAL_CHANCE end
  local T = {} -- (kept only once whole: a limit may stop the counting)
  local MAX_H = 10
  local function choose(n, k)
    if k < 0 or k > n then return 0 end
    local c = 1
    for i = 1, k do c = c * (n - k + i) / i end
    return c
  end
  local function zeros()
    local t = {}
    for k = 0, MAX_H do t[k] = {} for x = 0, 14 do t[k][x] = 0 end end
    return t
  end
  for jokers = 0, 2 do
    local ways = zeros()
    ways[0][0] = 1
    for r = 0, 13 do
      local copies, nxt = r == 0 and jokers or 4, zeros()
      for k = 0, MAX_H do
        for x = 0, 14 do
          local w = ways[k][x]
          for c = 0, w > 0 and math.min(copies, MAX_H - k) or -1 do
            local y = c > 0 and math.min(14, x + r) or x
            nxt[k + c][y] = nxt[k + c][y] + w * choose(copies, c)
          end
        end
      end
      ways = nxt
    end
    T[jokers] = {}
    for h = 1, MAX_H do
      T[jokers][h] = {}
      for x = 0, 13 do T[jokers][h][x] = ways[h][x] / choose(52 + jokers, h) end
    end
  end
  TOTAL_CHANCE = T
  return T
end

-- How likely another seat can zun on a card numbered `num` that `seat` places: the sum, over the
-- other seats, of the chance that a random hand as big as theirs totals num (it reads only how many
-- cards they hold).
local function feeding(g, seat, num)
  local p, chance = 0, total_chance()[g.options.jokers]
  for o = 1, g.seats do
    local h = o ~= seat and #g:hand(o) or 0
    if h >= 1 and h <= 10 then p = p + chance[h][num] end
  end
  return p
end

-- The claim window: declare when the score would be positive.
local function claim_move(g, seat, moves)
  local v, window = g.var, g.claim
  local has_zun = false
  for _, m in ipairs(moves) do if m == M.zun then has_zun = true end end
  if not has_zun then return moves[1] end
  local num = R.top_number(g)
  local ok = (window == "zun") and R.can_zun(g, seat, num) or (window == "kaeshi" and R.can_counter(g, seat, num))
  if not ok then return M.pass end
  -- pays: something to take from someone
  local losers = {}
  if window == "kaeshi" then losers = list_of(v.winners)
  elseif v.window_tenhou or v.top_owner == 0 then
    for s = 1, g.seats do if s ~= seat then losers[#losers + 1] = s end end
  else losers = { v.top_owner } end
  for _, l in ipairs(losers) do if sc_of(g:hand(l)) > 0 then return M.zun end end
  return M.pass
end

-- A turn: answers 2s, keeps 8s and Jokers for need, otherwise plays (most cards, a hand total it
-- could zun with, specials that hurt the next player). With `wary` > 0 a play also loses wary times
-- the chance that it feeds another seat's zun (feeding), and a draw scores 0: when every play is
-- that risky, it draws. With `shed` > 0 a play scores shed times the points its cards count in
-- the hand (10 for a 10 to a K) instead of 10 a card: what a seat pays when another zuns on its
-- card is what its hand counts, so the big cards go first.
local function turn_move(g, seat, moves, wary, shed)
  local v = g.var
  local held = g:hand(seat):cards()
  local rule, pending = R.field_rule(g), v.pending > 0
  -- Read once from the hand: its total, how many cards of each rank and of each suit it holds.
  -- A play is of one rank, so the hand left has the same ranks unless it plays them all.
  local total, of_rank, of_suit = S.total(held, TOTAL), {}, {}
  for j = 1, #held do
    local c = held[j]
    of_rank[RANK[c]] = (of_rank[RANK[c]] or 0) + 1
    local s = SUIT[c]
    if s and s ~= "" then of_suit[s] = (of_suit[s] or 0) + 1 end
  end
  local best, best_score = nil, -math.huge
  for i = 1, #moves do
    local m = moves[i]
    local sc
    if m == M.draw then
      sc = 0
    else
      local _, cards, named = M.parse(m)
      local r = RANK[cards[1]]
      sc = (shed > 0 and 0 or 10) * #cards + 1
      if not fits(cards[1], rule) then sc = -math.huge end   -- a chombo (option): never
      -- the hand left: its total should be one the field can show (1..13)
      local t = of_rank[r] == #cards and total - r or total
      if t >= 1 and t <= 13 then sc = sc + 20 end
      if pending then
        sc = sc + (r == 2 and 30 or r == 0 and 20 or 10)
      else
        if r == 8 or r == 0 then sc = sc - 25 end
        if r == 2 then sc = sc + 8 elseif r == 1 or r == 5 then sc = sc + 4 elseif r == 9 then sc = sc + 2 end
      end
      if r == 8 and #(named or "") <= 1 then
        -- name one suit (or none), the one the bot holds most of afterwards (ties: the first in
        -- letter order); a move naming two suits never gets the bonus
        for _, c in ipairs(cards) do of_suit[SUIT[c]] = of_suit[SUIT[c]] - 1 end
        local want, most = "", 0
        for s, n in pairs(of_suit) do
          if n > most or (n == most and s < want) then want, most = s, n end
        end
        for _, c in ipairs(cards) do of_suit[SUIT[c]] = of_suit[SUIT[c]] + 1 end
        if (named or "") == want then sc = sc + 3 end
      end
      if wary > 0 then sc = sc - wary * feeding(g, seat, r) end
      if shed > 0 then sc = sc + shed * (r >= 10 and 10 or r) * #cards end
    end
    if sc > best_score then best, best_score = m, sc end
  end
  return best or moves[1]
end

-- basic: declares when the score would be positive; in its turn, turn_move without care for what
-- the others hold.
local function basic_bot(g, seat, moves)
  if g.claim then return claim_move(g, seat, moves) end
  return turn_move(g, seat, moves, 0, 0)
end

-- careful: with two seats, basic but for one thing: it will not give the other seat, when that
-- seat holds few cards, a number its hand may total; against one or two cards most plays are
-- that risky, so it draws instead and lets the other seat place the cards. Against basic it wins
-- some 57% of the matches and 65% of the hands, and hands last some three times as long
-- (docs/performance.md). With more seats it does not hold back (the others feed one another
-- anyway, and holding back only swells its own hand: it won 8% of 3-seat matches against two
-- basics) but sheds its big cards first (SHED a point of the cards, not 10 a card: first in
-- 28.3% of 4,000 4-seat matches against three basics, where basic's share is 25%, and 39.4% of
-- 3-seat ones against two; docs/performance.md).
local CAREFUL, SHED = 1000, 4
local function careful_bot(g, seat, moves)
  if g.claim then return claim_move(g, seat, moves) end
  if g.seats == 2 then return turn_move(g, seat, moves, CAREFUL, 0) end
  return turn_move(g, seat, moves, 0, SHED)
end

return function(zun)
  R, M, fits, list_of, sc_of, TOTAL = zun.R, zun.M, zun.fits, zun.list_of, zun.sc_of, zun.TOTAL
  return { basic = basic_bot, careful = careful_bot }
end
