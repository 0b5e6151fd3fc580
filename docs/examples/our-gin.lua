-- our-gin.lua -- a house rule: Gin Rummy as the Official Rules score it, but an
-- undercut pays only 10 and a game goes to 150.
---@type fuda.Variant
return {
  extends = "gin",
  title = "Our gin (undercut 10, game to 150)",
  options = {
    undercut_bonus = 10,
    target = 150,
  },
}
