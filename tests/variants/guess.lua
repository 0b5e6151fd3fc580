-- guess.lua -- a game for the search's likely hook. Seat 2 is dealt one card
-- that seat 1 cannot see; seat 1 guesses its colour ("red" or "black") and
-- scores 1 when right. Dealt at random the colours are even, so the search
-- keeps its bot's "black". guess_likely.lua says, with likely, that the card
-- is red (a deal with a black card weighs 0): the search then guesses red.
-- Option `likely` picks what that hook does for the tests of its failures
-- (tests/lua/search_likely.lua): "red", "two" (returns 2), "fails" (raises),
-- "writes" (changes the game).
return {
  title = "Guess (search test game)",
  players = 2,
  setup = function(g)
    g:new_deck(g:new_pile("stock"))
    g:new_pile("held", { owner = 2, vis = "owner" })
  end,
  deal = function(g)
    g:pile("held", 2):move_all(g:pile("stock"))
    g:pile("stock"):shuffle()
    g:pile("stock"):move_top(g:pile("held", 2))
    g.turn = 1
  end,
  moves = function(g, seat)
    if seat ~= 1 then return {} end
    return { "black", "red" }
  end,
  play = function(g, seat, move)
    local s = fuda.suit(g:pile("held", 2):top())
    local red = s == "h" or s == "d"
    g:tally("guess " .. move)
    if red == (move == "red") then g:score(1, 1, "right") end
    g:end_hand()
    g:end_match()
  end,
  bots = { plain = function(g, seat, moves) return "black" end },
}
