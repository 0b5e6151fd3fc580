-- load_expect_len.lua -- check.expect's length and elements loop forever.
local expect = setmetatable({}, {
  __len = function() while true do end end,
  __index = function() while true do end end,
})
return { extends = "tiny", check = { expect = expect } }
