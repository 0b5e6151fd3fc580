-- Dobon (ドボン): a shedding game where you win by "dobon" -- when another player places a card
-- whose rank equals the total of your hand -- and lose by being dobon'd or by "bakuhatsu" (your
-- hand reaching 7 cards).
--
-- Sources: the rule documents shared/seeds/dobon.ja.txt and the Dobon section of RULINGS.md. Every number and
-- every reading the documents leave open is an option below. The rules follow the document's
-- order (R.* are looked up when called, so the order is free): the deal, the opening flip and
-- race, the neighbours who set the direction, a turn, dobon and bakuhatsu, the special cards.
--
-- Phases (g.var.phase, and the claim windows, which are phases of their own):
--   "opening"    a claim window: everyone but the flipper may play on the flipped card
--   "flipper"    nobody did: the flipper's turn, play or pass (pass: flip again)
--   "neighbours" a claim window after the first play, for both neighbours of its player; the
--                winner (or a random one if neither plays) sets the direction
--   "dobon"      a claim window after every placement, for the other seats whose total matches
--   "turn"       an ordinary turn: play one card or draw one

local S = fuda.import("shedding")
local show, plural = fuda.show, fuda.plural
local RANK, SUIT = S.RANK, S.SUIT   -- card -> rank, suit letter

local M = fuda.moves{
  play = { "card", "name suits?", doc = "place a card on the field card (an 11 may name suits)" },
  draw = { doc = "draw from the stock (the 2-draws waiting, if any)" },
  pass = { doc = "let the chance go by (the flipper: flip again)" },
  dobon = { doc = "declare dobon: your hand totals the rank of the card just placed" },
}
local ALL_SETS = S.suit_sets(0, 4)   -- "", "s", "h", "d", "c", "sh", ... "shdc"
local ELEVEN = {}                    -- ELEVEN[card]: the moves that play an 11 naming each set
for c, r in pairs(RANK) do
  if r == 11 then ELEVEN[c] = S.name_moves(M.play[c], ALL_SETS) end
end

local R = {}

---------------------------------------------------------------------------------------------------
-- 《ゲームの始め方》 The deal: 3 cards each (option), the rest is the stock. The previous winner deals
-- and flips (option first_flipper), else a random player.

function R.deal(g)
  local v, o = g.var, g.options
  g:gather():shuffle()
  g:deal(o.hand_size, { sort = true })
  g.dir = 1
  if o.first_flipper == "winner" and v.winner > 0 then
    v.flipper = v.winner
  else
    v.flipper = g:random(g.seats)
  end
  g:say("Game %d of %d: Seat %d deals %s each and flips.", g.hand_no, o.games, v.flipper, plural(o.hand_size, "card"))
  R.flip(g)
end

---------------------------------------------------------------------------------------------------
-- 《ゲームの進行》 The flipper turns the top stock card onto the field; everyone else may play on it
-- (the first card played wins the race); if nobody does the flipper may; if still nobody, flip again.

