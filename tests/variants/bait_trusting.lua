-- bait_trusting.lua -- bait.lua with the search picturing the other seat as
-- trusting in its playouts: it baits in the first hand (bait.lua: it plays safe).
return {
  extends = "bait",
  search = { others = "trusting" },
}
