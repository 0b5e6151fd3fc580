-- The same as a path.
return { extends = "./outside.lua", title = "hostile" }
