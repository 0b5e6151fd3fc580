-- luals_good.lua -- a small game written with the editor's help (tests/e2e/editor.sh): typed as
-- a fuda.Variant, so lua-language-server knows g, r and the piles from docs/lua/fuda.lua, and
-- finds nothing to say; and it plays (fuda check passes). Not a real game.
local M = fuda.moves{ play = "card" }
local R = fuda.rules{}

---@type fuda.Variant
return {
  title = "Last card",
  players = 2,
  options = { hand_size = { 5, min = 1, max = 8, doc = "cards dealt to each" } },
  state = { last = "" },
  seat_state = { played = 0 },
  setup = function(g)
    g:new_deck(g:new_pile("stock"), { decks = 1 })
    g:new_pile("field", { vis = "public" })
    for s = 1, g.seats do g:new_pile("hand", { owner = s, vis = "owner" }) end
  end,
  deal = function(g)
    g:gather("stock"):shuffle()
    g:deal(g.options.hand_size, { sort = true })
    g.turn = 1
  end,
  moves = function(g, seat)
    local list = {}
    for _, c in ipairs(g:hand(seat):cards()) do list[#list + 1] = M.play(c) end
    return list
  end,
  play = function(g, seat, move)
    local _, card = M.parse(move)
    g:hand(seat):move(card, g:pile("field"))
    g.var.last = card
    g.seat[seat].played = g.seat[seat].played + 1
    g:say("%s plays %s", g:name(seat), fuda.show(card))
    local other = g:next(seat)
    if #g:hand(other) > 0 then
      g.turn = other
      return
    end
    g:result{ winner = seat, loser = other, kind = "last card", points = R:melds(g:pile("field")).deadwood % 10 }
    g:end_match()
  end,
  result = function(g, r)
    if r.winner and fuda.rank(g.var.last) == 1 then r.points, r.note = r.points + 1, r.note .. " + ace" end
  end,
}
