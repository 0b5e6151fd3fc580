-- Tedesco Gin (seeds/tedesco-gin.ja.txt; RULINGS.md): the upcard sets the knock limit (an ace:
-- gin only; 2-10 its rank; J/Q/K 10) and a spade upcard doubles the hand after the bonuses; runs
-- go around the corner (Q-K-A, K-A-2); an ace counts 1 for knocking but 15 against the defender
-- when a knock is scored; a hand is never void: a turn that starts with an empty stock ends it,
-- aces 15 for both, the lower deadwood winning the difference (equal: no score); gin 25,
-- undercut 25, no game, box or shutout bonus; the deal alternates; 100 wins. A player who took
-- the discard may knock that turn only with that card in a meld.
return {
  extends = "gin-base",
  title = "Tedesco Gin",
  options = {
    target = 100,
    upcard_knock = true,
    spade_double = true,
    ace = "corner",
    ace_value = 1,
    defender_ace_value = 15,
    stock_out = "score",
    stock_out_ace_value = 15,
    knock_taken_melded = true,
    gin_bonus = 25,
    undercut_bonus = 25,
    game_bonus = 0,
    box_bonus = 0,
    shutout = "none",
    next_dealer = "alternate",
  },
}
