-- late_import.lua -- gin whose play hook names its base and a helper module only when it runs:
-- the loader, dropped once the variant loaded, is built again for it (tests/lua/engine_core.lua).
return {
  extends = "gin",
  title = "Gin with late imports (engine test)",
  play = function(g, seat, move)
    fuda.import("late_helper").count(g)
    return fuda.variant("gin-base").play(g, seat, move)
  end,
}
