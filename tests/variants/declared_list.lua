-- declared_list.lua -- declared.lua with its moves listed by functions, in the same order: the
-- two play alike (tests/lua/declared.lua).
local D = fuda.variant("declared")
local M = D.verbs
local turn, echo = {}, {}
turn.moves = function(g, seat)
  local list = {}
  for _, c in ipairs(g:hand(seat):cards()) do list[#list + 1] = M.discard[c] end
  for s = 1, g.seats do if s ~= seat then list[#list + 1] = M.give(s) end end
  for n = 1, 3 do if n <= #g:hand(seat) then list[#list + 1] = M.bid(n) end end
  if #g:pile("stock") > 0 then list[#list + 1] = M.draw end
  return list
end
echo.moves = function(g, seat)
  local list = {}
  for _, c in ipairs(g:pile("pool"):cards()) do
    if fuda.suit(c) == "h" or fuda.suit(c) == "d" then list[#list + 1] = M.echo[c] end
  end
  list[#list + 1] = M.pass
  return list
end
for verb, f in pairs(D.phases.turn) do if verb ~= "moves" then turn[verb] = f end end
for verb, f in pairs(D.phases.echo) do if verb ~= "moves" then echo[verb] = f end end
return { extends = "declared", phases = { turn = turn, echo = echo } }
