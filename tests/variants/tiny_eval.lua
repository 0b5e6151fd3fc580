-- tiny_eval.lua -- tiny with an evaluate hook (the search bot's estimate): a
-- card fewer than the other seats is worth 2 points. The option bad_eval makes
-- it return a string instead, which the search must survive (tests/e2e/search.sh).
return {
  extends = "tiny",
  new_options = { bad_eval = false },
  evaluate = function(g, seat)
    if g.options.bad_eval then return "lots" end
    local best = -math.huge
    for s = 1, g.seats do
      if s ~= seat then best = math.max(best, -#g:hand(s)) end
    end
    return 2 * (-#g:hand(seat) - best)
  end,
}
