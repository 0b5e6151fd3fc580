-- A NUL in the name: C would see "tiny" and the rest would be lost.
local base = fuda.variant("tiny\0/../../../../etc/passwd")
return { extends = "tiny", title = "hostile" }
