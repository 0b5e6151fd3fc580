-- meld_gin.lua -- fuda.rules' gin fields from Lua: gin_shapes, gin_natural_run and set_max
-- (Celebes Rum's gin: 4-3-3-3 with a natural 4-run, 5-5-3 or 5-4-4 with a natural run of 4 or
-- 5, five of a kind with a joker), R:gin, R:discard_moves offering "gin C" only for a gin of
-- those shapes, the least-deadwood methods unchanged, and the spec's error messages.
local T = dofile("tests/lua/lib/t.lua")
local check, eq = T.check, T.eq

local function cards(s)
  local t = {}
  for w in s:gmatch("%S+") do t[#t + 1] = w end
  return t
end

-- "set:9s 9d 9c | run:4h 5h 6h 7h" for an arrangement, "nil" for none
local function show(res)
  if not res then return "nil" end
  local t = {}
  for i, m in ipairs(res.melds) do t[#t + 1] = res.kinds[i] .. ":" .. table.concat(m, " ") end
  return table.concat(t, " | ")
end

local R = fuda.rules{ wild = "joker",
  gin_shapes = { { 4, 3, 3, 3 }, { 5, 5, 3 }, { 5, 4, 4 } },
  gin_natural_run = 4 }

-- R:gin: the arrangement, or nil
local g = R:gin(cards("4h 5h 6h 7h 9s 9d 9c 2c 3c 4c Kd Ks Kh"))
eq(show(g), "set:9s 9d 9c | set:Ks Kh Kd | run:4h 5h 6h 7h | run:2c 3c 4c", "4-3-3-3")
eq(g.deadwood, 0, "a gin's deadwood")
eq(#g.dead, 0, "a gin's dead cards")
eq(show(R:gin(cards("Kd 2c Ks 9c 3c 9d 7h Kh 4c 6h 9s 5h 4h"))),
   "set:9s 9d 9c | set:Ks Kh Kd | run:4h 5h 6h 7h | run:2c 3c 4c", "any order")
eq(show(R:gin(cards("4h 5h Jk 7h 9s 9d 9c 2c 3c 4c Kd Ks Kh"))), "nil", "a joker in the 4")
eq(R:deadwood(cards("4h 5h Jk 7h 9s 9d 9c 2c 3c 4c Kd Ks Kh")), 0, "... melds all the same")
eq(show(R:gin(cards("9s 9d 9c 9h 4h 5h 6h 2c 3c 4c Kd Ks Kh"))), "nil", "the 4 a set")
eq(show(R:gin(cards("9s 9h 9d 9c Jk 2h 3h 4h 5h 6h Ks Kd Kc"))),
   "set:9s 9h 9d 9c Jk | set:Ks Kd Kc | run:2h 3h 4h 5h 6h", "5-5-3, five of a kind")
eq(show(R:gin(cards("3d 4d 5d 6d 7d 8s 9s Jk Js Qs Kh Kc Jk"))),
   "run:8s 9s Jk Js Qs | set:Kh Kc Jk | run:3d 4d 5d 6d 7d", "5-5-3, two jokers")
eq(show(R:gin(cards("2h 3h Jk 5h 6h 7c 7d 7s 7h 9c 10c Jk Qc"))), "nil", "5-4-4, no natural run")

-- sets of at most 4 cards: the same hand as 5-4-4, or no gin with 4-3-3-3 and 5-5-3 only
local five = cards("9s 9h 9d 9c Jk 2h 3h 4h 5h 6h Ks Kd Kc")
local R4 = fuda.rules{ wild = "joker", gin_shapes = { { 4, 3, 3, 3 }, { 5, 5, 3 }, { 5, 4, 4 } },
  gin_natural_run = 4, set_max = 4 }
eq(show(R4:gin(five)), "set:9s 9h 9d 9c | set:Ks Kd Kc Jk | run:2h 3h 4h 5h 6h", "set_max = 4: 5-4-4")
R4 = fuda.rules{ wild = "joker", gin_shapes = { { 4, 3, 3, 3 }, { 5, 5, 3 } },
  gin_natural_run = 4, set_max = 4 }
eq(show(R4:gin(five)), "nil", "set_max = 4, no 5-4-4: no gin")

-- discard_moves: "gin C" only for a shape gin; "knock C" with a limit, none without
local h14 = cards("4h 5h Jk 7h 9s 9d 9c 2c 3c 4c Kd Ks Kh Qc")
eq(R:discards(h14).Qc, 0, "discarding Qc leaves no deadwood")
local mv = table.concat(R:discard_moves(h14, "", nil), ",")
check(not mv:find("gin") and not mv:find("knock"), "no gin, no knock: " .. mv)
mv = table.concat(R:discard_moves(h14, "", 0), ",")
check(mv:find("knock Qc") and not mv:find("gin"), "limit 0: knock Qc: " .. mv)
local plain = fuda.rules{ wild = "joker" }
check(table.concat(plain:discard_moves(h14, "", nil), ","):find("gin Qc"), "no shapes: gin Qc")
eq(show(plain:gin(cards("4h 5h Jk 7h 9s 9d 9c 2c 3c 4c Kd Ks Kh"))),
   "set:9s 9d 9c | set:Ks Kh Kd | run:4h 5h Jk 7h | run:2c 3c 4c", "no shapes: R:gin is deadwood 0")
eq(plain:gin(cards("4h 5h 6h 9c")), nil, "no shapes: deadwood is no gin")
local h14g = cards("4h 5h 6h 7h 9s 9d 9c 2c 3c 4c Kd Ks Kh Qc")
local got = {}
for _, s in ipairs(R:discard_moves(h14g, "Kh", nil)) do
  if s:find("^gin") then got[#got + 1] = s end
end
eq(table.concat(got, ","), "gin Qc", "the gin of a 14-card hand")
eq(#R:discard_moves(h14g, "Qc", nil), 13, "except the card just taken")

-- the rules' spec: errors
local function err(spec)
  local ok, e = pcall(fuda.rules, spec)
  return not ok and e or "no error"
end
eq(err{ gin_shapes = 3 }, "rules: 'gin_shapes' must be a list of lists of meld sizes", "shapes a number")
eq(err{ gin_shapes = {} }, "rules: 'gin_shapes' must hold 1 to 8 shapes", "no shape")
eq(err{ gin_shapes = { 4 } }, "rules: gin_shapes[1] must be a list of meld sizes", "a shape a number")
eq(err{ gin_shapes = { { 4, 3 }, { 4, 1 } } }, "rules: gin_shapes[2][2] must be an integer from 2 to 16",
   "a meld of 1")
eq(err{ gin_shapes = { { 9, 9 } } }, "rules: gin_shapes[1] adds up to 18 cards (at most 16)", "too many")
eq(err{ gin_shapes = { {} } }, "rules: gin_shapes[1] must hold 1 to 8 meld sizes", "an empty shape")
eq(err{ gin_natural_run = 1 }, "rules: 'gin_natural_run' must be an integer from 2 to 13", "run of 1")
eq(err{ set_max = 3 }, "rules: 'set_max' must be an integer from 4 to 16", "set_max 3")
check(err{ gin_shape = {} }:find("unknown field 'gin_shape'", 1, true), "a misspelt field")
local ok, e = pcall(R.gin, R, { "4h", "4h" })
check(not ok and e:find("cannot arrange these cards", 1, true), "a card twice: " .. tostring(e))

-- a shape's own natural meld: natural = k (a set or a run), natural_run = k
local RN = fuda.rules{ wild = "joker", gin_shapes = { { 4, 3, 3, 3, natural_run = 4 }, { 5, 5, 3, natural = 4 },
                                                     { 5, 4, 4, natural = 4 } } }
check(RN:gin{ "9s", "9h", "9d", "9c", "3h", "4h", "Jk", "6h", "7h", "Kd", "Ks", "Kh", "Jk" } ~= nil,
      "5-4-4 with four nines natural")
check(RN:gin{ "9s", "9d", "9c", "9h", "4h", "5h", "6h", "2c", "3c", "4c", "Kd", "Ks", "Kh" } == nil,
      "4-3-3-3 whose 4 is a set: its natural meld is a run")
check(R:gin{ "9s", "9h", "9d", "9c", "3h", "4h", "Jk", "6h", "7h", "Kd", "Ks", "Kh", "Jk" } == nil,
      "gin_natural_run: the four nines do not do")
local RA = fuda.rules{ wild = "joker", gin_natural = 4 }
check(RA:gin{ "9s", "9h", "9d", "9c", "3h", "Jk", "5h" } ~= nil, "gin_natural: a natural set of 4, sizes free")
check(RA:gin{ "9s", "9h", "Jk", "9c", "3h", "4h", "5h" } == nil, "gin_natural: no natural meld of 4")
check(err{ gin_shapes = { { 4, 3, 3, 3, natual = 4 } } }:find("gin_shapes[1]: unknown field 'natual'", 1, true),
      "a misspelt shape field")
check(err{ gin_shapes = { { 4, 3, natural = 4, natural_run = 4 } } }:find("natural or natural_run, not both", 1, true),
      "natural and natural_run")
check(err{ gin_shapes = { { 5, 4, 4, natural = 14 } } }:find("gin_shapes[1].natural must be an integer from 2 to 13", 1, true),
      "natural out of range")
check(err{ gin_natural = 4, gin_natural_run = 4 }:find("gin_natural_run or gin_natural, not both", 1, true),
      "both global fields")

T.summary("meld_gin")
