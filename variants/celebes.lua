-- Celebes Rum (seeds/gin-rummy-and-variants.ja.txt, セレベスラム; RULINGS.md): Straight Gin with
-- 54 cards, the two jokers wild; 13 cards each, then the upcard, which only the non-dealer may
-- take. A player goes out with gin only: after the discard all 13 cards melded as 4-3-3-3, where
-- the 4 is a run without jokers and jokers sit only in the 3-card melds, or as 5-5-3 or 5-4-4
-- with a natural meld of 4 or 5 (no joker: a set or a run) and jokers in the other melds; a joker
-- may make five of a kind. A joker left out of the melds counts 15. Scoring as Straight Gin (a series too).
--
-- Readings the documents leave open, each an option of gin-base (defaults in brackets):
--   non_dealer_declines  the non-dealer declines the upcard by drawing from the stock [drawing],
--                        or by passing, the dealer then drawing first (passing)
--   dealer_takes_passed  after such a pass, may the dealer take the upcard off the pile? [no]
--   loser_jokers         the loser's jokers: wild in any meld, least deadwood [wild]; or all
--                        counted in the deadwood (deadwood)
--   set_max              five of a kind is the largest set, for the loser's count too [5]
--   joker_value          a joker in the deadwood [15]
-- A hand all melded in no allowed shape is no gin: its holder must discard on; as a loser's hand
-- it counts 0 (least deadwood) and the showdown and the view say "in no gin shape".
return {
  extends = "straight-gin",
  title = "Celebes Rum",
  options = {
    hand_size = 13,
    first_card = "upcard",
    upcard_takers = "non_dealer",
    jokers = 2,
    joker_value = 15,
    set_max = 5,
    meld_shapes = "celebes",
  },
  check = {
    expect = {
      "upcard:non-dealer takes", "upcard:non-dealer declines", "take:discard",
      "hand:gin", "hand:void", "match:shutout",
      "gin:4-3-3-3", "gin:5-5-3", "gin:5-4-4", "gin:five of a kind",
      "gin:joker in a 3-card run", "gin:joker in a 3-card set", "gin:joker in a 4-card run",
      "gin:joker in a 5-card run",
      "loser:joker in a 3-card run", "loser:joker in a 3-card set", "loser:joker in a 4-card run",
      "loser:joker in a 4-card set", "loser:joker in a 5-card run", "loser:all melded, no gin shape",
      -- not listed: "loser:joker in deadwood": with wild jokers a loser's joker stays out of the
      -- melds only when no two of their cards could meld with it (tests/lua/celebes.lua has one);
      -- with loser_jokers = "deadwood" it counts every joker the loser holds
    },
  },
}
