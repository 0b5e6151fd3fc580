-- fuda.import climbing out with ..
local lib = fuda.import("../../../../../../../../etc/hostname")
return { extends = "tiny", title = "hostile" }
