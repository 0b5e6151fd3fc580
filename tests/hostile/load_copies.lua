-- One string named a thousand times: what the engine copies out of the variant (check.expect
-- here, option docs, bot names, the title) counts against the memory cap, each copy once.
local big = ("x"):rep(1 << 20)
local expect = {}
for i = 1, 1000 do expect[i] = big end
return { extends = "tiny", check = { expect = expect } }
