-- Zun (ずん): a Japanese shedding game where you win by declaring "zun" when the total of your
-- hand equals the number of the top field card.
--
-- Source: the rule documents shared/seeds/zun.ja.txt and the Zun section of RULINGS.md. Every reading that the
-- document leaves open is an option below. The parts shared with Dobon (matching, totals, the
-- stock refilled from the field, named suits, skips and reverses) come from variants/lib/shedding.lua.
-- The rules follow the document's order (R.* are looked up when called, so the order is free):
-- 準備 and ゲーム手順 (deal, opening flip, first player, a turn, zun, scoring, reshuffle), 特殊カード,
-- 倍率 and 役. Beside it in variants/lib/: the arithmetic of the score (SC, the field multiplier,
-- the yaku) in zun-score.lua, the view in zun-view.lua, the bots in zun-bot.lua.
--
-- State kept in variables (the engine holds it, so undo and replay work):
--   field_base, reshuffles   field multiplier = field_base * 2^reshuffles
--   top_id, top_owner        a serial number of the top card, and who placed it (0: nobody)
--   under                    the card a Joker (or Jokers) passes on: suit to match, 2/5 rank allowed
--   pending, gosita, named   2-draws waiting, the 5 restriction, the suits an 8 named ("" none)
--   eff, eff_count           the skip ("A") or reverse ("9") a Joker passes on, and its count
--   window_hiki, window_tenhou, next_turn   what the open zun window is about, whose turn follows
--   winners, losers, kaeshi, y_hiki, y_tenhou, y_chiihou   a zun being resolved (chain of counters)
-- Seat lists are kept as text: "1,3".
-- Phases: "turn" (draw or play), and the claim windows "zun" and "kaeshi" (declare or pass).

local S = fuda.import("shedding")
local show, plural = fuda.show, fuda.plural
local RANK, SUIT = S.RANK, S.SUIT   -- card -> rank (Joker 0), suit letter (Joker nil)

local M = fuda.moves{
  draw = { doc = "draw from the stock (the 2-draws waiting, if any) and end your turn" },
  play = { "cards", "name suits?", doc = "play cards of one rank on the field card (an 8 may name suits)" },
  zun = { doc = "declare zun: your hand totals the number of the field card" },
  pass = { doc = "let the window go by without declaring" },
}
local TOTAL = { distinct = true }
local SPECIAL = { [0] = "Joker", [1] = "A", [2] = "2", [5] = "5", [8] = "8", [9] = "9" }

local R = {}

