-- load_pairs_forever.lua -- the variant table's __pairs never ends.
return setmetatable({ extends = "tiny" }, { __pairs = function(t)
  local i = 0
  return function() i = i + 1 return "k" .. i, i end, t, nil
end })
