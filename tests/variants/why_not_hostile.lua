-- why_not_hostile.lua -- Dobon whose why_not hook misbehaves as the option `mode` says
-- (tests/e2e/whynot.sh): it raises, loops, returns a table or 5000 bytes, or changes the game.
return {
  extends = "dobon",
  new_options = { mode = { "error", one_of = { "error", "loop", "table", "huge", "mutate", "none" },
                           doc = "how why_not misbehaves" } },
  why_not = function(g, seat, move)
    local m = g.options.mode
    if m == "error" then error("boom in why_not") end
    if m == "loop" then while true do end end
    if m == "table" then return { "no" } end
    if m == "huge" then return string.rep("x", 5000) end
    if m == "mutate" then g.var.pending = 7; g:say("sneaky"); g:hand(seat):move(g:hand(seat):top(), g:pile("field")); return "I moved a card" end
    return nil
  end,
}
