-- gin-explain.lua -- what the Gin family (variants/gin-base.lua) tells a player about a move they
-- type: why a discard, knock, gin or take is not legal (the why_not hook), and what a legal discard
-- or knock throws away (the confirm hook). Both only read the game.
--
--   local explain = fuda.import("gin-explain")(M)  -- M: gin-base's verbs (fuda.moves)
--   explain.why_not(g, seat, typed) -> reason or nil; explain.confirm(g, seat, move) -> question or nil

local show = fuda.show
local rules = fuda.import("gin-rules").rules
local M -- the verbs, given by the call below

-- Why a typed discard, knock or gin is not legal (the why_not hook: read only; nil leaves it to
-- the program's own reasons).
local function why_not(g, seat, typed)
  local v = g.var
  local e = M.read[typed]
  local verb, card = e and e[1], e and e[2]
  local took = v.dead ~= "" and seat == g.turn and typed:match("^%s*take%s+(%S+)%s*$")
  if took and took == v.dead then
    return ("{%s} is the upcard everybody passed: it is dead, nobody takes it"):format(took)
  end
  if seat ~= g.turn or v.phase ~= "discard" then return nil end
  if not card or not g:hand(seat):has(card) then return nil end
  if card == v.taken then
    return ("you took {%s} from the discard pile this turn: it cannot go back at once"):format(card)
  end
  if verb == "discard" then return nil end
  local rest = {}
  for _, c in ipairs(g:hand(seat):cards()) do
    if c ~= card then rest[#rest + 1] = c end
  end
  local d = rules(g):deadwood(rest)
  if verb == "gin" then
    if d > 0 then return ("discarding {%s} leaves deadwood %d: gin needs none"):format(card, d) end
    return ("discarding {%s} melds every card, but not in a shape that counts as gin"):format(card)
  end
  if v.limit == 0 then return "this hand is gin only: no knocking" end
  if d > v.limit then
    return ("deadwood %d after discarding {%s} is over the knock limit %d"):format(d, card, v.limit)
  end
  if d == 0 then return ("discarding {%s} leaves no deadwood: that is gin (gin %s)"):format(card, card) end
  if g.options.knock_taken_melded and v.taken ~= "" then
    return ("you took {%s} this turn: you may knock only with it in a meld"):format(v.taken)
  end
  return nil
end

-- What a legal discard or knock throws away, asked before a player's move is played (the confirm
-- hook: read only; nil asks nothing). A knock when a gin was there gives up the gin bonus; a card
-- that leaves more deadwood than the hand has with it was in a meld of the hand's least-deadwood
-- arrangement, and that meld is broken (dropping the end of a run of four breaks nothing). Gin has
-- no move that loses the hand outright by what the player can see: nothing more is asked.
-- The deadwood after each discard is kept for the last hand asked about (a player, or fuda check,
-- asks for every move of one hand in a row).
local asked = { key = nil, R = nil, after = nil, deadwood = nil }
local function deadwood_after(R, cards)
  local key = table.concat(cards, " ")
  if asked.key ~= key or asked.R ~= R then
    local list, dw = R:discard_list(cards)
    local after = {}
    for i, c in ipairs(list) do after[c] = dw[i] end
    asked.key, asked.R, asked.after, asked.deadwood = key, R, after, R:deadwood(cards)
  end
  return asked.after, asked.deadwood
end

local function confirm(g, seat, move)
  local v = g.var
  if seat ~= g.turn or v.phase ~= "discard" then return nil end
  local e = M.read[move]
  local verb, card = e and e[1], e and e[2]
  if not card or verb == "gin" then return nil end
  local R, cards = rules(g), g:hand(seat):cards()
  if verb == "knock" then
    for _, mv in ipairs(R:discard_moves(cards, v.taken)) do
      local other = M.read[mv]
      if other[1] == "gin" then
        return ("knocking with {%s} gives up a gin (gin {%s})"):format(card, other[2])
      end
    end
  end
  local after, deadwood = deadwood_after(R, cards)
  if not after[card] or after[card] <= deadwood then return nil end
  local all = R:melds(cards)
  for i, m in ipairs(all.melds) do
    for _, c in ipairs(m) do
      if c == card then return ("%s {%s} breaks your %s %s"):format(verb, card, all.kinds[i], show(m)) end
    end
  end
  return nil
end

return function(verbs)
  M = verbs
  return { why_not = why_not, confirm = confirm }
end
