-- Celebes Rum (seeds/gin-rummy-and-variants.ja.txt, セレベスラム; RULINGS.md): Straight Gin with
-- 54 cards, the two jokers wild; 13 cards each, then the upcard, which only the non-dealer may
-- take. A player goes out with gin only: after the discard all 13 cards melded as 4-3-3-3, where
-- the 4 is a run without jokers and jokers sit only in the 3-card melds, or as 5-5-3 or 5-4-4
-- with a run of 4 or 5 without jokers and jokers in the other melds; a joker may make five of a
-- kind. A joker left out of the melds counts 15. Scoring as Straight Gin (a series too).
return {
  extends = "straight-gin",
  title = "Celebes Rum",
  options = {
    hand_size = 13,
    first_card = "upcard",
    upcard_takers = "non_dealer",
    jokers = 2,
    joker_value = 15,
    meld_shapes = "celebes",
  },
}
