-- gin-bot.lua -- the basic bot of the Gin family (variants/gin-base.lua and its presets).
--
-- fuda.import("gin-bot")(rules, M) -> the bot: rules(g) gives a game's meld rules, M the verbs
-- gin declared (fuda.moves). The bot goes gin at once. In a game of two seats whose undercut
-- pays, it waits with a low hand instead of knocking (see `holds`); else it knocks whenever it
-- may. It discards for least deadwood, keeping near-melds; it takes the discard only when that
-- card then sits in a meld and its deadwood drops. With a discard pile each (Battle Royale) it
-- weighs the top of each pile it may take ("take 7h") and takes the one that leaves least
-- deadwood. (Layoffs after a knock are the rules' business: the engine lays off the most it can,
-- on the knocker's melds only.) docs/performance.md has what each rule bought, measured against
-- the baseline bot `simple` (variants/gin-simple.lua).

local G = fuda.import("gin-rules")
local RANK, SUIT = G.RANK, G.SUIT  -- card -> rank, suit
local ALL = {}                     -- the 52 cards
for _, s in ipairs{ "s", "h", "d", "c" } do
  for r = 1, 13 do ALL[#ALL + 1] = fuda.make(r, s) end
end

-- NEAR[c]: the cards `c` could later meld with: same rank, or same suit within two ranks.
local NEAR = {}
for _, c in ipairs(ALL) do
  local list = {}
  for _, h in ipairs(ALL) do
    if h ~= c and (RANK[h] == RANK[c] or (SUIT[h] == SUIT[c] and math.abs(RANK[h] - RANK[c]) <= 2)) then
      list[#list + 1] = h
    end
  end
  NEAR[c] = list
end
NEAR.Jk = {} -- a joker is near everything already: keeping it is the discard rule's business

local function nearness(held, c)
  local n, near = 0, NEAR[c]
  for i = 1, #near do
    if held[near[i]] then n = n + 1 end
  end
  return n
end

-- Does the bot hold rather than knock with `card`: in a game of two seats (a table of two, in
-- Partnership), when the hand left, counted as the defender's would be if the other seat knocked
-- (Tedesco: aces 15), has deadwood undercut_bonus / 2 or less? Such a hand is near gin and
-- would undercut a knock, which pays the bonus; an opponent who knocks early walks into it.
-- Measured against `simple` (docs/performance.md): with the Official bonus of 20 (it holds any
-- knock then, so it knocks only by going gin) basic won 66.0% of matches, where knocking at once
-- won 53.5% and holding up to 2, 4, 6, 8 won 57.8, 60.2, 61.9, 64.5%; with a bonus of 10
-- (gin-bicycle, gin-intro) holding up to 5 won 56.6%, up to 3 56.4%, 7 53.3%, always 45.4%. With
-- three seats (Battle Royale, Cutthroat, Chouette) holding loses: there an undercut pays nobody,
-- or a hand lost sits the loser out.
local function holds(g, seat, card)
  if g.seats ~= 2 then return false end
  local rest, hand = {}, g:hand(seat):cards()
  for i = 1, #hand do
    if hand[i] ~= card then rest[#rest + 1] = hand[i] end
  end
  local R = G.defender_rules(g, true) or G.rules(g)
  return R:deadwood(rest) <= g.options.undercut_bonus // 2
end

return function(rules, M)
  local READ = M.read -- move text -> { verb, card }

  -- Is taking `card` worth it: after it and the best other discard (least deadwood, then the
  -- highest card), is `card` in a meld of the hand's least-deadwood arrangement, and the deadwood
  -- lower than the hand's now? A card that only lowers the deadwood is left: the stock's card may
  -- make a meld (against `simple` that rule alone took basic from 46.7% to 53.5% of matches).
  -- Every take lowers the taker's deadwood, so two bots cannot trade discards forever. The second
  -- result: the deadwood left after the take and the best discard (-1: a gin at once).
  local function worth_taking(g, seat, card)
    if not card then return false end
    local R = rules(g)
    local hand = g:hand(seat):cards()
    local n = #hand
    hand[n + 1] = card
    if g.options.meld_shapes ~= "any" then -- a gin at once (least deadwood may not tell: shapes)
      local list = R:discard_moves(hand, card)
      for i = 1, #list do
        if READ[list[i]][1] == "gin" then return true, -1 end
      end
    end
    local _, after = R:discard_list(hand) -- deadwood after discarding hand[i]
    local before = after[n + 1]           -- discarding `card` again: the hand as it is
    local best, bestc = math.huge, nil
    for i = 1, n do
      local c = hand[i]
      local d = after[i]
      if d < best or (d == best and RANK[c] > RANK[bestc]) then best, bestc = d, c end
    end
    if best >= before then return false, best end
    local kept = {}
    for i = 1, n + 1 do
      if hand[i] ~= bestc then kept[#kept + 1] = hand[i] end
    end
    local melds = R:melds(kept).melds
    for i = 1, #melds do
      local m = melds[i]
      for j = 1, #m do
        if m[j] == card then return true, best end
      end
    end
    return false, best
  end

  -- discard_piles = "each": of the moves "take C", the one worth taking that leaves least
  -- deadwood (nil: none is worth it; `forced`: none other, the first will do).
  local function best_take(g, seat, moves, forced)
    local pick, least
    for i = 1, #moves do
      local mv = moves[i]
      if mv:sub(1, 5) == "take " then
        local ok, d = worth_taking(g, seat, mv:sub(6))
        if (ok or forced) and (not least or d < least) then pick, least = mv, d end
      end
    end
    return pick
  end

  -- The discard turn: gin at once; else knock when allowed, with the discard leaving least
  -- deadwood (then the highest card), unless the bot holds that hand (`holds`); else a discard
  -- leaving least deadwood, keeping near-melds (pairs, two-card runs) and throwing the highest
  -- card. A wild joker is never thrown away (unless to go gin or knock): it would soon meld, and
  -- the other player would take it.
  local function discard(g, seat, moves)
    local after = rules(g):discards(g:hand(seat)) -- card -> deadwood after discarding it
    local keep = g.options.jokers > 0 and "Jk" or nil
    local knock, kd, kr, kc
    local least = math.huge
    for i = 1, #moves do
      local mv = moves[i]
      local read = READ[mv]
      local verb, c = read[1], read[2]
      local d = after[c]
      if verb == "gin" then
        return mv
      elseif verb == "knock" then
        if not knock or d < kd or (d == kd and RANK[c] > kr) then knock, kd, kr, kc = mv, d, RANK[c], c end
      elseif d < least and c ~= keep then
        least = d
      end
    end
    if knock and not holds(g, seat, kc) then return knock end
    local held = after -- its keys are the cards in hand
    local best, bn, br
    for i = 1, #moves do
      local mv = moves[i]
      local c = READ[mv][2]
      if after[c] == least and c ~= keep then
        local n, r = nearness(held, c), RANK[c]
        if not best or n < bn or (n == bn and r > br) then best, bn, br = mv, n, r end
      end
    end
    return best
  end

  return function(g, seat, moves)
    local phase = g.var.phase
    if phase == "discard" then return discard(g, seat, moves) end
    if phase == "draw_each" then
      local draw = moves[1] == M.draw and M.draw or nil
      return best_take(g, seat, moves, not draw) or draw
    end
    -- The upcard offer or a normal draw: take the discard when it helps, else draw (or pass).
    local can_take, other = false, nil
    for i = 1, #moves do
      if moves[i] == M.take then can_take = true else other = moves[i] end
    end
    if not can_take then return other or moves[1] end
    if not other then return M.take end
    -- the upcard (on the dealer's pile, with a pile each) or the discard pile's top
    local pile = phase ~= "draw" and g.options.discard_piles == "each" and g:pile("discard", g.var.dealer)
                 or g:pile("discard")
    if worth_taking(g, seat, pile:top()) then return M.take end
    return other
  end
end
