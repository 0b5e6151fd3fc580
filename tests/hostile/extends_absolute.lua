-- extends names an absolute path: refused like a missing file.
return { extends = "/etc/passwd", title = "hostile" }
