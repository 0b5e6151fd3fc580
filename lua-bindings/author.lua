-- author.lua -- the pieces that spare a variant's author the code every card game repeats:
-- declared moves with typed arguments (fuda.moves), phases with their own moves and handlers,
-- a standard layout and deck, a default view with the game's own status line.
--
-- The loader (loader.lua) checks what a variant declares (phases, layout, deck, status) and
-- calls A.hooks to turn it into the hooks the engine calls (setup, deal, moves, play, resolve,
-- view); a variant's own hooks always win. Loaded once per Lua state by lloader.c, with the
-- card names (byte -> name) and the declared moves (author_moves.lua: fuda.moves and a phase's
-- families, whose functions are taken into A here) as its arguments; it keeps no game state
-- (the state lives in g). A script's bad call raises "file:line: bad argument ..." at the
-- script's line (fuda.moves reaches A.moves through a C function: one level more).
local _, MOVES = ...
local A = {}
A.moves, A.verb_help, A.reader, A.declared, A.DECLARED =
  MOVES.moves, MOVES.verb_help, MOVES.reader, MOVES.declared, MOVES.DECLARED
local sorted, declared_list = MOVES.sorted, MOVES.declared_list

local function plural(n) return n .. (n == 1 and " card" or " cards") end

---------------------------------------------------------------------------------------------------
-- Layout and deck.

A.VIS = { "hidden", "owner", "public", "top" }

