-- load_bot_names.lua -- bots named by a table and a number.
return { extends = "tiny", bots = { [{}] = function() end, [42] = function() end } }
