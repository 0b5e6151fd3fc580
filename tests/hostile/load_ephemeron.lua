-- A chain through a weak-keyed table laid out against the collector: each pass of its
-- atomic phase marks one more link, so a full collection costs the chain's length squared,
-- all inside one C call (no instruction, no allocation for a limit to see). It must happen
-- where the limits watch (a hook call, a load): here the collection that follows loading.
local base = fuda.variant("tiny")
local E = setmetatable({}, { __mode = "k" })
local keys, order = {}, {}
for i = 1, 12000 do keys[i] = {} E[keys[i]] = true end
for k in pairs(E) do order[#order + 1] = k end          -- the order the collector walks E
keys = nil
local lo, hi, prev = 1, #order, nil
while lo <= hi do                                        -- first, last, second, last but one...
  for _, k in ipairs(lo == hi and { order[lo] } or { order[lo], order[hi] }) do
    if prev then E[prev] = k end
    prev = k
  end
  lo, hi = lo + 1, hi - 1
end
E[prev] = false
local root = order[1]
order = nil
return {
  extends = "tiny",
  deal = function(g) local keep = { root, E } base.deal(g) end,
}
