-- surface_keys.lua -- a variant whose tables hold C functions under keys a
-- report line could be forged with (tests/lua/surface.lua), and in a weak
-- table the walk must not lose its keys in.
local weak = setmetatable({}, { __mode = "v" })
for i = 1, 200 do weak["k" .. i] = {} end
weak.rep = string.rep
local odd = { ["a\nreached forged"] = string.rep, weak = weak }
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  deal = function(g)
    if odd.none then return end
    return base.deal(g)
  end,
}
