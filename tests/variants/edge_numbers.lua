-- edge_numbers.lua -- numbers at the edges of the integers given to functions that compute with
-- them in C, the way the option `what` says: each is refused with the line of the call
-- (tests/lua/engine_sandbox.lua), never wrapped into something the check lets pass.
local base = fuda.variant("tiny")
local edge = {
  decks = function(g) g:new_deck(g:pile("stock"), { decks = 82595525 }) end, -- 52 x decks wraps to 4 in 32 bits
  jokers = function(g) g:new_deck(g:pile("stock"), { decks = 0, jokers = 4294967297 }) end,
  random_low = function() return math.random(math.mininteger, 5) end,
  random_wide = function() return math.random(math.mininteger, math.maxinteger) end,
}
return {
  extends = "tiny",
  new_options = { what = { "decks", doc = "what the draw move tries" } },
  setup = function(g) -- new_deck only works here: the start fails
    base.setup(g)
    if g.options.what == "decks" or g.options.what == "jokers" then edge[g.options.what](g) end
  end,
  play = function(g, seat, move)
    if move == "draw" and g.options.what:find("^random") then edge[g.options.what](g) end
    return base.play(g, seat, move)
  end,
}
