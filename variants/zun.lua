-- Zun (ずん): a Japanese shedding game where you win by declaring "zun" when the total of your
-- hand equals the number of the top field card.
--
-- Source: the rule documents shared/seeds/zun.ja.txt and the Zun section of RULINGS.md. Every reading that the
-- document leaves open is an option below. The parts shared with Dobon (matching, totals, the
-- stock refilled from the field, named suits, skips and reverses) come from variants/lib/shedding.lua.
--
-- State kept in variables (the engine holds it, so undo and replay work):
--   field_base, reshuffles   field multiplier = field_base * 2^reshuffles
--   top_id, top_owner        a serial number of the top card, and who placed it (0: nobody)
--   under                    the card a Joker (or Jokers) passes on: suit to match, 2/5 rank allowed
--   pending, gosita, named   2-draws waiting, the 5 restriction, the suits an 8 named ("" none)
--   eff, eff_count           the skip ("A") or reverse ("9") a Joker passes on, and its count
--   window, window_hiki, window_tenhou, next_turn    the open claim window and whose turn follows
--   winners, losers, kaeshi, y_hiki, y_tenhou, y_chiihou   a zun being resolved (chain of counters)

local S = fuda.import("shedding")
local show = fuda.show
local RANK, SUIT = S.RANK, S.SUIT   -- card -> rank (Joker 0), suit letter (Joker nil)

local SPECIAL = { [0] = true, [1] = true, [2] = true, [5] = true, [8] = true, [9] = true }
local NAME_SETS = S.suit_sets(0, 2)   -- "", "s", ..., "sh", ...
local TOTAL = { distinct = true }

local function name(s) return "Seat " .. s end

-- Seat lists kept in string variables: "1,3" <-> { 1, 3 }.
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
local function names_of(list)
  local out = {}
  for i, s in ipairs(list) do out[i] = name(s) end
  return table.concat(out, ", ")
end

-- Hand total with each rank counted once (Joker 0, J/Q/K 11/12/13).
local function hand_total(g, seat) return S.total(g:hand(seat), TOTAL) end

local function only_jokers(hand)
  local cards = hand:cards()
  for i = 1, #cards do if RANK[cards[i]] ~= 0 then return false end end
  return #cards > 0
end

-- Field multiplier, saturating at 2^40 (many reshuffles).
local function field_mult(g)
  return g.var.field_base * (1 << math.min(g.var.reshuffles, 40))
end

---------------------------------------------------------------------------------------------------
-- What may be played.

-- The suit to match and the rank allowed besides it (nil: none) against the top card `top`.
local function target(g, top)
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
local function field_rule(g)
  local v = g.var
  RULE.pending, RULE.gosita, RULE.named = v.pending > 0, v.gosita, v.named
  RULE.suit, RULE.rank = target(g, g:pile("field"):top())
  return RULE
end

-- May `card` be the bottom card of a play under `rule` (field_rule)?
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

-- May `card` be the bottom card of a play now?
local function legal_bottom(g, card) return fits(card, field_rule(g)) end

