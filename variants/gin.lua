-- Gin Rummy as the Official Rules of Card Games score it (the notes in
-- seeds/gin-rummy-and-variants.ja.txt): gin 25, undercut 20, 25 a box, game 100,
-- a shutout doubles the winner's total, the loser of a hand deals the next.
return {
  extends = "gin-base",
  title = "Gin Rummy (Official Rules of Card Games)",
  options = {
    target = 100,
    knock_limit = 10,
    gin_bonus = 25,
    undercut_bonus = 20,
    void_at = 2,
    game_bonus = 100,
    box_bonus = 25,
    shutout = "double",
    next_dealer = "loser",
  },
}
