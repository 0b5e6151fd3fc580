-- BROKEN (inheritance cycle): see cycle_a.lua.
return { extends = "cycle_a" }
