-- late_helper.lua -- a module imported from a hook by tests/variants/late_import.lua.
local calls = 0
return { count = function(g) calls = calls + 1 return calls end }