-- The piles of a layout in the order they are made: the deck's pile, the other shared piles by
-- name, then the per-seat piles by name. Each entry { name, vis, per_seat }; vis may be a
-- function(g) giving the visibility when the piles are made (a shared pile unless per_seat).
-- (The loader has checked the layout.)
function A.layout_plan(layout, deck_pile)
  local shared, own = {}, {}
  for _, name in ipairs(sorted(layout)) do
    local v = layout[name]
    local vis = type(v) == "table" and (v.vis or "hidden") or v
    local per_seat = vis == "owner" or (type(v) == "table" and v.per_seat == true)
    local p = { name = name, vis = vis, per_seat = per_seat }
    if per_seat then own[#own + 1] = p
    elseif name == deck_pile then table.insert(shared, 1, p)
    else shared[#shared + 1] = p end
  end
  for _, p in ipairs(own) do shared[#shared + 1] = p end
  return shared
end

local IS_VIS = {}
for _, v in ipairs(A.VIS) do IS_VIS[v] = true end

-- The visibility of pile p of a layout in game g (its vis function asked, and checked).
local function vis_of(g, p)
  local vis = p.vis
  if type(vis) ~= "function" then return vis end
  vis = vis(g)
  if not IS_VIS[vis] then
    error("layout." .. p.name .. ".vis must give one of " .. table.concat(A.VIS, ", ") .. ", got " ..
          (type(vis) == "string" and ("'" .. vis .. "'") or type(vis)), 0)
  end
  return vis
end

local function layout_setup(plan, deck, own_setup)
  return function(g)
    for _, p in ipairs(plan) do
      local vis = vis_of(g, p)
      if p.per_seat then
        for s = 1, g.seats do g:new_pile(p.name, { owner = s, vis = vis }) end
      else
        g:new_pile(p.name, { vis = vis })
      end
    end
    local d = deck
    if type(d) == "function" then d = d(g) end
    if d ~= false then
      if d ~= nil and type(d) ~= "table" then error("deck must give a table, got " .. type(d), 0) end
      d = d or {}
      g:new_deck(g:pile(d.pile or "stock"), { decks = d.decks or 1, jokers = d.jokers or 0 })
    end
    if own_setup then own_setup(g) end
  end
end

---------------------------------------------------------------------------------------------------
-- The default view.

local function pile_text(p, seat)
  local n, vis = #p, p.vis
  if n == 0 then return "empty" end
  if vis == "public" or (vis == "owner" and seat == p.owner) then return "{" .. table.concat(p:cards(), "} {") .. "}" end
  if vis == "top" then return "{" .. p:top() .. "}" .. (n > 1 and (" (" .. plural(n) .. ")") or "") end
  return plural(n)
end

-- The seats' lines of every game's view, one layout for all: "Seat 2: 4 cards, score 12", the
-- viewer's "Seat 1 (you): ...", and "<- to play" after the seat whose turn it is ("<- to decide"
-- for the seats a claim window waits for). describe(g, seat) gives the text after the name
-- (default: the seat's piles as the viewer may see them, and its score).
function A.seat_lines(g, viewer, describe)
  local me = (math.type(viewer) == "integer" and viewer >= 1 and viewer <= g.seats) and viewer or nil
  local owned = {}
  if not describe then
    for _, p in ipairs(g:piles()) do
      local o = p.owner
      if o then
        owned[o] = owned[o] or {}
        table.insert(owned[o], p)
      end
    end
    describe = function(_, s)
      local parts = {}
      for _, p in ipairs(owned[s] or {}) do parts[#parts + 1] = p.name .. " " .. pile_text(p, me) end
      parts[#parts + 1] = "score " .. g:total(s)
      return table.concat(parts, ", ")
    end
  end
  local waiting = g.claim and g:waiting() or {}
  local lines = {}
  for s = 1, g.seats do
    local mark = g.turn == s and not g.claim and "  <- to play" or (waiting[s] and "  <- to decide" or "")
    lines[s] = ("%s%s: %s%s"):format(g:name(s), s == me and " (you)" or "", tostring(describe(g, s)), mark)
  end
  return table.concat(lines, "\n")
end

-- The view of a variant that has none: title and hand number, the shared piles, the seats'
-- lines (the viewer's own cards shown), the status line.
local function default_view(title, status)
  return function(g, seat)
    local me = (math.type(seat) == "integer" and seat >= 1 and seat <= g.seats) and seat or nil
    local games -- the option games, when the variant declares one (reading an undeclared option raises)
    for k, v in pairs(g.options) do
      if k == "games" then games = v end
    end
    local lines = { ("%s, hand %d%s."):format(title, g.hand_no,
      math.type(games) == "integer" and (" of " .. games) or "") }
    for _, p in ipairs(g:piles()) do
      if not p.owner then lines[#lines + 1] = p.name .. ": " .. pile_text(p, me) end
    end
    lines[#lines + 1] = A.seat_lines(g, me)
    if status then
      local st = status(g, me)
      if st ~= nil then lines[#lines + 1] = tostring(st) end
    end
    if g.claim then lines[#lines + 1] = "Waiting for claims (" .. g.claim .. ")." end
    return table.concat(lines, "\n")
  end
end

---------------------------------------------------------------------------------------------------
-- Phases.

-- The handler names of a phase, for messages.
local function handlers(ph)
  local out = {}
  for k in pairs(ph) do if k ~= "moves" and k ~= "resolve" and k ~= "prompt" then out[#out + 1] = k end end
  table.sort(out)
  return #out > 0 and table.concat(out, ", ") or "none"
end

-- moves, play, resolve and deal over the phases. where(phase) -> "file:line: " of its declaration.
-- (Hooks run for every move: the phase and the cached read of a move are looked up inline.)
local function phase_hooks(def, own, where)
  local phases, initial = def.phases, def.phase
  local entry, read_cache, arity = A.reader(def.verbs)
  local function no_phase(name)
    error(where(nil) .. "g.var.phase is '" .. tostring(name) .. "', which is no phase (phases: " ..
          table.concat(sorted(phases), ", ") .. ")", 0)
  end
  -- Claim windows can close only with a resolve (a phase's or the variant's own): else the
  -- moves hook need not read g.claim, which costs for every move.
  local resolves = false -- a phase resolves a claim window
  for _, ph in pairs(phases) do
    if type(ph) == "table" and ph.resolve then resolves = true end
  end
  local claims = resolves or own.resolve ~= nil
  local h = {}
  h.deal = own.deal and function(g)
    g.var.phase = initial
    return own.deal(g)
  end
  local function no_moves(name)
    error(where(name) .. "phase '" .. name .. "' has no moves function", 0)
  end
  -- Declared moves (a phase's moves is a table): compiled once, by the declaration.
  local decls, piles = {}, nil
  if type(def.layout) == "table" then
    piles = {}
    for k in pairs(def.layout) do piles[k] = true end
  end
  for _, ph in pairs(phases) do
    if entry and type(ph) == "table" and type(ph.moves) == "table" then
      local d = A.declared(def.verbs, ph.moves, piles) -- (a bad one: the loader's check said why)
      decls[ph.moves] = d
      if d and getmetatable(ph.moves) == nil then -- a house rule may call it as it called a function
        setmetatable(ph.moves, { __call = function(_, g, seat) return declared_list(g, seat, d) end })
      end
    end
  end
  -- The current phase's moves: the list its function returns, or its declaration's families
  -- (marked DECLARED), which the engine walks itself.
  local phase_moves
  if claims then
    phase_moves = function(g, seat)
      local kind = g.claim
      local ph, name = kind and phases[kind], kind
      if not ph then
        name = g.var.phase
        ph = phases[name] or no_phase(name)
      end
      local m = ph.moves or no_moves(name)
      return decls[m] or m(g, seat)
    end
  else
    phase_moves = function(g, seat)
      local name = g.var.phase
      local m = (phases[name] or no_phase(name)).moves or no_moves(name)
      return decls[m] or m(g, seat)
    end
  end
  -- The engine calls phase_moves when a phase declares (else h.moves); a script's h.moves gives
  -- the list of texts either way.
  if next(decls) == nil then
    h.moves = phase_moves
  else
    local compiled = {}
    for _, d in pairs(decls) do compiled[d] = true end
    h.engine_moves = phase_moves
    h.moves = function(g, seat)
      local list = phase_moves(g, seat)
      if compiled[list] then return declared_list(g, seat, list) end
      return list
    end
  end
  h.play = function(g, seat, move)
    local name = g.var.phase
    local ph = phases[name] or no_phase(name)
    local e = read_cache[move]
    if not e then
      local msg
      e, msg = entry(move)
      if not e then error(where(name) .. msg, 0) end
    end
    local f = ph[e[1]]
    if not f then
      error(where(name) .. "phase '" .. name .. "' has no handler for '" .. e[1] .. "' (move '" .. move ..
            "'; handlers: " .. handlers(ph) .. ")", 0)
    end
    local n = arity[e[1]]  -- (most verbs take 0 or 1 argument: no lookups beyond)
    if n == 0 then return f(g, seat) end
    if n == 1 then return f(g, seat, e[2]) end
    return f(g, seat, e[2], e[3], e[4], e[5])
  end
  local prompts = false -- a phase says why it asks
  for _, ph in pairs(phases) do
    if type(ph) == "table" and ph.prompt then prompts = true end
  end
  h.prompt = prompts and function(g, seat)
    local ph = g.claim and phases[g.claim]
    local f = ph and ph.prompt
    if f then return f(g, seat) end
    return nil
  end or nil
  h.resolve = resolves and function(g, choices, kind)
    local ph = phases[kind]
    local f = ph and ph.resolve
    if not f then
      error(where(nil) .. "claim window '" .. tostring(kind) .. "' closed but no phase '" .. tostring(kind) ..
            "' has a resolve function", 0)
    end
    return f(g, choices)
  end or nil -- (no phase resolves: the variant has no resolve hook, as `fuda check` reports)
  return h
end

-- A.hooks(def, own, where) -> the engine's hooks of a variant: its own (own.setup, ...) where it
-- has them, else made from def.layout/deck, def.phases/verbs/phase and def.status.
function A.hooks(def, own, where)
  local h = {}
  for k, f in pairs(own) do h[k] = f end
  if def.layout then h.setup = layout_setup(def.layout_plan, def.deck, own.setup) end
  if def.phases then
    local ph = phase_hooks(def, own, where)
    h.deal = ph.deal
    h.moves = own.moves or ph.moves
    h.engine_moves = not own.moves and ph.engine_moves or nil -- (nil: the engine calls moves)
    h.play = own.play or ph.play
    h.resolve = own.resolve or ph.resolve
    h.prompt = own.prompt or ph.prompt
  end
  if not own.view then h.view = default_view(def.title, own.status) end
  h.status = nil
  return h
end

return A
