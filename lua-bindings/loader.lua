-- loader.lua -- the variant loader: finds a variant file, runs it in a fresh
-- sandbox environment, checks its fields (loader_check.lua), follows `extends`, merges options,
-- state declarations, hooks and bots, and applies option overrides.
--
-- Runs inside the engine's Lua state with the C helpers in C (see lloader.c, path.c):
--   C.find(name, sub, fromdir, trusted) -> path, real path | nil, message
--     (trusted: the user's own variant; else confined to the search path)
--   C.loadfile(path, real)     -> chunk (text only, sandbox env) | nil, message
--   C.source(path)             -> the text C.loadfile read | nil (never reads a file)
--   C.builtin_bots             -> the bots every variant has ("random", "search")
--   C.oneline(msg)             -> msg in one line, a script's controls shown harmlessly
--   C.place                    -> a message handler: "file:line: " of the innermost script
--                                 function for an error that names no place
--   C.strict(t, what, names)   -> t, whose missing names raise unless listed (strict.c)
--   C.checks(C, A, U)          -> the checks of a definition (loader_check.lua, a chunk)
-- Errors are raised as "file:line: message" strings, several joined by newlines
-- (each made one line by C.oneline where it is written, so a script's newline
-- cannot pass for another problem or a line of fuda's own).
local C = ...
local A = C.author()   -- the authoring pieces (author.lua): phases, layout, default view

local HOOKS = { "setup", "deal", "moves", "play", "resolve", "view", "status", "prompt", "why_not", "confirm" }
local SPEC_KEYS = { [1] = true, min = true, max = true, one_of = true, doc = true }

local cache, loading = {}, {}
local dirs = {}   -- folders of the files being run, innermost last (fuda.variant looks there first)

-- The keys of t sorted: strings first (in byte order), then the others by
-- their text.
local function sorted_keys(t)
  local strs, others = {}, {}
  for k in pairs(t) do
    if type(k) == "string" then strs[#strs + 1] = k else others[#others + 1] = k end
  end
  table.sort(strs)
  if #others > 0 then
    table.sort(others, function(a, b) return tostring(a) < tostring(b) end)
    for _, k in ipairs(others) do strs[#strs + 1] = k end
  end
  return strs
end

-- The lines of a file without comments, read once per file.
local sources = {}
local function code_lines(path)
  if sources[path] == nil then
    local lines, src = {}, C.source(path)
    for line in ((src or "") .. "\n"):gmatch("(.-)\n") do lines[#lines + 1] = line:gsub("%-%-.*$", "") end
    sources[path] = lines
  end
  return sources[path]
end

-- Line of the first "name =" in the file, for messages about table fields.
local function line_of(path, name)
  if type(name) ~= "string" or not name:find("^[%a_][%w_]*$") then return nil end
  for n, code in ipairs(code_lines(path)) do
    if code:find("%f[%w_]" .. name .. "%s*=") or code:find("%[%s*[\"']" .. name .. "[\"']%s*%]%s*=") then
      return n
    end
  end
  return nil
end

-- The names written `name = nil` in the file's `field = { ... }` table (state, seat_state): Lua
-- keeps no nil in a table, so such a variable is silently not declared. A few finds over the
-- file's text (a load happens for every match): the table's braces, then its text alone.
local function nil_declared(path, field)
  local found = {}
  local src = C.source(path)
  if not src then return found end
  local at, from = nil, 1
  while true do -- plain finds of the name (a pattern over the whole text costs a hundred times more)
    local k = src:find(field, from, true)
    if not k then return found end
    local before = k > 1 and src:sub(k - 1, k - 1) or " "
    if not before:find("[%w_]") and src:find("^%s*=%s*{", k + #field) then at = k break end
    from = k + #field
  end
  local depth, i = 0, src:find("{", at, true)
  local open = i
  repeat
    local j = src:find("[{}]", i)
    if not j then i = #src + 1 break end
    depth = depth + (src:byte(j) == 123 and 1 or -1)
    i = j + 1
  until depth == 0
  local body = src:sub(open, i - 1)
  if not body:find("nil", 1, true) then return found end
  body = body:gsub("%-%-[^\n]*", "")
  for name in body:gmatch("([%a_][%w_]*)%s*=%s*nil%f[^%w_]") do found[#found + 1] = name end
  return found
end

local function distance(a, b)
  local prev = {}
  for j = 0, #b do prev[j] = j end
  for i = 1, #a do
    local cur = { [0] = i }
    for j = 1, #b do
      local cost = a:sub(i, i) == b:sub(j, j) and 0 or 1
      cur[j] = math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
    end
    prev = cur
  end
  return prev[#b]
end

local function suggest(name, names)
  local best, bd = nil, 3
  for _, n in ipairs(names) do
    local d = distance(name, n)
    if d < bd then best, bd = n, d end
  end
  return best and (" (did you mean '" .. best .. "'?)") or ""
end

-- An error collector for one file: the first MAX_ERRORS problems, and how
-- many more there were.
local MAX_ERRORS = 10
local function errors(path)
  local list, more = {}, 0
  local self = {}
  -- msg: the message, or a function making it (not called once the list is full)
  function self.add(field, msg)
    if #list >= MAX_ERRORS then more = more + 1 return end
    if type(msg) == "function" then msg = msg() end
    local l = line_of(path, field)
    list[#list + 1] = C.oneline(path .. ":" .. (l or 1) .. ": " .. msg)
  end
  function self.raise()
    if more > 0 then list[#list + 1] = path .. ": ... and " .. more .. " more problems" end
    if #list > 0 then error(table.concat(list, "\n"), 0) end
  end
  return self
end

local function value_type(v)
  local t = type(v)
  if t == "number" then return math.type(v) == "integer" and "integer" or "float" end
  return t
end

-- Check a value against an option spec; nil if fine, else the complaint.
local function bad_value(spec, v)
  local t = value_type(v)
  if t ~= spec.type then
    return "must be " .. (spec.type == "integer" and "an integer" or "a " .. spec.type) .. ", got " .. t
  end
  if spec.min and v < spec.min then return "must be at least " .. spec.min end
  if spec.max and v > spec.max then return "must be at most " .. spec.max end
  if spec.one_of then
    for _, ok in ipairs(spec.one_of) do if ok == v then return nil end end
    return "must be one of " .. table.concat(spec.one_of, ", ")
  end
  return nil
end

-- Normalise one option declaration: a plain default, or { default, min=, max=, one_of=, doc= }.
local function declare(err, name, decl)
  local spec = {}
  if type(decl) == "table" then
    for k in pairs(decl) do
      if not SPEC_KEYS[k] then err.add(name, "option '" .. name .. "': unknown field '" .. tostring(k) .. "' (fields: [1] default, min, max, one_of, doc)") end
    end
    spec.value, spec.min, spec.max, spec.one_of, spec.doc = decl[1], decl.min, decl.max, decl.one_of, decl.doc
  else
    spec.value = decl
  end
  spec.type = value_type(spec.value)
  if spec.type ~= "integer" and spec.type ~= "boolean" and spec.type ~= "string" then
    err.add(name, "option '" .. name .. "': the default must be an integer, boolean or string, got " .. spec.type)
    return nil
  end
  local why = bad_value(spec, spec.value)
  if why then err.add(name, "option '" .. name .. "': default " .. tostring(spec.value) .. " " .. why) end
  return spec
end

local function copy(t)
  local r = {}
  for k, v in pairs(t or {}) do r[k] = v end
  return r
end

local function set_option(err, def, name, v)
  local spec = def.options[name]
  if not spec then
    local names = sorted_keys(def.options)
    err.add(name, "unknown option '" .. tostring(name) .. "'" .. suggest(tostring(name), names) ..
      " (options: " .. (#names > 0 and table.concat(names, ", ") or "none") .. ")")
    return
  end
  local why = bad_value(spec, v)
  if why then err.add(name, "option '" .. name .. "' " .. why) return end
  spec = copy(spec)
  spec.value = v
  def.options[name] = spec
end

local function normalize_players(err, p)
  if p == nil then return { min = 2, max = 2, default = 2 } end
  if math.type(p) == "integer" then p = { min = p, max = p, default = p } end -- checked as one
  if type(p) ~= "table" then err.add("players", "players must be an integer or { min =, max =, default = }") return { min = 2, max = 2, default = 2 } end
  local r = { min = p.min or 2, max = p.max or p.min or 2 }
  r.default = p.default or r.min
  r.step = p.step or 1
  if not (math.type(r.min) == "integer" and math.type(r.max) == "integer" and r.min >= 1 and r.max <= 12 and r.min <= r.max
      and r.default >= r.min and r.default <= r.max) then
    err.add("players", "players: need 1 <= min <= default <= max <= 12")
  elseif not (math.type(r.step) == "integer" and r.step >= 1 and r.step <= 12 and (r.max - r.min) % r.step == 0
      and (r.default - r.min) % r.step == 0) then
    err.add("players", "players.step: an integer >= 1 that leads from min to max and default (every step-th count)")
  end
  return r
end

local load_variant

-- Merge a file's table t over the base definition (nil for a base variant).
local function merge(err, path, name, t, base)
  local def = base and copy(base) or { options = {}, state = {}, seat_state = {}, bots = {}, check = {}, search = {} }
  def.options, def.state, def.seat_state = copy(def.options), copy(def.state), copy(def.seat_state)
  def.bots, def.check, def.search = copy(def.bots), copy(def.check), copy(def.search)
  def.name, def.file, def.extends, def.abstract = name, path, t.extends, t.abstract
  def.title = t.title or (base and base.title) or name
  def.round = t.round or (base and base.round) or nil
  if type(t.round) == "string" and not (#t.round <= 20 and t.round:match("^%l[%l ]*$")) then
    err.add("round", "round: one word or two in lower case, what a deal is called (\"hand\", \"game\")")
  end
  if t.players ~= nil or not base then def.players = normalize_players(err, t.players) end
  for _, field in ipairs({ "new_options", base and "none" or "options" }) do
    for _, k in ipairs(sorted_keys(t[field] or {})) do
      if base and def.options[k] then
        err.add(k, "option '" .. k .. "' is declared by " .. base.name .. " already: set it under options")
      elseif type(k) ~= "string" then
        err.add(field, field .. ": option names must be strings")
      else
        def.options[k] = declare(err, k, t[field][k])
      end
    end
  end
  if base then
    for _, k in ipairs(sorted_keys(t.options or {})) do set_option(err, def, k, t.options[k]) end
  end
  for _, field in ipairs({ "state", "seat_state", "bots", "check", "search" }) do
    for k, v in pairs(t[field] or {}) do def[field][k] = v end
  end
  for _, field in ipairs({ "state", "seat_state" }) do
    if type(t[field]) == "table" then
      for _, name in ipairs(nil_declared(path, field)) do
        if rawget(t[field], name) == nil then
          err.add(field, field .. "." .. name .. " = nil declares nothing (a table holds no nil): give it a "
            .. "starting value (0, false, \"\")")
        end
      end
    end
  end
  for _, k in ipairs({ "result", "match", "columns", "evaluate", "likely", "tensor", "tables", "teams", "seating", "hand_over" }) do -- a hand's result, the match format, the search's estimate and deals, the numbers a seat sees, its tables
    if t[k] ~= nil then def[k] = t[k] end
  end
  if t.description ~= nil then def.description = t.description end
  def.own = copy(base and base.own)               -- the hooks the files wrote themselves
  for _, h in ipairs(HOOKS) do
    if t[h] ~= nil then def.own[h] = t[h] end
  end
  if t.phases or (base and base.phases) then      -- a file's phases replace the base's of that name
    def.phases, def.phase_file = copy(base and base.phases), copy(base and base.phase_file)
    def.sources = copy(base and base.sources)     -- kept for messages during play (lines found then)
    for k, v in pairs(t.phases or {}) do
      def.phases[k] = v
      def.phase_file[k] = path
    end
    if t.phases then
      def.phases_file = path
      def.sources[path] = C.source(path) or ""
    end
    if type(t.state) == "table" and rawget(t.state, "phase") ~= nil then
      err.add("phase", "state.phase: a variant with phases has g.var.phase declared for it (remove it from state)")
    end
  end
  for _, k in ipairs({ "phase", "verbs", "layout", "deck" }) do
    if t[k] ~= nil then def[k] = t[k] end
  end
  return def
end

-- The first line of `text` (a file's source) where `name =` stands, outside comments.
local function line_in(text, name)
  local n = 0
  for line in (text .. "\n"):gmatch("(.-)\n") do
    n = n + 1
    local code = line:gsub("%-%-.*$", "")
    if code:find("%f[%w_]" .. name .. "%s*=") or code:find("%[%s*[\"']" .. name .. "[\"']%s*%]%s*=") then return n end
  end
  return nil
end

-- The engine's hooks of def: its own, else made from its declarations (author.lua). Messages
-- during play name the file and line of the phase (found only then: a scan costs).
local function make_hooks(def)
  local files, sources, main = def.phase_file, def.sources, def.phases_file
  local hooks = A.hooks(def, def.own, function(name)
    local path = name and files and files[name] or main
    if not path then return "" end
    local text = sources[path] or ""
    local line = name and name:find("^[%a_][%w_]*$") and line_in(text, name)
    return path .. ":" .. (line or line_in(text, "phases") or 1) .. ": "
  end)
  for _, h in ipairs(HOOKS) do def[h] = hooks[h] end
  def.engine_moves = hooks.engine_moves -- the moves hook the engine calls (declared moves: author.lua)
  def.verb_help = A.verb_help(def.verbs)
end

local function basename(path)
  return (path:match("([^/]+)$") or path):gsub("%.lua$", "")
end

local function dirname(path)
  return path:match("^(.*)/[^/]*$") or "."
end

-- The checks of a definition: its fields, phases, layout and deck, hooks and search.bot
-- (loader_check.lua).
local K = C.checks(C, A, { sorted_keys = sorted_keys, suggest = suggest, value_type = value_type })
local KNOWN, CHECK = K.KNOWN, K.CHECK

-- A definition is fixed once loaded, and fuda.variant hands it to scripts: reading or writing a name
-- it cannot have raises (C.strict) with the closest one, "variant 'gin' has no field 'reslt' (did
-- you mean 'result'?)", where a typo would read nil. A field it may have but lacks (a hook it does
-- not define) reads nil. The same for the loader's own fields (name, file, ...), check and search,
-- and the names the variant declares in options, state and seat_state.
local DEF_NAMES = sorted_keys(KNOWN)
for _, k in ipairs({ "name", "file", "own", "phase_file", "phases_file", "sources", "layout_plan", "verb_help", "engine_moves" }) do
  DEF_NAMES[#DEF_NAMES + 1] = k
end
local function seal(def)
  local what = "variant '" .. def.name .. "'"
  C.strict(def, what, DEF_NAMES)
  C.strict(def.check, what .. ": check", sorted_keys(CHECK))
  C.strict(def.search, what .. ": search", { "bot", "hands", "others", "sure" })
  for _, k in ipairs({ "options", "state", "seat_state" }) do C.strict(def[k], what .. ": " .. k, {}) end
  return def
end

-- Load (or fetch from the cache) the variant `name` (a name or a path);
-- `trusted` for the one the user names, else what a script names.
function load_variant(name, fromdir, chain, trusted)
  local path, real = C.find(name, nil, fromdir, trusted)
  if not path then error(C.oneline(real), 0) end
  if cache[real] then return cache[real] end
  chain = chain or {}
  if loading[real] then
    chain[#chain + 1] = basename(path)
    error(path .. ":" .. (line_of(path, "extends") or 1) .. ": inheritance cycle: " .. table.concat(chain, " -> "), 0)
  end
  local chunk, lerr = C.loadfile(path, real)
  if not chunk then error(C.oneline(lerr), 0) end
  loading[real] = true
  chain[#chain + 1] = basename(path)
  dirs[#dirs + 1] = dirname(path)
  local ok, t = xpcall(chunk, C.place) -- an error that names no place gets the chunk's line
  dirs[#dirs] = nil
  if not ok then
    loading[real] = nil
    if type(t) ~= "string" then t = path .. ": raised an error object that is a " .. type(t) .. " value" end
    -- raised where no line of the script is on the stack (a <close> handler found while the chunk
    -- unwinds): the file, at least
    if not t:find("[^%s]:%d+:") then t = path .. ": " .. t end
    error(C.oneline(t), 0)
  end
  if type(t) ~= "table" then
    loading[real] = nil
    error(path .. ": a variant file must return a table, it returned " .. type(t), 0)
  end
  local err = errors(path)
  K.fields(err, t)
  err.raise()
  local base
  if t.extends then
    local bok, b = pcall(load_variant, t.extends, dirname(path), chain)
    if not bok then
      loading[real] = nil
      if b:find("^variant ") or b:find("^cannot read variant file") then
        error(path .. ":" .. (line_of(path, "extends") or 1) .. ": extends: " .. b, 0)
      end
      error(b, 0)
    end
    base = b
  end
  local def = merge(err, path, basename(path), t, base)
  K.phases(err, def)
  K.layout(err, def)
  make_hooks(def)
  K.hooks(err, def)
  K.search_bot(err, def)
  loading[real] = nil
  err.raise()
  cache[real] = seal(def)
  cache[def.name] = cache[def.name] or def
  return def
end

-- Apply "name=value" overrides (strings from the command line).
local function override(def, sets)
  local problems = {}
  local out = copy(def)
  out.options = copy(def.options)
  for _, s in ipairs(sets) do
    local k, v = s:match("^([%w_]+)=(.*)$")
    local spec = k and out.options[k]
    if not k then
      problems[#problems + 1] = "option '" .. s:gsub("%c", "?") .. "': write name=value"
    elseif v:find("%c") then -- the log keeps it on one line, which its reader takes back
      problems[#problems + 1] = "option '" .. k .. "': a value holds no control characters"
    elseif not spec then
      local names = sorted_keys(out.options)
      problems[#problems + 1] = "unknown option '" .. k .. "'" .. suggest(k, names) .. " (options: " .. table.concat(names, ", ") .. ")"
    else
      local val
      if spec.type == "integer" then val = math.tointeger(tonumber(v))
      elseif spec.type == "boolean" then
        local b = ({ ["true"] = true, on = true, yes = true, ["1"] = true, ["false"] = false, off = false, no = false, ["0"] = false })[v:lower()]
        val = b
      else val = v end
      if val == nil then
        problems[#problems + 1] = "option '" .. k .. "' must be " .. (spec.type == "integer" and "an integer" or "a " .. spec.type) .. ", got '" .. v .. "'"
      else
        local why = bad_value(spec, val)
        if why then problems[#problems + 1] = "option '" .. k .. "' " .. why
        else spec = copy(spec) spec.value = val out.options[k] = spec end
      end
    end
  end
  for i, p in ipairs(problems) do problems[i] = C.oneline(p) end
  if #problems > 0 then error(table.concat(problems, "\n"), 0) end
  return out
end

local imports = {}
local function import(name)
  local path, real = C.find(name, "lib", dirs[#dirs])
  if not path then error(real, 3) end -- 3: the script that called fuda.import
  if imports[real] == nil then
    local chunk, lerr = C.loadfile(path, real)
    if not chunk then error(lerr, 3) end
    imports[real] = chunk() or false
  end
  return imports[real] or nil
end

local function variant(name)
  local def = cache[name]
  if def then return def end
  local ok, d = pcall(load_variant, name, dirs[#dirs])
  if not ok then error(d, 3) end -- 3: the script that called fuda.variant
  return d
end

return {
  load = function(name, sets) return override(load_variant(name, nil, nil, true), sets) end,
  variant = variant,
  import = import,
  sorted_keys = sorted_keys,
}
