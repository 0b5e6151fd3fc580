-- search_likely.lua -- the variant's likely hook weighs the search's deals
-- (tests/variants/guess.lua): a hook that says the hidden card is red makes
-- the search guess red; one that fails weighs every deal 1, and the failure
-- is counted; the search leaves the game as it was either way.
local T = dofile("tests/lua/lib/t.lua")
local check, eq = T.check, T.eq
fuda.search_budget{ iters = 40 }
local D = "tests/variants/"

local black = 0
for seed = 1, 20 do
  local m = fuda.match{ variant = D .. "guess.lua", seed = seed }
  local mv, info = m:search(1)
  if mv == "black" then black = black + 1 end
  eq(info.failed, 0, "no likely: nothing failed")

  m = fuda.match{ variant = D .. "guess_likely.lua", seed = seed }
  local hash = m:hash()
  mv, info = m:search(1)
  eq(mv, "red", "likely says red, seed " .. seed .. ": the search guesses red")
  check(info.sure and info.own_move == "black", "... sure, over the bot's black")
  eq(info.failed, 0, "likely: nothing failed")
  eq(m:hash(), hash, "likely: the game is as it was")
end
-- dealt at random, red wins half the deals: the bot's black is kept but when luck leads
check(black >= 17, "no likely: the colours are even, the bot's black is kept (" .. black .. " of 20)")

for _, how in ipairs({ "two", "fails", "writes" }) do
  local m = fuda.match{ variant = D .. "guess_likely.lua", seed = 3, options = { likely = how } }
  local hash = m:hash()
  local mv, info = m:search(1)
  eq(mv, "black", "likely " .. how .. ": every deal weighs 1, the bot's black is kept")
  check(info.failed > 0, "likely " .. how .. ": the failures are counted (" .. info.failed .. ")")
  eq(m:hash(), hash, "likely " .. how .. ": the game is as it was")
  eq(m:var("n"), 0, "likely " .. how .. ": nothing written")
end

T.summary("search_likely")
