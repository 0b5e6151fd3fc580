-- t.lua -- the harness shared by the Lua scenario tests (tests/lua/*.lua), run by `fuda run`:
--
--   local T = dofile("tests/lua/lib/t.lua")
--   T.check(cond, what)        one assertion: passes when cond is truthy, else prints "FAIL: what"
--   T.eq(got, want, what)      got == want, the failure shows both values
--   T.apply(m, seat, move, what)     applies a move that must be accepted (one check)
--   T.refused(m, seat, move, what)   a move that must be refused, the state unchanged (two checks)
--   T.summary(name)            prints "N passed, N failed"; error() when any failed
--
-- and small list helpers (has, any_match, list_eq, same_list, contains, top, actors).
-- Paths are relative to the repository root, where the tests run. The harness is one per script:
-- a second dofile (from a game's helpers in tests/lua/lib/) returns the same table and counts.
if _FUDA_TEST_HARNESS then return _FUDA_TEST_HARNESS end

local T = { passed = 0, failed = 0 }

function T.check(cond, what)
  if cond then
    T.passed = T.passed + 1
  else
    T.failed = T.failed + 1
    print("FAIL: " .. what)
  end
end

function T.eq(got, want, what)
  if got == want then
    T.passed = T.passed + 1
  else
    T.failed = T.failed + 1
    print(("FAIL: %s: got %s, expected %s"):format(what, tostring(got), tostring(want)))
  end
end

function T.summary(name)
  print(("%d passed, %d failed"):format(T.passed, T.failed))
  if T.failed > 0 then error(("%s: %d failed"):format(name or "tests", T.failed)) end
end

-- Is x in the list?
function T.has(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

-- Does any string of the list (events, moves) contain the text (plain, not a pattern)?
function T.any_match(list, text)
  for _, v in ipairs(list) do if v:find(text, 1, true) then return true end end
  return false
end

-- The same items joined by commas.
function T.list_eq(a, b) return table.concat(a, ",") == table.concat(b, ",") end

-- The same items, one by one.
function T.same_list(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do if a[i] ~= b[i] then return false end end
  return true
end

function T.contains(text, s) return text:find(s, 1, true) ~= nil end

-- The top card of the "field" pile.
function T.top(m) local f = m:pile("field"); return f[#f] end

-- The seats to act, as "1,3".
function T.actors(m) return table.concat(m:actors(), ",") end

function T.apply(m, seat, move, what)
  local ok, err = m:apply(seat, move)
  T.check(ok, (what or "") .. ": seat " .. seat .. " " .. move .. " (" .. tostring(err) .. ")")
  return ok
end

-- The move is refused and the state is exactly as before.
function T.refused(m, seat, move, what)
  local before = m:hash()
  local ok = m:apply(seat, move)
  T.check(not ok, what .. ": '" .. move .. "' by seat " .. seat .. " is refused")
  T.eq(m:hash(), before, what .. ": state unchanged after '" .. move .. "'")
end

_FUDA_TEST_HARNESS = T
return T
