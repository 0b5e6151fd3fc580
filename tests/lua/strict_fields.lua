-- strict_fields.lua -- a misspelt field of a table fuda hands a script (the game, its variables, a
-- pile, the fuda module, meld arrangements, a variant's definition) or of a spec table a script
-- hands fuda (g:deal's options, a pile's or deck's spec, meld rules, gin-layoff's options) raises at
-- the script's line with the closest name, where it would have read nil or set a field nobody
-- reads. The move is refused and the state is as it was. (Results: tests/lua/engine_result.lua.)
local T = dofile("tests/lua/lib/t.lua")
local check, eq = T.check, T.eq
local V = "tests/variants/typos.lua"

-- { the typo (tests/variants/typos.lua), the line it is on, the message }
local cases = {
  { "game", 8, "the game has no field 'tunr' (did you mean 'turn'?)" },
  { "game_method", 9, "the game has no field 'nxet' (did you mean 'next'?)" },
  { "var", 10, "unknown game variable 'phsae' (did you mean 'phase'?)" },
  { "seat_var", 11, "unknown seat variable 'snap' (did you mean 'snaps'?)" },
  { "pile", 12, "a pile has no field 'shufle' (did you mean 'shuffle'?)" },
  { "fuda", 13, "fuda has no field 'crad' (did you mean 'card'?)" },
  { "fuda_set", 14, "fuda has no field 'cards' (did you mean 'card'?)" },
  { "melds", 15, "an arrangement has no field 'deadwod' (did you mean 'deadwood'?)" },
  { "melds_set", 16, "an arrangement has no field 'score' (fields: dead, deadwood, kinds, melds)" },
  { "layoff", 17, "a layoff's result has no field 'layofs' (did you mean 'layoffs'?)" },
  { "layoff_entry", 18, "a layoff has no field 'crad' (did you mean 'card'?)" },
  { "deal_spec", 19, "deal: unknown field 'sortt' (did you mean 'sort'?)" },
  { "pile_spec", 20, "new_pile: unknown field 'viss' (did you mean 'vis'?)" },
  { "layoff_spec", 21, "layoff: unknown field 'alow' (did you mean 'allow'?)" },
  { "verbs_spec", 22, "discard_moves: verbs: unknown field 'nock' (did you mean 'knock'?)" },
  { "rules_spec", 23, "rules: unknown field 'acee' (did you mean 'ace'?)" },
  { "variant", 24, "variant 'tiny' has no field 'reslt' (did you mean 'result'?)" },
  { "variant_check", 25, "variant 'tiny': check has no field 'max_move' (did you mean 'max_moves'?)" },
  { "variant_options", 26, "variant 'tiny': options has no field 'hand_sise' (did you mean 'hand_size'?)" },
}
for _, c in ipairs(cases) do
  local m = fuda.match{ variant = V, seats = 2, seed = 1, options = { typo = c[1] } }
  local before = m:hash()
  local ok, err = m:apply(1, "draw")
  eq(err, "tests/variants/typos.lua:" .. c[2] .. ": " .. c[3] .. " (in play)", c[1])
  check(ok == nil and m:hash() == before and m:move_count() == 0, c[1] .. ": refused, the state as it was")
end

-- the same play without a typo goes on: the strict tables read and write their own fields
do
  local m = fuda.match{ variant = V, seats = 2, seed = 1 }
  check(m:apply(1, "draw"), "no typo: the move is accepted")
end

-- new_deck's spec, in setup: the match does not start
do
  local ok, err = pcall(fuda.match, { variant = V, seats = 2, seed = 1, options = { typo = "deck_spec" } })
  check(not ok and tostring(err):find("typos.lua:33: new_deck: unknown field 'joker' (did you mean 'jokers'?)", 1, true),
        "deck_spec: " .. tostring(err))
end

-- fields that exist but are nil read nil: a hook tiny does not define, R:gin of no gin
do
  local R = fuda.rules{}
  eq(R:melds({ "As", "Kd" }).melds[1], nil, "an arrangement without melds: melds[1] is nil")
  eq(R:gin({ "As", "Kd" }), nil, "no gin: nil")
  local a = R:arrangements({ "As", "2s", "3s" })
  eq(a[2], nil, "one arrangement: a[2] is nil")
  a[1].deadwood = 5
  eq(a[1].deadwood, 5, "a field R:arrangements gave may be set")
end

-- host scripts: fuda.match's, its limits' and fuda.search_budget's specs
do
  local ok, err = pcall(function() return fuda.match{ variant = V, seat = 3 } end)
  check(not ok and tostring(err):find("strict_fields.lua:%d+: fuda.match: unknown field 'seat' %(did you mean 'seats'%?%)"),
        "fuda.match{ seat = 3 }: " .. tostring(err))
  ok, err = pcall(fuda.match, { variant = V, limits = { memroy = 8 } })
  check(not ok and tostring(err):find("fuda.match: limits: unknown field 'memroy' (did you mean 'memory'?)", 1, true),
        "limits.memroy: " .. tostring(err))
  ok, err = pcall(fuda.search_budget, { iter = 5 })
  check(not ok and tostring(err):find("fuda.search_budget: unknown field 'iter' (did you mean 'iters'?)", 1, true),
        "search_budget{ iter = 5 }: " .. tostring(err))
  ok, err = pcall(function() return fuda.replya end)
  check(not ok and tostring(err):find("fuda has no field 'replya' (did you mean 'replay'?)", 1, true),
        "a host script's fuda.replya: " .. tostring(err))
end

T.summary("strict_fields")
