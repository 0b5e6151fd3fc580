-- loader_check.lua -- the loader's checks of a variant's definition (loader.lua): the fields a
-- variant file may return and their types (KNOWN), check's and search's fields, bot names, the
-- phases with their verbs, the layout and deck, the hooks a variant needs, the starting values of
-- its variables. Each problem goes to the file's error collector (err.add(field, message): the
-- message names the line of the field); nothing is raised here. The phases' check also declares
-- g.var.phase (def.state.phase).
--
-- Made by lloader.c with the loader (a chunk named like the loader's, so that the limits and the
-- messages take it for fuda's own code) and called by loader.lua once per state:
--   C.checks(C, A, U) -> { KNOWN, CHECK, fields, phases, layout, search_bot, hooks }
--   C: the loader's C helpers (C.builtin_bots), A: the authoring pieces (author.lua),
--   U: the loader's helpers (sorted_keys, suggest, value_type)
local C, A, U = ...
local sorted_keys, suggest, value_type = U.sorted_keys, U.suggest, U.value_type

local KNOWN = {
  title = "string", description = "string", extends = "string", abstract = "boolean", round = "string",
  players = "any", options = "table", new_options = "table", state = "table",
  seat_state = "table", setup = "function", deal = "function", moves = "function",
  play = "function", resolve = "function", view = "function", bots = "table", check = "table",
  result = "function", match = "function", columns = "table",
  phase = "string", phases = "table", verbs = "table", layout = "table", deck = "any", status = "function",
  prompt = "function", why_not = "function", confirm = "function", evaluate = "function", likely = "function", search = "table",
  tensor = "function",
  tables = "any", teams = "any", seating = "function", hand_over = "function",
}
local CHECK = { max_moves = "integer", zero_sum = "boolean", expect = "table", invariant = "function",
                random = "number", leaks = "boolean" }
local REQUIRED = { "deal", "moves", "play" }
local BUILTIN_BOT = {}
for _, name in ipairs(C.builtin_bots) do BUILTIN_BOT[name] = true end

local INT32_MIN, INT32_MAX = -2147483648, 2147483647

-- A phase's declared moves (moves = { M.draw, { M.discard, cards = "hand" } }), checked against
-- the verbs and the layout's piles; the message names the phase's line.
local function check_declared(err, def, name, decl)
  if not A.reader(def.verbs) then return end -- (check_phases says verbs are missing)
  local piles
  if type(def.layout) == "table" then
    piles = {}
    for k in pairs(def.layout) do piles[k] = true end
  end
  local ok, msg = A.declared(def.verbs, decl, piles)
  if not ok then err.add(name, "phase '" .. name .. "': moves: " .. msg) end
end

-- The phases, verbs and phase of def, checked.
local function check_phases(err, def)
  if not def.phases then
    if def.phase ~= nil then err.add("phase", "phase names the first phase, but the variant has no phases") end
    return
  end
  local entry = A.reader(def.verbs)
  if not entry then err.add("phases", "phases need verbs = fuda.moves{ ... }, the moves they handle") end
  local verbs = entry and def.verbs.verbs or {}
  local is_verb = {}
  for _, v in ipairs(verbs) do is_verb[v] = true end
  local names = sorted_keys(def.phases)
  for _, name in ipairs(names) do
    local ph = def.phases[name]
    if type(name) ~= "string" then
      err.add("phases", "phases: a phase's name must be a string, got " .. type(name))
    elseif type(ph) ~= "table" then
      err.add(name, "phase '" .. name .. "' must be a table (moves, resolve and a function per verb), got " .. type(ph))
    else
      for _, k in ipairs(sorted_keys(ph)) do
        if k ~= "moves" and k ~= "resolve" and k ~= "prompt" and not is_verb[k] then
          err.add(k, "phase '" .. name .. "': unknown verb '" .. tostring(k) .. "'" .. suggest(tostring(k), verbs) ..
            " (verbs: " .. table.concat(verbs, ", ") .. "; and moves, resolve, prompt)")
        elseif k == "moves" and type(ph[k]) == "table" then -- declared moves (author.lua)
          check_declared(err, def, name, ph[k])
        elseif type(ph[k]) ~= "function" then
          err.add(k, "phase '" .. name .. "': '" .. k .. "' must be a function" ..
            (k == "moves" and " or a declaration of moves" or "") .. ", got " .. type(ph[k]))
        end
      end
    end
  end
  if def.phase == nil then
    err.add("phases", "phases need phase = \"<name>\", the phase each hand begins in")
  elseif not def.phases[def.phase] then
    err.add("phase", "phase '" .. def.phase .. "' is not among the phases" .. suggest(def.phase, names) ..
      " (phases: " .. table.concat(names, ", ") .. ")")
  end
  def.state.phase = def.phase
end

-- The layout and deck of def, checked; the order of its piles kept as def.layout_plan.
local LAYOUT_KEYS, DECK_KEYS = { vis = true, per_seat = true }, { decks = "integer", jokers = "integer", pile = "string" }
local function check_layout(err, def)
  local layout, deck = def.layout, def.deck
  if deck ~= nil and type(deck) ~= "table" and type(deck) ~= "function" and deck ~= false then
    err.add("deck", "deck must be a table { decks =, jokers =, pile = }, a function(g) giving one, or false, got " .. type(deck))
  end
  for _, k in ipairs(type(deck) == "table" and sorted_keys(deck) or {}) do
    if not DECK_KEYS[k] then
      err.add("deck", "deck: unknown field '" .. tostring(k) .. "' (fields: decks, jokers, pile)")
    elseif value_type(deck[k]) ~= DECK_KEYS[k] then
      err.add("deck", "deck." .. k .. " must be " .. (DECK_KEYS[k] == "integer" and "an integer" or "a string"))
    end
  end
  if layout == nil then
    if deck ~= nil then err.add("deck", "deck needs a layout (the piles the cards go to)") end
    return
  end
  local vis_names = table.concat(A.VIS, ", ")
  local is_vis = {}
  for _, v in ipairs(A.VIS) do is_vis[v] = true end
  for _, name in ipairs(sorted_keys(layout)) do
    local v = layout[name]
    local where = "layout." .. tostring(name)
    if type(name) ~= "string" or #name == 0 or #name > 15 then
      err.add("layout", "layout: a pile's name must be a string of 1 to 15 characters, got " .. tostring(name))
    elseif type(v) == "table" then
      for _, k in ipairs(sorted_keys(v)) do
        if not LAYOUT_KEYS[k] then err.add("layout", where .. ": unknown field '" .. tostring(k) .. "' (fields: vis, per_seat)") end
      end
      if v.vis ~= nil and type(v.vis) ~= "function" and not is_vis[v.vis] then
        err.add("layout", where .. ".vis: unknown visibility '" .. tostring(v.vis) .. "'" .. suggest(tostring(v.vis), A.VIS) ..
          " (one of " .. vis_names .. ", or a function(g) giving one)")
      end
      if v.per_seat ~= nil and type(v.per_seat) ~= "boolean" then err.add("layout", where .. ".per_seat must be a boolean") end
    elseif not is_vis[v] then
      err.add("layout", where .. ": unknown visibility '" .. tostring(v) .. "'" .. suggest(tostring(v), A.VIS) ..
        " (one of " .. vis_names .. ", or { vis =, per_seat = true })")
    end
  end
  local pile = type(deck) == "table" and deck.pile or "stock"
  local p = layout[pile]
  if deck ~= false and type(deck) ~= "function" and (p == nil or p == "owner" or (type(p) == "table" and (p.per_seat or p.vis == "owner"))) then
    err.add("layout", "layout: no shared pile '" .. tostring(pile) .. "' for the deck (add one, or name another with deck = { pile = ... })")
  end
  def.layout_plan = A.layout_plan(layout, pile)
end

-- A bot's name is only ever a name, typed in --bots lists and shown in reports:
-- letters (of any script), digits, '_' and '-' (not first), at most 32 characters;
-- never a space, a comma (--bots splits at it), a colon ("cmd:PROGRAM" is an
-- external agent), a control, format or bidi character, nor invalid UTF-8.
local function bot_name_ok(name)
  if name == "" or #name > 128 or name:find("^%-") or not utf8.len(name) then return false end
  local n = 0
  for _, c in utf8.codes(name) do
    n = n + 1
    if c < 128 then
      if not string.char(c):find("^[%w_%-]$") then return false end
    elseif c <= 0xa0 or c == 0xad or c == 0x61c or c == 0x1680 or (c >= 0x2000 and c <= 0x200f) or
        (c >= 0x2028 and c <= 0x202f) or (c >= 0x205f and c <= 0x206f) or c == 0x3000 or c == 0xfeff or
        (c >= 0xfff0 and c <= 0xffff) or (c >= 0xe0000 and c <= 0xe007f) then
      return false
    end
  end
  return n <= 32
end

local function check_fields(err, t)
  for _, k in ipairs(sorted_keys(t)) do
    local want = KNOWN[k]
    if not want then
      err.add(k, function()
        local names = sorted_keys(KNOWN)
        return "unknown field '" .. tostring(k) .. "'" .. suggest(tostring(k), names) ..
          " (fields: " .. table.concat(names, ", ") .. ")"
      end)
    elseif want ~= "any" and type(t[k]) ~= want then
      err.add(k, "'" .. k .. "' must be a " .. want .. ", got " .. type(t[k]))
    end
  end
  if type(t.columns) == "table" then
    local n = #t.columns
    if n < 1 or n > 4 then err.add("columns", "columns: a list of 1 to 4 column names, got " .. n) end
    for i = 1, math.min(n, 4) do
      local c = rawget(t.columns, i)
      if type(c) ~= "string" or #c < 1 or #c > 24 then
        err.add("columns", "columns[" .. i .. "] must be a name of 1 to 24 characters")
      end
    end
  end
  for k, v in pairs(type(t.check) == "table" and t.check or {}) do
    if not CHECK[k] then
      err.add(k, "check: unknown field '" .. tostring(k) .. "' (fields: expect, invariant, leaks, max_moves, random, zero_sum)")
    elseif CHECK[k] == "number" then
      if type(v) ~= "number" or not (v >= 0 and v <= 1) then
        err.add(k, "check." .. k .. " must be a number from 0 to 1 (the share of random moves)")
      end
    elseif value_type(v) ~= CHECK[k] then
      err.add(k, "check." .. k .. " must be " .. (CHECK[k] == "integer" and "an integer" or "a " .. CHECK[k]))
    elseif k == "max_moves" and (v < 0 or v > INT32_MAX) then
      err.add(k, "check.max_moves must be an integer from 0 to " .. INT32_MAX .. ", got " .. v)
    end
  end
  for _, k in ipairs(sorted_keys(type(t.search) == "table" and t.search or {})) do
    local v = t.search[k]
    if k ~= "hands" and k ~= "bot" and k ~= "others" and k ~= "sure" then
      err.add(k, "search: unknown field '" .. tostring(k) .. "' (fields: bot, hands, others, sure)")
    elseif k == "sure" then
      if type(v) ~= "number" or v ~= v or v < 0 or v > 10 then
        err.add(k, "search.sure must be a number from 0 to 10 (standard errors), got " .. (type(v) == "number" and tostring(v) or type(v)))
      end
    elseif k == "bot" or k == "others" then
      if type(v) ~= "string" then err.add(k, "search." .. k .. " must be the name of one of the variant's bots, got " .. type(v)) end
    elseif v ~= "points" and v ~= "winner" then
      err.add(k, "search.hands must be \"points\" or \"winner\" (how the search judges a hand before the match's last), got " ..
        (type(v) == "string" and ("%q"):format(v) or type(v)))
    end
  end
  for name, bot in pairs(type(t.bots) == "table" and t.bots or {}) do
    if type(name) ~= "string" then err.add("bots", "bots: a bot's name must be a string, got " .. type(name))
    elseif not bot_name_ok(name) then
      err.add("bots", ("bots: %q is not a bot name (letters of any script, digits, '_' and '-' not first; at most " ..
        "32; no space, comma, colon or control character)"):format(name))
    elseif BUILTIN_BOT[name] then
      err.add(name, "bot '" .. name .. "' is built in (every variant has it): give yours another name")
    elseif type(bot) ~= "function" then err.add(name, "bot '" .. name .. "' must be a function") end
  end
  local expect = type(t.check) == "table" and rawget(t.check, "expect")
  for i, name in ipairs(type(expect) == "table" and expect or {}) do
    if type(name) ~= "string" then err.add("expect", "check.expect[" .. i .. "] must be a string (a tally name)") end
  end
end

-- search.bot and search.others (strings, check_fields made sure) name bots of the variant after
-- extends merged them.
local function check_search_bot(err, def)
  for _, k in ipairs({ "bot", "others" }) do
    local sb = def.search[k]
    if sb ~= nil and type(def.bots[sb]) ~= "function" then
      local names = sorted_keys(def.bots)
      err.add(k, ("search.%s: '%s' is not one of the variant's bots (%s)"):format(k, sb,
        #names > 0 and table.concat(names, ", ") or "it has none"))
    end
  end
end

-- What the game state cannot hold of a variable's initial value (as g.var.x = v would refuse
-- it), or nil.
local function beyond_state(v, t)
  if t == "integer" and (v < -2147483648 or v > 2147483647) then return "an integer of 32 bits" end
  if t == "string" and #v > 255 then return "a string of at most 255 bytes" end
end

local function check_hooks(err, def)
  for _, h in ipairs(REQUIRED) do
    if type(def[h]) ~= "function" then
      err.add(nil, "missing hook '" .. h .. "' (a variant needs deal, and moves and play or phases)")
    end
  end
  for k, v in pairs(def.state) do
    local t = value_type(v)
    if type(k) ~= "string" or (t ~= "integer" and t ~= "boolean" and t ~= "string") then
      err.add(k, "state." .. tostring(k) .. ": a game variable starts as an integer, boolean or string")
    elseif beyond_state(v, t) then
      err.add(k, "state." .. k .. ": the game state holds " .. beyond_state(v, t) .. " here")
    end
  end
  for k, v in pairs(def.seat_state) do
    local t = value_type(v)
    if type(k) ~= "string" or (t ~= "integer" and t ~= "boolean" and t ~= "string") then
      err.add(k, "seat_state." .. tostring(k) .. ": a seat variable starts as an integer, boolean or string")
    elseif beyond_state(v, t) then
      err.add(k, "seat_state." .. k .. ": the game state holds " .. beyond_state(v, t) .. " here")
    end
  end
end

return {
  KNOWN = KNOWN, CHECK = CHECK,
  fields = check_fields, phases = check_phases, layout = check_layout, search_bot = check_search_bot,
  hooks = check_hooks,
}
