-- c_hook.lua -- a hook that is a C function of the library: its error has no script line to
-- take a place from, so it names this file (tests/lua/engine_sandbox.lua).
return { extends = "tiny", view = string.format }
