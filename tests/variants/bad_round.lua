-- bad_round.lua -- a round name that is not a word (tests/lua/engine_sandbox.lua)
return {
  extends = "tiny",
  round = "Game\27[2J",
}
