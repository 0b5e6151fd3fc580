-- spendthrift.lua -- every move of tiny spends `burn` loop rounds of script time (each call
-- well under the per-call limit, the match's total far over a small --max-match-time): the
-- budget of script time per match stops it (tests/e2e/limits.sh).
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  title = "Spendthrift (tests)",
  new_options = { burn = { 2000000, min = 0, doc = "loop rounds each move spends" } },
  play = function(g, seat, move)
    local n = 0
    for i = 1, g.options.burn do n = n + i end
    return base.play(g, seat, move)
  end,
}
