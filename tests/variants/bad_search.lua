-- bad_search.lua -- search.hands names neither way of judging a hand.
return {
  extends = "tiny",
  search = { hands = "wins" },
}
