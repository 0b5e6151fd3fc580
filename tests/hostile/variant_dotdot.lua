-- fuda.variant climbing out with .., from inside a hook (at run time).
return {
  extends = "tiny", title = "hostile",
  deal = function(g) fuda.variant("../../../../../../../../etc/passwd") end,
}
