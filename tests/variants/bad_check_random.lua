-- bad_check_random.lua -- check.random is a share of moves, 0 to 1.
return {
  extends = "tiny",
  check = { random = 2 },
}
