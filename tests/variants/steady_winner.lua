-- steady_winner.lua -- steady.lua, with the search told to judge a hand before the
-- match's last by who won it: the steady 10 points always win the hand and the
-- gamble half the time, so it plays steady there too (by points it gambles).
return {
  extends = "steady",
  search = { hands = "winner" },
}
