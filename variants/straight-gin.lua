-- Straight Gin (seeds/gin-rummy-and-variants.ja.txt, ストレートジン; RULINGS.md): no knocking, only
-- gin. The 21st card goes to the non-dealer instead of turning up, and the non-dealer starts by
-- discarding. Scoring as `gin`; or, with the option series, a series: the first to series_wins
-- hands won (4: at most 7 hands won). A void hand is dealt again and does not count as one of
-- the 7 (series_void = "counted" counts it).
local match = fuda.import("match")
local gin = fuda.variant("gin")

return {
  extends = "gin",
  title = "Straight Gin",
  new_options = {
    series = { false, doc = "play a series: the first to win series_wins hands wins the match (points are still kept)" },
    series_wins = { 4, min = 1, doc = "hands a player must win to take the series" },
    series_void = { "replayed", one_of = { "replayed", "counted" },
                    doc = "a void hand in a series: dealt again, not one of the at most 2 x series_wins - 1 hands (replayed); or counted as one of them, so that after the last one more hands won, then more points, take the series, and equal in both it is drawn (counted)" },
  },
  options = {
    knock_limit = 0,
    first_card = "to_non_dealer",
  },
  match = function(g, r)
    if g.options.series then return match.series(g, r) end
    return match.first_to(g, r)
  end,
  -- gin's view; with a series its goal line says so
  view = function(g, seat)
    local text = gin.view(g, seat)
    if not g.options.series then return text end
    return (text:gsub("Game to %d+%.", ("Series: first to %d hands won."):format(g.options.series_wins), 1))
  end,
  check = {
    -- the series' tallies fire with --option series=true, first_to's shutout without it
    expect = { "deal:extra card", "take:discard", "hand:gin", "hand:void", "match:shutout",
               "series:won" },
    random = 0.25, -- random play alone seldom ends a hand (gin only): mix in the basic bot
    -- with a series, points may pass the target: the series ends the match
    invariant = function(g)
      if g.phase == "match_over" then return true end
      local o = g.options
      for s = 1, g.seats do
        if o.series and g.seat[s].hands_won >= o.series_wins then
          return false, ("seat %d has won %d hands of %d, but the series goes on"):format(s, g.seat[s].hands_won, o.series_wins)
        elseif not o.series and g:total(s) >= o.target then
          return false, ("seat %d has %d points, the target is %d, but the match goes on"):format(s, g:total(s), o.target)
        end
      end
      return true
    end,
  },
}
