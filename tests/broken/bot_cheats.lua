-- BROKEN (a bot that picks an unlisted move): the bot "cheat" always answers "win".
return {
  extends = "tiny",
  bots = { cheat = function(g, seat, moves) return "win" end },
}
