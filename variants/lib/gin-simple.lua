-- gin-simple.lua -- `simple`, the baseline bot of gin research (the "simple" player of the EAAI
-- gin rummy challenge), written anew here from its description, for the Gin family
-- (variants/gin-base.lua). Its three rules:
--   - take the upcard or the top discard only when it joins a meld of the hand (a set or a run the
--     card is part of, whatever else the hand does; with wild jokers, melded in the least-deadwood
--     arrangement), else draw from the stock (or pass the upcard);
--   - discard a highest-ranked card of those left out of melds in the hand's least-deadwood
--     arrangement (K before Q before J ...; on equal ranks the first in the hand's order), never
--     the card just taken (with every other card melded: the discard that leaves least deadwood);
--   - knock or go gin as soon as the rules allow: gin when any discard makes it, else a knock with
--     the card above, else the knock that leaves least deadwood.
-- It reads only its own hand and the tops of the discard piles. `fuda duel gin --bots basic,simple`
-- measures basic against it (docs/performance.md).
--
-- fuda.import("gin-simple")(rules, M) -> the bot: rules(g) gives a game's meld rules, M the verbs.

local G = fuda.import("gin-rules")
local options = fuda.import("gin-options") -- g.options, or Round-the-Corner's over them
local RANK = G.RANK

return function(rules, M)
  local READ = M.read -- move text -> { verb, card }

  -- Does `card` join a meld of `seat`'s hand?
  local function joins_meld(g, seat, card)
    if not card then return false end
    if RANK[card] == 0 then return true end -- a wild joker joins any meld
    local cards = g:hand(seat):cards()
    cards[#cards + 1] = card
    if #G.melds_through(cards, card, options(g).ace) > 0 then return true end
    if g.options.jokers == 0 then return false end
    local melds = rules(g):melds(cards).melds -- with jokers: melded in the best arrangement
    for i = 1, #melds do
      for _, c in ipairs(melds[i]) do
        if c == card then return true end
      end
    end
    return false
  end

  -- The card simple throws: a highest-ranked unmelded card other than the one just taken; with
  -- none, the one whose discard leaves least deadwood (then the highest).
  local function throw(g, seat)
    local R, hand, taken = rules(g), g:hand(seat):cards(), g.var.taken
    local pick
    for _, c in ipairs(R:melds(hand).dead) do
      if c ~= taken and (not pick or RANK[c] > RANK[pick]) then pick = c end
    end
    if pick then return pick end
    local cards, after = R:discard_list(hand)
    local least
    for i, c in ipairs(cards) do
      if c ~= taken and (not pick or after[i] < least or (after[i] == least and RANK[c] > RANK[pick])) then
        pick, least = c, after[i]
      end
    end
    return pick
  end

  -- The discard turn: gin if any discard makes it; else knock with simple's card if allowed, else
  -- the knock that leaves least deadwood; else discard simple's card.
  local function discard(g, seat, moves)
    local card = throw(g, seat)
    local after = rules(g):discards(g:hand(seat))
    local knock, kd, plain
    for _, mv in ipairs(moves) do
      local verb, c = READ[mv][1], READ[mv][2]
      if verb == "gin" then return mv end
      if verb == "knock" then
        if c == card then
          knock, kd = mv, -1
        elseif not knock or after[c] < kd then
          knock, kd = mv, after[c]
        end
      elseif c == card then
        plain = mv
      end
    end
    return knock or plain or moves[1]
  end

  return function(g, seat, moves)
    local phase = g.var.phase
    if phase == "discard" then return discard(g, seat, moves) end
    local draw, take, pass
    for _, mv in ipairs(moves) do
      if mv == M.draw then draw = mv
      elseif mv == M.take then take = mv
      elseif mv == M.pass then pass = mv
      elseif not take and mv:sub(1, 5) == "take " and joins_meld(g, seat, mv:sub(6)) then take = mv end -- a pile each
    end
    if take == M.take then -- the upcard (on the dealer's pile, with a pile each) or the top discard
      local pile = phase ~= "draw" and g.options.discard_piles == "each" and g:pile("discard", g.var.dealer)
                   or g:pile("discard")
      if not joins_meld(g, seat, pile:top()) and (draw or pass) then take = nil end
    end
    return take or draw or pass or moves[1]
  end
end
