-- author.lua -- the authoring pieces: fuda.moves (building, reading, refusing malformed move
-- texts), fuda.plural, phases (dispatch by verb with typed arguments, claim windows as phases,
-- a move no phase handles), layout and deck, g:deal and g:gather, g:name, the default view with
-- a status line, and the load-time errors with file:line.
-- Run: ./fuda run tests/lua/author.lua
local T = dofile("tests/lua/lib/t.lua")
local check, eq, apply, contains = T.check, T.eq, T.apply, T.contains
local D = "tests/variants/"
local HERE = "tests/lua/author.lua"

---------------------------------------------------------------------------------------------------
-- fuda.moves: the texts, made once.
local M = fuda.moves{ draw = {}, discard = "card", give = { "seat", "int" }, play = { "cards", "name suits?" },
                      call = "suit?", say = "word" }
eq(M.draw, "draw", "a verb without arguments is its text")
eq(M.discard["7h"], "discard 7h", "M.discard[card]")
eq(M.discard("7h"), "discard 7h", "M.discard(card)")
check(rawget(M.discard, "7h") == "discard 7h", "M.discard[card] is kept once made")
eq(M.give(2, -3), "give 2 -3", "seat and int")
eq(M.play({ "9h", "9s", "9c" }, "hd"), "play 9h 9s 9c name h d", "cards and an optional keyword list")
eq(M.play({ "Jk" }), "play Jk", "the optional part left out")
eq(M.call(), "call", "an optional lone argument left out")
eq(table.concat(M.verbs, ","), "call,discard,draw,give,play,say", "M.verbs sorted")

