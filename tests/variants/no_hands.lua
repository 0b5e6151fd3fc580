-- no_hands.lua -- a variant whose deal ends every hand at once and never the match: each such
-- hand counts as a move, and 1000 in a row stop the match (tests/e2e/hostile.sh): sim, check
-- and play do not deal for ever.
return {
  title = "No hands (tests)",
  players = 2,
  setup = function(g) g:new_deck(g:new_pile("stock")) end,
  deal = function(g) g:end_hand() end,
  moves = function() return { "pass" } end,
  play = function(g) g:end_hand() end,
}
