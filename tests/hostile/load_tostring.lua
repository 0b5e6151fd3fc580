-- load_tostring.lua -- fields whose values and keys raise when printed or compared.
local evil = setmetatable({}, {
  __tostring = function() error("tostring boom") end,
  __eq = function() error("eq boom") end,
  __lt = function() error("lt boom") end,
  __len = function() error("len boom") end,
})
return { extends = "tiny", title = evil, players = evil, [evil] = 1, options = { [evil] = 2 } }
