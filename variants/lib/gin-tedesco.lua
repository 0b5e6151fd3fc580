-- gin-tedesco.lua -- Tedesco's rules over the Gin family's (options of variants/gin-base.lua):
-- knock_taken_melded, after taking the discard a player may knock that turn only with that card in
-- a meld, and the knock is shown and scored so; stock_out = "score", a turn that starts with an
-- empty stock ends the hand, scored on both hands' deadwood.
--
--   local tedesco = fuda.import("gin-tedesco")(M, rule)  -- M: the verbs (fuda.moves), rule: gin-base's
--   tedesco.knocks_with_taken(g, seat, list), tedesco.knock_barred(g, seat); rule.meld_taken and
--   rule.stock_out are set (the stock-out ends the hand with rule.finish)

local G = fuda.import("gin-rules")
local options = fuda.import("gin-options")
local tally_aces = fuda.import("gin-tally").aces
local plural = fuda.plural
local RANK, rules, rules_for, show_arrangement = G.RANK, G.rules, G.rules_for, G.show_arrangement
local melds_through, without, deadwood_with = G.melds_through, G.without, G.deadwood_with
local best_layoffs = fuda.import("gin-layoff").best_any_order
local M    -- the verbs, given by the call below
local rule -- gin-base's, given by the call below

-- knock_taken_melded: drop the knocks that would leave the card just taken out of every meld.
local function knocks_with_taken(g, seat, list)
  local v, R, ace = g.var, rules(g), options(g).ace
  local hand = g:hand(seat):cards()
  local kept = {}
  for _, mv in ipairs(list) do
    local read = M.read[mv]
    if read[1] == "knock" then
      local card = read[2]
      local rest = {}
      for _, c in ipairs(hand) do
        if c ~= card then rest[#rest + 1] = c end
      end
      local d = deadwood_with(R, rest, v.taken, ace)
      if d and d <= v.limit then kept[#kept + 1] = mv end
    else
      kept[#kept + 1] = mv
    end
  end
  return kept
end

-- Would this discard turn have offered a knock but for knock_taken_melded?
local function knock_barred(g, seat)
  local v = g.var
  local all = rules(g):discard_moves(g:hand(seat), v.taken, v.limit)
  return #knocks_with_taken(g, seat, all) < #all
end

-- knock_taken_melded (Tedesco §6): a knock after taking the discard is shown and scored with the
-- taken card in a meld. `res` is the least-deadwood showdown (gin-layoff.lua's); when it leaves `taken`
-- loose, the knocker's hand is arranged again: among the arrangements that meld `taken`, the least
-- deadwood, and of those the one that leaves the defender the most after its layoffs (DR counts
-- the defender's cards).
local function meld_taken(g, R, DR, knocker, defender, taken, allow, res)
  local loose = false
  for _, c in ipairs(res.knocker.dead) do
    if c == taken then loose = true end
  end
  if not loose then return res end
  local hand, dhand = g:hand(knocker):cards(), g:hand(defender):cards()
  local best
  for _, m in ipairs(melds_through(hand, taken, options(g).ace)) do
    local r = R:melds(without(hand, m))
    local melds, kinds = { m }, { RANK[m[1]] == RANK[m[2]] and "set" or "run" }
    for i, mm in ipairs(r.melds) do melds[i + 1], kinds[i + 1] = mm, r.kinds[i] end
    local k = { deadwood = r.deadwood, melds = melds, kinds = kinds, dead = r.dead }
    local lo = allow and best_layoffs(DR, melds, kinds, dhand)
               or { deadwood = DR:deadwood(dhand), layoffs = {}, rest = dhand }
    if not best or k.deadwood < best.k.deadwood
       or (k.deadwood == best.k.deadwood and lo.deadwood > best.lo.deadwood) then
      best = { k = k, lo = lo }
    end
  end
  if not best then return res end -- no meld through it: the knock was not offered (moves hook)
  g:tally("knock:shown with the taken card melded")
  return { knocker = best.k, defender = DR:melds(best.lo.rest), layoffs = best.lo.layoffs,
           deadwood = best.lo.deadwood }
end

-- The stock is empty when a turn starts (stock_out = "score", Tedesco): both hands are shown with
-- aces at stock_out_ace_value; the lower deadwood wins the difference; equal: nobody scores.
local function stock_out(g, seat)
  local o = g.options
  local R = rules_for(g, o.stock_out_ace_value)
  local other = g:next(seat)
  local a, b = R:melds(g:hand(seat)), R:melds(g:hand(other))
  g:say("The stock is empty: the hand ends. %s shows %s.", g:name(seat), show_arrangement(a))
  g:say("%s shows %s.", g:name(other), show_arrangement(b))
  tally_aces(g, a, o.stock_out_ace_value, "stock out:ace in deadwood")
  tally_aces(g, b, o.stock_out_ace_value, "stock out:ace in deadwood")
  if a.deadwood == b.deadwood then
    g:say("Equal deadwood (%d): nobody scores.", a.deadwood)
    g:tally("hand:stock out tie")
    g:score(g.var.dealer, 0, "stock out, equal")
    return rule.finish(g, { kind = "stock out", note = "stock out, equal" })
  end
  local w, l, wd, ld = seat, other, a.deadwood, b.deadwood
  if wd > ld then w, l, wd, ld = other, seat, b.deadwood, a.deadwood end
  g:say("%s has less deadwood: %d - %d = %s.", g:name(w), ld, wd, plural(ld - wd, "point"))
  g:tally("hand:stock out")
  rule.finish(g, { winner = w, loser = l, kind = "stock out", points = ld - wd,
                   note = ("stock out %d"):format(ld - wd) })
end

return function(verbs, base_rule)
  M, rule = verbs, base_rule
  rule.meld_taken, rule.stock_out = meld_taken, stock_out
  return { knocks_with_taken = knocks_with_taken, knock_barred = knock_barred }
end
