-- load_options_meta.lua -- an option spec whose fields loop forever when read.
local spec = setmetatable({ 3 }, { __index = function() while true do end end })
return { extends = "tiny", new_options = { rounds = spec } }
