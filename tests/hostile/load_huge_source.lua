-- load_huge_source.lua -- compiles a huge text with load while it loads.
local f = load(string.rep("x = 1 ", 6000000))
return { extends = "tiny" }
