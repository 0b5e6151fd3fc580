-- BROKEN (a claim window's answer longer than a claim's word): tiny's snap window lists,
-- beside "pass", an answer of 256 bytes -- a move may be that long, an answer to a claim
-- window at most 255. Applying it fails with the moves hook's line, never a message that
-- names nothing (found by the script fuzzer).
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  moves = function(g, seat)
    if g.claim == "snap" then return { string.rep("s", 256), "pass" } end
    return base.moves(g, seat)
  end,
}
