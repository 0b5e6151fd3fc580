-- Chouette, or Captain (seeds/gin-rummy-and-variants.ja.txt, 3人ルール 2つ目のやり方; RULINGS.md):
-- Gin Rummy for three, one against two. The highest draw is in the box and plays every hand; the
-- second is captain, deals first and plays for the partnership; the third, the partner, sits out
-- and may advise (the view shows them the captain's hand); the captain decides. A captain who
-- loses a hand swaps with the partner. Scored as `gin` (bonuses included), the box against the
-- partnership (each partner's total is the partnership's); at 100 the match ends and the box
-- settles with each partner.
local three = fuda.import("three")
local gin = fuda.variant("gin")

-- The partner sits out but may advise: after the deal and each move of the captain they are told
-- the captain's hand (`fuda play` shows it to a partner at the table; the view shows it too).
local function tell_partner(g)
  local v = g.var
  for s = 1, g.seats do
    if s ~= v.box and s ~= v.out then
      g:tell(v.out, "The captain's hand: %s.", fuda.show(g:hand(s):cards()))
    end
  end
end

return {
  extends = "gin",
  title = "Chouette (Captain, three-handed Gin)",
  players = 3,
  state = { out = 0, box = 0 }, -- the partner sitting out this hand, the seat in the box
  columns = three.COLUMNS,
  deal = function(g)
    if g.var.box == 0 then three.seat_first(g, "chouette") end
    gin.deal(g)
    tell_partner(g)
  end,
  play = function(g, seat, move)
    gin.play(g, seat, move)
    if seat ~= g.var.box and move ~= "pass" and g.phase == "playing" then tell_partner(g) end
  end,
  match = three.chouette,
  check = {
    leaks = false, -- the partner sees the captain's hand in the view (a hand is an owner-only pile)
    expect = {
      "upcard:non-dealer takes", "upcard:dealer takes", "upcard:both pass", "take:discard",
      "hand:knock", "hand:gin", "hand:undercut", "hand:void", "layoff",
      "chouette:captain swaps", "match:pairs settled",
    },
  },
}
