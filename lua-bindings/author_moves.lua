-- author_moves.lua -- declared moves, the first of the authoring pieces (author.lua holds the
-- rest): fuda.moves (verbs with typed arguments: building a move's text, reading one, refusing a
-- malformed one) and a phase's moves declared as families, compiled once for the engine, which
-- walks them in C (declmoves.c). Loaded once per Lua state by lloader.c, before author.lua and
-- under the same chunk name ("author": a place in it is fuda's own code, never a script's), with
-- the card names (byte -> name) as its argument; returns its functions, which author.lua takes
-- into its table. It keeps no game state.
local CARD_NAMES = ...
local A = {}

local IS_CARD, IS_SUIT = {}, { s = true, h = true, d = true, c = true }
for _, name in pairs(CARD_NAMES) do IS_CARD[name] = true end

---------------------------------------------------------------------------------------------------
-- Declared moves: fuda.moves{ verb = args, ... }.

local TYPES = { card = "a card", cards = "cards", suit = "a suit", suits = "suits", seat = "a seat",
                int = "an integer", word = "a word" }
local MAX_ARGS = 4
local RESERVED = { parse = true, read = true, verbs = true }

local function sorted(t)
  local out = {}
  for k in pairs(t) do out[#out + 1] = k end
  table.sort(out, function(a, b) return tostring(a) < tostring(b) end)
  return out
end

-- One argument declaration: "card", "cards?", "name suits?" -> { key =, type =, opt = }.
local function arg_decl(verb, text)
  if type(text) ~= "string" then
    error("fuda.moves: verb '" .. verb .. "': an argument is a string like \"card\" or \"name suits?\"", 4)
  end
  local opt = text:sub(-1) == "?"
  local body = opt and text:sub(1, -2) or text
  local key, ty = body:match("^(%l+) (%l+)$")
  if not key then ty = body:match("^(%l+)$") end
  if not ty or not TYPES[ty] or (key and TYPES[key]) then
    error("fuda.moves: verb '" .. verb .. "': bad argument type '" .. text ..
          "' (types: card, cards, suit, suits, seat, int, word; a keyword may come first, " ..
          "as in \"name suits\"; a final ? makes it optional)", 4)
  end
  return { key = key, type = ty, opt = opt }
end

-- "play <cards> [name <suits>]"
local function usage(verb, list)
  local parts = { verb }
  for _, a in ipairs(list) do
    local t = (a.key and (a.key .. " ") or "") .. "<" .. a.type .. ">"
    parts[#parts + 1] = a.opt and ("[" .. t .. "]") or t
  end
  return table.concat(parts, " ")
end

-- The text of argument a (declaration d) of verb, or raise at `level`.
local function arg_text(verb, i, d, a, level)
  local ty, ok, text = d.type, false, nil
  local function bad(what) error(("bad argument #%d to '%s' (%s expected, got %s)"):format(i, verb, what,
    type(a) == "string" and ("'" .. a .. "'") or type(a)), level + 1) end
  if ty == "card" then
    ok, text = IS_CARD[a] ~= nil, a
  elseif ty == "suit" then
    ok, text = IS_SUIT[a] ~= nil, a
  elseif ty == "cards" then
    if type(a) ~= "table" or #a == 0 then bad("a list of cards") end
    for j = 1, #a do if not IS_CARD[a[j]] then bad("a list of cards") end end
    ok, text = true, table.concat(a, " ")
  elseif ty == "suits" then
    if type(a) == "table" then a = table.concat(a) end
    ok = type(a) == "string" and #a > 0 and not a:find("[^shdc]")
    text = ok and a:gsub(".", "%0 "):sub(1, -2)
  elseif ty == "seat" or ty == "int" then
    ok = math.type(a) == "integer" and (ty == "int" or a >= 1)
    text = ok and tostring(a)
  else
    ok, text = type(a) == "string" and a:find("^%S+$") ~= nil, a
  end
  if not ok then bad(TYPES[ty]) end
  return d.key and (d.key .. " " .. text) or text
end

-- The move text of verb with arguments ..., raising at `level` for a bad one.
local function build(verb, list, level, ...)
  local parts, n = { verb }, select("#", ...)
  for i, d in ipairs(list) do
    local a = (select(i, ...))
    if a == nil then
      if not d.opt then error(("bad argument #%d to '%s' (%s expected, got no value)"):format(i, verb, TYPES[d.type]), level) end
    else
      parts[#parts + 1] = arg_text(verb, i, d, a, level + 1)
    end
  end
  if n > #list then error(("bad argument #%d to '%s' (%s takes %d)"):format(#list + 1, verb, verb, #list), level) end
  return table.concat(parts, " ")
end

-- A verb with arguments: M.discard("7h") or M.discard["7h"] (one argument: the text made once).
local function builder(verb, list)
  local b = {}
  return setmetatable(b, {
    __call = function(_, ...)
      local mv = build(verb, list, 3, ...)   -- (not a tail call: level 3 is the caller)
      return mv
    end,
    __index = function(t, a)
      local mv = build(verb, list, 3, a)
      rawset(t, a, mv)
      return mv
    end,
    __name = "fuda.moves verb", __verb = verb,
  })
end

-- Read `text` against the verbs: { verb, a1, a2, ... } or nil, message.
local function read(specs, names, text)
  local toks = {}
  for w in text:gmatch("%S+") do toks[#toks + 1] = w end
  local verb = toks[1]
  local list = verb and specs[verb]
  if not list then
    return nil, ("bad move '%s' (unknown verb '%s'; verbs: %s)"):format(text, tostring(verb), table.concat(names, ", "))
  end
  local out, i = { verb }, 2
  local function fail(why) return nil, ("bad move '%s' (%s: %s)"):format(text, why, usage(verb, list)) end
  for k, d in ipairs(list) do
    local tok = toks[i]
    if d.key then
      if tok == d.key then i = i + 1; tok = toks[i]
      elseif d.opt then goto next
      else return fail(tok and ("'" .. tok .. "' where '" .. d.key .. "' was expected") or ("'" .. d.key .. "' missing")) end
    elseif tok == nil and d.opt then
      goto next
    end
    if tok == nil then return fail(TYPES[d.type] .. " missing") end
    if d.type == "cards" or d.type == "suits" then
      local is, got = d.type == "cards" and IS_CARD or IS_SUIT, {}
      while toks[i] and is[toks[i]] do got[#got + 1] = toks[i]; i = i + 1 end
      if #got == 0 then return fail("'" .. tok .. "' is not " .. (d.type == "cards" and "a card" or "a suit")) end
      out[k + 1] = d.type == "cards" and got or table.concat(got)
    else
      local v = tok
      if d.type == "card" then v = IS_CARD[tok] and tok
      elseif d.type == "suit" then v = IS_SUIT[tok] and tok
      elseif d.type == "seat" or d.type == "int" then
        v = tok:find("^%-?%d+$") and math.tointeger(tonumber(tok))
        if v and d.type == "seat" and v < 1 then v = nil end
      end
      if not v then return fail("'" .. tok .. "' is not " .. TYPES[d.type]) end
      out[k + 1] = v
      i = i + 1
    end
    ::next::
  end
  if toks[i] then return fail("'" .. toks[i] .. "' is one word too many") end
  return out
end

-- fuda.moves(spec) -> M: M.verb is the text of a verb without arguments, a builder for the
-- others; M.parse(text) -> verb, arguments... or nil, message; M.read[text] -> { verb,
-- arguments... } or nil (a table lookup once read: for bots walking many moves); M.verbs, the
-- sorted verb names. A verb's list may carry doc = "one line" (what the verb does, shown by
-- `help` in fuda play). A read is kept per move text (the lists shared: do not change them).
function A.moves(spec)
  if type(spec) ~= "table" then error("bad argument #1 to 'moves' (table expected, got " .. type(spec) .. ")", 3) end
  local specs, names, M, docs = {}, sorted(spec), {}, {}
  for _, verb in ipairs(names) do
    if type(verb) ~= "string" or not verb:find("^[%a_][%w_]*$") then
      error("fuda.moves: a verb is a word (letters, digits, _), got " .. tostring(verb), 3)
    end
    if RESERVED[verb] then error("fuda.moves: '" .. verb .. "' is reserved (M." .. verb .. " is a function)", 3) end
    local args = spec[verb]
    if type(args) == "string" then args = { args } end
    if type(args) ~= "table" then
      error("fuda.moves: verb '" .. verb .. "' takes a list of argument types ({} for none), got " .. type(args), 3)
    end
    if args.doc ~= nil and (type(args.doc) ~= "string" or args.doc:find("\n")) then
      error("fuda.moves: verb '" .. verb .. "': doc is one line of text, got " .. type(args.doc), 3)
    end
    docs[verb] = args.doc
    local list = {}
    for i = 1, #args do
      list[i] = arg_decl(verb, args[i])
      if i > 1 and list[i - 1].opt and not list[i].opt then
        error("fuda.moves: verb '" .. verb .. "': a required argument follows an optional one", 3)
      end
      if i > 1 and not list[i].key and (list[i - 1].type == "cards" or list[i - 1].type == "suits")
         and list[i].type == list[i - 1].type then
        error("fuda.moves: verb '" .. verb .. "': two lists of " .. list[i].type .. " in a row need a keyword between", 3)
      end
    end
    if #list > MAX_ARGS then error("fuda.moves: verb '" .. verb .. "' has more than " .. MAX_ARGS .. " arguments", 3) end
    specs[verb] = list
    M[verb] = #list == 0 and verb or builder(verb, list)
  end
  local cache, arity = {}, {} -- arity: verb -> how many arguments it declares
  for verb, list in pairs(specs) do arity[verb] = #list end
  local function entry(text)
    local e = rawget(cache, text)
    if e then return e end
    if type(text) ~= "string" then return nil, "a move is a string, got " .. type(text) end
    local msg
    e, msg = read(specs, names, text)
    if e then rawset(cache, text, e) end
    return e, msg
  end
  setmetatable(cache, {
    __index = function(_, text) return (entry(text)) end,
    __newindex = function() error("fuda.moves: M.read is read only", 2) end,
  })
  M.verbs = names
  M.read = cache
  M.parse = function(text)
    local e, msg = entry(text)
    if not e then return nil, msg end
    return e[1], e[2], e[3], e[4], e[5]
  end
  return setmetatable(M, {
    __index = function(_, k) error("fuda.moves: no verb '" .. tostring(k) .. "' (verbs: " .. table.concat(names, ", ") .. ")", 2) end,
    __newindex = function() error("fuda.moves: the verbs are fixed once declared", 2) end,
    __name = "fuda.moves", __entry = entry, __cache = cache, __arity = arity, __specs = specs, __docs = docs,
  })
end

-- The verbs of a moves table made by A.moves, for help: a list of { usage, doc } in verb order
-- ("play <cards> [name <suits>]", the doc or ""); nil for anything else.
function A.verb_help(M)
  if not A.reader(M) then return nil end
  local mt = getmetatable(M)
  local specs, docs, out = rawget(mt, "__specs"), rawget(mt, "__docs"), {}
  for _, verb in ipairs(M.verbs) do out[#out + 1] = { usage(verb, specs[verb]), docs[verb] or "" } end
  return out
end

-- The reader of a moves table made by A.moves, the table of what it read (text -> { verb,
-- arguments... }) and the number of arguments of each verb; nil for anything else.
function A.reader(M)
  local mt = type(M) == "table" and getmetatable(M)
  if type(mt) ~= "table" or rawget(mt, "__name") ~= "fuda.moves" then return nil end
  return rawget(mt, "__entry"), rawget(mt, "__cache"), rawget(mt, "__arity")
end

---------------------------------------------------------------------------------------------------
-- Declared moves of a phase: moves = { M.draw, { M.discard, cards = "hand" }, ... } (docs/lua-api.md,
-- "Declared moves"). Compiled once at load into a list of families the engine walks in C
-- (declmoves.c): { kind, text, a, b, when }, kind 0 a verb alone (text the move), 1 a card of pile
-- a (the seat's own of that name, else the shared one), 2 every seat, 3 every other seat, 4 the
-- integers a..b; text is the move's words before the argument ("discard "), when the filter.

local FAMILY_KEYS = { cards = true, seats = true, from = true, to = true, when = true }
local FAMILY_FORM = "a verb, or { verb, cards = <pile> | seats = \"all\" | \"others\" | from = <int>, to = <int>, when = function }"
local ARG_OF = { cards = "card", seats = "seat", range = "int" }

-- The verb a family names: a string, or a builder of fuda.moves (M.discard); nil for anything else.
local function verb_of(v)
  if type(v) == "string" then return v end
  local mt = type(v) == "table" and getmetatable(v)
  return type(mt) == "table" and rawget(mt, "__verb") or nil
end

-- Family i of a declaration, compiled against the verbs' specs; nil, message when it is wrong.
-- piles: the layout's pile names as a set, or nil (then a pile is looked for during play).
local function family(i, f, specs, names, piles)
  local verb, opts = verb_of(f), nil
  if verb then opts = {} elseif type(f) == "table" then verb, opts = verb_of(f[1]), f end
  if not verb then return nil, ("family %d: %s, got %s"):format(i, FAMILY_FORM, type(f)) end
  local list = specs[verb]
  if not list then return nil, ("family %d: unknown verb '%s' (verbs: %s)"):format(i, verb, table.concat(names, ", ")) end
  for k in pairs(opts) do
    if k ~= 1 and not FAMILY_KEYS[k] then
      return nil, ("family %d ('%s'): unknown field '%s' (fields: cards, seats, from, to, when)"):format(i, verb, tostring(k))
    end
  end
  if opts.when ~= nil and type(opts.when) ~= "function" then
    return nil, ("family %d ('%s'): when must be a function(g, seat, arg), got %s"):format(i, verb, type(opts.when))
  end
  local over = nil
  for _, k in ipairs({ "cards", "seats", "from", "to" }) do
    if opts[k] ~= nil then
      local o = (k == "from" or k == "to") and "range" or k
      if over and over ~= o then return nil, ("family %d ('%s'): one of cards, seats, from/to"):format(i, verb) end
      over = o
    end
  end
  local first = list[1]
  if not over then
    if first and not first.opt then
      local over_it = ({ card = "cards = <pile>", seat = "seats = \"all\" or \"others\"", int = "from = <int>, to = <int>" })[first.type]
      return nil, ("family %d: verb '%s' takes %s: %s, or list its moves with a moves function"):format(i, verb,
        TYPES[first.type], over_it and ("declare it over them, { M.%s, %s }"):format(verb, over_it) or "declare no family of it")
    end
    return { 0, verb, nil, nil, opts.when }
  end
  local want = ARG_OF[over]
  if not first then
    return nil, ("family %d: verb '%s' takes no argument: declare it alone, as \"%s\""):format(i, verb, verb)
  elseif first.type ~= want then
    return nil, ("family %d: verb '%s' takes %s, not %s (%s)"):format(i, verb, TYPES[first.type], TYPES[want],
      usage(verb, list))
  end
  for j = 2, #list do
    if not list[j].opt then
      return nil, ("family %d: verb '%s' takes more than %s (%s): list its moves with a moves function"):format(i, verb,
        TYPES[want], usage(verb, list))
    end
  end
  local text = verb .. " " .. (first.key and (first.key .. " ") or "")
  if over == "cards" then
    local p = opts.cards
    if type(p) ~= "string" then return nil, ("family %d ('%s'): cards names a pile, got %s"):format(i, verb, type(p)) end
    if piles and not piles[p] then
      return nil, ("family %d ('%s'): no pile '%s' in the layout (piles: %s)"):format(i, verb, p, table.concat(sorted(piles), ", "))
    end
    return { 1, text, p, nil, opts.when }
  elseif over == "seats" then
    local s = opts.seats
    if s ~= "all" and s ~= "others" then
      return nil, ("family %d ('%s'): seats is \"all\" or \"others\", got %s"):format(i, verb,
        type(s) == "string" and ("'" .. s .. "'") or type(s))
    end
    return { s == "all" and 2 or 3, text, nil, nil, opts.when }
  end
  local a, b = opts.from, opts.to
  if math.type(a) ~= "integer" or math.type(b) ~= "integer" or a < -2147483648 or b > 2147483647 or b < a - 1 then
    return nil, ("family %d ('%s'): from and to are integers, from <= to"):format(i, verb)
  end
  if want == "seat" and a < 1 then return nil, ("family %d ('%s'): a seat is 1 or more"):format(i, verb) end
  return { 4, text, a, b, opts.when }
end

-- What marks compiled families for the engine (declmoves.c reads __fuda_declared, and reads the
-- families only when their metatable is this very table, which lloader.c registers: a script
-- may copy the mark, never the table).
local DECLARED = { __name = "fuda.declared", __fuda_declared = true, __metatable = false }
A.DECLARED = DECLARED

-- A.declared(M, decl, piles) -> the compiled families of a phase's moves declaration, or nil,
-- message (piles: the layout's pile names as a set, or nil).
function A.declared(M, decl, piles)
  local mt = getmetatable(M)
  local specs, names = rawget(mt, "__specs"), M.verbs
  local out, n = {}, #decl
  for k in pairs(decl) do
    if math.type(k) ~= "integer" or k < 1 or k > n then
      return nil, "a declaration is a list of families (" .. FAMILY_FORM .. "), it has the key " .. tostring(k)
    end
  end
  if n == 0 then return nil, "a declaration lists one family or more" end
  for i = 1, n do
    local f, msg = family(i, decl[i], specs, names, piles)
    if not f then return nil, msg end
    out[i] = f
  end
  return setmetatable(out, DECLARED)
end

-- The pile `name` of seat, else the shared one (nil when neither exists).
local function pile_named(g, name, seat)
  local shared
  for _, p in ipairs(g:piles()) do
    if p.name == name then
      if p.owner == seat then return p end
      if p.owner == nil then shared = p end
    end
  end
  return shared
end

-- The moves of a declaration as a list of texts, for scripts that call a variant's moves (the
-- engine walks the families itself: declmoves.c, in the same order): none for a seat not to act.
local function declared_list(g, seat, fams)
  local list = {}
  if g.claim then
    if not g:waiting()[seat] then return list end
  elseif seat ~= g.turn then
    return list
  end
  for _, f in ipairs(fams) do
    local kind, text, a, b, when = f[1], f[2], f[3], f[4], f[5]
    local function add(arg)
      if not when or when(g, seat, arg) then list[#list + 1] = arg == nil and text or (text .. arg) end
    end
    if kind == 0 then add(nil)
    elseif kind == 1 then
      local p = pile_named(g, a, seat)
      if not p then error("moves: no pile '" .. a .. "' of seat " .. seat .. " nor shared", 0) end
      for _, c in ipairs(p:cards()) do add(c) end
    elseif kind == 2 or kind == 3 then
      for s = 1, g.seats do if kind == 2 or s ~= seat then add(s) end end
    else
      for v = a, b do add(v) end
    end
  end
  return list
end

A.sorted, A.declared_list = sorted, declared_list
return A
