-- typos.lua -- tiny, where the option `typo` makes play (or setup) misspell one field of a table fuda
-- hands the script, or of a spec table the script hands fuda (tests/lua/strict_fields.lua). Each
-- typo would read nil, or set a field nobody reads, and change nothing; fuda raises at its line.
-- Not a real game.
local base = fuda.variant("tiny")
local R, Lay = fuda.rules{}, fuda.import("gin-layoff")
local T = {
  game = function(g) return g.tunr end,
  game_method = function(g) return g:nxet(1) end,
  var = function(g) g.var.phsae = "x" end,
  seat_var = function(g) return g.seat[1].snap end,
  pile = function(g) return g:pile("stock"):shufle() end,
  fuda = function() return fuda.crad("7h") end,
  fuda_set = function() fuda.cards = {} end,
  melds = function() return R:melds({ "As", "2s", "3s", "Kd" }).deadwod end,
  melds_set = function() R:melds({ "As" }).score = 1 end,
  layoff = function() return Lay.showdown(R, { "As", "2s", "3s" }, { "4s", "Kd" }).layofs end,
  layoff_entry = function() return Lay.showdown(R, { "As", "2s", "3s" }, { "4s", "Kd" }).layoffs[1].crad end,
  deal_spec = function(g) g:deal(1, { sortt = true }) end,
  pile_spec = function(g) g:new_pile("spare", { viss = "public" }) end,
  layoff_spec = function() Lay.showdown(R, { "As", "2s", "3s" }, { "4s" }, { alow = false }) end,
  verbs_spec = function() R:discard_moves({ "As", "2s" }, nil, nil, { nock = "k" }) end,
  rules_spec = function() fuda.rules{ acee = "high" } end,
  variant = function() return fuda.variant("tiny").reslt end,
  variant_check = function() return fuda.variant("tiny").check.max_move end,
  variant_options = function() return fuda.variant("tiny").options.hand_sise end,
}
return {
  extends = "tiny",
  new_options = { typo = { "none", doc = "which typo play makes (setup: new_deck's spec)" } },
  setup = function(g)
    if g.options.typo ~= "deck_spec" then return base.setup(g) end
    g:new_deck(g:new_pile("stock"), { joker = 2 })
  end,
  play = function(g, seat, move)
    local typo = T[g.options.typo]
    if typo then typo(g) end
    return base.play(g, seat, move)
  end,
}
