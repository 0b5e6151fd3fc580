-- engine_bind.lua -- the game object a hook gets (tests/variants/bind.lua): a table, its
-- fields and variables, refusals with the script's file:line, Lua's view of the game after
-- the engine put a state back (a refused move, a view, a bot), g:say/g:tell with a format,
-- and R:discard_list. Objects of an ended match: tests/e2e/bind.sh (needs two matches in
-- one engine).
local T = dofile("tests/lua/lib/t.lua")
local check, eq = T.check, T.eq
local V = "tests/variants/bind.lua"
local F = "tests/variants/bind%.lua:%d+: "

local m = fuda.match{ variant = V, seats = 2, seed = 3 }

-- apply a command of seat 1 (accepted) and return the events it made
local function run(cmd)
  m:events()
  T.apply(m, 1, cmd, cmd)
  return m:events()
end

-- the game, its variables and seat variables are tables with locked metatables
local ev = run("fields")
eq(ev[1], 'type=table meta="locked" var=table varmeta="locked" seatmeta="locked" name=true', "types")
eq(ev[2], 'seats=2 turn=1 dir=1 hand_no=1 move_no=0 phase=playing claim=nil options="all"', "fields")

-- refusals keep their messages, at the script's line
local want = {
  unknown = "unknown game variable 'nope' %(declare it in state = { ... }%)$",
  unknown_seat = "unknown seat variable 'nope' %(declare it in seat_state = { ... }%)$",
  float = "variable 'n': only 32%-bit integers can be stored, got 1%.5$",
  table = "variable 'n': a game variable holds an integer, boolean, string or nil, not a table$",
  big = "variable 'n': only 32%-bit integers can be stored, got 1099511627776$",
  set_field = "cannot set the game's field 'seats' %(use g%.var%.seats for your own variables%)$",
  set_var = "cannot set the game's field 'var'",
  no_field = "the game has no field 'nofield'$",
  self_nil = "bad argument #1 to 'hand' %(fuda%.Game expected, got nil%)$",
  self_table = "bad argument #1 to 'hand' %(fuda%.Game expected, got table%)$",
  dir = "dir must be 1 or %-1$",
  seat = "bad seat 3 %(seats are 1%.%.2%)$",
  setmeta = "cannot change a protected metatable$",
  setmeta_var = "cannot change a protected metatable$",
}
ev = run("errors")
local seen = 0
for _, line in ipairs(ev) do
  local case, msg = line:match("^(%S+): (.*)$")
  seen = seen + 1
  check(want[case] and msg:find("^" .. F .. want[case]), "error " .. tostring(case) .. ": " .. msg)
end
eq(seen, 14, "every error case reported")

-- what the hooks see starts as declared; writes stay (3.0 is stored as the integer 3)
eq(run("probe")[1], "n=0 word=\"start\" flag=false k1=0 k2=0 temp=tests/variants/bind.lua:37: no pile 'temp'",
   "initial values")
eq(run("set")[1], 'n=3 integer word="hello" flag=true k2=-5', "written values read back")
eq(m:var("n"), 3, "the core state holds n")
eq(m:var("word"), "hello", "the core state holds word")
eq(m:seat_var(2, "k"), -5, "the core state holds seat 2's k")
local after_set = run("probe")[1]
eq(after_set, 'n=3 word="hello" flag=true k1=0 k2=-5 temp=tests/variants/bind.lua:37: no pile \'temp\'',
   "values after set")

-- a refused move wrote variables and made a pile: all of it is undone, for Lua too
local h = m:hash()
local ok, err = m:apply(1, "fail")
check(ok == nil and err:find("^" .. F .. "fail refused %(in play%)$"), "fail refused: " .. tostring(err))
eq(m:hash(), h, "state unchanged after the refused move")
eq(run("probe")[1], after_set, "Lua sees the values from before the refused move, and no pile 'temp'")

