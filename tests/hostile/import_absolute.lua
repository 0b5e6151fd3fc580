-- fuda.import of an absolute path.
local lib = fuda.import("/etc/passwd")
return { extends = "tiny", title = "hostile" }