function R.flip(g)
  local v = g.var
  local stock, field = g:pile("stock"), g:pile("field")
  R.refill(g)
  stock:move_top(field)
  v.twos, v.pending, v.wild, v.named, v.placer, v.first = 0, 0, false, "", 0, true
  g:say("Seat %d flips {%s}.", v.flipper, field:top())
  local others = {}
  for s = 1, g.seats do
    if s ~= v.flipper then others[#others + 1] = s end
  end
  g.turn = nil
  g:open_claim("opening", others)
end

function R.opening_resolve(g, choices)
  local v = g.var
  local who = R.claimants(g, choices)
  if #who == 0 then
    v.phase = "flipper"
    g.turn = v.flipper
    g:say("Nobody plays on the flipped card; Seat %d may.", v.flipper)
    return
  end
  local winner = R.pick(g, who)
  if #who > 1 then g:say("Seat %d is first of %d players to play.", winner, #who) end
  local _, card, named = M.parse(choices[winner])
  return R.place(g, winner, card, named)
end

function R.flipper_passes(g, seat)
  g:say("Seat %d passes; nobody played on the flipped card, so it is flipped again.", seat)
  R.flip(g)
end

-- After the first play either neighbour of its player may play next; whoever does sets the
-- direction. If neither does, a random one of them (rock-paper-scissors) takes the turn.
function R.neighbours(g, seat)
  g.dir = 1
  local right, left = g:next(seat, 1), g:next(seat, -1)
  if right == left then return { right } end
  return { right, left }
end

function R.set_dir_toward(g, from, to)
  g.dir = 1
  if g:next(from, 1) ~= to then g.dir = -1 end
end

function R.neighbours_resolve(g, choices)
  local v = g.var
  local who, placer = R.claimants(g, choices), v.placer
  if #who == 0 then
    local t = R.pick(g, R.neighbours(g, placer))
    R.set_dir_toward(g, placer, t)
    g.turn = t
    v.phase = "turn"
    g:say("Neither neighbour plays; Seat %d takes the turn and play goes that way.", t)
    return
  end
  local winner = R.pick(g, who)
  R.set_dir_toward(g, placer, winner)
  if #who > 1 then g:say("Seat %d is first of both neighbours to play.", winner) end
  local _, card, named = M.parse(choices[winner])
  return R.place(g, winner, card, named)
end

-- Seats of a closing window that chose a play (or "dobon"), in seat order; a random one wins.
function R.claimants(g, choices)
  local who = {}
  for s = 1, g.seats do
    if choices[s] and choices[s] ~= M.pass then who[#who + 1] = s end
  end
  return who
end

-- Why a window asks `seat` (fuda play shows it in the question).
function R.prompt(g, seat)
  local top = g:pile("field"):top()
  if g.claim == "dobon" then
    return ("Seat %d placed {%s}, rank %d; your hand totals %d"):format(g.var.placer, top, RANK[top],
      S.total(g:hand(seat)))
  elseif g.claim == "opening" then
    return ("Seat %d flipped {%s}: the first to play on it starts"):format(g.var.flipper, top)
  end
  return ("Seat %d played {%s}: the neighbour who plays first sets the direction"):format(g.var.placer, top)
end

function R.pick(g, who) return who[g:random(#who)] end

-- A turn: play one card of the top card's suit or rank (never forced, except after an 11 that named
-- no suit), or draw one. After a 2: answer with a 2 or draw the penalty.
function R.play_moves(g, seat)
  local v = g.var
  local pending, wild, named = v.pending > 0, v.wild, v.named
  local top = g:pile("field"):top()
  local out, n = {}, 0
  local hand = g:hand(seat):cards()
  for i = 1, #hand do
    local c = hand[i]
    local r = RANK[c]
    if pending then
      if r == 2 then n = n + 1; out[n] = M.play[c] end
    elseif r == 11 then
      local named_moves = ELEVEN[c]
      for j = 1, #named_moves do n = n + 1; out[n] = named_moves[j] end
    elseif wild then
      if named == "" or S.in_set(c, named) then n = n + 1; out[n] = M.play[c] end
    elseif S.matches(c, top) then
      n = n + 1; out[n] = M.play[c]
    end
  end
  return out
end

function R.plays_or_pass(g, seat)
  local list = R.play_moves(g, seat)
  list[#list + 1] = M.pass
  return list
end

function R.turn_moves(g, seat)
  local v, list = g.var, R.play_moves(g, seat)
  if not (v.wild and v.named == "" and v.pending == 0) or #list == 0 then list[#list + 1] = M.draw end
  return list
end

function R.draw_turn(g, seat)
  local v = g.var
  if v.pending > 0 then
    v.twos = 0
    local got, exploded = R.draw(g, seat, nil)
    g:say("Seat %d draws %s for the 2s.", seat, plural(#got, "card"))
    R.tell_drawn(g, seat, got)
    g:hand(seat):sort()
    if exploded then return R.bakuhatsu(g, seat) end
    g.turn = g.options.penalty_ends_turn and g:next(seat) or seat
    return
  end
  local got, exploded = R.draw(g, seat, 1)
  g:say("Seat %d draws %s.", seat, plural(#got, "card"))
  R.tell_drawn(g, seat, got)
  g:hand(seat):sort()
  if exploded then return R.bakuhatsu(g, seat) end
  g.turn = g:next(seat)
end

-- Seat places `card` (an 11 naming the suits `named`, nil for none). Who plays their last card
-- draws a replacement. Then every other seat whose total is its rank may declare dobon.
function R.place(g, seat, card, named)
  local v = g.var
  local hand, field = g:hand(seat), g:pile("field")
  hand:move(card, field)
  v.placer = seat
  local r = RANK[card]
  if r == 11 then
    named = named or ""
    v.wild, v.named = true, named
    if named == "" then
      g:say("Seat %d plays {%s} and names no suit: the next player must play a card.", seat, card)
    else
      g:say("Seat %d plays {%s} and names %s.", seat, card, S.set_text(named))
    end
  else
    v.wild, v.named = false, ""
    g:say("Seat %d plays {%s}.", seat, card)
  end
  if r == 2 then
    v.twos = v.twos + 1
    S.stack_penalty(g, "pending", g.options.draw_per_two)
  else
    v.twos, v.pending = 0, 0
  end
  if #hand == 0 then
    local got = R.draw(g, seat, 1)
    g:say("Seat %d played their last card and draws a replacement.", seat)
    R.tell_drawn(g, seat, got)
  end
  local who = {}
  for s = 1, g.seats do
    if s ~= seat and S.total(g:hand(s)) == r then who[#who + 1] = s end
  end
  if #who > 0 then
    g.turn = nil
    g:open_claim("dobon", who)
    return
  end
  R.after_place(g)
end

---------------------------------------------------------------------------------------------------
-- 《ゲームの上がり方》 Dobon: the placer loses, a random one of the declarers wins. Bakuhatsu: a hand
-- of 7 cards loses at once, everyone else scores.

function R.dobon_resolve(g, choices)
  local v = g.var
  local who = R.claimants(g, choices)
  if #who == 0 then return R.after_place(g) end
  local winner = R.pick(g, who)
  local card = g:pile("field"):top()
  g:tally(#who > 1 and "dobon by one of several" or "dobon")
  if RANK[card] == 2 then g:tally("dobon on a 2") end
  if #who > 1 then
    local names = {}
    for i, s in ipairs(who) do names[i] = g:name(s) end
    g:say(table.concat(names, ", ") .. " declare dobon together; " .. g:name(winner) .. " is first.")
  end
  g:say(("Dobon! %s holds %s = %d and wins on %s placed by %s.")
    :format(g:name(winner), show(g:hand(winner):cards()), RANK[card], show(card), g:name(v.placer)))
  R.score(g, winner, g.options.dobon_points, "dobon on " .. g:name(v.placer))
  R.score(g, v.placer, g.options.dobon_loser_points, "dobon'd by " .. g:name(winner))
  return R.end_game(g, g:name(winner) .. " dobon on " .. g:name(v.placer), winner)
end

function R.bakuhatsu(g, seat)
  g:tally("bakuhatsu")
  local o = g.options
  g:say(("Bakuhatsu! %s holds %s and explodes."):format(g:name(seat), plural(#g:hand(seat), "card")))
  for s = 1, g.seats do
    if s ~= seat then R.score(g, s, o.bakuhatsu_points, "bakuhatsu of " .. g:name(seat)) end
  end
  R.score(g, seat, o.bakuhatsu_loser_points, "bakuhatsu")
  R.end_game(g, g:name(seat) .. " exploded (bakuhatsu)", 0)
end

function R.score(g, seat, points, note)
  if points ~= 0 then g:score(seat, points, note) end
end

function R.end_game(g, summary, winner)
  g.var.winner = winner or 0
  g:end_hand(summary)
  if g.hand_no >= g.options.games then g:end_match() end
end

-- The stock runs out: the field but its top card is shuffled into a new stock.
function R.refill(g)
  local n = S.refill(g:pile("stock"), g:pile("field"))
  if n > 0 then
    g:say("The stock is empty: %s from the field are shuffled into a new stock.", plural(n, "card"))
  end
end

-- Draw up to n cards for seat (n = nil: the pending 2s' penalty, g.var.pending); stops when the
-- hand reaches the bakuhatsu limit. Returns the cards drawn and whether the hand exploded.
function R.draw(g, seat, n)
  local hand, limit = g:hand(seat), g.options.bakuhatsu
  local stock, field = g:pile("stock"), g:pile("field")
  local function after(_, refilled)
    if refilled > 0 then
      g:say(("The stock is empty: %s from the field are shuffled into a new stock.")
        :format(plural(refilled, "card")))
    end
    return #hand >= limit
  end
  local got
  if n then got = S.draw(stock, field, hand, n, after)
  else got = S.take_penalty(g, "pending", stock, field, hand, after) end
  return got, #hand >= limit
end

-- Tell seat the cards it drew (after the table was told that it drew).
function R.tell_drawn(g, seat, got)
  if #got == 1 then
    g:tell(seat, "You drew {%s}.", got[1])
  elseif #got > 1 then
    g:tell(seat, "You drew %s.", show(got))
  end
end

---------------------------------------------------------------------------------------------------
-- 《役札について》 The special cards, once a placement stands (nobody declared dobon): 1 skips the
-- next player, 2 makes them draw 2 per 2 in a row, 7 reverses (not with 2 players), 11 is wild and
-- names suits (R.place). The first play of a game has no direction yet: its neighbours decide.

local SPECIAL = { [1] = "special 1 skip", [2] = "special 2 draw", [7] = "special 7 reverse", [11] = "special 11 wild" }

function R.after_place(g)
  local v = g.var
  local seat, card = v.placer, g:pile("field"):top()
  local r = RANK[card]
  if SPECIAL[r] and not v.first then g:tally(SPECIAL[r]) end
  v.phase = "turn"
  if v.first then
    v.first = false
    if r == 1 and g.options.first_skip == "random" then
      g.dir = g:random(2) == 1 and 1 or -1
      local skipped = g:next(seat)
      g.turn = g:next(seat, 2)
      g:say("Seat %d is skipped; play goes on with Seat %d.", skipped, g.turn)
      return
    end
    if r == 2 then g:say("The next player draws %d or answers with a 2.", v.pending) end
    g.turn = nil
    local nb = R.neighbours(g, seat)
    if #nb == 2 then g:say("Seat %d or Seat %d may play next; whoever does sets the direction.", nb[1], nb[2]) end
    g:open_claim("neighbours", nb)
    return
  end
  if r == 1 then
    local skipped, nxt = g:next(seat), g:next(seat, 2)
    g.turn = nxt
    if nxt == seat then
      g:say("Seat %d is skipped; Seat %d plays again.", skipped, seat)
    else
      g:say("Seat %d is skipped.", skipped)
    end
    return
  end
  if r == 7 and S.reverse(g) then g:say("The direction is reversed.") end
  local nxt = g:next(seat)
  g.turn = nxt
  if r == 2 then g:say("Seat %d draws %d or answers with a 2.", nxt, v.pending) end
end

---------------------------------------------------------------------------------------------------
-- View.

local function view(g, seat)
  local v, o = g.var, g.options
  local lines = {}
  local function add(s) lines[#lines + 1] = s end
  local top = g:pile("field"):top()
  add(("Dobon, game %d of %d. Field: %s (%d below it), stock: %s.")
    :format(g.hand_no, o.games, top and show(top) or "empty", math.max(#g:pile("field") - 1, 0),
      plural(#g:pile("stock"), "card")))
  if v.pending > 0 then
    add(("Pending: draw %d (%s), or answer with a 2."):format(v.pending,
      v.twos == 1 and "one 2 played" or v.twos .. " 2s played in a row"))
  elseif v.wild and v.named == "" then
    add("Pending: no suit named, the next player must play a card (any card).")
  elseif v.wild then
    add("Pending: the next card must be " .. S.set_text(v.named) .. " (or an 11).")
  end
  if g.claim == "opening" or (g.turn and v.phase == "flipper") then
    add(g:name(v.flipper) .. " flipped; the direction is not set yet.")
  elseif v.first or g.claim == "neighbours" then
    add("The direction is not set yet.")
  else
    add("Direction: " .. (g.dir == 1 and "seat order (1, 2, 3 ...)" or "reverse seat order"))
  end
  if seat and seat >= 1 and seat <= g.seats then
    local h = g:hand(seat)
    add(("Your hand: %s (total %d)."):format(show(h:cards()), S.total(h)))
  end
  add(fuda.seat_lines(g, seat, function(_, s) return ("%s, score %d"):format(plural(#g:hand(s), "card"), g:total(s)) end))
  return table.concat(lines, "\n")
end

---------------------------------------------------------------------------------------------------
-- Bots.

-- basic: declares dobon whenever it can; plays rather than draws whenever it can (fewer cards,
-- further from bakuhatsu); answers a 2 with a 2; plays a 2 to hurt a next player with many cards;
-- keeps its 11s for when it has no other play or many cards, and then names the one suit it
-- holds most of; prefers plays that leave its own total low enough (1..13) for a dobon.
-- Why a typed move is not legal (the why_not hook: read only; nil leaves it to the program, which
-- says "you hold no 7h", whose turn it is, or which plays of a verb are legal).
local function why_not(g, seat, typed)
  local v = g.var
  if typed:find("^[dD][oO]") then
    return "dobon is declared right after another player places a card whose rank equals your hand's total"
  end
  if v.phase == "dobon" then return nil end
  local card
  for word in typed:gmatch("%S+") do card = card or fuda.card(word) end
  if not card or not g:hand(seat):has(card) then return nil end
  local top = g:pile("field"):top()
  if v.pending > 0 and RANK[card] ~= 2 then
    return "a 2 was played: answer it with a 2, or draw the penalty"
  end
  if v.wild and v.named ~= "" and not S.in_set(card, v.named) then
    return "the 11 named " .. S.set_text(v.named) .. ": play a card of that suit, or draw"
  end
  if not v.wild and top and not S.matches(card, top) then
    return ("the card must match the field (%s here) by suit or rank"):format(show(top))
  end
  return nil
end

local function basic_bot(g, seat, mv)
  local v, o = g.var, g.options
  local set = {}
  for _, m in ipairs(mv) do set[m] = true end
  if set[M.dobon] then return M.dobon end
  if g.claim == "dobon" then return M.pass end
  local hand = g:hand(seat):cards()
  local total = S.total(hand)
  local count = {}
  for _, c in ipairs(hand) do count[SUIT[c]] = (count[SUIT[c]] or 0) + 1 end
  local nxt = g:next(seat)
  local other_play = false
  for _, m in ipairs(mv) do
    local verb, c = M.parse(m)
    if verb == "play" and RANK[c] ~= 11 then other_play = true end
  end
  local best, best_score
  for _, m in ipairs(mv) do
    local verb, c, named = M.parse(m)
    if verb == "play" then
      local r, sc = RANK[c], 10
      if r == 11 then
        -- name the single suit held most after playing it (ties: s h d c order)
        local want, most = "", -1
        for _, s in ipairs(S.SUITS) do
          local n = (count[s] or 0) - (SUIT[c] == s and 1 or 0)
          if n > most then want, most = s, n end
        end
        if (named or "") ~= want then sc = -1000 end
        if other_play and #hand < o.bakuhatsu - 2 then sc = sc - 8 end
      elseif r == 2 then
        sc = sc + 2 * #g:hand(nxt) + (v.pending > 0 and 20 or 0)
      elseif r == 1 and g.seats == 2 then
        sc = sc + 6
      end
      local left = total - r
      if #hand >= 2 and left >= 1 and left <= 13 then sc = sc + 4 end
      sc = sc + r / 20
      if not best or sc > best_score then best, best_score = m, sc end
    end
  end
  if best then return best end
  if set[M.draw] then return M.draw end
  return mv[#mv]
end

return {
  title = "Dobon (ドボン)",
  round = "game", -- one deal is a game: "Game 1 of 5"
  players = { min = 2, max = 8, default = 4 },
  options = {
    games = { 5, min = 1, max = 1000, doc = "games in a match; the points are summed" },
    hand_size = { 3, min = 1, max = 6, doc = "cards dealt to each player" },
    bakuhatsu = { 7, min = 2, max = 20, doc = "a player whose hand reaches this many cards loses at once (bakuhatsu)" },
    dobon_points = { 1, doc = "points to the player who declares dobon" },
    dobon_loser_points = { 0, doc = "points to the player whose card was dobon'd (e.g. -1)" },
    bakuhatsu_points = { 1, doc = "points to every other player when a hand explodes" },
    bakuhatsu_loser_points = { 0, doc = "points to the player whose hand exploded" },
    draw_per_two = { 2, min = 1, max = 10, doc = "cards to draw per consecutive 2" },
    penalty_ends_turn = { true, doc = "drawing the 2s' penalty is the whole turn (false: then play or draw as usual)" },
    first_flipper = { "winner", one_of = { "winner", "random" },
      doc = "who deals and flips in later games: the previous dobon winner (random after a bakuhatsu), or always random" },
    first_skip = { "random", one_of = { "random", "none" },
      doc = "an A as the first play: a random direction, the next player skipped (random); or no effect, the neighbours may play (none)" },
  },
  state = { flipper = 1, placer = 0, first = true, twos = 0, pending = 0, wild = false, named = "", winner = 0 },
  layout = { stock = "hidden", field = "top", hand = "owner" },   -- 52 cards, no jokers
  deal = R.deal,
  verbs = M,
  phase = "flipper",
  phases = {
    opening = { moves = R.plays_or_pass, resolve = R.opening_resolve, prompt = R.prompt },
    flipper = { moves = R.plays_or_pass, play = R.place, pass = R.flipper_passes },
    neighbours = { moves = R.plays_or_pass, resolve = R.neighbours_resolve, prompt = R.prompt },
    dobon = { moves = { M.dobon, M.pass }, resolve = R.dobon_resolve, prompt = R.prompt },
    turn = { moves = R.turn_moves, play = R.place, draw = R.draw_turn },
  },
  view = view,
  why_not = why_not,
  bots = { basic = basic_bot },
  check = {
    max_moves = 5000,
    zero_sum = false,
    expect = {
      "dobon", "dobon by one of several", "dobon on a 2", "bakuhatsu", "special 1 skip",
      "special 2 draw", "special 7 reverse", "special 11 wild",
    },
  },
}