-- a view and a bot may not change the game: what they wrote is put back, for Lua too
eq(m:view(1), "seat 1 sees n=3", "the view hook ran")
eq(run("probe")[1], after_set, "Lua sees the values from before the view")
local okb, moveb, errb = pcall(m.bot, m, 1, "meddler")
check(okb and moveb == nil and tostring(errb):find("bot 'meddler' changed the game state"),
      "a bot that changes the game is refused: " .. tostring(errb))
eq(run("probe")[1], after_set, "Lua sees the values from before the bot")

-- a name too long for Lua to intern, and a name built at run time, are found all the same
eq(run("long")[1], "long=42 k1=420", "long and built names")
eq(m:var("a_variable_whose_name_is_longer_than_forty_bytes"), 42, "the core state holds the long one")
eq(m:seat_var(1, "word"), 420, "the core state holds seat 1's word")

-- nil and false are values too
eq(run("clear")[1], "word=nil flag=false", "nil and false written")
eq(m:var("word"), nil, "word is nil in the core state")
eq(m:var("flag"), false, "flag is false in the core state")

-- g:say / g:tell with a format: formatted for a reader (a host script reads events)
m:events(1) m:events(2)
T.apply(m, 1, "say", "say")
local all, own, other = m:events(), m:events(1), m:events(2)
eq(all[1], "seat 1 has 3 cards ( 12.5%)", "g:say formats with string.format")
eq(all[3], "no format: %d %s", "g:say with one argument is not a format")
check(T.has(own, 'only you: "x"'), "g:tell formats for its seat")
check(not T.has(other, 'only you: "x"'), "the other seat does not see it")
-- a bad format is an error at the g:say line (read or not)
h = m:hash()
ok, err = m:apply(1, "badfmt")
check(ok == nil and err:find("^" .. F .. "bad argument #2 to 'say' %(number expected, got string%) %(in play%)$"),
      "bad format refused: " .. tostring(err))
eq(m:hash(), h, "state unchanged after the bad format")

