-- Gin Rummy for two players: the base the presets (gin, gin-bicycle, gin-intro) build on.
--
-- Sources: the rule documents shared/seeds/gin-rummy-intro.ja.txt, gin-rummy-and-variants.ja.txt and the
-- Gin Rummy section of RULINGS.md. Every number and every reading the documents leave open is an
-- option below; a preset is this file with other option values.

local show, rank, suit = fuda.show, fuda.rank, fuda.suit
local match = fuda.import("match")

---------------------------------------------------------------------------------------------------
-- Cards and move strings, made once (the hooks only look them up).

local SUITS = { "s", "h", "d", "c" }
local ALL = {}                          -- the 52 cards
local DISCARD, KNOCK, GIN = {}, {}, {}  -- card -> move string
local VERB, CARD = {}, {}               -- move string -> verb, card
local RANK, SUIT = {}, {}               -- card -> rank, suit
for _, s in ipairs(SUITS) do
  for r = 1, 13 do
    local c = fuda.make(r, s)
    ALL[#ALL + 1] = c
    RANK[c], SUIT[c] = r, s
    DISCARD[c], KNOCK[c], GIN[c] = "discard " .. c, "knock " .. c, "gin " .. c
    VERB[DISCARD[c]], VERB[KNOCK[c]], VERB[GIN[c]] = "discard", "knock", "gin"
    CARD[DISCARD[c]], CARD[KNOCK[c]], CARD[GIN[c]] = c, c, c
  end
end

do -- the jokers of a Celebes deck
  local c = "Jk"
  RANK[c], SUIT[c] = 0, ""
  DISCARD[c], KNOCK[c], GIN[c] = "discard " .. c, "knock " .. c, "gin " .. c
  VERB[DISCARD[c]], VERB[KNOCK[c]], VERB[GIN[c]] = "discard", "knock", "gin"
  CARD[DISCARD[c]], CARD[KNOCK[c]], CARD[GIN[c]] = c, c, c
end

-- Meld rules, compiled once per spec: the hand's rules, the defender's when a knock is scored
-- (Tedesco: aces 15) and both players' when the stock runs out (Tedesco: aces 15). With jokers
-- they are wild (a joker left in deadwood counts joker_value); meld_shapes = "celebes" limits gin
-- to Celebes Rum's shapes.
local SHAPES = { celebes = { { 4, 3, 3, 3 }, { 5, 5, 3 }, { 5, 4, 4 } } }
local RULES = {}
local function rules_for(g, ace_value, tame)
  local o = g.options
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
      spec.gin_shapes, spec.gin_natural_run = SHAPES[o.meld_shapes], 4
    end
    R = fuda.rules(spec)
    RULES[key] = R
  end
  return R
end

local last_g, last_rules
local function rules(g)
  if g == last_g then return last_rules end
  last_g, last_rules = g, rules_for(g, g.options.ace_value)
  return last_rules
end

-- The loser's rules when a hand is scored (`aces`: with defender_ace_value). nil: the hand's.
local function defender_rules(g, aces)
  local o = g.options
  local tame = o.jokers > 0 and o.loser_jokers == "deadwood"
  if not aces or o.defender_ace_value == 0 then
    return tame and rules_for(g, o.ace_value, true) or nil
  end
  return rules_for(g, o.defender_ace_value, tame)
end

local function name(s) return "Seat " .. s end
local function plural(n, word) return n .. " " .. word .. (n == 1 and "" or "s") end

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

---------------------------------------------------------------------------------------------------
-- The deal.

-- The knock limit an upcard sets (upcard_knock): its value, J/Q/K 10; an ace: gin only.
local function upcard_limit(c)
  local r = RANK[c]
  if r == 1 then return 0 end
  return r > 10 and 10 or r
end

-- Shuffle, deal one at a time starting with the non-dealer; then the next card is the upcard,
-- offered to the non-dealer first, or (first_card = "to_non_dealer") the non-dealer's 11th card.
local function deal(g)
  local o, v = g.options, g.var
  local stock, discard = g:pile("stock"), g:pile("discard")
  for s = 1, g.seats do g:hand(s):move_all(stock) end
  discard:move_all(stock)
  stock:shuffle()
  local dealer = v.dealer
  if dealer == 0 then
    dealer = g:random(g.seats)
    v.dealer = dealer
    g:say("Seat %d is drawn to deal first.", dealer)
  end
  local nd = g:next(dealer)
  local h1, h2 = g:hand(nd), g:hand(dealer)
  for _ = 1, o.hand_size do
    stock:move_top(h1)
    stock:move_top(h2)
  end
  v.taken, v.limit = "", o.knock_limit
  g.turn = nd
  if o.first_card == "to_non_dealer" then
    stock:move_top(h1)
    h1:sort()
    h2:sort()
    v.phase, v.upcard = "discard", ""
    g:tally("deal:extra card")
    g:say("Hand %d: Seat %d deals; Seat %d has the extra card and starts by discarding.", g.hand_no, dealer, nd)
    return
  end
  h1:sort()
  h2:sort()
  stock:move_top(discard)
  local up = discard:top()
  v.upcard = up
  if o.upcard_takers == "both" then
    v.phase = "offer"
  else -- the non-dealer only: "first", take it or draw; or "offer", take it or pass
    v.phase = o.non_dealer_declines == "passing" and "offer" or "first"
  end
  g:say("Hand %d: Seat %d deals; the upcard is {%s}.", g.hand_no, dealer, up)
  if o.upcard_knock then
    v.limit = upcard_limit(up)
    if v.limit == 0 then
      g:say("The upcard is an ace: gin only this hand.")
      g:tally("upcard:gin only")
    else
      g:say("The upcard sets the knock limit: deadwood %d or less.", v.limit)
    end
  end
  if o.spade_double and suit(up) == "s" then g:say("The upcard is a spade: this hand scores double.") end
end

---------------------------------------------------------------------------------------------------
-- The end of a hand.

-- Who deals the next hand: after a won hand the loser, the winner or the next seat (the option
-- next_dealer); after a hand nobody won, the same dealer again (or the next seat: redeal_same_dealer).
local function choose_next_dealer(g, r)
  local how, v = g.options.next_dealer, g.var
  if not r.winner then
    if not g.options.redeal_same_dealer then v.dealer = g:next(v.dealer) end
    return
  end
  if how == "winner" then
    v.dealer = r.winner
  elseif how == "loser" then
    v.dealer = g:next(r.winner)
  else -- "alternate"
    v.dealer = g:next(v.dealer)
  end
end

-- Report the hand's result: the spade double (its own rule), then g:result, where a house rule's
-- result hook may change it and the match format scores it and decides whether the match is over.
local function finish(g, r)
  local o, v = g.options, g.var
  if o.spade_double and r.winner and v.upcard ~= "" and suit(v.upcard) == "s" then
    g:say("The upcard {%s} is a spade: the hand scores double, %d x 2 = %d.", v.upcard, r.points, 2 * r.points)
    g:tally("hand:spade double")
    r.points, r.note = 2 * r.points, r.note .. " x 2 (spade upcard)"
    if o.spade_double_boxes then r.boxes = 2 * (r.boxes or 1) end
  end
  g:result(r)
  v.last_kind, v.last_winner, v.last_points = r.kind, r.winner or 0, r.points
  choose_next_dealer(g, r)
end

-- The stock is down to void_at cards and nobody knocked: no score, the same dealer deals again.
local function void_hand(g, stock)
  local v = g.var
  g:say("The stock is down to %s without a knock: the hand is void%s.", plural(#stock, "card"),
        g.options.redeal_same_dealer and ("; Seat " .. v.dealer .. " deals again") or "")
  g:tally("hand:void")
  g:score(v.dealer, 0, "void")
  finish(g, { kind = "void", note = "void" })
end

-- Tallies for `fuda check`: a run of `res` (a melds result) with an ace next to a king (Q-K-A,
-- K-A-2: ace = "high" or "corner"), and an ace left in its deadwood when `value` (not ace_value)
-- counts it, tallied as `what`.
local function tally_aces(g, res, value, what)
  for i, m in ipairs(res.melds) do
    local ace, king = false, false
    for _, c in ipairs(m) do
      if RANK[c] == 1 then ace = true elseif RANK[c] == 13 then king = true end
    end
    if ace and king and res.kinds[i] == "run" then g:tally("meld:ace next to a king") end
  end
  if value == g.options.ace_value then return end
  for _, c in ipairs(res.dead) do
    if RANK[c] == 1 then return g:tally(what) end
  end
end

-- The stock is empty when a turn starts (stock_out = "score", Tedesco): both hands are shown with
-- aces at stock_out_ace_value; the lower deadwood wins the difference; equal: nobody scores.
local function stock_out(g, seat)
  local o = g.options
  local R = rules_for(g, o.stock_out_ace_value)
  local other = g:next(seat)
  local a, b = R:melds(g:hand(seat)), R:melds(g:hand(other))
  g:say("The stock is empty: the hand ends. Seat %d shows %s.", seat, show_arrangement(a))
  g:say("Seat %d shows %s.", other, show_arrangement(b))
  tally_aces(g, a, o.stock_out_ace_value, "stock out:ace in deadwood")
  tally_aces(g, b, o.stock_out_ace_value, "stock out:ace in deadwood")
  if a.deadwood == b.deadwood then
    g:say("Equal deadwood (%d): nobody scores.", a.deadwood)
    g:tally("hand:stock out tie")
    g:score(g.var.dealer, 0, "stock out, equal")
    return finish(g, { kind = "stock out", note = "stock out, equal" })
  end
  local w, l, wd, ld = seat, other, a.deadwood, b.deadwood
  if wd > ld then w, l, wd, ld = other, seat, b.deadwood, a.deadwood end
  g:say("%s has less deadwood: %d - %d = %d points.", name(w), ld, wd, ld - wd)
  g:tally("hand:stock out")
  finish(g, { winner = w, loser = l, kind = "stock out", points = ld - wd,
              note = ("stock out %d"):format(ld - wd) })
end

-- Count what aces high, round the corner or above 1 did in the arrangements shown (a, b).
local function tally_corner_aces(g, a, b)
  for _, res in ipairs{ a, b } do
    for i, m in ipairs(res.melds) do
      if res.kinds[i] == "run" then
        local has = {}
        for _, c in ipairs(m) do has[RANK[c]] = true end
        if has[1] and has[13] then g:tally(has[2] and "run:round the corner" or "run:ace high") end
      end
    end
    if g.options.ace_value ~= 1 then
      for _, c in ipairs(res.dead) do
        if RANK[c] == 1 then g:tally("deadwood:ace " .. g.options.ace_value) end
      end
    end
  end
end

-- The shape of an arrangement: its meld sizes, largest first ("4-3-3-3").
local function shape_of(res)
  local sizes = {}
  for i, m in ipairs(res.melds) do sizes[i] = #m end
  table.sort(sizes, function(a, b) return a > b end)
  return table.concat(sizes, "-")
end

-- Tallies for `fuda check` where jokers are: in the gin's melds (as what; five of a kind), in the
-- loser's melds, left in the loser's deadwood; and a loser's hand all melded in no gin shape.
local function tally_jokers(g, res, loser)
  for i, m in ipairs(res.melds) do
    for _, c in ipairs(m) do
      if c == "Jk" then
        g:tally((loser and "loser:joker in a " or "gin:joker in a ") .. #m .. "-card " .. res.kinds[i])
      end
    end
    if not loser and #m == 5 and res.kinds[i] == "set" then g:tally("gin:five of a kind") end
  end
  if not loser then return end
  for _, c in ipairs(res.dead) do
    if c == "Jk" then g:tally("loser:joker in deadwood") end
  end
end

-- `knocker` has just discarded and knocked (or gone gin): arrange both hands, lay off, score.
local function showdown(g, knocker, gin)
  local o = g.options
  local defender = g:next(knocker)
  local allow = (not gin) or o.layoff_after_gin
  local R = rules(g)
  local aces_too = (not gin) or o.defender_ace_on_gin
  local res = R:layoff(g:hand(knocker), g:hand(defender),
                       { allow = allow, defender_rules = defender_rules(g, aces_too) })
  local kd, dd = res.knocker.deadwood, res.deadwood
  if o.ace ~= "low" or o.ace_value ~= 1 then tally_corner_aces(g, res.knocker, res.defender) end
  if gin and o.meld_shapes ~= "any" then
    -- Show the gin in its allowed shape (least deadwood alone may arrange it otherwise); no
    -- layoff was laid on those melds (layoff_after_gin is for shapeless gin).
    if not allow then res.knocker = R:gin(g:hand(knocker)) end
    g:tally("gin:" .. shape_of(res.knocker))
  end
  if o.jokers > 0 then
    if gin then tally_jokers(g, res.knocker, false) end
    tally_jokers(g, res.defender, true)
  end
  local shapeless = "" -- the defender's hand all melded, in no gin shape: it counts 0
  if o.meld_shapes ~= "any" and dd == 0 and not R:gin(g:hand(defender)) then
    g:tally("loser:all melded, no gin shape")
    shapeless = " (all melded, but in no gin shape)"
  end

  g:say("Seat %d %s: %s.", knocker, gin and "goes gin" or "knocks", show_arrangement(res.knocker))
  -- Layoffs, in the order the engine lays them (a chain extends the same meld).
  local melds = {}
  for i, m in ipairs(res.knocker.melds) do
    local copy = {}
    for j = 1, #m do copy[j] = m[j] end
    melds[i] = copy
  end
  local laid = {}
  for _, lo in ipairs(res.layoffs) do
    local m = melds[lo.meld]
    g:say("Seat %d lays off {%s} on %s.", defender, lo.card, show(m))
    g:tally(laid[lo.meld] and "layoff:chain" or "layoff")
    if gin then g:tally("layoff:after gin") end
    laid[lo.meld] = true
    if res.knocker.kinds[lo.meld] == "run" and RANK[lo.card] % 13 + 1 == RANK[m[1]] then
      table.insert(m, 1, lo.card) -- a run extended at its low end (K below A round the corner)
    else
      m[#m + 1] = lo.card
    end
  end
  if gin and #res.layoffs == 0 and not allow then
    g:say("No layoffs against gin; Seat %d shows %s%s.", defender, show_arrangement(res.defender), shapeless)
  else
    g:say("Seat %d shows %s%s.", defender, show_arrangement(res.defender), shapeless)
  end

  local r
  if gin then
    r = { winner = knocker, loser = defender, kind = "gin", points = dd + o.gin_bonus,
          note = ("gin %d + %d"):format(dd, o.gin_bonus) }
    g:say("%s wins with gin: deadwood %d + gin bonus %d = %d points.", name(knocker), dd, o.gin_bonus, r.points)
  elseif dd < kd or (dd == kd and o.undercut_on_tie) then
    r = { winner = defender, loser = knocker, kind = "undercut", points = kd - dd + o.undercut_bonus,
          note = ("undercut %d + %d"):format(kd - dd, o.undercut_bonus) }
    g:say("%s undercuts: %d - %d = %d + undercut bonus %d = %d points.",
          name(defender), kd, dd, kd - dd, o.undercut_bonus, r.points)
  else
    r = { winner = knocker, loser = defender, kind = "knock", points = dd - kd, note = ("knock %d"):format(dd - kd) }
    g:say("%s wins the knock: %d - %d = %d points.", name(knocker), dd, kd, r.points)
  end
  g:tally(r.kind == "undercut" and dd == kd and "hand:undercut tie" or "hand:" .. r.kind)
  tally_aces(g, res.knocker, o.ace_value, "")
  local dv = aces_too and o.defender_ace_value > 0 and o.defender_ace_value or o.ace_value
  tally_aces(g, res.defender, dv, (gin and "gin" or r.kind) .. ":defender's ace counted " .. dv)
  if o.box_double and r.kind ~= "knock" then r.boxes = 2 end
  finish(g, r)
end

---------------------------------------------------------------------------------------------------
-- A turn: take the upcard or pass; draw from the stock or take the discard; discard, knock or go gin.

-- The runs of `cards` through `card` (in its suit, ace as the rules allow) and the sets with it,
-- each as a list of cards.
local function melds_through(R, cards, card, ace)
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

-- Least deadwood of `cards` with `card` in one of the melds (nil: it is in none).
local function deadwood_with(R, cards, card, ace)
  local best
  for _, m in ipairs(melds_through(R, cards, card, ace)) do
    local out, rest = {}, {}
    for _, c in ipairs(m) do out[c] = true end
    for _, c in ipairs(cards) do
      if not out[c] then rest[#rest + 1] = c end
    end
    local d = R:deadwood(rest)
    if not best or d < best then best = d end
  end
  return best
end

-- knock_taken_melded: drop the knocks that would leave the card just taken out of every meld.
local function knocks_with_taken(g, seat, list)
  local v, R, ace = g.var, rules(g), g.options.ace
  local hand = g:hand(seat):cards()
  local kept = {}
  for _, mv in ipairs(list) do
    if VERB[mv] == "knock" then
      local rest = {}
      for _, c in ipairs(hand) do
        if c ~= CARD[mv] then rest[#rest + 1] = c end
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

local function moves(g, seat)
  if seat ~= g.turn then return {} end
  local v = g.var
  local phase = v.phase
  if phase == "discard" then
    -- Any card but the one just taken: "discard C"; with it "gin C" when that discard leaves no
    -- deadwood, or "knock C" when it leaves the knock limit or less.
    local list = rules(g):discard_moves(g:hand(seat), v.taken, v.limit > 0 and v.limit or nil)
    if v.taken ~= "" and g.options.knock_taken_melded then return knocks_with_taken(g, seat, list) end
    return list
  elseif phase == "draw" or phase == "first" then
    if #g:pile("stock") > 0 then return { "draw", "take" } end
    return { "take" }
  elseif phase == "offer" or phase == "offer2" then
    return { "take", "pass" }
  elseif phase == "forced" then
    if g.options.both_pass_take then return { "draw", "take" } end
    return { "draw" }
  elseif phase == "passed" then
    if g.options.dealer_takes_passed then return { "draw", "take" } end
    return { "draw" }
  end
  return {}
end

local function play(g, seat, move)
  local v = g.var
  local phase = v.phase
  if move == "draw" then
    local stock, hand = g:pile("stock"), g:hand(seat)
    local c = stock:top()
    stock:move_top(hand)
    hand:sort()
    v.phase, v.taken = "discard", ""
    if phase == "first" then
      g:say("Seat %d declines the upcard and draws from the stock.", seat)
      g:tally("upcard:non-dealer declines")
    else
      g:say("Seat %d draws from the stock.", seat)
    end
    g:tell(seat, "You draw {%s}.", c)
  elseif move == "take" then
    local discard, hand = g:pile("discard"), g:hand(seat)
    local c = discard:top()
    discard:move_top(hand)
    hand:sort()
    v.phase, v.taken = "discard", c
    if phase == "draw" then
      g:say("Seat %d takes {%s} from the discard pile.", seat, c)
      g:tally("take:discard")
    else
      g:say("Seat %d takes the upcard {%s}.", seat, c)
      g:tally((phase == "offer" or phase == "first") and "upcard:non-dealer takes"
              or phase == "offer2" and "upcard:dealer takes"
              or phase == "passed" and "upcard:dealer takes it passed"
              or "upcard:taken after both passed")
    end
  elseif move == "pass" then
    g:say("Seat %d passes on the upcard.", seat)
    if g.options.upcard_takers == "non_dealer" then -- the dealer may not take it: they draw
      v.phase = "passed"
      g:tally("upcard:non-dealer passes")
    else
      v.phase = phase == "offer" and "offer2" or "forced"
      if phase == "offer2" then g:tally("upcard:both pass") end
    end
    g.turn = g:next(seat)
  else
    local verb, c = VERB[move], CARD[move]
    if not verb then error("unknown move " .. move) end
    local o = g.options
    if verb == "knock" and v.taken ~= "" and o.knock_taken_melded then
      g:tally("knock:with the taken card melded")
    elseif verb == "discard" and v.taken ~= "" and o.knock_taken_melded and knock_barred(g, seat) then
      g:tally("knock:barred, the taken card unmelded")
    end
    if o.upcard_knock and verb == "knock" then
      g:tally("knock:limit " .. v.limit)
    elseif o.upcard_knock and verb == "gin" and v.limit == 0 then
      g:tally("gin:ace upcard")
    end
    g:hand(seat):move(c, g:pile("discard"))
    v.taken = ""
    if verb == "discard" then
      g:say("Seat %d discards {%s}.", seat, c)
      local stock = g:pile("stock")
      if o.stock_out == "score" and #stock == 0 then
        stock_out(g, g:next(seat))
      elseif o.stock_out == "void" and #stock <= o.void_at then
        void_hand(g, stock)
      else
        v.phase = "draw"
        g.turn = g:next(seat)
      end
    else
      g:say("Seat %d discards {%s} %s.", seat, c, verb == "gin" and "and goes gin" or "and knocks")
      showdown(g, seat, verb == "gin")
    end
  end
end

---------------------------------------------------------------------------------------------------
-- The bot's helpers.

local function melded_count(R, cards)
  local n = 0
  for _, m in ipairs(R:melds(cards).melds) do n = n + #m end
  return n
end

-- Would taking `card` (and then the best other discard) leave less deadwood? On equal deadwood,
-- take it when it puts more cards in melds (it builds towards gin). Every take the bot makes
-- lowers (deadwood, -melded cards), so two bots cannot trade discards forever.
local function worth_taking(g, seat, card)
  if not card then return false end
  local R = rules(g)
  local hand = g:hand(seat):cards()
  local n = #hand
  hand[n + 1] = card
  if g.options.meld_shapes ~= "any" then -- a gin at once (least deadwood may not tell: shapes)
    local list = R:discard_moves(hand, card)
    for i = 1, #list do
      if VERB[list[i]] == "gin" then return true end
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
  if best ~= before then return best < before end
  local kept = {}
  for i = 1, n + 1 do
    if hand[i] ~= bestc then kept[#kept + 1] = hand[i] end
  end
  hand[n + 1] = nil
  return melded_count(R, kept) > melded_count(R, hand)
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

NEAR["Jk"] = {} -- a joker is near everything already: keeping it is the discard rule's business

local function nearness(held, c)
  local n, near = 0, NEAR[c]
  for i = 1, #near do
    if held[near[i]] then n = n + 1 end
  end
  return n
end

local function basic_bot(g, seat, moves)
  if g.var.phase == "discard" then
    local after = rules(g):discards(g:hand(seat)) -- card -> deadwood after discarding it
    -- Gin at once; else knock whenever allowed, with the discard leaving least deadwood (then
    -- the highest card).
    -- A wild joker is never thrown away (unless to go gin or knock): it would soon meld, and
    -- the other player would take it.
    local keep = g.options.jokers > 0 and "discard Jk" or nil
    local knock, kd, kr
    local least = math.huge
    for i = 1, #moves do
      local mv = moves[i]
      local verb, c = VERB[mv], CARD[mv]
      local d = after[c]
      if verb == "gin" then
        return mv
      elseif verb == "knock" then
        if not knock or d < kd or (d == kd and RANK[c] > kr) then knock, kd, kr = mv, d, RANK[c] end
      elseif d < least and mv ~= keep then
        least = d
      end
    end
    if knock then return knock end
    -- Otherwise a discard leaving least deadwood; among those, keep near-melds (pairs, two-card
    -- runs) and throw the highest card.
    local held = after -- its keys are the cards in hand
    local best, bn, br
    for i = 1, #moves do
      local mv = moves[i]
      local c = CARD[mv]
      if after[c] == least and mv ~= keep then
        local n, r = nearness(held, c), RANK[c]
        if not best or n < bn or (n == bn and r > br) then best, bn, br = mv, n, r end
      end
    end
    return best
  end
  -- The upcard offer or a normal draw: take the discard when it helps, else draw (or pass).
  local can_take, other = false, nil
  for i = 1, #moves do
    if moves[i] == "take" then can_take = true else other = moves[i] end
  end
  if can_take and (not other or worth_taking(g, seat, g:pile("discard"):top())) then
    return "take"
  end
  return other or moves[1]
end

---------------------------------------------------------------------------------------------------
-- The view.

local function who(g, s, seat)
  if s == seat then return "you" end
  return "seat " .. s
end

local function phase_line(g, seat)
  local phase, turn = g.var.phase, g.turn
  local top = g:pile("discard"):top()
  if g.phase == "hand_over" or g.phase == "match_over" then
    phase = g.phase
    local kind, w, p = g.var.last_kind, g.var.last_winner, g.var.last_points
    local head = phase == "match_over" and "Match over" or "Hand over"
    if kind == "void" then return head .. ": the hand was void." end
    if kind == "" then return head .. "." end
    if w == 0 then return ("%s: nobody scored (%s, equal deadwood)."):format(head, kind) end
    local wname = who(g, w, seat)
    return ("%s: %s won %d points by %s."):format(head, wname, p, kind)
  end
  if not turn then return "" end
  local mine = turn == seat
  local actor = mine and "your turn" or ("seat " .. turn .. "'s turn")
  if phase == "offer" or phase == "offer2" then
    return ("%s: take the upcard %s or pass"):format(actor, show(top))
  elseif phase == "forced" and not g.options.both_pass_take then
    return actor .. ": both passed the upcard, draw from the stock"
  elseif phase == "first" then
    return ("%s: take the upcard %s, or decline it and draw from the stock"):format(actor, show(top))
  elseif phase == "passed" then
    if g.options.dealer_takes_passed then
      return ("%s: the upcard was passed, draw or take %s"):format(actor, show(top))
    end
    return ("%s: the upcard was passed, draw from the stock (only the non-dealer may take it)"):format(actor)
  elseif phase == "draw" or phase == "forced" then
    return ("%s: draw or take %s"):format(actor, show(top))
  elseif phase == "discard" then
    local limit = g.var.limit
    local text = actor .. (limit > 0 and (": discard, knock (deadwood " .. limit .. " or less) or gin")
                                      or ": discard or go gin")
    if mine and g.var.taken ~= "" then
      text = text .. " (not " .. show(g.var.taken) .. ", just taken)"
    end
    return text
  end
  return actor
end


-- "[{4h} {5h} {6h}]  [{9s} {9d} {9c}]  {2d} {Kc}   deadwood 12"
-- (After the hand, without the deadwood: layoffs may have lowered it; the events tell.)
local function show_hand(res, over)
  local parts = {}
  for i, m in ipairs(res.melds) do parts[i] = "[" .. show(m) .. "]" end
  if #res.dead > 0 then parts[#parts + 1] = show(res.dead) end
  local text = table.concat(parts, "  ")
  if over then return text end
  return text .. ("   deadwood %d"):format(res.deadwood)
end

-- A hand in the view: as a gin in its shape when it is one (meld_shapes), else least deadwood;
-- a hand all melded in no allowed shape says so (it is not a gin).
local function show_held(g, R, hand, over)
  local res = R:melds(hand)
  if g.options.meld_shapes == "any" or res.deadwood > 0 or #hand ~= g.options.hand_size then
    return show_hand(res, over)
  end
  local gin = R:gin(hand)
  if gin then return show_hand(gin, over) end
  return show_hand(res, over) .. " (all melded, but in no gin shape)"
end

-- The discard the view suggests to the holder of hand_size + 1 cards: the gin when there is one
-- (meld_shapes), else least deadwood (then the highest card); never the card just taken.
local function suggestion(g, R, hand)
  local taken = g.var.taken
  if g.options.meld_shapes ~= "any" then
    for _, mv in ipairs(R:discard_moves(hand, taken)) do
      if VERB[mv] == "gin" then return (", gin by discarding %s"):format(show(CARD[mv])) end
    end
  end
  local after, best, bestc = R:discards(hand), math.huge, nil
  for i = #hand, 1, -1 do -- from the top of the sorted hand: the higher card on a tie
    local c = hand:at(i)
    if c ~= taken and after[c] < best then best, bestc = after[c], c end
  end
  if not bestc then return "" end
  local text = (", %d after discarding %s"):format(best, show(bestc))
  if best == 0 and g.options.meld_shapes ~= "any" then text = text .. " (no gin shape)" end
  return text
end

local function view(g, seat)
  local o = g.options
  local R = rules(g)
  local lines = {}
  local me = (seat and seat >= 1 and seat <= g.seats) and seat or nil
  local dealer = g.var.dealer
  local goal = o.series and ("Series: first to %d hands won."):format(o.series_wins)
               or ("Game to %d."):format(o.target)
  if #g.columns > 1 then goal = ("%d games to %d at once."):format(#g.columns, o.target) end
  lines[#lines + 1] = ("%s, hand %d, dealer: %s. %s"):format(
    g.title, g.hand_no, dealer > 0 and who(g, dealer, me) or "-", goal)
  local scores = {}
  for s = 1, g.seats do
    local points = plural(g:total(s), "point")
    if #g.columns > 1 then -- "game 1 35, game 2 35, game 3 0"
      local cols = {}
      for c, name in ipairs(g.columns) do cols[c] = name .. " " .. g:total(s, c) end
      points = table.concat(cols, ", ")
    end
    scores[#scores + 1] = ("%s %s (%s won)"):format(who(g, s, me), points, plural(g.seat[s].hands_won, "hand"))
  end
  lines[#lines + 1] = "Score: " .. table.concat(scores, ", ")
  local discard, stock = g:pile("discard"), g:pile("stock")
  local pile_text = discard:top() and show(discard:top()) or "(empty)"
  local table_line = ("Discard: %s   Stock: %d"):format(pile_text, #stock)
  for s = 1, g.seats do
    if s ~= me then
      table_line = table_line .. ("   %s: %s"):format(who(g, s, me), plural(#g:hand(s), "card"))
    end
  end
  lines[#lines + 1] = table_line
  if o.discard_pile == "public" and #discard > 1 then -- the whole pile, open to everybody
    lines[#lines + 1] = "Discard pile, bottom to top: " .. show(discard:cards())
  end
  local up = g.var.upcard
  if up ~= "" and (o.upcard_knock or o.spade_double) then -- what the upcard decided, all hand
    local rule = {}
    if o.upcard_knock then
      rule[#rule + 1] = g.var.limit == 0 and "gin only" or ("knock with %d or less"):format(g.var.limit)
    end
    if o.spade_double and suit(up) == "s" then rule[#rule + 1] = "spades double" end
    lines[#lines + 1] = ("Upcard: %s%s"):format(show(up), #rule > 0 and (" (" .. table.concat(rule, ", ") .. ")") or "")
  end
  local over = g.phase == "hand_over" or g.phase == "match_over"
  if me then
    local hand = g:hand(me)
    if #hand > 0 then
      local text = "Your hand: " .. show_held(g, R, hand, over)
      if #hand > o.hand_size then text = text .. suggestion(g, R, hand) end
      lines[#lines + 1] = text
    end
  end
  -- After a knock both hands were shown: show them again.
  if over and g.var.last_kind ~= "void" then
    for s = 1, g.seats do
      if s ~= me and #g:hand(s) > 0 then
        local label = me and ("Hand of " .. who(g, s, me)) or ("Hand of seat " .. s)
        lines[#lines + 1] = label .. ": " .. show_held(g, R, g:hand(s), true)
      end
    end
  end
  lines[#lines + 1] = phase_line(g, me)
  return table.concat(lines, "\n")
end

---------------------------------------------------------------------------------------------------
-- The variant.

return {
  title = "Gin Rummy",
  abstract = true, -- played through its presets: gin, gin-bicycle, gin-intro
  players = 2,

  options = {
    target = { 100, min = 1, doc = "a hand that brings a total to this many points ends the match" },
    hand_size = { 10, min = 1, max = 15, doc = "cards dealt to each player" },
    first_card = { "upcard", one_of = { "upcard", "to_non_dealer" },
                   doc = "the card after the deal: turned up as the upcard, or dealt to the non-dealer, who starts by discarding (Straight Gin)" },
    upcard_takers = { "both", one_of = { "both", "non_dealer" },
                      doc = "who may take the upcard: the non-dealer, then the dealer; or the non-dealer only (Celebes; non_dealer_declines tells how they decline it)" },
    non_dealer_declines = { "drawing", one_of = { "drawing", "passing" },
                            doc = "with upcard_takers = \"non_dealer\": the non-dealer declines the upcard by drawing from the stock (their first turn is an ordinary draw), or by passing, and the dealer starts by drawing from the stock" },
    dealer_takes_passed = { false, doc = "with non_dealer_declines = \"passing\": the dealer may take the passed upcard, then simply the top of the discard pile, instead of drawing (false: only the non-dealer ever takes the upcard)" },
    knock_limit = { 10, min = 0, doc = "most deadwood a player may knock with (0: gin only)" },
    upcard_knock = { false, doc = "the upcard sets the knock limit instead: its value, J/Q/K 10, an ace gin only (Oklahoma, Tedesco)" },
    knock_taken_melded = { false, doc = "a player who took the discard may knock that turn only with that card in a meld (Tedesco)" },
    gin_bonus = { 25, min = 0, doc = "bonus for gin, added to the defender's deadwood" },
    undercut_bonus = { 20, min = 0, doc = "bonus for an undercut, added to the difference" },
    undercut_on_tie = { true, doc = "equal deadwood is an undercut (the defender wins ties)" },
    layoff_after_gin = { false, doc = "the defender may lay off against gin (Round-the-Corner)" },
    spade_double = { false, doc = "a hand whose upcard is a spade scores double, bonuses included (Oklahoma, Tedesco)" },
    spade_double_boxes = { false, doc = "with spade_double, a hand won on a spade upcard also counts as two boxes" },
    stock_out = { "void", one_of = { "void", "score" },
                  doc = "a hand nobody ends: void when a discard leaves void_at stock cards; or scored when a turn starts with an empty stock, the lower deadwood winning the difference (Tedesco)" },
    void_at = { 2, min = 0, doc = "the hand is void when a discard without a knock leaves this many stock cards" },
    stock_out_ace_value = { 15, min = 0, max = 255, doc = "deadwood value of an ace, for both players, when stock_out = \"score\" scores a hand" },
    game_bonus = { 100, min = 0, doc = "bonus to the winner of the match" },
    box_bonus = { 25, min = 0, doc = "bonus per hand won, added to each player at the end of the match" },
    box_double = { false, doc = "a hand won by gin or undercut counts as two boxes" },
    shutout = { "double", one_of = { "none", "double", "bonus" },
                doc = "when the loser scored nothing: double the winner's total (bonuses included), or add shutout_bonus" },
    shutout_bonus = { 100, min = 0, doc = "bonus for a shutout when shutout = \"bonus\"" },
    next_dealer = { "loser", one_of = { "loser", "winner", "alternate" },
                    doc = "who deals after a hand that was won (after a hand nobody won: redeal_same_dealer)" },
    redeal_same_dealer = { true, doc = "after a hand nobody won (void, or a stock-out with equal deadwood) the same dealer deals again; false: the other seat deals (Tedesco: the deal changes every round)" },
    both_pass_take = { false, doc = "after both players passed the upcard, the non-dealer may still take it instead of drawing (Tedesco's text: ordinary play begins)" },
    defender_ace_on_gin = { false, doc = "defender_ace_value counts against gin too, gin being a knock with no deadwood (Tedesco's text: the knocked side's aces count 15)" },
    ace = { "low", one_of = { "low", "high", "corner" },
            doc = "runs with aces: A-2-3 only (low), also Q-K-A (high), also K-A-2 (corner)" },
    ace_value = { 1, min = 0, max = 255, doc = "deadwood value of an ace" },
    jokers = { 0, min = 0, max = 2, doc = "jokers in the deck, wild in melds (Celebes: 2)" },
    joker_value = { 15, min = 0, max = 255, doc = "deadwood value of a joker left out of the melds" },
    set_max = { 0, min = 0, max = 16, doc = "most cards in one set, jokers included (0: no limit: one card of each suit plus any jokers; Celebes: 5, five of a kind with a joker and no more)" },
    loser_jokers = { "wild", one_of = { "wild", "deadwood" },
                     doc = "the loser's jokers when a hand is scored: wild in any meld, least deadwood counted (the gin shapes bind only the winner); or all in the deadwood at joker_value each" },
    meld_shapes = { "any", one_of = { "any", "celebes" },
                    doc = "what a gin is: every card melded (any), or Celebes Rum's shapes: 4-3-3-3 with the 4 a run without jokers, 5-5-3 or 5-4-4 with a run of 4 or 5 without jokers, jokers only in the other melds" },
    defender_ace_value = { 0, min = 0, max = 255,
                           doc = "deadwood value of the defender's aces when a knock is scored (Tedesco: 15); 0: ace_value" },
    discard_pile = { "top", one_of = { "top", "public" },
                     doc = "what the players see of the discard pile: its top card, or every card in it (Round-the-Corner)" },
  },

  state = {
    phase = "deal",    -- offer, offer2, forced, first, passed, draw, discard (g.phase tells when the hand is over)
    dealer = 0,        -- 0 until the first deal draws one at random
    upcard = "",       -- the hand's upcard ("" when there is none)
    limit = 10,        -- the hand's knock limit (0: gin only)
    taken = "",        -- the card just taken from the discard pile ("" after a draw)
    last_kind = "",    -- how the last hand ended: gin, knock, undercut, void, stock out
    last_winner = 0,
    last_points = 0,
  },
  seat_state = { hands_won = 0, boxes = 0 },

  setup = function(g)
    local sm = g.options.set_max
    if sm > 0 and sm < 4 then error("option set_max: 0, or 4 to 16 (got " .. sm .. ")") end
    g:new_pile("stock")
    g:new_pile("discard", { vis = g.options.discard_pile })
    for s = 1, g.seats do
      g:new_pile("hand", { owner = s, vis = "owner" })
    end
    g:new_deck(g:pile("stock"), { jokers = g.options.jokers })
  end,

  deal = deal,
  moves = moves,
  play = play,
  match = match.first_to,
  view = view,

  bots = { basic = basic_bot },

  check = {
    zero_sum = false,
    -- A hand that brings a total to the target ends the match: while the match goes on, no total
    -- may be there (a house rule that adds points after the base decided would break this).
    invariant = function(g)
      if g.phase == "match_over" then return true end
      local target = g.options.target
      for s = 1, g.seats do
        local t = g:total(s)
        if t >= target then
          return false, ("seat %d has %d points, the target is %d, but the match goes on"):format(s, t, target)
        end
      end
      return true
    end,
    expect = {
      "upcard:non-dealer takes", "upcard:dealer takes", "upcard:both pass", "take:discard",
      "hand:knock", "hand:gin", "hand:undercut", "hand:undercut tie", "hand:void",
      "layoff", "layoff:chain", "match:shutout",
    },
  },
}
