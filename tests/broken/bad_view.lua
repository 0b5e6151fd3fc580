-- BROKEN (a view that fails): the view of a seat holding a king raises.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  view = function(g, seat)
    if seat > 0 then
      for _, c in ipairs(g:hand(seat):cards()) do
        if fuda.rank(c) == 13 then error("no view with a king") end
      end
    end
    return "seat " .. seat
  end,
}
