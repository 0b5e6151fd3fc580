-- examples.lua -- the house rules in docs/examples load, play and do what
-- they say.
local T = dofile("tests/lua/lib/t.lua")
local check = T.check

local m = fuda.match{ variant = "docs/examples/our-gin.lua", seed = 1 }
local nd = m:var("dealer") % 2 + 1
m:arrange("hand", nd, { "As", "2s", "3s", "4h", "5h", "6h", "7c", "7d", "7h", "Kc" })
check(m:view(nd):find("Game to 150"), "our-gin: game to 150")
check(m:view(nd):find("deadwood 10"), "our-gin: arranged hand has deadwood 10")
check(m:apply(nd, "pass"), "our-gin: pass on the upcard")

-- an undercut pays 10 in our gin (20 in gin): same seed, same cards, both games
local function undercut(variant, seed, options)
  local u = fuda.match{ variant = variant, seed = seed or 4, options = options }
  local d = u:var("dealer")
  local k = d % 2 + 1                               -- the non-dealer knocks
  u:arrange("hand", k, { "As", "2s", "3s", "4h", "5h", "6h", "7c", "7d", "7h", "9c" })
  u:arrange("hand", d, { "Ad", "2d", "3d", "4c", "5c", "6c", "8s", "8h", "8d", "2c" })
  u:arrange("discard", nil, { "Qs" }, true)
  u:arrange("stock", nil, { "2h" }, true)
  assert(u:apply(k, "pass")) assert(u:apply(d, "pass")) assert(u:apply(k, "draw"))
  local ok, err = u:apply(k, "knock 9c")            -- knocker keeps 2h: 2, defender 2c: 2, a tie is an undercut
  assert(ok, err)
  return u:total(d), u:total(k), u
end
local d1, k1 = undercut("gin")
local d2, k2 = undercut("docs/examples/our-gin.lua")
check(k1 == 0 and k2 == 0, "the knocker scores nothing after an undercut")
check(d1 - d2 == 10, ("undercut bonus 20 in gin, 10 in our gin: %d vs %d"):format(d1, d2))

-- in a hand whose upcard was a spade the points count double, and the doubled total decides
-- whether the match is over
local SD = "docs/examples/gin-spades-double.lua"
local spade_seed
for seed = 1, 100 do
  local m = fuda.match{ variant = SD, seed = seed }
  if fuda.suit(m:var("upcard")) == "s" then spade_seed = seed break end
end
check(spade_seed, "spades-double: some seed turns a spade upcard")
if spade_seed then
  local d1, _, u1 = undercut("gin", spade_seed, { target = 30 })
  local d2, k2, u2 = undercut(SD, spade_seed, { target = 30 })
  check(d1 == 20 and u1:phase() == "hand_over", ("gin: the undercut pays 20, the match goes on: %d, %s"):format(d1, u1:phase()))
  check(u2:phase() == "match_over", "spades-double: the doubled undercut, 40, reaches the target 30: " .. u2:phase())
  check(u2:scoresheet():find("undercut 0 + 20 x 2 (spade upcard)", 1, true), "spades-double: the scoresheet says doubled")
  check(d2 > 40 and k2 == 0, ("spades-double: 40 and the bonuses for the winner: %d to %d"):format(d2, k2))
end
local d3, _, u3 = undercut(SD, 4, { target = 30 })
check(fuda.suit(u3:var("upcard")) ~= "s" and d3 == 20 and u3:phase() == "hand_over", "spades-double: no spade, no doubling")

-- the hook-replacing example plays whole matches
for seed = 1, 3 do
  local s = fuda.match{ variant = "docs/examples/gin-spades-double.lua", seed = seed }
  local hands = 0
  while s:phase() ~= "match_over" and hands < 40 do
    local ok, err = s:play_bots({ "basic", "basic" })
    check(ok, "spades-double: bots play: " .. tostring(err))
    hands = hands + 1
    if s:phase() == "hand_over" then s:next_hand() end
  end
  check(s:phase() == "match_over", "spades-double: match " .. seed .. " ends")
end

T.summary("examples")