-- The play moves of `seat`: legal ones, and with `illegal` also the others (chombo option).
-- Several cards of one rank in any order (S.rank_plays), never the whole hand; 8s name 0-2 suits.
local PLAYS = { verb = "play", wild = 8, sets = NAME_SETS }
local function play_moves(g, seat, out, illegal)
  local cards = g:hand(seat):cards()
  S.rank_plays(cards, illegal and misfits or fits, #cards - 1, PLAYS, field_rule(g), out)
end

-- "play 9h 9s 9c name h d" -> { "9h", "9s", "9c" }, "hd" (a shared list: do not change it)
local function parse_play(move) return S.play_of(move) end

---------------------------------------------------------------------------------------------------
-- Who may declare.

-- The number of the top field card (Joker 0), which a zun's hand total must equal.
local function top_number(g) return RANK[g:pile("field"):top()] end

-- May `seat` declare zun on the top card (number `num`) now (first declaration on it, not a
-- counter)? The hand total comes first: it rules most seats out.
local function can_zun(g, seat, num)
  local cards = g:hand(seat):cards()
  if S.total(cards, TOTAL) ~= num then return false end
  if num == 0 and #cards == 1 and RANK[cards[1]] == 0 then return false end  -- lone Joker on a Joker
  local v, st = g.var, g.seat[seat]
  local id = v.top_id
  return not (v.top_owner == seat or st.declared == id or st.barred == id)
end

-- May `seat` counter (kaeshi-zun) the current winners, on the top card (number `num`)?
local function can_counter(g, seat, num)
  local v, st = g.var, g.seat[seat]
  if st.declared == v.top_id or st.barred == v.top_id then return false end
  if in_list(list_of(v.winners), seat) then return false end
  local hand = g:hand(seat)
  if only_jokers(hand) then return true end
  return hand_total(g, seat) == num
end

-- Seats that a window offers a declaration: the eligible ones, or with the gozun option everyone
-- who could try (so that a false declaration can be made).
local function window_seats(g, test, candidates)
  local out = {}
  if g.options.gozun then
    for i = 1, #candidates do out[i] = candidates[i] end
    return out
  end
  local num = top_number(g)
  for i = 1, #candidates do
    local s = candidates[i]
    if test(g, s, num) then out[#out + 1] = s end
  end
  return out
end

---------------------------------------------------------------------------------------------------
-- Turns, drawing, the stock.

local function begin_turn(g, seat)
  g.turn = seat
  local v = g.var
  if seat == v.first then v.first_turns = v.first_turns + 1 end
end

-- Count a refill of the stock from the field (n cards): the field multiplier doubles.
local function refilled(g, n)
  g:tally("stock refilled")
  g.var.reshuffles = g.var.reshuffles + 1
  g:say("The stock is empty: %d field cards are shuffled into a new stock; the field multiplier doubles to %d.",
        n, field_mult(g))
end

local function refill(g)
  local n = S.refill(g:pile("stock"), g:pile("field"))
  if n > 0 then refilled(g, n) end
end

-- Called after each card drawn (S.draw, with the game as ctx): a refill just made is counted;
-- with reshuffle = "empty" the stock is refilled as soon as it is empty.
local function after_card(_, n, g)
  if n > 0 then refilled(g, n) end
  if g.options.reshuffle == "empty" and #g:pile("stock") == 0 then refill(g) end
end

-- Draw n cards for `seat`. Returns the list.
local function draw(g, seat, n)
  local hand = g:hand(seat)
  local got = S.draw(g:pile("stock"), g:pile("field"), hand, n, after_card, g)
  hand:sort()
  return got
end

-- "You draw {7h} {Jk}." (or "You draw nothing.") to the seat that drew `got`.
local function tell_drawn(g, seat, got)
  if #got == 1 then return g:tell(seat, "You draw {%s}.", got[1]) end
  g:tell(seat, "You draw %s.", #got > 0 and show(got) or "nothing")
end

local function penalty(g, seat, why)
  local got = draw(g, seat, g.options.penalty_cards)
  g:say("%s: Seat %d; Seat %d draws %s.", why, seat, seat, S.plural(#got, "card"))
  tell_drawn(g, seat, got)
end

---------------------------------------------------------------------------------------------------
-- Scoring.

-- SC of a hand: every card, 10 and above as 10, Joker 0.
local function sc_of(hand)
  local sum, cards = 0, hand:cards()
  for i = 1, #cards do
    local r = RANK[cards[i]]
    sum = sum + (r >= 10 and 10 or r)
  end
  return sum
end

local function jokers_in(hand) return S.count_rank(hand, 0) end

-- The yaku factors of the zun being resolved: list of { factor, name }.
local function yaku(g)
  local v, out = g.var, {}
  if v.kaeshi == 0 then
    if v.y_tenhou then out[#out + 1] = { 8, "tenhou" }
    elseif v.y_chiihou then out[#out + 1] = { 8, "chiihou" } end
  end
  if RANK[g:pile("field"):top()] == 8 then out[#out + 1] = { 3, "eight-zun" } end
  if v.kaeshi == 0 and v.y_hiki then out[#out + 1] = { 2, "hiki-zun" } end
  for _ = 1, v.kaeshi do out[#out + 1] = { 2, "kaeshi-zun" } end
  return out
end

-- The amount `winner` takes from `loser`, and its arithmetic as text.
local function pair_score(g, winner, loser)
  local lh, wh = g:hand(loser), g:hand(winner)
  local amount = sc_of(lh)
  local big = 1 << 52                   -- products saturate here (never overflow)
  local function times(f) amount = math.min(amount * f, big) end
  local parts = { tostring(amount) }
  for _ = 1, jokers_in(lh) + jokers_in(wh) do
    times(2); parts[#parts + 1] = "x 2 (joker)"
  end
  local fm = field_mult(g)
  if fm ~= 1 then times(fm); parts[#parts + 1] = ("x %d (field)"):format(fm) end
  for _, y in ipairs(yaku(g)) do
    times(y[1]); parts[#parts + 1] = ("x %d (%s)"):format(y[1], y[2])
  end
  local note = table.concat(parts, " ") .. " = " .. amount
  -- The cap, and room in both totals (the engine keeps them in 32 bits).
  local cap = math.min(g.options.score_cap, 2000000000 - g:total(winner), g:total(loser) + 2000000000)
  if amount > cap then
    amount = math.max(cap, 0)
    note = note .. (", capped at %d"):format(amount)
  end
  return amount, note
end

local function settle(g)
  local v = g.var
  local winners, losers = list_of(v.winners), list_of(v.losers)
  -- coverage for fuda check and sim: each yaku once per game it scores in
  local seen = {}
  for _, y in ipairs(yaku(g)) do
    if not seen[y[2]] then seen[y[2]] = true g:tally("yaku " .. y[2]) end
  end
  if v.kaeshi >= 2 then g:tally("kaeshi chain of " .. v.kaeshi) end
  if #winners > 1 then g:tally("double-zun") end
  if #losers > 1 then g:tally("several losers") end
  for _, w in ipairs(winners) do
    for _, l in ipairs(losers) do
      if w ~= l then
        local amount, note = pair_score(g, w, l)
        g:say(("%s wins from %s: %s."):format(name(w), name(l), note))
        g:score(w, amount, note)
        g:score(l, -amount, note)
      end
    end
  end
  if #losers == 0 then g:say("Nobody placed the card: no score changes hands.") end
  v.last_losers = v.losers
  v.window = ""
  g:end_hand(("Game %d: %s won (zun on %s)."):format(g.hand_no, names_of(winners), show(g:pile("field"):top())))
  if g.hand_no >= g.options.games then g:end_match() end
end

-- After a declaration: open the counter window for everyone who may counter, or settle.
local function open_counter(g)
  local cands = {}
  for s = 1, g.seats do
    local st = g.seat[s]
    if st.declared ~= g.var.top_id and not in_list(list_of(g.var.winners), s) then cands[#cands + 1] = s end
  end
  local seats = window_seats(g, can_counter, cands)
  g.var.window = "kaeshi"
  if not g:open_claim("kaeshi", seats) then settle(g) end
end

-- Open the zun window after a play (or a draw, or the opening) for `cands`, or begin the next turn.
local function open_zun(g, cands, next_turn, hiki, tenhou)
  local v = g.var
  v.next_turn, v.window_hiki, v.window_tenhou = next_turn, hiki, tenhou
  local seats = window_seats(g, can_zun, cands)
  if #seats > 0 then -- (no window is open here: v.window is "" unless this one opens)
    v.window = "zun"
    if g:open_claim("zun", seats) then return end
    v.window = ""
  end
  begin_turn(g, next_turn)
end

---------------------------------------------------------------------------------------------------
-- Playing cards.

-- The effect of a play of `cards` (one rank, last on top) by `seat`; returns the next seat.
local SPECIAL = { [0] = "Joker", [1] = "A", [2] = "2", [5] = "5", [8] = "8", [9] = "9" }
local TALLY_ONE, TALLY_SEVERAL = {}, {}   -- rank -> "special A", "special A (several)"
for r, label in pairs(SPECIAL) do
  TALLY_ONE[r], TALLY_SEVERAL[r] = "special " .. label, "special " .. label .. " (several)"
end

local function apply_effects(g, seat, cards, named)
  local v, r, k = g.var, RANK[cards[1]], #cards
  local nxt
  if SPECIAL[r] then g:tally(k > 1 and TALLY_SEVERAL[r] or TALLY_ONE[r]) end
  if r == 0 then
    -- Joker: the effect beneath goes on, with its suit; a skip or reverse repeats (option).
    local eff = v.eff
    if eff == "A" and g.options.joker_repeats then
      nxt = S.after_skips(g, seat, v.eff_count)
      g:say("  Joker: passes the skip on: %d player(s) skipped.", v.eff_count)
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
    g:say("  Skip: %d player(s) skipped.", k)
    return S.after_skips(g, seat, k)
  elseif r == 9 then
    v.eff, v.eff_count = "9", k
    if v.first_turns <= 1 then v.nine_r1 = true end
    local turned = S.reverse(g, k)
    g:say("  Reverse%s: the direction %s.", k > 1 and (" x" .. k) or "", turned and "turns" or "stays")
  end
  return g:next(seat)
end

-- "{9h} {9s}": the cards of a play as the events show them, made once per play.
local SHOWN = {}
local function shown(cards)
  local text = SHOWN[cards]
  if not text then text = show(cards); SHOWN[cards] = text end
  return text
end

local function play_cards(g, seat, move)
  local v = g.var
  local cards, named = parse_play(move)
  local hand, field = g:hand(seat), g:pile("field")
  if not legal_bottom(g, cards[1]) then
    penalty(g, seat, "Chombo (" .. show(cards) .. " may not be played)")
    v.actions = v.actions + 1
    begin_turn(g, g:next(seat))
    return
  end
  local before = field:top()
  if RANK[cards[1]] == 0 and RANK[before] ~= 0 then v.under = before end
  for i = 1, #cards do hand:move(cards[i], field) end
  v.top_id, v.top_owner = v.top_id + 1, seat
  v.actions = v.actions + 1
  g:say("Seat %d plays %s.", seat, shown(cards))
  local nxt = apply_effects(g, seat, cards, named)
  local cands = {}
  for s = 1, g.seats do if s ~= seat then cands[#cands + 1] = s end end
  open_zun(g, cands, nxt, false, false)
end

local function draw_turn(g, seat)
  local v = g.var
  v.actions = v.actions + 1
  if v.pending > 0 then
    local hand = g:hand(seat)
    local got = S.take_penalty(g, "pending", g:pile("stock"), g:pile("field"), hand, after_card, g)
    hand:sort()
    g.seat[seat].barred = v.top_id
    g:say("Seat %d draws %s for the 2s; play goes on against {%s}.", seat, S.plural(#got, "card"), g:pile("field"):top())
    tell_drawn(g, seat, got)
    begin_turn(g, g:next(seat))
    return
  end
  local got = draw(g, seat, 1)
  if #got > 0 then
    g:say("Seat %d draws a card.", seat)
    g:tell(seat, "You draw {%s}.", got[1])
  else
    g:say("Seat %d cannot draw: stock and field are empty.", seat)
  end
  open_zun(g, #got > 0 and { seat } or {}, g:next(seat), #got > 0, false)
end

---------------------------------------------------------------------------------------------------
-- Claim windows.

local function resolve(g, choices)
  local v = g.var
  local window = v.window
  local declared = {}
  for s = 1, g.seats do
    if choices[s] == "zun" then
      local ok
      if window == "zun" then ok = can_zun(g, s, top_number(g)) else ok = can_counter(g, s, top_number(g)) end
      if ok then
        declared[#declared + 1] = s
      elseif g.options.gozun then
        g.seat[s].declared = v.top_id
        penalty(g, s, "Gozun (a false zun)")
      end
    end
  end
  for _, s in ipairs(declared) do g.seat[s].declared = v.top_id end
  if window == "zun" then
    if #declared == 0 then
      v.window = ""
      begin_turn(g, v.next_turn)
      return
    end
    local top = g:pile("field"):top()
    local losers = {}
    if v.window_tenhou then
      for s = 1, g.seats do if not in_list(declared, s) then losers[#losers + 1] = s end end
    elseif v.top_owner ~= 0 then
      losers = { v.top_owner }
    elseif g.options.opening_loser == "all" then
      for s = 1, g.seats do if not in_list(declared, s) then losers[#losers + 1] = s end end
    end
    v.winners, v.losers, v.kaeshi = text_of(declared), text_of(losers), 0
    v.y_tenhou, v.y_hiki = v.window_tenhou, v.window_hiki
    v.y_chiihou = not v.window_tenhou and v.first_turns <= 1 and not v.nine_r1
    local how = v.y_tenhou and " (tenhou)" or v.y_hiki and " (hiki-zun)" or ""
    g:say(("Zun! %s on %s%s%s."):format(names_of(declared), show(top), how, #declared > 1 and " (double zun)" or ""))
  else
    if #declared == 0 then settle(g) return end
    v.losers, v.winners = v.winners, text_of(declared)
    v.kaeshi = v.kaeshi + (g.options.kaeshi_count == "declaration" and #declared or 1)
    g:say(("Kaeshi-zun! %s counter%s %s."):format(names_of(declared), #declared > 1 and " together (double kaeshi)" or "s",
          names_of(list_of(v.losers))))
  end
  open_counter(g)
end

---------------------------------------------------------------------------------------------------
-- The view.

local function view(g, seat)
  local v = g.var
  local lines = {}
  local field = g:pile("field")
  local top = field:top()
  local eff = {}
  if v.pending > 0 then eff[#eff + 1] = ("draw %d pending"):format(v.pending) end
  if v.gosita then eff[#eff + 1] = "gosita" end
  if v.named ~= "" then eff[#eff + 1] = "named " .. S.set_text(v.named) end
  if RANK[top] == 0 and v.under ~= "" then eff[#eff + 1] = "Joker over " .. show(v.under) end
  lines[#lines + 1] = ("Game %d of %d. Field: %s (number %d)%s, placed by %s."):format(g.hand_no, g.options.games,
    show(top), RANK[top], #eff > 0 and (", " .. table.concat(eff, ", ")) or "",
    v.top_owner == 0 and "nobody" or name(v.top_owner))
  lines[#lines + 1] = ("Field multiplier %d, stock %s, direction %s."):format(field_mult(g), S.plural(#g:pile("stock"), "card"),
    g.dir == 1 and "clockwise" or "counter-clockwise")
  if seat and seat >= 1 and seat <= g.seats then
    lines[#lines + 1] = ("Your hand: %s (total %d)."):format(show(g:hand(seat):cards()), hand_total(g, seat))
  end
  local others = {}
  for s = 1, g.seats do
    local mark = (g.turn == s) and "*" or ""
    others[#others + 1] = ("%s%s: %s, %d pts"):format(mark, name(s), S.plural(#g:hand(s), "card"), g:total(s))
  end
  lines[#lines + 1] = table.concat(others, "; ")
  return table.concat(lines, "\n")
end

---------------------------------------------------------------------------------------------------
-- Bots.

-- basic: declares when the score would be positive, answers 2s, keeps 8s and Jokers for need,
-- otherwise plays (most cards, a hand total it could zun with, specials that hurt the next player).
local function basic_bot(g, seat, moves)
  local v = g.var
  if g.claim then
    local has_zun = false
    for _, m in ipairs(moves) do if m == "zun" then has_zun = true end end
    if not has_zun then return moves[1] end
    local window = v.window
    local num = top_number(g)
    local ok = (window == "zun") and can_zun(g, seat, num) or (window == "kaeshi" and can_counter(g, seat, num))
    if not ok then return "pass" end
    -- pays: something to take from someone
    local losers = {}
    if window == "kaeshi" then losers = list_of(v.winners)
    elseif v.window_tenhou or v.top_owner == 0 then
      for s = 1, g.seats do if s ~= seat then losers[#losers + 1] = s end end
    else losers = { v.top_owner } end
    for _, l in ipairs(losers) do if sc_of(g:hand(l)) > 0 then return "zun" end end
    return "pass"
  end
  local held = g:hand(seat):cards()
  local rule, pending = field_rule(g), v.pending > 0
  local best, best_score = nil, -math.huge
  for i = 1, #moves do
    local m = moves[i]
    local sc
    if m == "draw" then
      sc = 0
    else
      local cards, named = parse_play(m)
      local r = RANK[cards[1]]
      sc = 10 * #cards + 1
      if not fits(cards[1], rule) then sc = -math.huge end   -- a chombo (option): never
      -- the hand left: its total should be one the field can show (1..13)
      local left, gone = {}, {}
      for _, c in ipairs(cards) do gone[c] = (gone[c] or 0) + 1 end
      for j = 1, #held do
        local c = held[j]
        if (gone[c] or 0) > 0 then gone[c] = gone[c] - 1 else left[#left + 1] = c end
      end
      local t = S.total(left, TOTAL)
      if t >= 1 and t <= 13 then sc = sc + 20 end
      if pending then
        sc = sc + (r == 2 and 30 or r == 0 and 20 or 10)
      else
        if r == 8 or r == 0 then sc = sc - 25 end
        if r == 2 then sc = sc + 8 elseif r == 1 or r == 5 then sc = sc + 4 elseif r == 9 then sc = sc + 2 end
      end
      if r == 8 then
        -- name one suit, the one the bot holds most of afterwards
        local want, most = "", 0
        for _, c in ipairs(left) do
          local s = SUIT[c]
          if s and s ~= "" then
            local n = 0
            for _, d in ipairs(left) do if SUIT[d] == s then n = n + 1 end end
            if n > most or (n == most and s < want) then want, most = s, n end
          end
        end
        if named == want then sc = sc + 3 end
      end
    end
    if sc > best_score then best, best_score = m, sc end
  end
  return best or moves[1]
end

---------------------------------------------------------------------------------------------------

return {
  title = "Zun (ずん)",
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
    window = "", window_hiki = false, window_tenhou = false, next_turn = 0,
    winners = "", losers = "", kaeshi = 0, y_hiki = false, y_tenhou = false, y_chiihou = false,
    last_losers = "",
  },
  seat_state = { declared = -1, barred = -1 },

  setup = function(g)
    local stock = g:new_pile("stock")
    g:new_pile("field", { vis = "top" })
    for s = 1, g.seats do g:new_pile("hand", { owner = s, vis = "owner" }) end
    g:new_deck(stock, { decks = 1, jokers = g.options.jokers })
  end,

  deal = function(g)
    local v = g.var
    local stock, field = g:pile("stock"), g:pile("field")
    field:move_all(stock)
    for s = 1, g.seats do g:hand(s):move_all(stock) end
    stock:shuffle()
    if g.options.hand_size * g.seats >= #stock then
      error(("%d players with %d cards each leave no card for the field"):format(g.seats, g.options.hand_size))
    end
    for _ = 1, g.options.hand_size do
      for s = 1, g.seats do stock:move_top(g:hand(s)) end
    end
    for s = 1, g.seats do
      g:hand(s):sort()
      g.seat[s].declared, g.seat[s].barred = -1, -1
    end
    -- Opening: flip until a card that is not special; each special flipped adds 2 to the multiplier.
    local specials = 0
    repeat
      stock:move_top(field)
      local special = SPECIAL[RANK[field:top()]]
      if special then specials = specials + 1 end
    until not special or #stock == 0
    v.field_base = specials > 0 and 2 * specials or 1
    v.reshuffles = 0
    g.dir = 1
    -- First player: random in game 1, then the previous loser (the first clockwise from the dealer).
    local first
    local losers = list_of(v.last_losers)
    if g.hand_no == 1 or #losers == 0 then
      first = (g.hand_no == 1 or v.first == 0) and g:random(g.seats) or v.first
    else
      local d = v.dealer
      for i = 1, g.seats do
        local s = (d - 1 + i) % g.seats + 1
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
      show(field:cards()), specials > 0 and (" (" .. specials .. " special)") or "", field_mult(g), name(first)))
    local all = {}
    for s = 1, g.seats do all[#all + 1] = s end
    open_zun(g, all, first, false, true)
  end,

  moves = function(g, seat)
    if g.claim then return { "zun", "pass" } end
    if seat ~= g.turn then return {} end
    local out = { "draw" }
    play_moves(g, seat, out, false)
    if g.options.chombo then play_moves(g, seat, out, true) end
    return out
  end,

  play = function(g, seat, move)
    if move == "draw" then return draw_turn(g, seat) end
    if move:sub(1, 5) == "play " then return play_cards(g, seat, move) end
    error("unknown move " .. move)
  end,

  resolve = resolve,
  view = view,
  bots = { basic = basic_bot },
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