-- Seat lists in string variables: "1,3" <-> { 1, 3 }.
local function list_of(text)
  local out = {}
  for n in text:gmatch("%d+") do out[#out + 1] = tonumber(n) end
  return out
end
local function text_of(list) return table.concat(list, ",") end
local function in_list(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end
local function names_of(g, list)
  local out = {}
  for i, s in ipairs(list) do out[i] = g:name(s) end
  return table.concat(out, ", ")
end

---------------------------------------------------------------------------------------------------
-- 準備, ゲーム手順: 4 cards each; the opening field is flipped until a card that is not special, each
-- special flipped adds 2 to the field multiplier; the first player is random in game 1, then the
-- previous loser (the first clockwise from the dealer); a tenhou window for everyone.

function R.deal(g)
  local v, o = g.var, g.options
  local stock, field = g:gather(), g:pile("field")
  stock:shuffle()
  if o.hand_size * g.seats >= #stock then
    error(("%d players with %d cards each leave no card for the field"):format(g.seats, o.hand_size))
  end
  g:deal(o.hand_size, { sort = true })
  for s = 1, g.seats do g.seat[s].declared, g.seat[s].barred = -1, -1 end
  local specials = 0
  repeat
    stock:move_top(field)
    local special = SPECIAL[RANK[field:top()]]
    if special then specials = specials + 1 end
  until not special or #stock == 0
  v.field_base = specials > 0 and 2 * specials or 1
  v.reshuffles = 0
  g.dir = 1
  local first
  local losers = list_of(v.last_losers)
  if g.hand_no == 1 or #losers == 0 then
    first = (g.hand_no == 1 or v.first == 0) and g:random(g.seats) or v.first
  else
    for i = 1, g.seats do
      local s = (v.dealer - 1 + i) % g.seats + 1
      if in_list(losers, s) then first = s break end
    end
  end
  v.first, v.dealer = first, (first - 2) % g.seats + 1
  v.first_turns, v.actions, v.nine_r1 = 0, 0, false
  v.top_id, v.top_owner, v.under = 1, 0, ""
  v.pending, v.gosita, v.named, v.eff, v.eff_count = 0, false, "", "", 0
  v.winners, v.losers, v.kaeshi = "", "", 0
  v.y_hiki, v.y_tenhou, v.y_chiihou = false, false, false
  g:say(("Game %d: the field opens with %s%s; field multiplier %d. %s plays first."):format(g.hand_no,
    show(field:cards()), specials > 0 and (" (" .. specials .. " special)") or "", R.field_mult(g), g:name(first)))
  local all = {}
  for s = 1, g.seats do all[#all + 1] = s end
  R.open_zun(g, all, first, false, true)
end

function R.begin_turn(g, seat)
  g.turn = seat
  local v = g.var
  if seat == v.first then v.first_turns = v.first_turns + 1 end
end

---------------------------------------------------------------------------------------------------
-- A turn: draw a card, or play one or more cards of one rank (never the whole hand), the bottom one
-- matching the top field card by suit or rank, as the special cards allow.

-- The suit to match and the rank allowed besides it (nil: none) against the top card `top`.
function R.target(g, top)
  local r = RANK[top]
  if r ~= 0 then return SUIT[top], r end
  local under = g.var.under
  if under == "" then return nil, nil end
  r = RANK[under]
  return SUIT[under], (r == 2 or r == 5) and r or nil
end

-- What the field asks of the bottom card of a play now, read once per hook: a 2 to answer
-- (pending), the gosita, the suits an 8 named, the suit and rank to match. (One table, refilled
-- by each call: use it before the next.)
local RULE = {}
function R.field_rule(g)
  local v = g.var
  RULE.pending, RULE.gosita, RULE.named = v.pending > 0, v.gosita, v.named
  RULE.suit, RULE.rank = R.target(g, g:pile("field"):top())
  return RULE
end

-- May `card` be the bottom card of a play under `rule` (R.field_rule)?
local function fits(card, rule)
  local r = RANK[card]
  if r == 0 or r == 8 then return true end                 -- Joker and 8: on anything
  if rule.pending then return r == 2 end                   -- answer a 2 with a 2 (or 8, Joker)
  local msuit, mrank = rule.suit, rule.rank
  if msuit == nil and mrank == nil then return true end
  if rule.gosita then return r == 5 or (r < 5 and SUIT[card] == msuit) end
  if rule.named ~= "" then return S.in_set(card, rule.named) end
  return SUIT[card] == msuit or r == mrank
end
local function misfits(card, rule) return not fits(card, rule) end

-- The play moves of `seat`: legal ones, and with `illegal` also the others (chombo option).
-- Several cards of one rank in any order (S.rank_plays), never the whole hand; 8s name 0-2 suits.
local PLAYS = { verb = "play", wild = 8, sets = S.suit_sets(0, 2) }
function R.play_moves(g, seat, out, illegal)
  local cards = g:hand(seat):cards()
  S.rank_plays(cards, illegal and misfits or fits, #cards - 1, PLAYS, R.field_rule(g), out)
end

function R.turn_moves(g, seat)
  if seat ~= g.turn then return {} end
  local out = { M.draw }
  R.play_moves(g, seat, out, false)
  if g.options.chombo then R.play_moves(g, seat, out, true) end
  return out
end

-- "{9h} {9s}": the cards of a play as the events show them, made once per play.
local SHOWN = {}
local function shown(cards)
  local text = SHOWN[cards]
  if not text then text = show(cards); SHOWN[cards] = text end
  return text
end

-- Seat plays `cards` (one rank, last on top; 8s naming the suits `named`): a chombo when the
-- bottom card may not go (option); else the effects, and a zun window for everyone else.
function R.play(g, seat, cards, named)
  local v = g.var
  local hand, field = g:hand(seat), g:pile("field")
  if not fits(cards[1], R.field_rule(g)) then
    R.penalty(g, seat, "Chombo (" .. show(cards) .. " may not be played)")
    v.actions = v.actions + 1
    R.begin_turn(g, g:next(seat))
    return
  end
  local before = field:top()
  if RANK[cards[1]] == 0 and RANK[before] ~= 0 then v.under = before end
  for i = 1, #cards do hand:move(cards[i], field) end
  v.top_id, v.top_owner = v.top_id + 1, seat
  v.actions = v.actions + 1
  g:say("Seat %d plays %s.", seat, shown(cards))
  local nxt = R.apply_effects(g, seat, cards, named or "")
  local cands = {}
  for s = 1, g.seats do if s ~= seat then cands[#cands + 1] = s end end
  R.open_zun(g, cands, nxt, false, false)
end

-- Seat draws a card (a hiki-zun may follow), or the pending 2s' cards (and is barred from a zun
-- on this top card).
function R.draw_turn(g, seat)
  local v = g.var
  v.actions = v.actions + 1
  if v.pending > 0 then
    local hand = g:hand(seat)
    local got = S.take_penalty(g, "pending", g:pile("stock"), g:pile("field"), hand, R.after_card, g)
    hand:sort()
    g.seat[seat].barred = v.top_id
    g:say("Seat %d draws %s for the 2s; play goes on against {%s}.", seat, plural(#got, "card"), g:pile("field"):top())
    R.tell_drawn(g, seat, got)
    R.begin_turn(g, g:next(seat))
    return
  end
  local got = R.draw(g, seat, 1)
  if #got > 0 then
    g:say("Seat %d draws a card.", seat)
    g:tell(seat, "You draw {%s}.", got[1])
  else
    g:say("Seat %d cannot draw: stock and field are empty.", seat)
  end
  R.open_zun(g, #got > 0 and { seat } or {}, g:next(seat), #got > 0, false)
end

-- Draw n cards for `seat`. Returns the list.
function R.draw(g, seat, n)
  local hand = g:hand(seat)
  local got = S.draw(g:pile("stock"), g:pile("field"), hand, n, R.after_card, g)
  hand:sort()
  return got
end

-- "You draw {7h} {Jk}." (or "You draw nothing.") to the seat that drew `got`.
function R.tell_drawn(g, seat, got)
  if #got == 1 then return g:tell(seat, "You draw {%s}.", got[1]) end
  g:tell(seat, "You draw %s.", #got > 0 and show(got) or "nothing")
end

function R.penalty(g, seat, why)
  local got = R.draw(g, seat, g.options.penalty_cards)
  g:say("%s: Seat %d; Seat %d draws %s.", why, seat, seat, plural(#got, "card"))
  R.tell_drawn(g, seat, got)
end

---------------------------------------------------------------------------------------------------
-- ずん: a player whose hand total (each rank once, Joker 0, J/Q/K 11/12/13) equals the number of the
-- top field card declares zun and wins; who placed it loses. Others may counter (kaeshi-zun).

-- The number of the top field card (Joker 0), which a zun's hand total must equal.
function R.top_number(g) return RANK[g:pile("field"):top()] end

-- May `seat` declare zun on the top card (number `num`) now (first declaration on it, not a
-- counter)? The hand total comes first: it rules most seats out.
function R.can_zun(g, seat, num)
  local cards = g:hand(seat):cards()
  if S.total(cards, TOTAL) ~= num then return false end
  if num == 0 and #cards == 1 and RANK[cards[1]] == 0 then return false end  -- lone Joker on a Joker
  local v, st = g.var, g.seat[seat]
  local id = v.top_id
  return not (v.top_owner == seat or st.declared == id or st.barred == id)
end

-- May `seat` counter (kaeshi-zun) the current winners, on the top card (number `num`)?
function R.can_counter(g, seat, num)
  local v, st = g.var, g.seat[seat]
  if st.declared == v.top_id or st.barred == v.top_id then return false end
  if in_list(list_of(v.winners), seat) then return false end
  local hand = g:hand(seat)
  if S.count_rank(hand, 0) == #hand and #hand > 0 then return true end   -- only Jokers
  return S.total(hand, TOTAL) == num
end

-- Seats that a window offers a declaration: the eligible ones, or with the gozun option everyone
-- who could try (so that a false declaration can be made).
function R.window_seats(g, test, candidates)
  local out = {}
  if g.options.gozun then
    for i = 1, #candidates do out[i] = candidates[i] end
    return out
  end
  local num = R.top_number(g)
  for i = 1, #candidates do
    local s = candidates[i]
    if test(g, s, num) then out[#out + 1] = s end
  end
  return out
end

-- Open the zun window after a play (or a draw, or the opening) for `cands`, or begin the next turn.
function R.open_zun(g, cands, next_turn, hiki, tenhou)
  local v = g.var
  v.next_turn, v.window_hiki, v.window_tenhou = next_turn, hiki, tenhou
  local seats = R.window_seats(g, R.can_zun, cands)
  if #seats > 0 and g:open_claim("zun", seats) then return end
  R.begin_turn(g, next_turn)
end

-- The seats of a closing window that declared rightly (a false zun: a gozun penalty, option).
function R.declarers(g, choices, test)
  local v, declared = g.var, {}
  for s = 1, g.seats do
    if choices[s] == M.zun then
      if test(g, s, R.top_number(g)) then
        declared[#declared + 1] = s
      elseif g.options.gozun then
        g.seat[s].declared = v.top_id
        R.penalty(g, s, "Gozun (a false zun)")
      end
    end
  end
  for _, s in ipairs(declared) do g.seat[s].declared = v.top_id end
  return declared
end

function R.zun_resolve(g, choices)
  local v = g.var
  local declared = R.declarers(g, choices, R.can_zun)
  if #declared == 0 then return R.begin_turn(g, v.next_turn) end
  local losers = {}
  if v.window_tenhou or (v.top_owner == 0 and g.options.opening_loser == "all") then
    for s = 1, g.seats do if not in_list(declared, s) then losers[#losers + 1] = s end end
  elseif v.top_owner ~= 0 then
    losers = { v.top_owner }
  end
  v.winners, v.losers, v.kaeshi = text_of(declared), text_of(losers), 0
  v.y_tenhou, v.y_hiki = v.window_tenhou, v.window_hiki
  v.y_chiihou = not v.window_tenhou and v.first_turns <= 1 and not v.nine_r1
  local how = v.y_tenhou and " (tenhou)" or v.y_hiki and " (hiki-zun)" or ""
  g:say(("Zun! %s on %s%s%s."):format(names_of(g, declared), show(g:pile("field"):top()), how,
    #declared > 1 and " (double zun)" or ""))
  R.open_counter(g)
end

-- Why a window asks `seat` (fuda play shows it in the question): its hand's total and the card.
function R.prompt(g, seat)
  local hand = g:hand(seat)
  local why = ("your hand totals %d, the field card is {%s}"):format(S.total(hand, TOTAL), g:pile("field"):top())
  if g.claim == "kaeshi" then why = "counter " .. names_of(g, list_of(g.var.winners)) .. "'s zun: " .. why end
  local ok = g.claim == "kaeshi" and R.can_counter(g, seat, R.top_number(g)) or R.can_zun(g, seat, R.top_number(g))
  if not ok then why = why .. " (a false zun: you draw " .. g.options.penalty_cards .. ")" end
  return why
end

-- かえしずん: a loser (or anyone) whose total also equals the card counters; the winners become the
-- losers, and each counter window doubles the score (option kaeshi_count). Then the next window.
function R.open_counter(g)
  local cands = {}
  for s = 1, g.seats do
    if g.seat[s].declared ~= g.var.top_id and not in_list(list_of(g.var.winners), s) then cands[#cands + 1] = s end
  end
  if not g:open_claim("kaeshi", R.window_seats(g, R.can_counter, cands)) then R.settle(g) end
end

function R.kaeshi_resolve(g, choices)
  local v = g.var
  local declared = R.declarers(g, choices, R.can_counter)
  if #declared == 0 then return R.settle(g) end
  v.losers, v.winners = v.winners, text_of(declared)
  v.kaeshi = v.kaeshi + (g.options.kaeshi_count == "declaration" and #declared or 1)
  g:say(("Kaeshi-zun! %s counter%s %s."):format(names_of(g, declared), #declared > 1 and " together (double kaeshi)" or "s",
        names_of(g, list_of(v.losers))))
  R.open_counter(g)
end

-- The winners take from each loser SC (every card of the loser's hand, 10 and above as 10,
-- Joker 0) x 2 per Joker in both hands x the field multiplier x the yaku (倍率, 役 below).
local score = fuda.import("zun-score")
local sc_of = score.sc_of
R.pair_score = score.pair_score   -- the amount a winner takes from a loser, and its arithmetic

function R.settle(g)
  local v = g.var
  local winners, losers = list_of(v.winners), list_of(v.losers)
  -- coverage for fuda check and sim: each yaku once per game it scores in
  local seen = {}
  for _, y in ipairs(R.yaku(g)) do
    if not seen[y[2]] then seen[y[2]] = true g:tally("yaku " .. y[2]) end
  end
  if v.kaeshi >= 2 then g:tally("kaeshi chain of " .. v.kaeshi) end
  if #winners > 1 then g:tally("double-zun") end
  if #losers > 1 then g:tally("several losers") end
  for _, w in ipairs(winners) do
    local h = g:hand(w)
    g:say("%s shows %s (total %d).", g:name(w), show(h:cards()), S.total(h, TOTAL))
  end
  for _, l in ipairs(losers) do
    if not in_list(winners, l) then
      g:say("%s shows %s (counts %d).", g:name(l), show(g:hand(l):cards()), sc_of(g:hand(l)))
    end
  end
  for _, w in ipairs(winners) do
    for _, l in ipairs(losers) do
      if w ~= l then
        local amount, note = R.pair_score(g, w, l)
        g:say(("%s wins from %s: %s."):format(g:name(w), g:name(l), note))
        g:score(w, amount, note)
        g:score(l, -amount, note)
      end
    end
  end
  if #losers == 0 then g:say("Nobody placed the card: no score changes hands.") end
  v.last_losers = v.losers
  g:end_hand(("Game %d: %s won (zun on %s)."):format(g.hand_no, names_of(g, winners), show(g:pile("field"):top())))
  if g.hand_no >= g.options.games then g:end_match() end
end

-- The stock runs out: the field but its top card becomes the stock, and the field multiplier
-- doubles (n cards: a refill just made).
function R.refilled(g, n)
  g:tally("stock refilled")
  g.var.reshuffles = g.var.reshuffles + 1
  g:say("The stock is empty: %d field cards are shuffled into a new stock; the field multiplier doubles to %d.",
        n, R.field_mult(g))
end

-- Called after each card drawn (S.draw, with the game as ctx): a refill just made is counted;
-- with reshuffle = "empty" the stock is refilled as soon as it is empty.
function R.after_card(_, n, g)
  if n > 0 then R.refilled(g, n) end
  if g.options.reshuffle == "empty" and #g:pile("stock") == 0 then
    local k = S.refill(g:pile("stock"), g:pile("field"))
    if k > 0 then R.refilled(g, k) end
  end
end

---------------------------------------------------------------------------------------------------
-- 特殊カード: the effect of a play of `cards` (one rank, last on top) by `seat`; returns the next
-- seat. A, 2 and 9 count once per card played; 5, 8 and Joker once.

local TALLY_ONE, TALLY_SEVERAL = {}, {}   -- rank -> "special A", "special A (several)"
for r, label in pairs(SPECIAL) do
  TALLY_ONE[r], TALLY_SEVERAL[r] = "special " .. label, "special " .. label .. " (several)"
end

function R.apply_effects(g, seat, cards, named)
  local v, r, k = g.var, RANK[cards[1]], #cards
  local nxt
  if SPECIAL[r] then g:tally(k > 1 and TALLY_SEVERAL[r] or TALLY_ONE[r]) end
  if r == 0 then
    -- Joker: the effect beneath goes on, with its suit; a skip or reverse repeats (option).
    local eff = v.eff
    if eff == "A" and g.options.joker_repeats then
      nxt = S.after_skips(g, seat, v.eff_count)
      g:say("  Joker: passes the skip on: %s skipped.", S.skipped(g, seat, v.eff_count))
    elseif eff == "9" and g.options.joker_repeats then
      S.reverse(g, v.eff_count)
      g:say("  Joker: passes the reverse on: the direction turns.")
    elseif v.pending > 0 then
      g:say("  Joker: passes the draw on (%d cards).", v.pending)
    elseif v.gosita then
      g:say("  Joker: passes the gosita on.")
    elseif v.named ~= "" then
      g:say("  Joker: passes the named %s on.", S.set_text(v.named))
    else
      g:say("  Joker: passes the effect on.")
    end
    return nxt or g:next(seat)
  end
  v.eff, v.eff_count, v.named = "", 0, ""
  if r == 8 then
    if v.pending > 0 then g:say("  8 cancels the pending draw of %d.", v.pending) end
    if v.gosita then g:say("  8 ends the gosita.") end
    v.pending, v.gosita, v.named = 0, false, named
    if named ~= "" then g:say("  8 names %s.", S.set_text(named)) end
    return g:next(seat)
  end
  if v.gosita and r < 5 then g:say("  The gosita ends.") end
  v.gosita = (r == 5)
  if r == 5 then
    g:say("  Gosita: the next card must be a 5, a card below 5 of the same suit, an 8 or a Joker.")
  elseif r == 2 then
    S.stack_penalty(g, "pending", 2 * k)
    g:say("  Draw: the next player must answer with a 2, 8 or Joker, or draw %d.", v.pending)
  elseif r == 1 then
    v.eff, v.eff_count = "A", k
    g:say("  Skip: %s skipped.", S.skipped(g, seat, k))
    return S.after_skips(g, seat, k)
  elseif r == 9 then
    v.eff, v.eff_count = "9", k
    if v.first_turns <= 1 then v.nine_r1 = true end
    local turned = S.reverse(g, k)
    g:say("  Reverse%s: the direction %s.", k > 1 and (" x" .. k) or "", turned and "turns" or "stays")
  end
  return g:next(seat)
end

---------------------------------------------------------------------------------------------------
-- 倍率, 役: the field multiplier (x2 per reshuffle, saturating at 2^40), and the yaku of the zun
-- being resolved as a list of { factor, name } (variants/lib/zun-score.lua).

R.field_mult, R.yaku = score.field_mult, score.yaku

---------------------------------------------------------------------------------------------------
-- The view (variants/lib/zun-view.lua).

local view = fuda.import("zun-view")(TOTAL)

---------------------------------------------------------------------------------------------------
-- Bots: basic and careful (variants/lib/zun-bot.lua).

local bots = fuda.import("zun-bot"){ R = R, M = M, fits = fits, list_of = list_of, sc_of = sc_of, TOTAL = TOTAL }

---------------------------------------------------------------------------------------------------

-- Why a typed play is not legal (the why_not hook: read only; nil leaves it to the program, which
-- says "you hold no 7h", whose turn it is, or which plays of a verb are legal).
local function why_not(g, seat, typed)
  if typed:find("^[zZ]") then
    return "zun is declared in the window after a card is played or drawn, when your hand's total equals the field's number"
  end
  if g.var.phase ~= "turn" or seat ~= g.turn then return nil end
  local cards, hand = {}, g:hand(seat)
  for word in typed:gmatch("%S+") do
    local c = fuda.card(word)
    if c then
      if not hand:has(c) then return nil end
      cards[#cards + 1] = c
    end
  end
  if #cards == 0 then return nil end
  for i = 2, #cards do
    if RANK[cards[i]] ~= RANK[cards[1]] then return "the cards of one play share one rank" end
  end
  if #cards >= #hand then return "a play never empties your hand (draw, or keep a card back)" end
  local rule, bottom = R.field_rule(g), cards[1]
  if fits(bottom, rule) then return nil end
  if rule.pending then return "a 2 was played: answer it with a 2 (or an 8 or a Joker), or draw" end
  if rule.gosita then
    return ("after a 5 the bottom card must be a 5, or lower in %s"):format(rule.suit and "{" .. rule.suit .. "}" or "its suit")
  end
  if rule.named ~= "" then return "the 8 named " .. S.set_text(rule.named) .. ": the bottom card must be of that suit (or an 8 or a Joker)" end
  return ("the bottom card must match the field (%s here) by suit or rank"):format(show(g:pile("field"):top()))
end

local declare_or_pass = { M.zun, M.pass } -- the claim windows' moves, declared

return {
  title = "Zun (ずん)",
  round = "game", -- one deal is a game: "Game 1 of 4"
  players = { min = 2, max = 8, default = 4 },

  options = {
    games = { 4, min = 1, doc = "games in a match; the scores are summed" },
    jokers = { 2, min = 0, max = 2, doc = "jokers added to the 52 cards" },
    hand_size = { 4, min = 1, max = 10, doc = "cards dealt to each player" },
    chombo = { false, doc = "an illegal play is allowed as a mistake: taken back, and the player draws penalty_cards" },
    gozun = { false, doc = "a false zun may be declared: the declarer draws penalty_cards and play goes on" },
    penalty_cards = { 5, min = 0, doc = "cards drawn for a chombo or a gozun" },
    kaeshi_count = { "level", one_of = { "level", "declaration" },
                     doc = "kaeshi-zun doubles once per counter window (level) or once per counterer (declaration)" },
    joker_repeats = { true, doc = "a Joker on an A or a 9 passes the skip or reverse on (it happens again)" },
    opening_loser = { "all", one_of = { "all", "none" },
                      doc = "who pays a zun (not tenhou) on an opening card, placed by nobody: everyone else, or nobody" },
    reshuffle = { "empty", one_of = { "empty", "draw" },
                  doc = "the field becomes the stock as soon as the stock is empty, or only when a card must be drawn" },
    score_cap = { 10000000, min = 1, max = 100000000, doc = "most points one loser pays one winner in a game (keeps totals in range)" },
  },

  state = {
    first = 0, dealer = 0, first_turns = 0, actions = 0, nine_r1 = false,
    field_base = 1, reshuffles = 0,
    top_id = 0, top_owner = 0, under = "",
    pending = 0, gosita = false, named = "", eff = "", eff_count = 0,
    window_hiki = false, window_tenhou = false, next_turn = 0,
    winners = "", losers = "", kaeshi = 0, y_hiki = false, y_tenhou = false, y_chiihou = false,
    last_losers = "",
  },
  seat_state = { declared = -1, barred = -1 },

  layout = { stock = "hidden", field = "top", hand = "owner" },
  deck = function(g) return { jokers = g.options.jokers } end,
  deal = R.deal,
  verbs = M,
  phase = "turn",
  phases = {
    turn = { moves = R.turn_moves, draw = R.draw_turn, play = R.play },
    zun = { moves = declare_or_pass, resolve = R.zun_resolve, prompt = R.prompt },
    kaeshi = { moves = declare_or_pass, resolve = R.kaeshi_resolve, prompt = R.prompt },
  },
  view = view,
  why_not = why_not,
  bots = { basic = bots.basic, careful = bots.careful },
  -- The search judges a hand before the match's last by who won it: zun's multipliers make a few
  -- hands worth hundreds of others, so a mean of its points is mostly luck. It plays its own seat
  -- as careful (with two seats it holds back, with more it sheds its big cards first: stronger than
  -- basic either way) and keeps careful's move unless another clearly does better
  -- (docs/performance.md).
  search = { hands = "winner", bot = "careful" },
  -- A hand nobody has won 24 moves into a playout counts as even: what decides zun is who feeds
  -- whom in the next few turns, which those moves show; the long run is careful's to plan. The
  -- playouts are then short enough for careful's long hands (a full one is some 300 moves).
  evaluate = function(g, seat) return 0 end,
  check = {
    zero_sum = true,
    max_moves = 40000,
    expect = {
      "yaku tenhou", "yaku chiihou", "yaku eight-zun", "yaku hiki-zun", "yaku kaeshi-zun",
      "kaeshi chain of 2", "double-zun", "stock refilled", "special A", "special 2", "special 5",
      "special 8", "special 9", "special Joker", "special A (several)", "special 2 (several)",
      "special 9 (several)",
    },
  },  -- random bots: at most ~6000 seen (2 players)
}
