-- api_walk.lua -- run by tests/e2e/editor.sh as `fuda run api_walk.lua VARIANT
-- LUACHECKRC_TEXT`: prints the Lua API as the program itself has it, one name
-- a line, for the shell to compare with docs/lua/fuda.lua and
-- docs/lua/luacheckrc:
--
--   real host NAME / real host LIB.FIELD      what a host script can reach
--   real variant NAME / real variant LIB.FIELD what a variant script can reach
--   real fuda NAME                             fuda's functions, host and variant
--   real Match|Rules|Moves NAME                methods of those objects
--   probe Game|Pile NAME ok|missing            names tried on a live g and pile
--   decl host|variant ...                      what the luacheckrc declares
--
-- VARIANT is a tiny variant made by the test: its deal hook walks its own
-- environment and probes g and a pile, and says what it found as events.
local variant, rc_text = ...
assert(variant and rc_text, "usage: fuda run api_walk.lua VARIANT LUACHECKRC_TEXT")

local out = {}
local function emit(line) out[#out + 1] = line end

local LIBS = { string = true, table = true, math = true, utf8 = true, fuda = true }

-- The names of an environment: globals, and the fields of the library tables.
local function walk_env(tag, env)
  for k, v in pairs(env) do
    emit("real " .. tag .. " " .. k)
    if LIBS[k] and type(v) == "table" then
      for f in pairs(v) do emit("real " .. tag .. " " .. k .. "." .. f) end
    end
  end
end

-- A host script's globals: its own table, over the sandbox's names.
walk_env("host", _G)
local mt = getmetatable(_G)
assert(type(mt) == "table" and type(mt.__index) == "table", "host globals have no sandbox below")
walk_env("host", mt.__index)
for k in pairs(fuda) do emit("real fuda " .. k) end

-- Objects whose methods sit in a metatable a host script may read.
local function methods(tag, obj)
  local index = getmetatable(obj).__index
  for k in pairs(index) do emit("real " .. tag .. " " .. k) end
end
-- fuda.Rules's metatable is locked: its methods as the surface walk names them
for _, path in ipairs(fuda.surface().reached) do
  local name = path:match("^fuda%.Rules:([%w_]+)$")
  if name then emit("real Rules " .. name) end
end
local M = fuda.moves{ zz_verb = {} }
for k in pairs(M) do
  if k ~= "zz_verb" then emit("real Moves " .. k) end
end

-- The variant's side, from its events.
local m = fuda.match{ variant = variant, seed = 1 }
methods("Match", m)
for _, ev in ipairs(m:events()) do emit(ev) end
m:free()

-- The luacheckrc, run as luacheck would run it: it assigns stds, std, files.
local env = { stds = {}, files = setmetatable({}, { __index = function(t, k) local v = {} rawset(t, k, v) return v end }) }
local chunk = assert(load(rc_text, "=luacheckrc", "t", env))
chunk()
for _, which in ipairs({ "host", "variant" }) do
  local std = env.stds["fuda_" .. which]
  assert(std and std.read_globals, "luacheckrc: no stds.fuda_" .. which)
  for k, v in pairs(std.read_globals) do
    if type(k) == "number" then
      emit("decl " .. which .. " " .. v)
    else
      emit("decl " .. which .. " " .. k)
      for _, f in ipairs(v.fields or {}) do emit("decl " .. which .. " " .. k .. "." .. f) end
    end
  end
  for _, k in ipairs(std.globals or {}) do emit("decl " .. which .. " " .. k) end
end
emit("std " .. tostring(env.std))

table.sort(out)
for _, line in ipairs(out) do print(line) end
