return {
  extends = "tiny",
  options = { hand_size = 40 },
}
