-- engine_core.lua -- the engine through fuda.match: moves, refusals, claim
-- windows, events, scores, arrange, log and replay. Uses tests/variants/tiny.lua.
local T = dofile("tests/lua/lib/t.lua")
local check = T.check
local V = "tests/variants/tiny.lua"

-- start, actors, moves
local m = fuda.match{ variant = V, seats = 3, seed = 5 }
check(m:phase() == "playing", "phase playing")
check(#m:actors() == 1 and m:actors()[1] == 1, "seat 1 acts first in hand 1")
check(#m:pile("hand", 1) == 5 and #m:pile("field") == 1, "dealt 5 each and one field card")

-- an illegal move is refused and nothing changes
local h = m:hash()
local ok, err = m:apply(1, "play Zz")
check(ok == nil and err:find("not a legal move"), "illegal move refused: " .. tostring(err))
check(m:hash() == h, "state unchanged after a refused move")
ok, err = m:apply(2, "draw")
check(ok == nil and err:find("not to act"), "out of turn refused")
check(m:hash() == h, "state unchanged after out-of-turn")

-- arrange rigs a hand by swapping, the deck stays whole
m:arrange("hand", 1, { "7h", "7s", "2c", "3c", "4c" })
m:arrange("hand", 2, { "7d", "9c", "9d", "Kd", "Qd" })
m:arrange("field", nil, { "7c" }, true)
local hand1 = m:pile("hand", 1)
check(hand1[1] == "7h" and hand1[2] == "7s" and #hand1 == 5, "arranged hand")
check(m:pile("field")[#m:pile("field")] == "7c", "arranged top of field")
local total = #m:pile("stock") + #m:pile("field")
for s = 1, 3 do total = total + #m:pile("hand", s) end
check(total == 52, "52 cards after arranging")

-- a play opens a claim window for seats holding that rank
local mv = m:moves(1)
local found = false
for _, x in ipairs(mv) do if x == "play 7h" then found = true end end
check(found, "play 7h listed")
check(m:apply(1, "play 7h"), "play 7h")
check(m:claim() == "snap", "snap window open")
local a = m:actors()
check(#a == 1 and a[1] == 2, "only seat 2 (holding 7d) may snap: " .. table.concat(a, ","))
check(m:moves(2)[1] == "snap", "snap offered")
check(m:apply(2, "snap"), "seat 2 snaps")
check(m:claim() == nil, "window closed")
check(m:total(2) == 1 and m:seat_var(2, "snaps") == 1, "snap scored")
check(m:tallies().snap == 1, "the snap was tallied once")
local before_try = m:tallies().snap
check(m:actors()[1] == 2, "turn passed to seat 2")

-- events: the drawer alone sees the card drawn; each reader keeps its place
m:events(1) m:events(3)
check(m:apply(2, "draw"), "seat 2 draws")
local ev1, ev2 = m:events(1), nil
check(#ev1 == 0, "seat 1 does not see seat 2's draw")
m:apply(3, "draw")
ev2 = m:events(3)
check(#ev2 == 1 and ev2[1]:find("^you drew {"), "seat 3 sees its own draw")
check(#m:events(3) == 0, "read events are not given twice")
local all = m:events()
check(#all >= 2, "the all-events reader still has every event: " .. #all)

-- a tried move changes nothing, tallies included
check(m:try(2, "draw") == nil, "try: seat 2 is not to act")
local hh, nlog = m:hash(), #m:log()
check(m:try(1, "draw") == true and m:hash() == hh and #m:log() == nlog, "try: accepted, nothing changed")
check(m:tallies().snap == before_try, "tallies unchanged by tried moves")

-- bots play to the end; the log replays to the same state
local n = m:play_bots()
check(type(n) == "number" and m:phase() == "hand_over", "bots finish the hand")
check(m:next_hand(), "next hand")
check(m:play_bots({ "random", "random", "random" }), "bots finish hand 2")
check(m:phase() == "match_over", "match over after 2 hands")
local t = 0
for s = 1, 3 do t = t + m:total(s) end
check(t > 0, "scores recorded")
check(m:scoresheet():find("total"), "scoresheet has totals")
local r = fuda.replay(m:log(), nil, V)
check(r:hash() == m:hash(), "replay gives the same hash")
local r5 = fuda.replay(m:log(), 5, V)
check(r5:move_count() == 5, "replay up to move 5")
ok, err = pcall(fuda.replay, "fuda-log 1\nvariant tiny\nseats 3\nseed 5\n1 fly away\n", nil, V)
check(not ok and err:find("^log:5: 'fly away' is not a legal move of seat 1 now"), "bad log line reported: " .. tostring(err))
-- a log names its variant by name: a path in it is never loaded, unless the caller names the variant
check(m:log():find("\nvariant tiny\n", 1, true), "the log names the variant by name, not by its path")
ok, err = pcall(fuda.replay, "fuda-log 1\nvariant " .. V .. "\nseats 3\nseed 5\n")
check(not ok and err:find("^log:2: the log names its variant by a path or an odd name %('tiny'%); a log may only " ..
  "name a variant of the search path"), "a path in a log is refused: " .. tostring(err))
ok, err = pcall(fuda.replay, m:log(), nil, "gin")
check(not ok and err:find("^log:2: this is a log of tiny, not of gin"), "the variant named must be the log's: " .. tostring(err))
ok, err = pcall(fuda.replay, "hello")
check(not ok and err:find("not a fuda log"), "not a log")

-- same seed, same game; other seed, other game
local a1 = fuda.match{ variant = V, seats = 4, seed = 99 }
local a2 = fuda.match{ variant = V, seats = 4, seed = 99 }
a1:play_bots() a2:play_bots()
check(a1:hash() == a2:hash(), "same seed same game")
local a3 = fuda.match{ variant = V, seats = 4, seed = 100 }
a3:play_bots()
check(a3:hash() ~= a1:hash(), "another seed another game")

-- a freed match fails cleanly
a3:free()
ok, err = pcall(a3.phase, a3)
check(not ok and err:find("freed"), "freed match: " .. tostring(err))

-- options and seat counts
local ok5, e5 = pcall(fuda.match, { variant = V, seats = 5 })
check(not ok5 and e5:find("2 to 4 players"), "seat count checked: " .. tostring(e5))
local o = fuda.match{ variant = V, seats = 2, options = { hand_size = 2 } }
check(#o:pile("hand", 1) == 2, "option override")
local okb, eb = pcall(fuda.match, { variant = V, options = { hand_sise = 2 } })
check(not okb and eb:find("unknown option 'hand_sise'") and eb:find("did you mean 'hand_size'"), "unknown option: " .. tostring(eb))
okb, eb = pcall(fuda.match, { variant = V, options = { hand_size = "many" } })
check(not okb and eb:find("must be an integer"), "option type: " .. tostring(eb))

-- a hook may name variants and modules after loading: the loader is built again
local late = fuda.match{ variant = "tests/variants/late_import.lua", seed = 3 }
local plain = fuda.match{ variant = "gin", seed = 3 }
local nl = late:play_bots({ "basic", "basic" })
local np = plain:play_bots({ "basic", "basic" })
check(nl and nl == np, "a hand with imports in the play hook: " .. tostring(nl) .. " moves, as gin's " .. tostring(np))
check(late:scoresheet() == plain:scoresheet(), "... and the same result as gin")

T.summary("engine_core")
