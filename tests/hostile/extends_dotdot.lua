-- extends climbs out of the search path with ..: refused like a missing file.
return { extends = "../../../../../../../../etc/hostname", title = "hostile" }
