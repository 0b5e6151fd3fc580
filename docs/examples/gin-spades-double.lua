-- gin-spades-double.lua -- a house rule that changes a hook: in a hand whose
-- upcard was a spade, every point scored counts double. It wraps the base
-- game's play hook instead of copying it, and doubles the points as the base
-- scores them, so the base sees the doubled totals when it decides whether
-- the hand ends the match. (Adding points after the base's play returned is
-- wrong: the base may have ended the match already, or not ended it when the
-- doubled total reached the target; `fuda check` catches both.)
local gin = fuda.variant("gin")

-- The game g, except that g:score doubles the points.
local function doubling(g)
  local function score(_, seat, points, note, column)
    return g:score(seat, 2 * points, (note or "") .. " (doubled: spade upcard)", column)
  end
  return setmetatable({}, {
    __index = function(_, key)
      if key == "score" then return score end
      local v = g[key]
      if type(v) == "function" then return function(_, ...) return v(g, ...) end end
      return v
    end,
    __newindex = function(_, key, v) g[key] = v end,
  })
end

return {
  extends = "gin",
  title = "Gin, spade upcard doubles the hand",
  state = { spade_hand = false },

  deal = function(g)
    gin.deal(g)
    g.var.spade_hand = fuda.suit(g:pile("discard"):top()) == "s"
    if g.var.spade_hand then g:say("The upcard is a spade: this hand counts double.") end
  end,

  play = function(g, seat, move)
    gin.play(g.var.spade_hand and doubling(g) or g, seat, move)
  end,
}
