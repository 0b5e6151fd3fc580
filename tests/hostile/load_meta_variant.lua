-- load_meta_variant.lua -- the variant table itself raises on every read.
return setmetatable({}, { __index = function(_, k) error("no field " .. tostring(k)) end })
