-- BROKEN (option out of range): tiny deals at most 10 cards.
return {
  extends = "tiny",
  options = { hand_size = 40 },
}
