-- final.lua -- tiny in one hand of one card each, with a play hook that does
-- something after the base game ended the match (option `after`) and an
-- invariant that misbehaves on request (option `inv`), for the engine's rule
-- that a match's result is final and for check.invariant.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  options = { hand_size = 1, hands = 1 },
  new_options = {
    after = { "none", doc = "what play does once the match is over" },
    inv = { "none", doc = "what the invariant does once a card was played" },
  },
  play = function(g, seat, move)
    base.play(g, seat, move)
    if g.phase ~= "match_over" then return end
    local after = g.options.after
    if after == "score" then g:score(seat, 5, "a bonus too late") end
    if after == "turn" then g.turn = seat end
    if after == "claim" then g:open_claim("snap", { 1, 2 }) end
    if after == "say" then g:say("well played") end
    if after == "end" then g:end_hand() g:end_match() g.turn = nil end
    if after == "var" then g.seat[seat].snaps = 9 end
  end,
  check = {
    invariant = function(g)
      local inv = g.options.inv
      if inv == "always" then return false, "phase " .. g.phase end
      if #g:pile("field") < 2 then return true end
      if inv == "false" then return false, "a card was played" end
      if inv == "bare" then return false end
      if inv == "error" then error("the invariant raised") end
      if inv == "phase" then return false, "phase " .. g.phase end
      if inv == "mutate" then g.seat[1].snaps = 7 end
      if inv == "loop" then while true do end end
      if inv == "nothing" then return end
      return true
    end,
  },
}
