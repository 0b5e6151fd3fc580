-- guess_likely.lua -- guess.lua whose likely hook says seat 2's card is red
-- (option likely = "red"), or fails in one of three ways.
return {
  extends = "guess",
  new_options = { likely = { "red", one_of = { "red", "two", "fails", "writes" }, doc = "what the likely hook does" } },
  state = { n = 0 },
  likely = function(g, seat)
    local how = g.options.likely
    if how == "two" then return 2 end
    if how == "fails" then error("no idea") end
    if how == "writes" then g.var.n = g.var.n + 1 end
    local s = fuda.suit(g:pile("held", 2):top())
    return (s == "h" or s == "d") and 1 or 0
  end,
}
