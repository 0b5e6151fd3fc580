-- BROKEN (hidden state across matches): a count of the matches played, kept
-- in a module-level variable -- shared by every match its engine (or the
-- engines sharing its state) plays -- and every second match deals from a
-- stock shuffled once more. A match then plays differently after another
-- one: replayed in a fresh engine, the second match of an engine parts at
-- its deal. Per-match data belongs in g (state = { ... }), never here.
local base = fuda.variant("tiny")
local matches = 0
return {
  extends = "tiny",
  setup = function(g)
    base.setup(g)
    matches = matches + 1
  end,
  deal = function(g)
    if matches % 2 == 0 then g:pile("stock"):shuffle() end
    base.deal(g)
  end,
}
