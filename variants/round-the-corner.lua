-- Round-the-Corner Gin (seeds/gin-rummy-and-variants.ja.txt, ラウンドザコーナージンラミー;
-- RULINGS.md): Gin Rummy as the Official Rules score it, with aces high or low (A-2-3, Q-K-A and
-- K-A-2 are runs), an ace left in deadwood counting 15, layoffs allowed even against gin, game
-- to 125, and the whole discard pile open to both players.
return {
  extends = "gin",
  title = "Round-the-Corner Gin",
  options = {
    ace = "corner",
    ace_value = 15,
    layoff_after_gin = true,
    target = 125,
    discard_pile = "public",
  },
  check = {
    expect = {
      "upcard:non-dealer takes", "upcard:dealer takes", "upcard:both pass", "take:discard",
      "hand:knock", "hand:gin", "hand:undercut", "hand:undercut tie", "hand:void",
      "layoff", "layoff:chain", "layoff:after gin", "match:shutout",
      "run:ace high", "run:round the corner", "deadwood:ace 15",
    },
    random = 0.5, -- aces at 15 make random knocks rare (some 200 hands a match): mix in the basic bot
  },
}
