-- BROKEN (a confirm hook that fails): asked about a draw, it raises an error.
return {
  extends = "tiny",
  confirm = function(g, seat, move)
    if move == "draw" then error("no confirm for a draw") end
    return nil
  end,
}
