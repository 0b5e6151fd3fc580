-- tables.lua -- a small game of several tables, to test the engine's tables: at each table every
-- place draws one card in turn ("draw"), or may stop the table at once ("fold", the other place
-- wins 1); once all have drawn the highest rank wins its rank in points from the lowest. The
-- match: teams of the odd and even seats, the team sums scored by hand_over, first team to
-- `target`. Option `seating` picks a seating rule (some of them hostile). Not a real game.
return {
  title = "Tables (engine test game)",
  players = { min = 2, max = 12, default = 4 },
  options = {
    places = { 2, min = 1, max = 12, doc = "places at each table" },
    count = { 2, min = 1, max = 6, doc = "tables" },
    target = { 20, min = 1, doc = "team points that end the match" },
    seating = { "rotate", one_of = { "rotate", "fixed", "none", "raise", "loop", "twice", "range", "short", "sitout" },
                doc = "how seats sit each hand" },
  },
  state = { drawn = 0 },
  seat_state = { won = 0 },
  teams = function(n)
    local odd, even = {}, {}
    for s = 1, n do
      if s % 2 == 1 then odd[#odd + 1] = s else even[#even + 1] = s end
    end
    return { odd, even }
  end,
  tables = function(n) return { count = 2, places = n // 2 } end,
  seating = function(m)
    local how, n = m.options.seating, m.seats
    if m.hand_no == 1 and how ~= "sitout" then how = "fixed" end -- the hostile ones from hand 2 on
    if how == "raise" then error("no seating today") end
    if how == "loop" then while true do end end
    if how == "twice" then return { { 1, 2 }, { 2, 3 } } end
    if how == "range" then return { { 1, 2 }, { 3, 9 } } end
    if how == "short" then return { { 1, 2 } } end
    if how == "sitout" then return { { 2, 3 }, { 4, 5 } } end -- seat 1 sits out
    local list, half = { {}, {} }, n // 2
    for s = 1, half do
      list[1][s], list[2][s] = s, half + s
    end
    if how == "rotate" and m.hand_no % 2 == 0 then list[1], list[2] = list[2], list[1] end
    return list
  end,
  setup = function(g)
    g:new_deck(g:new_pile("stock"))
    for p = 1, g.seats do g:new_pile("hand", { owner = p, vis = "owner" }) end
  end,
  deal = function(g)
    for p = 1, g.seats do g:hand(p):move_all(g:pile("stock")) end
    g:pile("stock"):shuffle()
    g.var.drawn = 0
    g.turn = 1
    g:say("Hand %d at table %d: %s starts.", g.hand_no, g.table, g:name(1))
  end,
  moves = function(g, p) return { "draw", "fold" } end,
  play = function(g, p, move)
    if move == "fold" then
      local other = p % g.seats + 1
      g:tally("fold")
      return g:result{ winner = other, loser = p, kind = "fold", points = 1 }
    end
    g:pile("stock"):move_top(g:hand(p))
    g.var.drawn = g.var.drawn + 1
    if g.var.drawn < g.seats then
      g.turn = p % g.seats + 1
      return
    end
    local hi, lo
    for q = 1, g.seats do
      local r = fuda.rank(g:hand(q):top())
      if not hi or r > fuda.rank(g:hand(hi):top()) then hi = q end
      if not lo or r < fuda.rank(g:hand(lo):top()) then lo = q end
    end
    local pts = fuda.rank(g:hand(hi):top()) - fuda.rank(g:hand(lo):top())
    if pts == 0 then return g:result{ kind = "tie" } end
    g.seat[hi].won = g.seat[hi].won + 1
    g:result{ winner = hi, loser = lo, kind = "high", points = pts, note = "high " .. pts }
  end,
  hand_over = function(m, results, teams)
    local sums = { 0, 0 }
    local team_of = {}
    for k, t in ipairs(teams) do for _, s in ipairs(t) do team_of[s] = k end end
    for _, r in ipairs(results) do
      if r.winner then
        sums[team_of[r.winner]] = sums[team_of[r.winner]] + r.points
        sums[team_of[r.loser]] = sums[team_of[r.loser]] - r.points
      end
    end
    for k = 1, 2 do
      if sums[k] > 0 then m:score(teams[k][1], sums[k], "team " .. k) end
    end
    for k = 1, 2 do
      local sum = 0
      for _, s in ipairs(teams[k]) do sum = sum + m:total(s) end
      if sum >= m.options.target then return m:end_match(teams[k]) end
    end
  end,
}
