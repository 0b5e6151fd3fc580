-- luals_typo.lua -- a house rule with three misspelt names (tests/e2e/editor.sh): the editor
-- underlines each before anything runs, and fuda check fails at the first it reaches.
---@type fuda.Variant
return {
  extends = "gin",
  result = function(g, r)
    if r.winer then r.points = r.points + 10 end
    g:pile("stock"):shufle()
    g:nxet(1)
  end,
}
