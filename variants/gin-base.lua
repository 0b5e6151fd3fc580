-- Gin Rummy: the base the presets (gin, gin-bicycle, gin-intro, oklahoma, tedesco, straight-gin,
-- celebes, hollywood, round-the-corner) and the three-player games (battle-royale, cutthroat,
-- chouette) build on. A hand is played by the seats in play: two, or (Battle Royale) three; a
-- match format may set a seat out for a hand (g:set_out: Cutthroat and Chouette seat two of three).
--
-- Sources: the rule documents shared/seeds/gin-rummy-intro.ja.txt, gin-rummy-and-variants.ja.txt and the
-- Gin Rummy section of RULINGS.md. Every number and every reading the documents leave open is an
-- option below; a preset is this file with other option values. The rules follow the order of
-- docs/rules/gin.md: cards and melds, the deal, the upcard, a turn, knocking and gin, layoffs,
-- scoring, the end of the hand (rule.* are looked up when called, so the order is free). What
-- the family shares is in variants/lib/: the cards and meld rules (gin-rules.lua), the layoff rule
-- (gin-layoff.lua), Battle Royale's discard pile each and three in play (gin-three.lua), Tedesco's
-- knock with the taken card and scored stock-out (gin-tedesco.lua), what `fuda check` counts and verifies
-- (gin-tally.lua), the bots (gin-bot.lua, gin-simple.lua), the view (gin-view.lua), what a
-- player is told about a move (gin-explain.lua) and the numbers a seat sees (gin-tensor.lua).
--
-- Phases (g.var.phase): the upcard offer ("offer" to the non-dealer, "offer2" to the dealer,
-- "forced" after both passed; with the upcard for the non-dealer only, "first" take it or draw,
-- "passed" the dealer after the non-dealer passed), then turns of "draw" (with a discard pile
-- each: "draw_each") and "discard".
-- Events name seats with g:name, but those of every turn (draws, takes, discards) pass the seat
-- number to "Seat %d ...": g:say formats only when somebody reads, and `fuda sim` does not.

local suit, plural = fuda.suit, fuda.plural
local match = fuda.import("match")
local options = fuda.import("gin-options") -- g.options, or Round-the-Corner's over them

local M = fuda.moves{
  draw = { doc = "draw the top card of the stock" },
  take = { doc = "take the upcard, or the top card of the discard pile" },
  pass = { doc = "leave the upcard to the other player" },
  discard = { "card", doc = "discard a card and end your turn" },
  knock = { "card", doc = "discard a card and knock: your deadwood is within the knock limit" },
  gin = { "card", doc = "discard a card and go gin: every other card is in a meld" },
}
local phases = {}  -- filled section by section
local rule = {}    -- what the sections call ahead of their place

-- The family's shared parts (variants/lib/): the cards and meld rules, the seats in play and their
-- discard piles, arrangements as text (gin-rules); the layoff rule, layoffs as text (gin-layoff);
-- Battle Royale's discard pile each and three in play (gin-three); Tedesco's knock with the taken
-- card melded and scored stock-out (gin-tedesco); what check counts and verifies (gin-tally).
local G = fuda.import("gin-rules")
local Lay = fuda.import("gin-layoff") -- the layoff rule: the knocker's melds shown, the defender's layoffs
local RANK = G.RANK
local in_play, piles_each, pile_of = G.in_play, G.piles_each, G.pile_of
local rules, defender_rules = G.rules, G.defender_rules
local show_arrangement, say_layoffs = G.show_arrangement, Lay.say
local T = fuda.import("gin-tally")
local tally_aces, tally_corner_aces, shape_of, tally_jokers = T.aces, T.corner_aces, T.shape_of, T.jokers
local tedesco = fuda.import("gin-tedesco")(M, rule)
local knocks_with_taken, knock_barred = tedesco.knocks_with_taken, tedesco.knock_barred
local three = fuda.import("gin-three")(rule, M)
local draw_or_take_each, take_each = three.draw_or_take, three.take

