-- gin-view.lua -- the view of the Gin family (variants/gin-base.lua and its presets): the hand,
-- the score, the table, the hand grouped in melds with its deadwood and the discard that would
-- leave least, and a line saying who is to do what. With three players: each discard pile's top
-- (Battle Royale), who sits out, who is in the box and who is captain (Cutthroat, Chouette); the
-- Chouette partner sitting out sees the captain's hand (they may advise).
--
-- fuda.import("gin-view")(rules, M, in_play) -> the view hook: rules(g) gives a game's meld rules, M the
-- verbs gin declared (fuda.moves), in_play(g, from) the seats in play this hand. Seats are named as g:name names them, in lower case inside a
-- line: "you", "seat 2".

local show, suit, plural = fuda.show, fuda.suit, fuda.plural
local options = fuda.import("gin-options") -- g.options, or Round-the-Corner's over them

local in_play -- gin-base.lua's: the seats in play this hand in turn order, after `from`

-- The top card of the pile the upcard was turned on (the one pile, or the dealer's).
local function upcard_pile_top(g)
  if g.options.discard_piles == "each" then return g:pile("discard", g.var.dealer):top() end
  return g:pile("discard"):top()
end

-- discard_piles = "each": the tops `seat` may take ("{7h} or {Qs}"), from their right.
local function tops_for(g, seat)
  local seats, list = in_play(g, seat), {}
  for i = #seats - 1, 1, -1 do
    local top = g:pile("discard", seats[i]):top()
    if top and top ~= g.var.dead then list[#list + 1] = show(top) end
  end
  return table.concat(list, " or ")
end

-- What the seat to act is to do in each phase, after "your turn" or "seat 2's turn" (`top`: the
-- discard pile's top card; `mine`: the viewer is that seat).
local TO_DO = {
  offer = function(g, top) return ": take the upcard " .. show(top) .. " or pass" end,
  forced = function(g, top)
    if g.options.both_pass_take then return ": draw or take " .. show(top) end
    return (#in_play(g, g.turn) > 2 and ": all passed the upcard" or ": both passed the upcard")
           .. ", draw from the stock"
  end,
  first = function(g, top) return ": take the upcard " .. show(top) .. ", or decline it and draw from the stock" end,
  passed = function(g, top)
    if g.options.dealer_takes_passed then return ": the upcard was passed, draw or take " .. show(top) end
    return ": the upcard was passed, draw from the stock (only the non-dealer may take it)"
  end,
  draw = function(g, top) return ": draw or take " .. show(top) end,
  draw_each = function(g)
    local tops = tops_for(g, g.turn)
    return tops ~= "" and ": draw or take " .. tops or ": draw from the stock"
  end,
  discard = function(g, top, mine)
    local limit, taken = g.var.limit, g.var.taken
    local text = limit > 0 and (": discard, knock (deadwood " .. limit .. " or less) or gin") or ": discard or go gin"
    if mine and taken ~= "" then text = text .. " (not " .. show(taken) .. ", just taken)" end
    return text
  end,
}
TO_DO.offer2 = TO_DO.offer

-- The last line: how the hand (or match) ended, or who is to do what.
local function phase_line(g, seat)
  if g.phase == "hand_over" or g.phase == "match_over" then
    local kind, w, p = g.var.last_kind, g.var.last_winner, g.var.last_points
    local head = g.phase == "match_over" and "Match over" or "Hand over"
    if kind == "void" then return head .. ": the hand was void." end
    if kind == "" then return head .. "." end
    if w == 0 and kind == "undercut" then
      return ("%s: the knocker was undercut and loses %s."):format(head, plural(p, "point"))
    end
    if w == 0 then return ("%s: nobody scored (%s, equal deadwood)."):format(head, kind) end
    return ("%s: %s won %s by %s."):format(head, g:name(w, seat):lower(), plural(p, "point"), kind)
  end
  local turn = g.turn
  if not turn then return "" end
  local actor = turn == seat and "your turn" or (g:name(turn):lower() .. "'s turn")
  local to_do = TO_DO[g.var.phase]
  if not to_do then return actor end
  return actor .. to_do(g, upcard_pile_top(g), turn == seat)
end

-- Who sits out this hand (`seats`: those in play): "Sitting out: seat 3."; with a box (Chouette)
-- "In the box: seat 1. Captain: seat 2. Partner (sits out, advises the captain): you."
local function roles_line(g, me, seats)
  local playing, out = {}, {}
  for _, s in ipairs(seats) do playing[s] = true end
  for s = 1, g.seats do
    if not playing[s] then out[#out + 1] = g:name(s, me):lower() end
  end
  local box = g.var.box
  if box == 0 then return "Sitting out: " .. table.concat(out, ", ") .. "." end
  local captain = seats[1] == box and seats[2] or seats[1]
  return ("In the box: %s. Captain: %s. Partner (sits out, advises the captain): %s."):format(
    g:name(box, me):lower(), g:name(captain, me):lower(), table.concat(out, ", "))
end

return function(rules, M, seats_in_play)
  in_play = seats_in_play
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
        local read = M.read[mv]
        if read[1] == "gin" then return (", gin by discarding %s"):format(show(read[2])) end
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
    local o = options(g)
    local R = rules(g)
    local lines = {}
    local me = (seat and seat >= 1 and seat <= g.seats) and seat or nil
    local dealer = g.var.dealer
    local goal = ("Game to %d."):format(o.target) -- a variant may say its own (Straight Gin's series)
    local games = g.columns[2] == "game 2" -- Hollywood's games side by side (else pair settlements)
    if games then goal = ("%d games to %d at once."):format(#g.columns, o.target) end
    lines[#lines + 1] = ("%s, hand %d, dealer: %s. %s"):format(
      g.title, g.hand_no, dealer > 0 and g:name(dealer, me):lower() or "-", goal)
    local stock = g:pile("stock")
    local seats = in_play(g, g.seats)
    if #g.columns > 1 and not games and g.phase == "match_over" then -- the pairs settled
      local cols = {}
      for c = 2, #g.columns do
        local each = {}
        for s = 1, g.seats do
          local t = g:total(s, c)
          if t > 0 then each[#each + 1] = ("%s +%d"):format(g:name(s, me):lower(), t) end
        end
        cols[#cols + 1] = g.columns[c] .. ": " .. (#each > 0 and table.concat(each, ", ") or "even")
      end
      lines[#lines + 1] = "Settled: " .. table.concat(cols, "; ")
    end
    local table_line
    local discard
    if o.discard_piles == "each" then
      local tops = {}
      for _, s in ipairs(seats) do
        local top = g:pile("discard", s):top()
        local dead = top and top == g.var.dead and " (dead)" or ""
        tops[#tops + 1] = ("%s %s%s"):format(g:name(s, me):lower(), top and show(top) or "(empty)", dead)
      end
      table_line = ("Discards: %s   Stock: %d"):format(table.concat(tops, ", "), #stock)
    else
      discard = g:pile("discard")
      local pile_text = discard:top() and show(discard:top()) or "(empty)"
      table_line = ("Discard: %s   Stock: %d"):format(pile_text, #stock)
    end
    lines[#lines + 1] = table_line
    -- one line a seat, as in every game: "Seat 2: 10 cards, 35 points, 2 hands won  <- to play"
    local playing = {}
    for _, s in ipairs(seats) do playing[s] = true end
    lines[#lines + 1] = fuda.seat_lines(g, me, function(_, s)
      local points = plural(g:total(s), "point")
      if games then -- "game 1 35, game 2 35, game 3 0"
        local cols = {}
        for c, name in ipairs(g.columns) do cols[c] = name .. " " .. g:total(s, c) end
        points = table.concat(cols, ", ")
      end
      local held = playing[s] and plural(#g:hand(s), "card") or "sits out"
      return ("%s, %s, %s won"):format(held, points, plural(g.seat[s].hands_won, "hand"))
    end)
    if #seats < g.seats then lines[#lines + 1] = roles_line(g, me, seats) end
    if discard and o.discard_pile == "public" and #discard > 1 then -- the whole pile, open to everybody
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
      local box = #seats < g.seats and g.var.box or 0 -- (a game that sets seats out declares box)
      if box > 0 and #hand == 0 and not over then -- the Chouette partner sees the captain's hand
        for _, s in ipairs(seats) do
          if s ~= box and #g:hand(s) > 0 then
            lines[#lines + 1] = ("Captain's hand (%s): %s"):format(g:name(s, me):lower(), show_held(g, R, g:hand(s), false))
          end
        end
      end
    end
    -- After a knock both hands were shown: show them again.
    if over and g.var.last_kind ~= "void" then
      for s = 1, g.seats do
        if s ~= me and #g:hand(s) > 0 then
          local label = me and ("Hand of " .. g:name(s, me):lower()) or ("Hand of seat " .. s)
          lines[#lines + 1] = label .. ": " .. show_held(g, R, g:hand(s), true)
        end
      end
    end
    lines[#lines + 1] = phase_line(g, me)
    return table.concat(lines, "\n")
  end

  return view
end
