-- bad_state_values.lua -- initial values the game state cannot hold: the load names each
-- (tests/lua/engine_sandbox.lua), rather than starting every match with "out of memory" or a
-- number cut to 32 bits.
return {
  extends = "tiny",
  state = {
    long = string.rep("s", 256),
    big = math.maxinteger,
  },
  seat_state = {
    low = -2147483649,
    fits = string.rep("f", 255),
  },
}
