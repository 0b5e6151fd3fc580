-- Oklahoma Gin (seeds/gin-rummy-and-variants.ja.txt, オクラホマジン; RULINGS.md): Gin Rummy as the
-- Official Rules score it, except that the upcard sets the hand's knock limit -- its value, J/Q/K
-- 10, an ace gin only -- and a spade upcard doubles the hand's score. The upcard stays in view all
-- hand (the view's "Upcard:" line), whoever took it.
return {
  extends = "gin",
  title = "Oklahoma Gin",
  options = {
    upcard_knock = true,
    spade_double = true,
  },
  check = {
    random = 0.5, -- low knock limits: random play alone ends a hand seldom; mix in the basic bot
  },
}
