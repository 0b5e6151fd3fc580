return {
  extends = "tiny",
  options = {
    hand_size = 3,
    hand_sise = 4,
  },
}
