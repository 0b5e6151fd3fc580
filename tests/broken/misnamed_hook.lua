-- BROKEN (misnamed hook): "resolv" for resolve.
return {
  extends = "tiny",
  resolv = function(g, choices) end,
}
