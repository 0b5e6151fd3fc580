-- BROKEN (hidden information leaks): the view tells each seat how many spades
-- the next seat holds (fuda check's leak rule: dealing the unseen cards anew
-- changes the view).
return {
  extends = "tiny",
  view = function(g, seat)
    if seat == 0 then return "spectator" end
    local n = 0
    for _, c in ipairs(g:hand(g:next(seat)):cards()) do
      if fuda.suit(c) == "s" then n = n + 1 end
    end
    return "the next seat holds " .. n .. " spades"
  end,
}
