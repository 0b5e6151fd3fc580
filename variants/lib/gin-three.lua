-- gin-three.lua -- Battle Royale's extras to the Gin family (variants/gin-base.lua): a discard
-- pile each, and three in play (gin-base calls rule.showdown_all when a knock leaves two or more
-- others).
--
--   local three = fuda.import("gin-three")(rule, M)  -- rule: gin-base's, M: its verbs (fuda.moves)
--   three.draw_or_take(g, seat), three.take(g, seat, card): the "draw_each" phase's moves and take;
--   rule.showdown_all and rule.score_all are set (they end the hand with rule.finish)
--
-- A discard pile each (discard_piles = "each"): a turn draws, or takes the top of another seat's
-- pile ("take 7h"); an upcard everybody passed is dead (dead_upcard): nobody takes it.
--
-- Three in play (Battle Royale): after a knock each other seat lays off on the knocker's melds
-- only, never on another's layoffs (a seat's layoffs chain on its own only). The knocker's melds
-- are arranged once, for both: least deadwood, and among the arrangements the engine picks against
-- each of them (gin-layoff.lua's showdown), the one that leaves the two the most deadwood in all.

local G = fuda.import("gin-rules")
local Lay = fuda.import("gin-layoff")
local options = fuda.import("gin-options")
local plural = fuda.plural
local rules, defender_rules, in_play = G.rules, G.defender_rules, G.in_play
local show_arrangement, say_layoffs, best_layoffs = G.show_arrangement, Lay.say, Lay.best_any_order
local rule -- gin-base's, given by the call below
local M    -- gin-base's verbs, given by the call below

-- The seat in play other than `seat` whose discard pile has `card` on top (discard_piles =
-- "each"), or nil.
local function pile_topped(g, seat, card)
  for _, s in ipairs(in_play(g, seat)) do
    if s ~= seat and g:pile("discard", s):top() == card then return s end
  end
  return nil
end

-- discard_piles = "each": seat takes `card`, the top of another seat's pile ("take 7h").
local function take_each(g, seat, card)
  local from = pile_topped(g, seat, card)
  local discard, hand = g:pile("discard", from), g:hand(seat)
  discard:move_top(hand)
  hand:sort()
  g.var.phase, g.var.taken = "discard", card
  g:say("%s takes {%s} from %s's discard pile.", g:name(seat), card, g:name(from):lower())
  g:tally("take:discard")
end

-- discard_piles = "each": draw (while the stock lasts), or take the top of another seat's pile
-- ("take 7h"), theirs from the seat on the right round to the left (a new list each call).
local function draw_or_take_each(g, seat)
  if seat ~= g.turn then return {} end
  local list = #g:pile("stock") > 0 and { M.draw } or {}
  local seats = in_play(g, seat)
  for i = #seats - 1, 1, -1 do
    local top = g:pile("discard", seats[i]):top()
    if top and top ~= g.var.dead then list[#list + 1] = "take " .. top end
  end
  return list
end

-- Three in play: gin wins the others' deadwood together + gin_bonus; a knock wins the sum of the
-- differences; when any other seat has less deadwood than the knocker (or, undercut_on_tie, as
-- much) it is an undercut: the knocker loses undercut_penalty points (Battle Royale's option;
-- 20 without it) and nobody scores.
local function score_all(g, knocker, gin, defenders, kd, dds)
  local o = g.options
  local sum, parts, under, tie = 0, {}, false, false
  for i, dd in ipairs(dds) do
    parts[i] = tostring(gin and dd or dd - kd)
    sum = sum + (gin and dd or dd - kd)
    if dd < kd or (dd == kd and o.undercut_on_tie) then under, tie = true, tie or dd == kd end
  end
  local r
  if gin then
    r = { winner = knocker, kind = "gin", points = sum + o.gin_bonus,
          note = ("gin %s + %d"):format(table.concat(parts, " + "), o.gin_bonus) }
    g:say("%s wins with gin: deadwood %s + gin bonus %d = %s.", g:name(knocker),
          table.concat(parts, " + "), o.gin_bonus, plural(r.points, "point"))
  elseif under then
    local penalty = o.undercut_penalty or 20
    r = { loser = knocker, kind = "undercut", points = penalty, note = ("undercut, knocker -%d"):format(penalty) }
    g:say("%s is undercut (deadwood %d): the knocker loses %s; nobody else scores.",
          g:name(knocker), kd, plural(penalty, "point"))
  else
    r = { winner = knocker, kind = "knock", points = sum, note = ("knock %s"):format(table.concat(parts, " + ")) }
    g:say("%s wins the knock: %s = %s.", g:name(knocker), table.concat(parts, " + "), plural(sum, "point"))
  end
  g:tally(r.kind == "undercut" and tie and "hand:undercut tie" or "hand:" .. r.kind)
  rule.finish(g, r)
end

-- `knocker` has just knocked (or gone gin) with two or more others in play.
local function showdown_all(g, knocker, gin)
  local o = options(g)
  local R = rules(g)
  local allow = (not gin) or o.layoff_after_gin
  local DR = defender_rules(g, (not gin) or o.defender_ace_on_gin)
  local DRR = DR or R
  local defenders = in_play(g, knocker)
  defenders[#defenders] = nil -- the knocker, last
  local khand = g:hand(knocker)
  local shown, outcome
  for _, d in ipairs(defenders) do
    local k = Lay.showdown(R, khand, g:hand(d), { allow = allow, defender_rules = DR }).knocker
    local each, total = {}, 0
    for i, d2 in ipairs(defenders) do
      local hand = g:hand(d2):cards()
      local lo = allow and best_layoffs(DRR, k.melds, k.kinds, hand)
                 or { deadwood = DRR:deadwood(hand), layoffs = {}, rest = hand }
      each[i], total = lo, total + lo.deadwood
    end
    if not outcome or total > outcome.total then shown, outcome = k, { total = total, each = each } end
    if not allow then break end
  end
  g:say("%s %s: %s.", g:name(knocker), gin and "goes gin" or "knocks", show_arrangement(shown))
  local dds = {}
  for i, d in ipairs(defenders) do
    local lo = outcome.each[i]
    say_layoffs(g, { knocker = shown, layoffs = lo.layoffs }, d, gin)
    local res = DRR:melds(lo.rest)
    g:say("%s%s shows %s.", gin and #lo.layoffs == 0 and not allow and "No layoffs against gin; " or "",
          g:name(d), show_arrangement(res))
    dds[i] = lo.deadwood
  end
  score_all(g, knocker, gin, defenders, shown.deadwood, dds)
end

return function(base_rule, verbs)
  rule, M = base_rule, verbs
  rule.showdown_all, rule.score_all = showdown_all, score_all
  return { draw_or_take = draw_or_take_each, take = take_each }
end
