-- BROKEN (option of the wrong type): gin_bonus is an integer.
return {
  extends = "gin",
  options = { gin_bonus = "lots" },
}
