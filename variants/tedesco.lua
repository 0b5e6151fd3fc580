-- Tedesco Gin (seeds/tedesco-gin.ja.txt, テデスコ・ジン; RULINGS.md): the upcard sets the knock
-- limit (an ace: gin only; 2-10 its rank; J/Q/K 10) and a spade upcard doubles the hand after the
-- bonuses; runs go around the corner (Q-K-A, K-A-2); an ace counts 1 for knocking but 15 against
-- the knocked player when the hand is scored (gin being a knock with no deadwood, against gin too:
-- defender_ace_on_gin); a hand is never void: a turn that starts with an empty stock ends it, aces
-- 15 for both, the lower deadwood winning the difference (equal: no score); gin 25, undercut 25, no
-- game, box or shutout bonus; the deal changes every hand, even one nobody won; 100 wins. A player
-- who took the discard may knock that turn only with that card in a meld, and such a knock is shown
-- and scored with that card melded. When both pass the upcard, normal play begins: the non-dealer
-- draws or takes the upcard.
local expect = {
  "upcard:non-dealer takes", "upcard:dealer takes", "upcard:both pass", "upcard:taken after both passed",
  "take:discard",
  "upcard:gin only", "gin:ace upcard", "hand:spade double",
  "hand:knock", "hand:gin", "hand:undercut", "hand:undercut tie",
  "hand:stock out", "hand:stock out tie", "stock out:ace in deadwood",
  "knock:with the taken card melded", "knock:barred, the taken card unmelded",
  "knock:defender's ace counted 15", "gin:defender's ace counted 15", "meld:ace next to a king",
  "layoff", "layoff:chain",
}
for n = 2, 10 do expect[#expect + 1] = "knock:limit " .. n end

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
    defender_ace_on_gin = true,
    stock_out = "score",
    stock_out_ace_value = 15,
    knock_taken_melded = true,
    both_pass_take = true,
    gin_bonus = 25,
    undercut_bonus = 25,
    game_bonus = 0,
    box_bonus = 0,
    shutout = "none",
    next_dealer = "alternate",
    redeal_same_dealer = false,
  },
  check = {
    random = 0.5, -- low knock limits: random play alone ends a hand seldom; mix in the basic bot
    expect = expect,
  },
}
