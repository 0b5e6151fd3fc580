-- BROKEN (a claim window's prompt that fails): fuda check asks the prompt of
-- every seat a claim window asks, as fuda play does for a human.
return {
  extends = "tiny",
  prompt = function(g, seat) return "snap? you have " .. g.seat[seat].nope end,
}
