-- BROKEN (never ends): only draws, so no hand ever ends; check.max_moves bounds it.
return {
  extends = "tiny",
  moves = function(g, seat)
    if g.claim then return { "pass" } end
    return { "draw" }
  end,
  check = { max_moves = 300 },
}
