-- zun-view.lua -- the view of Zun (variants/zun.lua): the game and the field card with the effects
-- it passes on (2-draws pending, gosita, suits named, the card under a Joker), who placed it, the
-- field multiplier, the stock and the direction, the seat's own hand with its total, and each
-- seat's cards and score.
--
--   local view = fuda.import("zun-view")(TOTAL)  -- TOTAL: zun.lua's hand-total rule (S.total)
--   view(g, seat) -> the text (the view hook)

local S = fuda.import("shedding")
local score = fuda.import("zun-score")
local show, plural = fuda.show, fuda.plural
local RANK = S.RANK   -- card -> rank (Joker 0)
local TOTAL -- zun.lua's, given by the call below

local function view(g, seat)
  local v = g.var
  local lines = {}
  local top = g:pile("field"):top()
  local eff = {}
  if v.pending > 0 then eff[#eff + 1] = ("draw %d pending"):format(v.pending) end
  if v.gosita then eff[#eff + 1] = "gosita" end
  if v.named ~= "" then eff[#eff + 1] = "named " .. S.set_text(v.named) end
  if RANK[top] == 0 and v.under ~= "" then eff[#eff + 1] = "Joker over " .. show(v.under) end
  lines[#lines + 1] = ("Game %d of %d. Field: %s (number %d)%s, placed by %s."):format(g.hand_no, g.options.games,
    show(top), RANK[top], #eff > 0 and (", " .. table.concat(eff, ", ")) or "",
    v.top_owner == 0 and "nobody" or g:name(v.top_owner))
  lines[#lines + 1] = ("Field multiplier %d, stock %s, direction %s."):format(score.field_mult(g), plural(#g:pile("stock"), "card"),
    g.dir == 1 and "clockwise" or "counter-clockwise")
  if seat and seat >= 1 and seat <= g.seats then
    lines[#lines + 1] = ("Your hand: %s (total %d)."):format(show(g:hand(seat):cards()), S.total(g:hand(seat), TOTAL))
  end
  lines[#lines + 1] = fuda.seat_lines(g, seat, function(_, s)
    return ("%s, score %d"):format(plural(#g:hand(s), "card"), g:total(s))
  end)
  return table.concat(lines, "\n")
end

return function(total)
  TOTAL = total
  return view
end
