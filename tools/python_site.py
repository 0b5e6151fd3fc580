"""python_site.py PREFIX -- where `make install` puts the Python package fuda:
the platlib (the folder for compiled extensions) of this python3's default
installation scheme, with PREFIX as its base. Debian's python3 uses the
"posix_local" scheme, whose folders are written relative to /usr with a
"local/" inside (/usr/local/lib/python3.11/dist-packages, on its sys.path);
for a PREFIX ending in /local that is the scheme's base /usr. Any other
python3, or PREFIX: "posix_prefix" over PREFIX (PREFIX/lib/python3.X/site-packages)."""
import sys
import sysconfig

prefix = sys.argv[1].rstrip("/") or "/"
scheme = sysconfig.get_default_scheme() if hasattr(sysconfig, "get_default_scheme") else "posix_prefix"
if scheme == "posix_local" and prefix.endswith("/local"):
    base = prefix[: -len("/local")] or "/"
else:
    scheme, base = "posix_prefix", prefix
print(sysconfig.get_path("platlib", scheme, vars={"base": base, "platbase": base}))
