-- keeper.lua -- a hostile variant for matches that share one Lua state
-- (fuda.match shares it among the matches of one kind a script makes): the
-- first match of the state keeps its game object, a pile and its variable
-- tables in module-level variables, and the `attack` option makes a draw in
-- any other match touch them. Each attack must fail with "keeper.lua:LINE:
-- ... belongs to another match" while the first match is live, and "...
-- belongs to a match that has ended" once it is gone; the attacking match's
-- state is as it was. The "bomb" attack fills the memory in the first match's
-- draw instead (tests/lua/share.lua).
local base = fuda.variant("tiny")

local first -- the first match's objects: { g =, pile =, var =, seat =, say = }

local A = {}
function A.read() return first.g.turn end
function A.write() first.g.turn = 1 end
function A.method() first.g:say("hello") end
function A.stashed() first.say(first.g, "hello") end
function A.mixed(g) first.say(g, "hello") end
function A.pile() return first.pile:count() end
function A.pile_len() return #first.pile end
function A.cards(g) return g:pile("field"):has(first.pile:top()) end
function A.var() return first.var.phase end
function A.seat_var() first.seat.snaps = 3 end
function A.tostring(g) g:say(tostring(first.pile)) error("shown: " .. tostring(first.pile)) end

local function bomb()
  local t = {}
  for i = 1, 1e8 do t[i] = { i } end
  return t
end

return {
  extends = "tiny",
  title = "Keeper (tests: matches sharing a state)",
  new_options = { attack = { "none", doc = "what a draw does to the first match's objects" } },
  setup = function(g)
    base.setup(g)
    if not first then
      first = { g = g, pile = g:pile("stock"), var = g.var, seat = g.seat[1], say = g.say }
    end
  end,
  play = function(g, seat, move)
    local attack = g.options.attack
    if move == "draw" and not rawequal(first.g, g) and A[attack] then A[attack](g) end
    if move == "draw" and rawequal(first.g, g) and attack == "bomb" then bomb() end
    return base.play(g, seat, move)
  end,
}
