-- BROKEN (hidden information leaks through a claim window's prompt): the
-- reason a seat is asked to snap names, in words, how many kings the seat
-- after it holds (fuda check deals anew what a seat cannot see and asks the
-- prompt again: it must not change).
return {
  extends = "tiny",
  prompt = function(g, seat)
    local kings = 0
    for _, c in ipairs(g:hand(g:next(seat)):cards()) do
      if fuda.rank(c) == 13 then kings = kings + 1 end
    end
    return "snap? your neighbour holds " .. kings .. " kings"
  end,
}
