-- BROKEN (an event whose text would run script code): the value formatted is a
-- table whose __tostring draws a card, so the game would change only when
-- somebody reads the events (fuda play, fuda check) and not in fuda sim. g:say
-- takes strings, numbers, booleans and nil only, read or not: the move is
-- refused everywhere.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  play = function(g, seat, move)
    base.play(g, seat, move)
    local hand = g:hand(seat)
    g:say("seat %d now holds %s cards", seat, setmetatable({}, {
      __tostring = function()
        if #g:pile("stock") > 0 then g:pile("stock"):move_top(hand) end
        return tostring(#hand)
      end,
    }))
  end,
}
