-- peek.lua -- tiny with a tensor hook (tests/e2e/lib/python_env.py): card
-- planes of the seat's hand, of the next seat's hand (a pile: only what the
-- seat sees or knows of it, so nothing), of the field, then the stock's
-- size; with the option `peek`, also the next seat's cards as a list, which
-- the engine must refuse, naming this file's line.
return {
  extends = "tiny",
  new_options = { peek = { false, doc = "list the next seat's hand in the tensor" } },
  tensor = function(g, seat)
    local other = seat % g.seats + 1
    local t = { g:hand(seat), g:hand(other), g:pile("field"), g:pile("stock"):count() }
    if g.options.peek then t[#t + 1] = g:hand(other):cards() end
    return t
  end,
}