-- Reading them back.
local verb, cards, named = M.parse("play 9h 9s 9c name h d")
eq(verb, "play", "parse: the verb")
eq(table.concat(cards, " "), "9h 9s 9c", "parse: the cards, as a list")
eq(named, "hd", "parse: the suits, as letters")
verb, cards, named = M.parse("play 8d")
eq(#cards .. tostring(named), "1nil", "parse: an optional part absent is nil")
local v2, seat, n = M.parse("give 3 -12")
eq(v2 .. seat .. n, "give3-12", "parse: a seat and an integer")
eq(math.type(n), "integer", "parse: an int is an integer")
check(M.parse("play 9h 9s") == M.parse("play 9h 9s") and select(2, M.parse("play 9h 9s")) == select(2, M.parse("play 9h 9s")),
      "parse: a text is read once (the same list)")
local function bad(text, want)
  local v, msg = M.parse(text)
  check(v == nil and msg == want, "parse '" .. text .. "': got " .. tostring(msg))
end
bad("play", "bad move 'play' (cards missing: play <cards> [name <suits>])")
bad("play 9x", "bad move 'play 9x' ('9x' is not a card: play <cards> [name <suits>])")
bad("play 9h name", "bad move 'play 9h name' (suits missing: play <cards> [name <suits>])")
bad("play 9h name x", "bad move 'play 9h name x' ('x' is not a suit: play <cards> [name <suits>])")
bad("draw now", "bad move 'draw now' ('now' is one word too many: draw)")
bad("give 0 1", "bad move 'give 0 1' ('0' is not a seat: give <seat> <int>)")
bad("give 2 x", "bad move 'give 2 x' ('x' is not an integer: give <seat> <int>)")
bad("flip 7h", "bad move 'flip 7h' (unknown verb 'flip'; verbs: call, discard, draw, give, play, say)")
bad("", "bad move '' (unknown verb 'nil'; verbs: call, discard, draw, give, play, say)")

-- Building refuses what is no argument, at the caller's line.
local function raises(f, want, what)
  local ok, err = pcall(f)
  check(not ok and tostring(err):find(want, 1, true) ~= nil, what .. ": " .. tostring(err))
end
raises(function() local _ = M.discard("7x") end, HERE .. ":56: bad argument #1 to 'discard' (a card expected, got '7x')", "build: not a card")
raises(function() return M.discard["zz"] end, HERE .. ":57: bad argument #1 to 'discard' (a card expected, got 'zz')", "index: not a card")
raises(function() return M.play({}, "hd") end, "bad argument #1 to 'play' (a list of cards expected, got table)", "build: no cards")
raises(function() return M.give(1) end, "bad argument #2 to 'give' (an integer expected, got no value)", "build: missing")
raises(function() return M.draw2 end, HERE .. ":60: fuda.moves: no verb 'draw2' (verbs: call, discard", "no such verb")
raises(function() return fuda.moves{ play = "crd" } end, HERE .. ":61: fuda.moves: verb 'play': bad argument type 'crd'", "bad type")
raises(function() return fuda.moves{ parse = {} } end, "fuda.moves: 'parse' is reserved", "reserved verb")
raises(function() return fuda.moves{ x = { "int?", "int" } } end, "a required argument follows an optional one", "optional order")
raises(function() return fuda.moves(3) end, HERE .. ":64: bad argument #1 to 'moves' (table expected, got number)", "not a table")
-- A verb's doc line (listed by help in fuda play): a string of one line.
local MD = fuda.moves{ take = { doc = "take the upcard" }, discard = { "card", doc = "discard a card" } }
eq(MD.take .. "|" .. MD.discard["7h"], "take|discard 7h", "a doc changes no move text")
eq(table.concat(MD.verbs, ","), "discard,take", "a doc is no verb")
raises(function() return fuda.moves{ take = { doc = 3 } } end, "fuda.moves: verb 'take': doc is one line of text, got number", "doc: not a string")
raises(function() return fuda.moves{ take = { doc = "a\nb" } } end, "doc is one line of text", "doc: two lines")

eq(fuda.plural(1, "card"), "1 card", "plural: one")
eq(fuda.plural(0, "card"), "0 cards", "plural: none")
eq(fuda.plural(12, "point"), "12 points", "plural: many")

---------------------------------------------------------------------------------------------------
-- A game of pieces: layout, deck, deal, phases, the default view.
do
  local m = fuda.match{ variant = D .. "pieces.lua", seats = 3, seed = 5 }
  eq(#m:pile("stock"), 53 - 9 - 1, "layout and deck: 52 + 1 joker, 3 dealt each, one to the pool")
  eq(#m:pile("hand", 1) + #m:pile("hand", 2) + #m:pile("hand", 3), 9, "g:deal: 3 each")
  eq(#m:pile("melds", 2), 0, "a per-seat public pile")
  eq(m:var("phase"), "offer", "g.var.phase starts as the variant's phase")
  eq(table.concat(m:moves(1), ","), "draw,pass", "the phase's moves")
  local hand = m:pile("hand", 1)
  local want = table.concat({
    "Pieces, hand 1.",
    "stock: 43 cards",
    "pool: {" .. m:pile("pool")[1] .. "}",
    "Seat 1 (you): hand {" .. table.concat(hand, "} {") .. "}, melds empty, score 0  <- to play",
    "Seat 2: hand 3 cards, melds empty, score 0",
    "Seat 3: hand 3 cards, melds empty, score 0",
    "Said: nothing (viewer 1); to play: you",
  }, "\n")
  eq(m:view(1), want, "the default view with the status line")
  check(not m:view(2):find(hand[1], 1, true) or m:pile("pool")[1] == hand[1], "the view hides the others' hands")
  check(m:view(2):find("to play: Seat 1", 1, true), "g:name(seat, viewer): another seat by its name")
  apply(m, 1, "draw", "draw")
  eq(m:var("phase"), "discard", "the handler moved the phase on")
  local mv = m:moves(1)
  eq(mv[#mv - 1], "give 2 2", "the discard phase lists give")
  apply(m, 1, "give 2 2", "give")
  eq(m:var("said"), "Seat 1 gives 2 cards to Seat 2", "a handler gets typed arguments (seat, integer)")
  eq(#m:pile("melds", 1), 2, "give moved the cards")
  eq(m:var("phase"), "offer", "back to offer")
  apply(m, 2, "pass", "pass opens a claim window")
  eq(m:claim(), "snap", "the window")
  eq(table.concat(m:moves(1), ","), "snap,pass", "the window's phase lists its moves")
  apply(m, 1, "snap", "snap")
  apply(m, 3, "pass", "pass in the window")
  eq(m:var("said"), "snap window: 1=snap 3=pass", "the window's phase resolves it")
  apply(m, 1, "draw", "draw again")
  local c = m:pile("hand", 1)[1]
  apply(m, 1, "play " .. c .. " name h d", "play")
  eq(m:var("said"), "play " .. c .. " naming hd", "a list of cards and the named suits")
end

-- A move no phase can take: refused with the phase's file:line, the state unchanged.
local function refused(extra, want)
  local m = fuda.match{ variant = D .. "pieces.lua", seats = 2, seed = 1, options = { extra = extra } }
  local before = m:hash()
  local ok, err = m:apply(1, extra)
  check(ok == nil and err and err:find(want, 1, true) ~= nil, "refused '" .. extra .. "': " .. tostring(err))
  eq(m:hash(), before, "refused '" .. extra .. "': the state unchanged")
end
refused("play", "pieces.lua:26: bad move 'play' (cards missing: play <cards> [name <suits>]) (in play)")
refused("discard 7h", "pieces.lua:26: phase 'offer' has no handler for 'discard' (move 'discard 7h'; handlers: draw, pass) (in play)")
refused("flip", "pieces.lua:26: bad move 'flip' (unknown verb 'flip'; verbs: discard, draw, give, pass, play, snap) (in play)")

-- g:deal refuses more cards than the stock holds (the match cannot start).
do
  local ok, err = pcall(fuda.match, { variant = D .. "pieces.lua", seats = 4, options = { hand_size = 5 } })
  check(ok, "5 cards to 4 seats fit: " .. tostring(err))
  ok, err = pcall(fuda.match, { variant = D .. "pieces.lua", seats = 4, options = { hand_size = 14 } })
  check(not ok and tostring(err):find("pieces.lua:19: bad argument #1 to 'deal' (14 cards to 4 seats need 56, pile 'stock' has 53)", 1, true),
        "g:deal: too few cards: " .. tostring(err))
end

-- g:gather with a list: only the piles named, in that order (a per-seat name seat by seat), each
-- bottom card first; a name that is no pile refuses the move. A layout visibility from an option.
do
  local function gathered(order)
    local m = fuda.match{ variant = D .. "gather.lua", seed = 3 }
    local h1, h2, pool = m:pile("hand", 1), m:pile("hand", 2), m:pile("pool")
    local want = {}
    for _, name in ipairs(order) do
      local piles = name == "hand" and { h1, h2 } or { pool }
      for _, p in ipairs(piles) do
        for _, c in ipairs(p) do want[#want + 1] = c end
      end
    end
    return m, table.concat(want, " ")
  end
  local m, want = gathered({ "hand", "pool" })
  apply(m, 1, "gather hand,pool", "gather hand,pool")
  eq(m:var("got"), want, "g:gather: the hands seat by seat, then the pool")
  eq(#m:pile("hand", 1) + #m:pile("hand", 2) + #m:pile("pool"), 0, "g:gather: the named piles emptied")
  m, want = gathered({ "pool", "hand" })
  apply(m, 1, "gather pool,hand", "gather pool,hand")
  eq(m:var("got"), want, "g:gather: in the list's order")
  m, want = gathered({ "pool", "hand" })
  apply(m, 1, "gather all", "gather all")
  eq(m:var("got"), want, "g:gather(): in the order the piles were made (stock, pool, hands)")
  m = fuda.match{ variant = D .. "gather.lua", seed = 3 }
  local before = m:hash()
  local ok, err = m:apply(1, "gather hand,nothing")
  check(ok == nil and contains(tostring(err), "gather.lua:29: bad argument #2 to 'gather' (no pile 'nothing')"),
        "g:gather: no such pile: " .. tostring(err))
  eq(m:hash(), before, "g:gather: no such pile: nothing moved")
  check(contains(m:view(1), "pool: {" .. m:pile("pool")[2] .. "} (2 cards)"), "layout vis from an option: top")
  m = fuda.match{ variant = D .. "gather.lua", seed = 3, options = { pool_vis = "public" } }
  local pool = m:pile("pool")
  check(contains(m:view(1), "pool: {" .. pool[1] .. "} {" .. pool[2] .. "}"), "layout vis from an option: public")
  ok, err = pcall(fuda.match, { variant = D .. "gather.lua", options = { pool_vis = "sideways" } })
  check(not ok and contains(tostring(err), "layout.pool.vis must give one of hidden, owner, public, top, got 'sideways'"),
        "layout vis from an option: a bad one: " .. tostring(err))
end

-- M.read: a move's read by table lookup, the list M.parse returns parts of; read only.
do
  local R = fuda.moves{ discard = "card", draw = {} }
  local r = R.read["discard 7h"]
  eq(r[1] .. " " .. r[2], "discard 7h", "M.read: verb and card")
  check(R.read["discard 7h"] == r and select(2, R.parse("discard 7h")) == "7h", "M.read: kept once read")
  eq(R.read["discard 7x"], nil, "M.read: a text that does not parse")
  raises(function() R.read["draw"] = { "discard", "7h" } end, "fuda.moves: M.read is read only", "M.read: read only")
  raises(function() return fuda.moves{ read = {} } end, "fuda.moves: 'read' is reserved", "reserved verb read")
end

---------------------------------------------------------------------------------------------------
-- Load-time errors name the file and line.
local function load_error(file)
  local ok, err = pcall(fuda.match, { variant = D .. file })
  return not ok and err or ""
end
local e = load_error("bad_phases.lua")
check(e:find("bad_phases.lua:10: phase 'offer': unknown verb 'tak' (did you mean 'take'?) (verbs: pass, take; and moves, resolve, prompt)", 1, true), "unknown verb in a phase: " .. e)
e = load_error("bad_layout.lua")
check(e:find("bad_layout.lua:6: layout.stock: unknown visibility 'hiden' (did you mean 'hidden'?)", 1, true), "bad layout: " .. e)
e = load_error("bad_moves.lua")
check(e:find("bad_moves.lua:2: fuda.moves: verb 'discard': bad argument type 'crd'", 1, true), "bad argument type: " .. e)
e = load_error("bad_nophase.lua")
check(e:find("bad_nophase.lua:5: phases need verbs = fuda.moves{ ... }", 1, true)
  and e:find("bad_nophase.lua:4: phase 'ofer' is not among the phases (did you mean 'offer'?) (phases: offer)", 1, true), "phases without verbs, a bad first phase: " .. e)

T.summary("author")
