-- load_close_unwind.lua -- errors at load while to-be-closed variables unwind: one handler
-- raises a table, the other is no function, so the last error is raised where no line of the
-- script is on the stack. The message names the file at least (found by the script fuzzer).
local a <close> = setmetatable({}, { __close = 42 })
local b <close> = setmetatable({}, { __close = function() error({}) end })
error("first")
