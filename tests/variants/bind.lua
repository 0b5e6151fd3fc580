-- bind.lua -- a variant that tests the game object itself (tests/lua/engine_bind.lua,
-- tests/e2e/bind.sh): its type and fields, reading and writing variables,
-- refusals with their messages, Lua's view of the game after the engine put a
-- state back (a failed move, a view, a bot), g:say/g:tell with a format, and
-- the objects of a match that has ended (option `stale`: the deal of a second
-- match in the same engine, e.g. `fuda sim -n 2`, uses the first match's).
--
-- Option `moves`: "all" lists every command below; "pass" lists only "pass"
-- (for bots), which ends the match after 6 passes.
local old -- what the previous match's deal kept: its game, variables, a pile, a method

local function show(v)
  if type(v) == "string" then return ("%q"):format(v) end
  return tostring(v)
end

-- the message of what f raises, or "ok"
local function err(f)
  local ok, e = pcall(f)
  return ok and "ok" or tostring(e)
end

-- uses of an ended match's objects (option stale)
local STALE = {
  method = function() return old.g:hand(1) end,
  field = function() return old.g.turn end,
  set = function() old.g.turn = 1 end,
  var = function() return old.var.n end,
  varset = function() old.var.n = 1 end,
  seat = function() return old.seat.k end,
  pile = function() return old.pile:count() end,
  self = function() return old.hand(old.g, 1) end,
}

-- what the commands below report through g:say
local function probe(g)
  local temp = err(function() return g:pile("temp") end)
  g:say(("n=%s word=%s flag=%s k1=%s k2=%s temp=%s"):format(show(g.var.n), show(g.var.word),
        show(g.var.flag), show(g.seat[1].k), show(g.seat[2].k), temp))
end

local function errors(g)
  local cases = {
    { "unknown", function() return g.var.nope end },
    { "unknown_seat", function() return g.seat[1].nope end },
    { "float", function() g.var.n = 1.5 end },
    { "table", function() g.var.n = {} end },
    { "big", function() g.var.n = 1 << 40 end },
    { "set_field", function() g.seats = 3 end },
    { "set_var", function() g.var = {} end },
    { "no_field", function() return g.nofield end },
    { "self_nil", function() return g.hand(nil, 1) end },
    { "self_table", function() return g.hand({}, 1) end },
    { "dir", function() g.dir = 2 end },
    { "seat", function() return g:hand(3) end },
    { "setmeta", function() setmetatable(g, {}) end },
    { "setmeta_var", function() setmetatable(g.var, {}) end },
  }
  for _, c in ipairs(cases) do g:say(c[1] .. ": " .. err(c[2])) end
end

local function ends(g, seat)
  g.var.n = g.var.n + 1
  if g.var.n >= 6 then
    g:score(seat, 1, "last pass")
    g:end_hand()
    g:end_match()
  else
    g.turn = g:next(seat)
  end
end

local COMMANDS = {
  pass = function(g, seat)
    if g.options.fmt == "bad" then g:say("seat %d passes with %d", seat, "no number") end
    if g.options.fmt == "good" then g:tell(seat, "seat %d passes, %s", seat, "100%") end
    ends(g, seat)
  end,
  probe = probe,
  errors = errors,
  -- fields and types, as text
  fields = function(g)
    g:say(("type=%s meta=%s var=%s varmeta=%s seatmeta=%s name=%s"):format(type(g),
          show(getmetatable(g)), type(g.var), show(getmetatable(g.var)),
          show(getmetatable(g.seat[2])), tostring(tostring(g):match("^fuda%.Game: ") ~= nil)))
    g:say(("seats=%d turn=%s dir=%d hand_no=%d move_no=%d phase=%s claim=%s options=%s"):format(
          g.seats, show(g.turn), g.dir, g.hand_no, g.move_no, g.phase, show(g.claim),
          show(g.options.moves)))
  end,
  -- writes that stay
  set = function(g)
    g.var.n = 3.0
    g.var.word = "hello"
    g.var.flag = true
    g.seat[2].k = -5
    g:say(("n=%s %s word=%s flag=%s k2=%s"):format(show(g.var.n), math.type(g.var.n),
          show(g.var.word), show(g.var.flag), show(g.seat[2].k)))
  end,
  clear = function(g)
    g.var.word = nil
    g.var.flag = false
    g:say(("word=%s flag=%s"):format(show(g.var.word), show(g.var.flag)))
  end,
  -- writes, a new pile, then an error: the move is refused, all of it undone
  fail = function(g)
    g.var.n = 99
    g.var.word = "oops"
    g.var.flag = true
    g.seat[1].k = 7
    g:new_pile("temp")
    g:pile("temp")
    error("fail refused")
  end,
  -- a format, for a seat and for everybody
  say = function(g, seat)
    g:say("%s has %d cards (%5.1f%%)", "seat " .. seat, #g:hand(seat), 12.5)
    g:tell(seat, "only you: %q", "x")
    g:say("no format: %d %s")
  end,
  badfmt = function(g) g:say("%d", "not a number") end,
  -- every conversion g:say renders itself: each case said with its format, then as
  -- string.format makes it (tests/lua/engine_bind.lua compares the two)
  formats = function(g)
    local big = string.rep("x", 150)
    local cases = {
      table.pack("%d|%5d|%-5d|%05d|%+d|% d|%.3d", 42, -7, 3, 12, 5, 6, 7),
      table.pack("%i %x %X %o %#x %#o %-6x|%08X", 1, 255, 255, 8, 255, 8, 171, 48879),
      table.pack("%c%c%c%-3c|%3c", 72, 105, 33, 65, 66),
      table.pack("%s|%10s|%-10s|%.2s|%5.1s|%.0s|", "abc", "abc", "abc", "abc", "abc", "abc"),
      table.pack("%s %s %s %s %s %s", 1, 1.5, 2.0, true, false, nil),
      table.pack("%s %s %s %s %s %s", 1 / 0, -1 / 0, math.maxinteger, math.mininteger, 1e100, -0.0),
      table.pack("%f %.2f %10.3f %e %.3E %g %G %a %A", 1.5, 2.345, -3.25, 12345.678, 0.00012, 1e20,
                 1e-5, 1.0, 0.5),
      table.pack("%+.1f % f %#g %-12.4e| %012.3f", 3.14159, 2, 1.0, 6.02e23, -1.5),
      table.pack("%5.1f%%", 12.5),
      table.pack("%q", 'he said "hi"\n\0' .. "1\r\t\0x\\"),
      table.pack("%q %q %q %q %q %q", 42, 1.5, true, nil, math.mininteger, 1 / 0),
      table.pack("%d %x %s", "12", "0x10", 3),
      table.pack("%s|%-99s|%.3s", big, "y", big),
      table.pack("%.99f", 1 / 3),
      table.pack("%99.99f", -1e300),
      table.pack("%% and %s", "extra", "ignored"),
      table.pack("%s", "a\0b"),
      table.pack("{%s} {%s}", "7h", "Qs"),
    }
    for _, c in ipairs(cases) do
      g:say(table.unpack(c, 1, c.n))
      g:say(string.format(table.unpack(c, 1, c.n)))
    end
  end,
  -- formats and values g:say refuses, read or not (their text would come from script code,
  -- an address, or a bad format)
  fmt_table = function(g) g:say("%s", {}) end,
  fmt_tostring = function(g) g:say("%s", setmetatable({}, { __tostring = function() return "x" end })) end,
  fmt_function = function(g) g:say("%s", print) end,
  fmt_tell = function(g, seat) g:tell(seat, "%d", {}) end,
  fmt_p = function(g) g:say("%p", "x") end,
  fmt_y = function(g) g:say("%y", 1) end,
  fmt_end = function(g) g:say("100%", 1) end,
  fmt_float = function(g) g:say("%d", 1.5) end,
  fmt_none = function(g) g:say("%d %d", 1) end,
  fmt_q = function(g) g:say("%5q", "x") end,
  fmt_flag = function(g) g:say("%#d", 1) end,
  fmt_width = function(g) g:say("%100d", 1) end,
  fmt_zeros = function(g) g:say("%5s", "a\0b") end,
  fmt_q_table = function(g) g:say("%q", {}) end,
  ["end"] = function(g, seat) g:score(seat, 1) g:end_hand() g:end_match() end,
  -- a name longer than Lua's short strings (40 bytes) is not interned: found by its text
  long = function(g)
    local LONG = "a_variable_whose_name_is_longer_than_forty_bytes"
    local name = "a_variable_whose_name_is_longer" .. "_than_forty_bytes" -- another string object
    g.var[name] = g.var[LONG] + 1
    g.seat[1][("wo" .. "rd"):rep(1)] = g.var[name] * 10
    g:say(("long=%s k1=%s"):format(show(g.var[LONG]), show(g.seat[1].word)))
  end,
}

local ALL = { "pass", "probe", "errors", "fields", "set", "clear", "fail", "say", "badfmt", "end", "long",
              "formats", "fmt_table", "fmt_tostring", "fmt_function", "fmt_tell", "fmt_p", "fmt_y",
              "fmt_end", "fmt_float", "fmt_none", "fmt_q", "fmt_flag", "fmt_width", "fmt_zeros",
              "fmt_q_table" }

return {
  title = "Bindings (tests)",
  players = 2,
  options = {
    moves = { "all", one_of = { "all", "pass" }, doc = "which commands are listed" },
    stale = { "none", one_of = { "none", "method", "field", "set", "var", "varset", "seat", "pile", "self" },
              doc = "what of the previous match the deal uses" },
    fmt = { "none", one_of = { "none", "good", "bad" }, doc = "pass says something with a format" },
  },
  state = { n = 0, word = "start", flag = false, a_variable_whose_name_is_longer_than_forty_bytes = 41 },
  seat_state = { k = 0, word = 0 },
  setup = function(g)
    local stock = g:new_pile("stock")
    for s = 1, g.seats do g:new_pile("hand", { owner = s, vis = "owner" }) end
    g:new_deck(stock)
  end,
  deal = function(g)
    if old and g.options.stale ~= "none" then STALE[g.options.stale]() end
    old = { g = g, var = g.var, seat = g.seat[1], pile = g:pile("stock"), hand = g.hand }
    g:pile("stock"):move_top(g:hand(1), 3)
    g.turn = 1
  end,
  moves = function(g)
    if g.options.moves == "pass" then return { "pass" } end
    return ALL
  end,
  play = function(g, seat, move) COMMANDS[move](g, seat) end,
  view = function(g, seat)
    g.var.word = "viewed" -- put back by the engine: a view never changes the game
    return "seat " .. seat .. " sees n=" .. g.var.n
  end,
  bots = {
    meddler = function(g, seat, moves)
      g.var.n = 1234 -- refused: a bot may not change the game
      return moves[1]
    end,
  },
}
