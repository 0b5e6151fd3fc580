-- extends names "outside": hostile_files.sh puts a symbolic link outside.lua next to this
-- file, pointing out of the search path (the link's target exists, or not).
return { extends = "outside", title = "hostile" }
