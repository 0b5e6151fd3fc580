-- BROKEN (an evaluate hook that fails): only the search bot asks it, which
-- fuda check does not play by default; check asks it for every seat itself.
return {
  extends = "tiny",
  evaluate = function(g, seat)
    if #g:hand(seat) > 6 then return "many" end
    return #g:hand(seat)
  end,
}