---------------------------------------------------------------------------------------------------
-- The deal: the first dealer is drawn at random (among the seats in play); hand_size cards to
-- each seat in play, one at a time starting with the non-dealer (the dealer's left); the next card
-- is the upcard (or, first_card = "to_non_dealer", the non-dealer's extra card, and they start by
-- discarding). With discard_piles = "each" the upcard starts the dealer's pile. The rest is the
-- stock.

-- The knock limit an upcard sets (upcard_knock): its value, J/Q/K 10; an ace: gin only.
local function upcard_limit(c)
  local r = RANK[c]
  if r == 1 then return 0 end
  return r > 10 and 10 or r
end

-- The upcard turned: who may take it first, and what it decides for the hand.
local function turn_up(g, dealer)
  local o, v = g.options, g.var
  local discard = pile_of(g, dealer)
  g:pile("stock"):move_top(discard)
  local up = discard:top()
  v.upcard = up
  if o.upcard_takers == "both" then
    v.phase = "offer"
  else -- the non-dealer only: "first", take it or draw; or "offer", take it or pass
    v.phase = o.non_dealer_declines == "passing" and "offer" or "first"
  end
  g:say("Hand %d: %s deals; the upcard is {%s}.", g.hand_no, g:name(dealer), up)
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

local function deal(g)
  local o, v = g.options, g.var
  g:gather("stock", { "hand", "discard" }):shuffle()
  if v.dealer == 0 then
    local seats = in_play(g, g.seats)
    v.dealer = seats[g:random(#seats)]
    g:say("%s is drawn to deal first.", g:name(v.dealer))
  end
  local dealer = v.dealer
  local nd = g:next(dealer)
  local seats = in_play(g, dealer)
  if #seats == g.seats then
    g:deal(o.hand_size, { first = nd, sort = true })
  else -- a seat sits out: only the seats in play get cards
    local stock = g:pile("stock")
    for _ = 1, o.hand_size do
      for i = 1, #seats do stock:move_top(g:hand(seats[i])) end
    end
    for i = 1, #seats do g:hand(seats[i]):sort() end
  end
  v.taken, v.limit, v.dead = "", o.knock_limit, ""
  g.turn = nd
  if o.first_card == "upcard" then return turn_up(g, dealer) end
  local hand = g:hand(nd)
  g:pile("stock"):move_top(hand)
  hand:sort()
  v.phase, v.upcard = "discard", ""
  g:tally("deal:extra card")
  g:say("Hand %d: %s deals; %s has the extra card and starts by discarding.", g.hand_no, g:name(dealer), g:name(nd))
end

---------------------------------------------------------------------------------------------------
-- The upcard: the non-dealer may take it or pass; then the dealer (with three in play, each seat
-- in turn from the dealer's left, the dealer last: phase "offer" until the dealer's "offer2");
-- when all passed the non-dealer draws from the stock (both_pass_take: or still takes it).
-- Whoever takes it discards next. With upcard_takers = "non_dealer" only the non-dealer may take
-- it: they decline it by drawing ("first"), or by passing ("offer"), and then the dealer draws
-- ("passed"; dealer_takes_passed: or takes it).

-- Seat draws the top card of the stock (`declines`: the non-dealer declining the upcard so).
-- g.var.taken is "" already: the deal and every discard leave it so.
local function draw(g, seat, declines)
  local stock, hand = g:pile("stock"), g:hand(seat)
  local c = stock:top()
  stock:move_top(hand)
  hand:sort()
  g.var.phase = "discard"
  if declines then
    g:say("%s declines the upcard and draws from the stock.", g:name(seat))
    g:tally("upcard:non-dealer declines")
  else
    g:say("Seat %d draws from the stock.", g:seat_of(seat))
  end
  g:tell(seat, "You draw {%s}.", c)
end

-- Seat takes the top card of the discard pile: the upcard, tallied as `upcard`, or (nil) a
-- discard. (With a pile each the upcard is on the dealer's.)
local function take(g, seat, upcard)
  local discard = upcard and pile_of(g, g.var.dealer) or g:pile("discard")
  local hand = g:hand(seat)
  local c = discard:top()
  discard:move_top(hand)
  hand:sort()
  g.var.phase, g.var.taken = "discard", c
  if upcard then
    g:say("%s takes the upcard {%s}.", g:name(seat), c)
    g:tally(upcard)
  else
    g:say("Seat %d takes {%s} from the discard pile.", g:seat_of(seat), c)
    g:tally("take:discard")
  end
end

local function takes_upcard(what)
  return function(g, seat) return take(g, seat, what) end
end

-- The moves of a seat that may draw (while the stock lasts) or take, declared: the engine lists
-- them for the seat to play (docs/lua-api.md, "Declared moves").
local function stock_left(g) return #g:pile("stock") > 0 end
local draw_or_take = { { M.draw, when = stock_left }, M.take }
local take_or_pass = { M.take, M.pass }

phases.offer = {
  moves = take_or_pass,
  take = function(g, seat)
    local first = seat == g:next(g.var.dealer)
    return take(g, seat, first and "upcard:non-dealer takes" or "upcard:next player takes")
  end,
  pass = function(g, seat)
    g:say("%s passes on the upcard.", g:name(seat))
    local nxt = g:next(seat)
    if g.options.upcard_takers == "non_dealer" then -- the dealer may not take it: they draw
      g.var.phase = "passed"
      g:tally("upcard:non-dealer passes")
    elseif nxt == g.var.dealer then
      g.var.phase = "offer2"
    else -- three in play: the next seat is offered it before the dealer
      g:tally("upcard:non-dealer passes to the next player")
    end
    g.turn = nxt
  end,
}

phases.offer2 = {
  moves = take_or_pass,
  take = takes_upcard("upcard:dealer takes"),
  pass = function(g, seat)
    g:say("%s passes on the upcard.", g:name(seat))
    g.var.phase = "forced"
    g:tally("upcard:both pass")
    local up = pile_of(g, g.var.dealer):top()
    if g.options.dead_upcard and up then
      g.var.dead = up
      g:say("Everybody passed: the upcard {%s} is dead, nobody takes it.", up)
    end
    g.turn = g:next(seat)
  end,
}

phases.forced = {
  moves = { M.draw, { M.take, when = function(g) return g.options.both_pass_take end } },
  draw = draw,
  take = takes_upcard("upcard:taken after both passed"),
}

phases.first = {
  moves = draw_or_take,
  take = takes_upcard("upcard:non-dealer takes"),
  draw = function(g, seat) return draw(g, seat, true) end,
}

phases.passed = {
  moves = { M.draw, { M.take, when = function(g) return g.options.dealer_takes_passed end } },
  draw = draw,
  take = takes_upcard("upcard:dealer takes it passed"),
}

---------------------------------------------------------------------------------------------------
-- A turn: draw the top card of the stock or take the top card of the discard pile; then discard
-- one card, not the one just taken (next section).

phases.draw = { moves = draw_or_take, draw = draw, take = take }

-- With a discard pile each (Battle Royale) the turn is "draw_each": draw, or "take 7h"
-- (variants/lib/gin-three.lua).
phases.draw_each = { moves = draw_or_take_each, draw = draw, take = take_each }

---------------------------------------------------------------------------------------------------
-- Knocking and gin: a discard that leaves the knock limit or less may knock instead ("knock C"),
-- one that leaves no deadwood goes gin ("gin C"); either ends the hand. knock_taken_melded
-- (Tedesco): after taking the discard, a knock only with that card in a meld. A discard that
-- leaves void_at stock cards ends the hand void (stock_out = "score": a turn that starts with an
-- empty stock ends it scored).

phases.discard = {
  -- Any card but the one just taken: "discard C"; with it "gin C" when that discard leaves no
  -- deadwood, or "knock C" when it leaves the knock limit or less.
  moves = function(g, seat)
    if seat ~= g.turn then return {} end
    local taken, limit = g.var.taken, g.var.limit
    local list = rules(g):discard_moves(g:hand(seat), taken, limit > 0 and limit or nil)
    if taken ~= "" and g.options.knock_taken_melded then return knocks_with_taken(g, seat, list) end
    return list
  end,

  discard = function(g, seat, card)
    local o, v = g.options, g.var
    if v.taken ~= "" then -- the card taken this turn is not just taken any more
      if o.knock_taken_melded and knock_barred(g, seat) then g:tally("knock:barred, the taken card unmelded") end
      v.taken = ""
    end
    local each = piles_each(g)
    g:hand(seat):move(card, each and g:pile("discard", seat) or g:pile("discard"))
    g:say("Seat %d discards {%s}.", g:seat_of(seat), card)
    local stock = g:pile("stock")
    if o.stock_out == "score" and #stock == 0 then
      rule.stock_out(g, g:next(seat))
    elseif o.stock_out == "void" and #stock <= o.void_at then
      rule.void_hand(g, stock)
    else
      v.phase = each and "draw_each" or "draw"
      g.turn = g:next(seat)
    end
  end,

  knock = function(g, seat, card)
    local o, v = g.options, g.var
    local taken = v.taken ~= "" and o.knock_taken_melded and v.taken or nil
    if taken then g:tally("knock:with the taken card melded") end
    if o.upcard_knock then g:tally("knock:limit " .. v.limit) end
    v.taken = ""
    g:hand(seat):move(card, pile_of(g, seat))
    g:say("%s discards {%s} and knocks.", g:name(seat), card)
    rule.showdown(g, seat, false, taken)
  end,

  gin = function(g, seat, card)
    if g.options.upcard_knock and g.var.limit == 0 then g:tally("gin:ace upcard") end
    g.var.taken = ""
    g:hand(seat):move(card, pile_of(g, seat))
    g:say("%s discards {%s} and goes gin.", g:name(seat), card)
    rule.showdown(g, seat, true)
  end,
}

---------------------------------------------------------------------------------------------------
-- Layoffs: after a knock both hands are shown, each arranged with least deadwood; the defender
-- lays off cards that extend the knocker's melds (chains included), never against gin unless
-- layoff_after_gin: the rule is variants/lib/gin-layoff.lua's. The tallies tell `fuda check` what
-- the hands held.

-- `knocker` has just discarded and knocked (or gone gin): arrange both hands, lay off, score.
-- `taken` (knock_taken_melded): the card taken this turn, which the knock shows in a meld.
function rule.showdown(g, knocker, gin, taken)
  local o = options(g)
  local defender = g:next(knocker)
  if g:next(defender) ~= knocker then return rule.showdown_all(g, knocker, gin) end
  local allow = (not gin) or o.layoff_after_gin
  local R = rules(g)
  local aces_too = (not gin) or o.defender_ace_on_gin
  local DR = defender_rules(g, aces_too)
  local res = Lay.showdown(R, g:hand(knocker), g:hand(defender), { allow = allow, defender_rules = DR })
  if taken then res = rule.meld_taken(g, R, DR or R, knocker, defender, taken, allow, res) end
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
  if o.meld_shapes ~= "any" and res.deadwood == 0 and not R:gin(g:hand(defender)) then
    g:tally("loser:all melded, no gin shape")
    shapeless = " (all melded, but in no gin shape)"
  end

  g:say("%s %s: %s.", g:name(knocker), gin and "goes gin" or "knocks", show_arrangement(res.knocker))
  say_layoffs(g, res, defender, gin)
  if gin and #res.layoffs == 0 and not allow then
    g:say("No layoffs against gin; %s shows %s%s.", g:name(defender), show_arrangement(res.defender), shapeless)
  else
    g:say("%s shows %s%s.", g:name(defender), show_arrangement(res.defender), shapeless)
  end
  rule.score(g, knocker, defender, gin, res)
end

---------------------------------------------------------------------------------------------------
-- Scoring: gin wins the defender's deadwood + gin_bonus; a knock wins the difference, unless the
-- defender has less (or, undercut_on_tie, equal) deadwood: an undercut, the difference +
-- undercut_bonus to the defender. box_double: gin and undercut count two boxes.

function rule.score(g, knocker, defender, gin, res)
  local o = options(g)
  local kd, dd = res.knocker.deadwood, res.deadwood
  local r
  if gin then
    r = { winner = knocker, loser = defender, kind = "gin", points = dd + o.gin_bonus,
          note = ("gin %d + %d"):format(dd, o.gin_bonus) }
    g:say("%s wins with gin: deadwood %d + gin bonus %d = %s.", g:name(knocker), dd, o.gin_bonus,
          plural(r.points, "point"))
  elseif dd < kd or (dd == kd and o.undercut_on_tie) then
    r = { winner = defender, loser = knocker, kind = "undercut", points = kd - dd + o.undercut_bonus,
          note = ("undercut %d + %d"):format(kd - dd, o.undercut_bonus) }
    g:say("%s undercuts: %d - %d = %d + undercut bonus %d = %s.",
          g:name(defender), kd, dd, kd - dd, o.undercut_bonus, plural(r.points, "point"))
  else
    r = { winner = knocker, loser = defender, kind = "knock", points = dd - kd, note = ("knock %d"):format(dd - kd) }
    g:say("%s wins the knock: %d - %d = %s.", g:name(knocker), dd, kd, plural(r.points, "point"))
  end
  g:tally(r.kind == "undercut" and dd == kd and "hand:undercut tie" or "hand:" .. r.kind)
  tally_aces(g, res.knocker, o.ace_value, "")
  local aces_too = (not gin) or o.defender_ace_on_gin
  local dv = aces_too and o.defender_ace_value > 0 and o.defender_ace_value or o.ace_value
  tally_aces(g, res.defender, dv, (gin and "gin" or r.kind) .. ":defender's ace counted " .. dv)
  if o.box_double and r.kind ~= "knock" then r.boxes = 2 end
  rule.finish(g, r)
end

---------------------------------------------------------------------------------------------------
-- The end of the hand: the spade double (spade_double), the result to the match format
-- (variants/lib/match.lua), who deals next. A hand nobody knocked is void, or (stock_out =
-- "score", Tedesco's: rule.stock_out in variants/lib/gin-tedesco.lua) scored on both hands'
-- deadwood.

-- Who deals the next hand: after a won hand the loser, the winner or the next seat (the option
-- next_dealer); after a hand nobody won, the same dealer again (or the next seat: redeal_same_dealer).
local function choose_next_dealer(g, r)
  local how, v = g.options.next_dealer, g.var
  if not r.winner and not r.loser then
    if not g.options.redeal_same_dealer then v.dealer = g:next(v.dealer) end
    return
  end
  if not r.winner then -- a loser only (Battle Royale's undercut): the deal passes on
    v.dealer = g:next(v.dealer)
  elseif how == "winner" then
    v.dealer = r.winner
  elseif how == "loser" then
    v.dealer = g:next(r.winner)
  else -- "alternate"
    v.dealer = g:next(v.dealer)
  end
end

-- Report the hand's result: the spade double (its own rule), then g:result, where a house rule's
-- result hook may change it and the match format scores it and decides whether the match is over.
function rule.finish(g, r)
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
function rule.void_hand(g, stock)
  local v = g.var
  g:say("The stock is down to %s without a knock: the hand is void%s.", plural(#stock, "card"),
        g.options.redeal_same_dealer and ("; " .. g:name(v.dealer) .. " deals again") or "")
  g:tally("hand:void")
  g:score(v.dealer, 0, "void")
  rule.finish(g, { kind = "void", note = "void" })
end

---------------------------------------------------------------------------------------------------
-- The bots, the view and the player's questions (variants/lib/): the bots (gin-bot.lua,
-- gin-simple.lua), the screen (gin-view.lua), why a typed move is not legal and what a legal one
-- throws away (gin-explain.lua), what a seat sees as numbers (gin-tensor.lua). They see the game
-- through the meld rules and the verbs.

local basic_bot = fuda.import("gin-bot")(rules, M)
local simple_bot = fuda.import("gin-simple")(rules, M)
local view = fuda.import("gin-view")(rules, M, in_play)
local explain = fuda.import("gin-explain")(M)
local tensor = fuda.import("gin-tensor")

---------------------------------------------------------------------------------------------------
-- The variant.

return {
  title = "Gin Rummy",
  abstract = true, -- played through its presets: gin, gin-bicycle, gin-intro, ...
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
    round_the_corner = { false, doc = "play Round-the-Corner's rules over these (aces high, low and around the corner, an ace in deadwood 15, layoffs against gin, the discard pile open) with the target 25 higher: how Partnership and Teams take them" },
    discard_piles = { "one", one_of = { "one", "each" },
                      doc = "the discard piles: one shared pile, or each player's own (\"each\": the upcard starts the dealer's, a player takes the top of another's with \"take CARD\"; the layout must have a pile per seat, as Battle Royale's)" },
    dead_upcard = { false, doc = "an upcard that every player passed is dead: nobody takes it later (Battle Royale)" },
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
    dealer = 0,        -- 0 until the first deal draws one at random
    upcard = "",       -- the hand's upcard ("" when there is none)
    dead = "",         -- the upcard every player passed, when dead_upcard ("" otherwise)
    limit = 10,        -- the hand's knock limit (0: gin only)
    taken = "",        -- the card just taken from the discard pile ("" after a draw)
    last_kind = "",    -- how the last hand ended: gin, knock, undercut, void, stock out
    last_winner = 0,
    last_points = 0,
  },
  seat_state = { hands_won = 0, boxes = 0 },

  layout = { stock = "hidden", discard = { vis = function(g) return options(g).discard_pile end }, hand = "owner" },
  deck = function(g) return { jokers = g.options.jokers } end,
  setup = function(g)
    local o = g.options
    local sm = o.set_max
    if sm > 0 and sm < 4 then error("option set_max: 0, or 4 to 16 (got " .. sm .. ")") end
    local each = pcall(g.pile, g, "discard", 1) -- the layout has a discard pile per seat
    if (o.discard_piles == "each") ~= each then
      error(("option discard_piles: \"%s\" needs %s"):format(o.discard_piles,
            each and "one shared discard pile (this game's layout has one per seat)"
                 or "a discard pile per seat (this game's layout has one shared)"))
    end
    if g.seats > 2 and o.stock_out == "score" then error("option stock_out: \"score\" is for two players") end
    if g.seats > 2 and o.upcard_takers ~= "both" then error("option upcard_takers: \"non_dealer\" is for two players") end
  end,

  deal = deal,
  verbs = M,
  phase = "offer",
  phases = phases,
  match = match.first_to,
  view = view,

  why_not = explain.why_not,
  confirm = explain.confirm,
  tensor = tensor,
  bots = { basic = basic_bot, simple = simple_bot },

  -- What `fuda check` verifies after every action and expects a run of matches to reach
  -- (variants/lib/gin-tally.lua).
  check = { zero_sum = false, invariant = T.invariant, expect = T.expect },
}
