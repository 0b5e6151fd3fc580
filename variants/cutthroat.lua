-- Cutthroat (seeds/gin-rummy-and-variants.ja.txt, 3人ルール 1つ目のやり方; RULINGS.md): Gin
-- Rummy for three, two at a time. The low cut sits out the first hand; after that the loser of
-- each hand sits out the next and the one who sat out comes in (the loser's place: with gin's
-- next_dealer = "loser", they deal). A player sitting out may not advise. Each player keeps their
-- own score, scored as `gin` (bonuses included); at 100 the match ends, each pair settles the
-- difference of their totals, and a player shut out pays the winner shutout_pays more.
local three = fuda.import("three")
local gin = fuda.variant("gin")

return {
  extends = "gin",
  title = "Cutthroat (three-handed Gin)",
  players = 3,
  options = { shutout = "none" },
  new_options = {
    shutout_pays = { 100, min = 0, doc = "what a player who scored nothing pays the winner, on top of the difference of their totals" },
  },
  state = { out = 0, box = 0 }, -- the seat sitting out this hand; no box (the view asks)
  columns = three.COLUMNS,
  deal = function(g)
    if g.var.out == 0 then three.seat_first(g, "cutthroat") end
    return gin.deal(g)
  end,
  match = three.cutthroat,
  check = {
    expect = {
      "upcard:non-dealer takes", "upcard:dealer takes", "upcard:both pass", "take:discard",
      "hand:knock", "hand:gin", "hand:undercut", "hand:void", "layoff",
      "cutthroat:loser sits out", "match:pairs settled",
    },
  },
}
