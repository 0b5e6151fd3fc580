-- Snap, a test variant for the fuda program: seats take turns flipping the
-- stock's top card onto the table; when it matches the card below by rank,
-- a claim window "snap" opens for every seat. Snappers score 1 each.

-- After the 12th flip: the hand ends, and the match after `hands` hands.
local function hand_over(g)
  g:end_hand()
  if g.hand_no >= g.options.hands then g:end_match() end
end

return {
  title = "Snap (test)",
  players = { min = 2, max = 4, default = 2 },
  options = { hands = { 2, min = 1, doc = "hands in a match" } },
  state = { flips = 0 },
  setup = function(g)
    g:new_pile("stock")
    g:new_pile("table", { vis = "public" })
    g:new_deck(g:pile("stock"))
  end,
  deal = function(g)
    local stock, tbl = g:pile("stock"), g:pile("table")
    tbl:move_all(stock)
    stock:shuffle()
    g.var.flips = 0
    g.turn = 1
    g:say("Hand " .. g.hand_no .. ".")
  end,
  moves = function(g, seat)
    if g.claim then return { "snap", "pass" } end
    if seat == g.turn then return { "flip" } end
    return {}
  end,
  play = function(g, seat, move)
    local stock, tbl = g:pile("stock"), g:pile("table")
    stock:move_top(tbl)
    g.var.flips = g.var.flips + 1
    g:say("Seat " .. seat .. " flips " .. fuda.show(tbl:top()) .. ".")
    g.turn = g:next(seat)
    local n = #tbl
    if n >= 2 and fuda.rank(tbl:at(n)) == fuda.rank(tbl:at(n - 1)) then
      local all = {}
      for s = 1, g.seats do all[s] = s end
      g:open_claim("snap", all)
    elseif g.var.flips >= 12 then
      hand_over(g)
    end
  end,
  resolve = function(g, choices)
    for s = 1, g.seats do
      if choices[s] == "snap" then
        g:score(s, 1, "snap")
        g:say("Seat " .. s .. " snaps!")
      end
    end
    if g.var.flips >= 12 then hand_over(g) end
  end,
  view = function(g, seat)
    local top = g:pile("table"):top()
    return "Table: " .. (top and fuda.show(top) or "(empty)") .. "   flips " .. g.var.flips
  end,
}
