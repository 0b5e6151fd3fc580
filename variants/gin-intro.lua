-- Gin Rummy as the beginner's text plays it (seeds/gin-rummy-intro.ja.txt):
-- gin 25, undercut 10, first to 100 by the differences, no game, box or
-- shutout bonuses, the deal alternates.
return {
  extends = "gin-base",
  title = "Gin Rummy (beginner's rules)",
  options = {
    target = 100,
    knock_limit = 10,
    gin_bonus = 25,
    undercut_bonus = 10,
    void_at = 2,
    game_bonus = 0,
    box_bonus = 0,
    shutout = "none",
    next_dealer = "alternate",
  },
}
