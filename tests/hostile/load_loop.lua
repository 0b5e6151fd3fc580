-- load_loop.lua -- runs forever while it loads.
local n = 0
while true do n = n + 1 end
