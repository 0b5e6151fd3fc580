-- engine_sandbox.lua -- loader errors with file:line, and the sandbox: no
-- os/io/bytecode, strict globals, instruction and memory limits, and a failed
-- hook leaves the state exactly as it was.
local T = dofile("tests/lua/lib/t.lua")
local check = T.check
local D = "tests/variants/"

local function load_error(file, opts)
  local ok, err = pcall(fuda.match, { variant = D .. file, options = opts })
  return not ok and err or nil
end

local e = load_error("bad_syntax.lua")
check(e and e:find("bad_syntax.lua:4:") and e:find("'}' expected"), "syntax error with line: " .. tostring(e))
e = load_error("bad_field.lua")
check(e and e:find("bad_field.lua:5: unknown field 'resolv'") and e:find("did you mean 'resolve'"), "unknown field: " .. tostring(e))
e = load_error("bad_nohook.lua")
check(e and e:find("missing hook 'play'"), "missing hook: " .. tostring(e))
e = load_error("bad_option.lua")
check(e and e:find("bad_option.lua:5: unknown option 'hand_sise'") and e:find("did you mean 'hand_size'")
  and e:find("options: hand_size, hands"), "unknown option in extends: " .. tostring(e))
e = load_error("bad_range.lua")
check(e and e:find("bad_range.lua:3: option 'hand_size' must be at most 10"), "option range: " .. tostring(e))
e = load_error("bad_extends.lua")
check(e and e:find("bad_extends.lua:2: extends: variant 'no%-such%-game' not found"), "extends missing: " .. tostring(e))
e = load_error("bad_cycle_a.lua")
check(e and e:find("inheritance cycle: bad_cycle_a %-> bad_cycle_b %-> bad_cycle_a"), "cycle: " .. tostring(e))
e = load_error("nonexistent.lua")
check(e and e:find("cannot read variant file"), "missing file: " .. tostring(e))
e = load_error("../../etc/passwd")
check(e ~= nil, "a path outside is just a missing variant")

-- a moves hook may not change the game
do
  local ok, err = pcall(fuda.match, { variant = D .. "bad_mutating_moves.lua", seats = 2 })
  local m = ok and err or nil
  local e2
  if m then local _, msg = pcall(m.moves, m, 1) e2 = msg end
  local msg = tostring(m and e2 or err)
  check(msg:find("the moves hook changed the game state"), "mutating moves hook: " .. msg)
end

-- each attack fails with a clear message, and the state does not change
local attacks = {
  loop = "instruction limit exceeded",
  ["pcall-loop"] = "instruction limit exceeded",
  memory = "memory limit exceeded",
  rep = "memory limit exceeded",
  os = "undeclared global 'os'",
  io = "undeclared global 'io'",
  global = "assignment to undeclared global 'undeclared_thing'",
  bytecode = "binary chunks are not allowed",
  half = "sandbox.lua:%d+: boom after moving a card",
}
for name, want in pairs(attacks) do
  local m = fuda.match{ variant = D .. "sandbox.lua", seats = 2, seed = 3, options = { attack = name } }
  local before = m:hash()
  local hand = #m:pile("hand", 1)
  local ok, err = m:apply(1, "draw")
  check(ok == nil and err and err:find(want), name .. ": " .. tostring(err))
  check(m:hash() == before and #m:pile("hand", 1) == hand, name .. ": state unchanged")
  -- the game goes on after the error
  local mv = m:moves(1)
  check(#mv >= 1, name .. ": moves still listed")
end

T.summary("engine_sandbox")
