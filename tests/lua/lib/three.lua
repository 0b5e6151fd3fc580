-- three.lua -- helpers shared by the three-player Gin tests (tests/lua/cutthroat.lua,
-- chouette.lua): hands won to order with two of three seats in play.
--
--   local H = dofile("tests/lua/lib/three.lua")
local T = dofile("tests/lua/lib/t.lua")
local H = {}

-- The other seat in play (of seats 1-3, neither `seat` nor the one sitting out).
function H.opponent(m, seat)
  for s = 1, 3 do
    if s ~= seat and s ~= m:var("out") then return s end
  end
end

-- Seat `w` (in play) wins a hand, whoever deals: w holds `mine`, the other seat in play `theirs`;
-- w takes the upcard `up` (the non-dealer passes first when w deals) and ends with `last`.
function H.win_hand(m, w, mine, theirs, up, last, what)
  local d, o = m:var("dealer"), H.opponent(m, w)
  m:arrange("hand", w, mine)
  m:arrange("hand", o, theirs)
  m:arrange("discard", nil, { up })
  if w == d then T.apply(m, o, "pass", what) end
  T.apply(m, w, "take", what)
  T.apply(m, w, last, what)
end

-- A knock worth 33 (deadwood 2 against 35).
function H.knock33(m, w, what)
  H.win_hand(m, w, { "4h", "5h", "6h", "9s", "9d", "9c", "Jc", "Qc", "2d", "8s" },
             { "As", "2s", "3s", "5c", "5d", "5s", "Kd", "Qd", "8c", "7d" }, "Kc", "knock 8s", what)
end

-- A gin worth 100 (75 + 25): the loser holds nothing that melds.
function H.gin100(m, w, what)
  H.win_hand(m, w, { "4h", "5h", "6h", "9s", "9d", "9c", "Jc", "Qc", "Kc", "2d" },
             { "Kd", "Qs", "Jh", "10s", "9h", "8c", "7d", "6s", "3c", "2h" }, "10c", "gin 2d", what)
end

-- The settlement between seats a and b: what a received (+) or paid (-), in the pair's column.
function H.settled(m, a, b)
  local col = { ["1-2"] = 2, ["1-3"] = 3, ["2-3"] = 4 }
  return m:total(a, col[math.min(a, b) .. "-" .. math.max(a, b)])
end

return H
