-- load_many_errors.lua -- a hundred thousand unknown fields: the loader reports a few and stops.
local t = { extends = "tiny" }
for i = 1, 100000 do t["field_" .. i] = i end
return t
