-- load_gc.lua -- leaves an object whose finalizer never ends, for when the state closes.
local keep = setmetatable({}, { __gc = function() while true do end end })
return { extends = "tiny", state = { keep = tostring(keep) } }
