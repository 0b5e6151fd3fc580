-- chatty.lua -- a variant that says a lot between two turns of seat 1: each move of seat 2
-- says 9000 lines of 2000 bytes (18 MB, under the engine's caps for one move). An agent
-- playing seat 1 is sent at most 16 MiB of events between two of its turns (tests/e2e/agent.sh).
return {
  title = "Chatty (tests)",
  players = 2,
  setup = function(g) g:new_deck(g:new_pile("stock")) end,
  deal = function(g) g.turn = 1 end,
  moves = function(g, seat) return { seat == 1 and "go" or "shout" } end,
  play = function(g, seat, move)
    if move == "shout" then
      local line = ("blah "):rep(400)
      for i = 1, 9000 do g:say(line) end
    end
    g.turn = 3 - seat
  end,
}
