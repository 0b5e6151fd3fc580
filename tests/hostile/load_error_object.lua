-- load_error_object.lua -- raises a table whose __tostring never returns.
error(setmetatable({}, { __tostring = function() while true do end end }))
