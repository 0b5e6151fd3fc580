-- Hollywood Gin (seeds/gin-rummy-and-variants.ja.txt, ハリウッドスコアリング; RULINGS.md): `gin`
-- scoring kept as three games side by side. A player's first hand won is entered in game 1, the
-- second in games 1 and 2, the third and later in all three; a game closes when someone reaches
-- 100 in it, with its own game, box and shutout bonuses; the match ends when all three have
-- closed. What the document leaves open is an option: where a win goes once games have closed
-- (hollywood_entry) and who wins the match (hollywood_winner).
local match = fuda.import("match")
local gin = fuda.variant("gin")

-- What fuda check expects to see: gin's tallies and the three games'.
local expect = {}
for _, name in ipairs(gin.check.expect) do expect[#expect + 1] = name end
for _, name in ipairs{ "hollywood:game 1 closed", "hollywood:game 2 closed", "hollywood:game 3 closed",
                       "hollywood:win in closed games only", "hollywood:match over" } do
  expect[#expect + 1] = name
end

-- The view's Games line, under its title: which games are closed and by whom ("Games: game 1 won
-- by you, game 2 open, game 3 open"); each seat's line gives its totals game by game.
local function games_line(g, me)
  local games = {}
  for col = 1, 3 do
    local text = "game " .. col .. " open"
    if g.var.closed & (1 << (col - 1)) ~= 0 then
      text = "game " .. col .. " won by " .. g:name((g.var.won_by >> (4 * (col - 1))) & 15, me):lower()
    end
    games[col] = text
  end
  return "Games: " .. table.concat(games, ", ")
end

-- Gin's view with that Games line.
local function view(g, seat)
  local me = (seat and seat >= 1 and seat <= g.seats) and seat or nil
  local text = gin.view(g, seat)
  return (text:gsub("\n", function() return "\n" .. games_line(g, me) .. "\n" end, 1))
end

return {
  extends = "gin",
  title = "Hollywood Gin",
  columns = { "game 1", "game 2", "game 3" },
  new_options = {
    hollywood_entry = { "by_wins", one_of = { "by_wins", "open_games" },
                        doc = "a player's nth win goes in games 1 to n (at most 3) that are still open, so a win that belongs only in closed games scores nothing (by_wins); or in the first n games still open (open_games)" },
    hollywood_winner = { "games", one_of = { "games", "points" },
                         doc = "who wins the match once all three games have closed: who won more games, then more points (games); or the highest sum of the three totals, then more games (points)" },
  },
  state = { closed = 0, won_by = 0 }, -- games closed: bits 1, 2, 4; game k's winner: bits 4k-4..4k-1
  seat_state = { boxes_2 = 0, boxes_3 = 0, games_won = 0 }, -- boxes (game 1) is gin's
  match = match.hollywood,
  view = view,
  check = {
    random = 0.5, -- three games to 100 take random bots some 300 hands: mix in the basic bot
    -- a game still open has nobody at the target
    invariant = function(g)
      if g.phase == "match_over" then return true end
      for col = 1, 3 do
        if g.var.closed & (1 << (col - 1)) == 0 then
          for s = 1, g.seats do
            if g:total(s, col) >= g.options.target then
              return false, ("seat %d has %d in game %d, but the game is still open"):format(s, g:total(s, col), col)
            end
          end
        end
      end
      return true
    end,
    expect = expect,
  },
}
