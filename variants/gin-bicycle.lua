-- Gin Rummy as the Bicycle text scores it (seeds/gin-rummy-and-variants.ja.txt):
-- gin 20, undercut 10, 20 per hand won, game 100, a shutout is worth 100 more,
-- the winner of a hand deals the next.
return {
  extends = "gin-base",
  title = "Gin Rummy (Bicycle)",
  options = {
    target = 100,
    knock_limit = 10,
    gin_bonus = 20,
    undercut_bonus = 10,
    void_at = 2,
    game_bonus = 100,
    box_bonus = 20,
    shutout = "bonus",
    shutout_bonus = 100,
    next_dealer = "winner",
  },
}
