-- BROKEN (syntax error): a missing comma after the moves hook.
return {
  extends = "tiny",
  moves = function(g, seat) return { "draw" } end
  title = "Syntax",
}
