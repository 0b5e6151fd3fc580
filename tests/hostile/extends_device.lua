-- extends names a device that never ends.
return { extends = "/dev/zero", title = "hostile" }
