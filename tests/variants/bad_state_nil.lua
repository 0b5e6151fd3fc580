-- bad_state_nil.lua -- a state variable written `= nil`, which declares nothing
-- (tests/lua/engine_sandbox.lua)
return {
  extends = "tiny",
  state = {
    dealer = 0,
    upcard = nil, -- a variable with no value: not declared at all
  },
  seat_state = { best = nil },
}