-- g:say renders its formats itself (no script code runs, whether anybody reads or not), and
-- its text is string.format's
ev = run("formats")
check(#ev == 36, "formats: 18 cases said twice, got " .. #ev)
for i = 1, #ev, 2 do eq(ev[i], ev[i + 1], "format case " .. (i + 1) // 2) end
local refused = {
  fmt_table = "bad argument #2 to 'say' %(string, number, boolean or nil expected, got table%)",
  fmt_tostring = "bad argument #2 to 'say' %(string, number, boolean or nil expected, got table%)",
  fmt_function = "bad argument #2 to 'say' %(string, number, boolean or nil expected, got function%)",
  fmt_tell = "bad argument #3 to 'tell' %(number expected, got table%)",
  fmt_p = "invalid conversion '%%p' to 'say'",
  fmt_y = "invalid conversion '%%y' to 'say'",
  fmt_end = "invalid conversion '%%' to 'say'",
  fmt_float = "bad argument #2 to 'say' %(number has no integer representation%)",
  fmt_none = "bad argument #3 to 'say' %(no value%)",
  fmt_q = "specifier '%%q' cannot have modifiers %(in 'say'%)",
  fmt_flag = "invalid conversion '%%#d' to 'say'",
  fmt_width = "invalid conversion '%%100' to 'say'",
  fmt_zeros = "bad argument #2 to 'say' %(string contains zeros%)",
  fmt_q_table = "bad argument #2 to 'say' %(string, number, boolean or nil expected, got table%)",
}
for cmd, want in pairs(refused) do
  h = m:hash()
  ok, err = m:apply(1, cmd)
  check(ok == nil and err:find("^" .. F .. want .. " %(in play%)$"), cmd .. " refused: " .. tostring(err))
  eq(m:hash(), h, cmd .. ": state unchanged")
end

-- R:discard_list(hand): the cards in hand order and the deadwood after each, as R:discards
local R = fuda.rules{}
local hand = { "7h", "8h", "9h", "Kc", "2s", "Qd" }
local cards, after = R:discard_list(hand)
local by_card = R:discards(hand)
eq(#cards, #hand, "one entry per card")
eq(#after, #hand, "one deadwood per card")
for i, c in ipairs(hand) do
  eq(cards[i], c, "card " .. i .. " in hand order")
  eq(after[i], by_card[c], "deadwood after discarding " .. c)
end
eq(after[4], 12, "discarding Kc leaves 2 + 10")
eq(after[1], 39, "discarding 7h breaks the run: 8 + 9 + 10 + 2 + 10")
local c0, a0 = R:discard_list({})
eq(#c0 + #a0, 0, "an empty hand gives two empty lists")
local okd, errd = pcall(R.discard_list, R, { "7h", "7h" })
check(not okd and tostring(errd):find("cannot arrange these cards"), "a card twice: " .. tostring(errd))

-- R:discard_moves(hand, except, limit [, verbs]): a discard turn's moves in hand order
local function same(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do if a[i] ~= b[i] then return false end end
  return true
end
local gin_hand = { "7h", "8h", "9h", "Kc", "Ks", "Kd", "Qs", "2s" }
check(same(R:discard_moves(gin_hand, "", 10), {
  "discard 7h", "discard 8h", "discard 9h", "discard Kc", "discard Ks", "discard Kd",
  "discard Qs", "knock Qs", "discard 2s", "knock 2s" }), "every discard, a knock where 10 or less is left")
check(same(R:discard_moves(gin_hand, "Qs", 2), {
  "discard 7h", "discard 8h", "discard 9h", "discard Kc", "discard Ks", "discard Kd", "discard 2s" }),
  "the card just taken is not discarded; knock limit 2")
check(same(R:discard_moves(gin_hand, "Qs"), {
  "discard 7h", "discard 8h", "discard 9h", "discard Kc", "discard Ks", "discard Kd", "discard 2s" }),
  "no limit: no knocking")
check(same(R:discard_moves({ "7h", "8h", "9h", "2s" }, "", 10), {
  "discard 7h", "discard 8h", "discard 9h", "discard 2s", "gin 2s" }), "gin where nothing is left")
check(same(R:discard_moves({ "Ac", "2c", "3c", "4d" }, nil, 0, { discard = "throw", gin = "out" }),
  { "throw Ac", "throw 2c", "throw 3c", "throw 4d", "out 4d" }), "verbs renamed")
check(same(R:discard_moves(gin_hand, "", 10), R:discard_moves(gin_hand, "", 10)), "the same twice")
eq(#R:discard_moves({}, "", 10), 0, "an empty hand has no discards")
local okm, errm = pcall(R.discard_moves, R, gin_hand, "", 10, { knock = 3 })
check(not okm and tostring(errm):find("verb 'knock' must be a string"), "a verb not a string: " .. tostring(errm))
okm, errm = pcall(R.discard_moves, R, gin_hand, "", "ten")
check(not okm and tostring(errm):find("bad argument #4 to .*number expected, got string"), "a limit not a number: " .. tostring(errm))
check(same(R:discard_moves({ "5s" }, "", 10, { discard = "n", gin = "n" }), { "n 5s", "n 5s" }),
      "a verb named like a field of the cache")
local long = string.rep("x", 40)
check(same(R:discard_moves({ "5s" }, "", 10, { discard = long }), { long .. " 5s", "gin 5s" }),
      "a verb too long to keep is made afresh")
for i = 1, 40 do R:discard_moves(gin_hand, "", 10, { discard = "d" .. i }) end
check(same(R:discard_moves({ "5s", "6d" }, "", 10, { discard = "d99" }), { "d99 5s", "knock 5s", "d99 6d", "knock 6d" }),
      "verbs past the cache are made afresh")

T.summary("engine_bind")
