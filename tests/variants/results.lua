-- results.lua -- tiny with one card each, reporting the hand's result with g:result, for the
-- engine's hand results: option `how` makes play misuse g:result, option `hook` makes the result
-- hook change or break the result. Not a real game.
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  options = { hand_size = 1, hands = 3 },
  new_options = {
    how = { "good", doc = "how play reports the result" },
    hook = { "none", doc = "what the result hook does" },
  },
  play = function(g, seat, move)
    if move == "draw" or #g:hand(seat) > 1 then return base.play(g, seat, move) end
    g:hand(seat):move(move:match("^play (%S+)$"), g:pile("field"))
    local how = g.options.how
    local r = { winner = seat, loser = g:next(seat), kind = "out", points = 10 }
    if how == "bad_winner" then r.winner = 9 end
    if how == "bad_kind" then r.kind = nil end
    if how == "bad_points" then r.points = -1 end
    if how == "float_points" then r.points = 1.5 end
    if how == "bad_note" then r.note = {} end
    if how == "no_winner" then r.winner, r.loser, r.kind, r.points = nil, nil, "void", nil end
    if how == "own_field" then r.bonus = 0 end -- a field of the game's own: the hooks may use it
    if how == "meta_result" then setmetatable(r, { __index = function() return 1 end }) end
    if how == "not_table" then g:result("out") end
    local got = g:result(r)
    if how == "twice" then g:result(r) end
    if how == "score_after" then g:score(seat, 1, "late") end
    if how == "returned" and got ~= r then error("g:result returned another table") end
    if how == "typo_after" then g:say("last %s", r.kidn) end -- the result stays strict after g:result
    if g.hand_no >= g.options.hands and g.phase ~= "match_over" then g:end_match() end
  end,
  result = function(g, r)
    local hook = g.options.hook
    if hook == "double" then r.points, r.note = 2 * r.points, r.note .. " x 2" end
    if hook == "swap" then r.winner, r.loser = r.loser, r.winner end
    if hook == "none_won" then r.winner = nil end
    if hook == "error" then error("the result hook raised") end
    if hook == "loop" then while true do end end
    if hook == "nested" then g:result(r) end
    if hook == "bad" then r.points = "many" end
    if hook == "score" then g:score(1, 3, "from the hook") end
    if hook == "end" then g:end_match(2) end
    if hook == "new_table" then -- a house rule that builds a new result: it would change nothing
      return { winner = r.winner, loser = r.loser, kind = r.kind, points = 2 * r.points }
    end
    if hook == "meta" then -- a winner that would answer each read differently: refused, r's metatable is locked
      local reads = 0
      r.winner = nil
      setmetatable(r, { __index = function(_, k)
        if k ~= "winner" then return nil end
        reads = reads + 1
        return reads == 1 and 1 or 99
      end })
    end
    if hook == "typo_read" then r.points = r.pionts end
    if hook == "typo_write" then r.winer = 2 end
    if hook == "unknown" then r.zzzzzz = 1 end
    if hook == "own" then -- the rules' own field, and a known one that is nil (boxes)
      r.bonus = r.bonus + 5
      r.boxes = r.boxes or 2
      r.points, r.note = r.points + r.bonus, r.note .. " + bonus"
    end
  end,
  check = {},
}
