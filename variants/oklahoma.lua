-- Oklahoma Gin (seeds/gin-rummy-and-variants.ja.txt, オクラホマジン; RULINGS.md): Gin Rummy as the
-- Official Rules score it, except that the upcard sets the hand's knock limit -- its value, J/Q/K
-- 10, an ace gin only -- and a spade upcard doubles the hand's score. The upcard stays in view all
-- hand (the view's "Upcard:" line, shown by `look` in `fuda play`), whoever took it.
local LIMITS = {}
for n = 2, 10 do LIMITS[#LIMITS + 1] = "knock:limit " .. n end

local expect = {
  "upcard:non-dealer takes", "upcard:dealer takes", "upcard:both pass", "take:discard",
  "upcard:gin only", "gin:ace upcard", "hand:spade double",
  "hand:knock", "hand:gin", "hand:undercut", "hand:undercut tie", "hand:void",
  "layoff", "layoff:chain", "match:shutout",
}
for _, name in ipairs(LIMITS) do expect[#expect + 1] = name end

return {
  extends = "gin",
  title = "Oklahoma Gin",
  options = {
    upcard_knock = true,
    spade_double = true,
  },
  check = {
    random = 0.5, -- low knock limits: random play alone ends a hand seldom; mix in the basic bot
    expect = expect,
  },
}
