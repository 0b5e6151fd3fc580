-- floor_loose.lua -- floor.lua with the search told it may leave the basic bot's
-- move on less: search = { sure = 0 }, so only the rule for many moves
-- (luck alone passing one time in six) stands between it and the gamble.
return {
  extends = "floor",
  search = { sure = 0 },
}
