return {
  extends = "no-such-game",
}
