-- load_memory.lua -- fills memory while it loads.
local t = {}
for i = 1, 1e8 do t[i] = { i } end
return { extends = "tiny" }
