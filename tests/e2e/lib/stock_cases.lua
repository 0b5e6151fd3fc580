-- stock_cases.lua -- run by tests/e2e/stock.sh twice, by a stock lua5.4 and by `fuda run`:
-- calls of the stock functions fuda replaces with metered ones (lstock.c) or wraps
-- (their string arguments paid first), each printed with its results or its error
-- message. The two outputs must be the same line for line: same results, same messages.
local out = {}
local function show(v)
  if type(v) == "table" then
    local parts = {}
    for i = 1, #v do parts[#parts + 1] = show(v[i]) end
    return "{" .. table.concat(parts, ",") .. "}"
  end
  if type(v) == "string" then return string.format("%q", v) end
  return tostring(v)
end
local function case(name, f, ...)
  local r = table.pack(pcall(f, ...))
  local parts = {}
  for i = 2, r.n do parts[#parts + 1] = show(r[i]) end
  out[#out + 1] = name .. ": " .. (r[1] and "ok " or "error ") .. table.concat(parts, " ")
end
-- a proxy: reads and writes go to t, # to n
local function proxy(t, n)
  return setmetatable({}, { __index = t, __newindex = t, __len = function() return n end })
end

-- table.insert
case("insert end", function() local t = { 1, 2 } table.insert(t, 3) return t end)
case("insert front", function() local t = { 1, 2, 3 } table.insert(t, 1, 0) return t end)
case("insert middle", function() local t = { 1, 2, 3 } table.insert(t, 2, "x") return t end)
case("insert after end", function() local t = { 1, 2 } table.insert(t, 3, "x") return t end)
case("insert past end", function() local t = { 1, 2 } table.insert(t, 4, "x") return t end)
case("insert zero", function() table.insert({}, 0, "x") end)
case("insert args", function() table.insert({}, 1, 2, 3) end)
case("insert one arg", function() table.insert({}) end)
case("insert nil", function() table.insert(nil, 1) end)
case("insert number pos", function() table.insert({}, 1.5, 1) end)
case("insert proxy", function() local t = { 1, 2 } table.insert(proxy(t, 2), 1, 0) return t end)
case("insert userdata-ish", function() table.insert(setmetatable({}, {}), 1) end)
-- table.remove
case("remove last", function() local t = { 1, 2, 3 } return table.remove(t), t end)
case("remove first", function() local t = { 1, 2, 3 } return table.remove(t, 1), t end)
case("remove past", function() local t = { 1, 2, 3 } return table.remove(t, 4), t end)
case("remove far", function() return table.remove({ 1 }, 5) end)
case("remove empty", function() return table.remove({}) end)
case("remove empty 0", function() return table.remove({}, 0) end)
case("remove neg", function() return table.remove({ 1 }, -1) end)
case("remove proxy", function() local t = { 1, 2, 3 } return table.remove(proxy(t, 3), 2), t end)
-- table.move
case("move up", function() local t = { 1, 2, 3 } return table.move(t, 1, 3, 2) end)
case("move down", function() local t = { 1, 2, 3, 4 } return table.move(t, 2, 4, 1) end)
case("move other", function() return table.move({ 1, 2, 3 }, 1, 3, 1, {}) end)
case("move empty", function() return table.move({ 1 }, 3, 1, 1) end)
case("move wrap", function() return table.move({}, 1, math.maxinteger, 2) end)
case("move many", function() return table.move({}, math.mininteger, 1, 1) end)
case("move bad dest", function() return table.move({}, 1, 1, 1, 5) end)
case("move bad src", function() return table.move(nil, 1, 1, 1) end)
case("move float", function() return table.move({}, 1.5, 1, 1) end)
case("move same eq", function()
  local mt = { __eq = function() return true end }
  local a, b = setmetatable({ 1, 2, 3 }, mt), setmetatable({}, mt)
  table.move(a, 1, 3, 2, b) return b end)
-- table.concat
case("concat", function() return table.concat({ 1, "a", 2.5 }) end)
case("concat sep", function() return table.concat({ "a", "b", "c" }, ", ") end)
case("concat range", function() return table.concat({ "a", "b", "c", "d" }, "-", 2, 3) end)
case("concat empty range", function() return table.concat({ "a" }, "-", 3, 2) end)
case("concat one", function() return table.concat({ "a", "b" }, "-", 2, 2) end)
case("concat nil", function() return table.concat({ "a", nil, "c" }, "", 1, 3) end)
case("concat table", function() return table.concat({ "a", {} }) end)
case("concat bad sep", function() return table.concat({}, {}) end)
case("concat proxy", function() return table.concat(proxy({ "x", "y" }, 2), "+") end)
case("concat not table", function() return table.concat("abc") end)
-- table.unpack
case("unpack", function() return table.unpack({ 1, 2, 3 }) end)
case("unpack range", function() return table.unpack({ 1, 2, 3 }, 2, 3) end)
case("unpack empty", function() return table.unpack({ 1 }, 3, 2) end)
case("unpack nils", function() return table.unpack({}, 1, 3) end)
case("unpack too many", function() return table.unpack({}, 1, 1e7) end)
case("unpack huge", function() return table.unpack({}, math.mininteger, math.maxinteger) end)
case("unpack nil", function() return table.unpack(nil) end)
case("unpack string", function() return table.unpack("abc", 1, 2) end)
-- table.sort
case("sort", function() local t = { 5, 2, 8, 1, 9, 3 } table.sort(t) return t end)
case("sort comp", function() local t = { 5, 2, 8, 1, 9, 3 } table.sort(t, function(a, b) return a > b end) return t end)
case("sort strings", function() local t = { "pear", "apple", "fig", "kiwi" } table.sort(t) return t end)
case("sort two", function() local t = { 2, 1 } table.sort(t) return t end)
case("sort three", function() local t = { 3, 1, 2 } table.sort(t) return t end)
case("sort mixed", function() table.sort({ 1, "a", 2 }) end)
case("sort bad comp", function() table.sort({ 1, 2, 3 }, 5) end)
case("sort invalid order", function()
  local t = {} for i = 1, 50 do t[i] = i % 7 end
  table.sort(t, function() return true end) end)
case("sort too big", function() table.sort(proxy({}, math.maxinteger)) end)
case("sort big", function()
  local t, x = {}, 7
  for i = 1, 500 do x = (x * 1103515245 + 12345) % 2147483648 t[i] = x % 1000 end
  table.sort(t)
  local ok = true
  for i = 2, #t do ok = ok and t[i - 1] <= t[i] end
  return ok, t[1], t[250], t[500] end)
case("sort stable-ish", function()
  local t = {} for i = 1, 60 do t[i] = { k = i % 5, i = i } end
  table.sort(t, function(a, b) return a.k < b.k end)
  local order = {} for i = 1, #t do order[i] = t[i].i end
  return order end)
case("sort proxy", function() local t = { 3, 1, 2 } table.sort(proxy(t, 3)) return t end)
-- string.rep
case("rep", function() return string.rep("ab", 3) end)
case("rep sep", function() return string.rep("ab", 3, ",") end)
case("rep zero", function() return string.rep("ab", 0) end)
case("rep neg", function() return string.rep("ab", -5, "x") end)
case("rep empty", function() return string.rep("", 5) end)
case("rep empty sep", function() return string.rep("", 3, "-") end)
case("rep too large", function() return string.rep("ab", math.maxinteger) end)
case("rep too large sep", function() return string.rep("a", math.maxinteger // 2, "b") end)
case("rep one", function() return string.rep("abc", 1, "-") end)
case("rep float", function() return string.rep("a", 2.5) end)
case("rep method", function() return ("x"):rep(4) end)
-- lower, upper, reverse
case("lower", function() return string.lower("AbC\0Dé") end)
case("upper", function() return string.upper("AbC\0dé") end)
case("reverse", function() return string.reverse("abc\0d") end)
case("reverse empty", function() return ("").reverse("") end)
case("lower number", function() return string.lower(12) end)
case("upper nil", function() return string.upper() end)
case("lower long", function() return #string.lower(string.rep("A", 100000)), string.lower(string.rep("AB", 5000)):sub(1, 6) end)
-- the wrapped ones: their own messages
case("format", function() return string.format("%5.2f|%d|%s|%q", 3.14159, 42, "x", "a\nb") end)
case("format bad", function() return string.format("%d", "x") end)
case("format width", function() return string.format("%999d", 1) end)
case("pack", function() return string.unpack("i4", string.pack("i4", 77)) end)
case("pack bad", function() return string.pack("i17", 1) end)
case("packsize", function() return string.packsize("i4i8") end)
case("sub", function() return string.sub("hello", 2, -2) end)
case("byte", function() return string.byte("abc", 1, -1) end)
case("byte none", function() return string.byte("abc", 10) end)
case("char", function() return string.char(104, 105) end)
case("char bad", function() return string.char(256) end)
case("tonumber", function() return tonumber("0x10"), tonumber("z", 36), tonumber("  12  "), tonumber("1e") end)
case("tonumber bad base", function() return tonumber("1", 99) end)
case("utf8.len", function() return utf8.len("héllo"), utf8.len("\xff") end)
case("utf8.codepoint", function() return utf8.codepoint("héllo", 1, -1) end)
case("utf8.offset", function() return utf8.offset("héllo", 3) end)
case("utf8.char", function() return utf8.char(72, 233, 0x10FFFF) end)
case("utf8.codes", function() local r = {} for p, c in utf8.codes("aé") do r[#r + 1] = p .. ":" .. c end return r end)
case("utf8.codes bad", function() for _ in utf8.codes("a\xffb") do end end)

for _, line in ipairs(out) do print(line) end
