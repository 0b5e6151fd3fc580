-- extends names "big": hostile_files.sh writes a 5 MiB big.lua next to this file.
return { extends = "big", title = "hostile" }
