-- Oklahoma Gin (オクラホマジン): the knock limit each upcard rank sets, gin only on an ace, the
-- spade double on every kind of hand, the upcard in view all hand, the match as in `gin`, and the
-- basic bot kept to the limit over many seeds.
-- Run: ./fuda run tests/lua/oklahoma.lua

local T = dofile("tests/lua/lib/t.lua")
local U = dofile("tests/lua/lib/upcard.lua")
local check, eq, has, apply, refused, contains = T.check, T.eq, T.has, T.apply, T.refused, T.contains
local M9, D32, with, dealt, knocks = U.M9, U.D32, U.with, U.dealt, U.knocks

local RANKS = { "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K" }

-- The upcard of rank r: a heart, or a diamond where M9 holds the heart.
local function upcard(r)
  return RANKS[r] .. ((r >= 4 and r <= 6) and "d" or "h")
end

-- The non-dealer's 10 cards leaving deadwood n (0 to 11) once it draws Ks and discards it.
local function hand_of(n)
  if n == 0 then return with(M9, "10c") end           -- 10c-Jc-Qc-Kc: gin
  if n <= 10 then return with(M9, RANKS[n] .. "s") end -- one loose spade worth n
  return { "4h", "5h", "6h", "Jc", "Qc", "Kc", "As", "2d", "3s", "5s" } -- 1 + 2 + 3 + 5
end

-- Each upcard rank: the limit it sets, a knock at the limit offered and scored, one over refused.
for r = 1, 13 do
  local up = upcard(r)
  local limit = r == 1 and 0 or math.min(r, 10)
  local what = "upcard " .. up

  local m, nd, d = dealt("oklahoma", { up = up, nd = hand_of(limit == 0 and 1 or limit), d = D32, stock = { "Ks" } })
  eq(m:var("limit"), limit, what .. ": knock limit")
  U.pass_pass_draw(m, nd, d, what)
  if limit == 0 then
    eq(knocks(m, nd), "", what .. ": gin only, no knock with deadwood 1")
    refused(m, nd, "knock Ks", what .. ": knock with 1 on an ace")
    check(contains(m:view(nd), "discard or go gin"), what .. ": the view says gin only")
  else
    -- With the limit 10, discarding the loose 10s leaves Ks, worth 10 too.
    eq(knocks(m, nd), limit == 10 and "knock 10s,knock Ks" or "knock Ks", what .. ": knock at the limit offered")
    check(contains(m:view(nd), "knock (deadwood " .. limit .. " or less)"), what .. ": the view tells the limit")
    apply(m, nd, "knock Ks", what)
    eq(m:total(nd), 32 - limit, what .. ": knock scores 32 - " .. limit)
    check(U.sheet_has(m, "knock " .. (32 - limit)), what .. ": scoresheet line")
    eq(m:tallies()["knock:limit " .. limit], 1, what .. ": tally")
  end

  -- One over the limit: no knock; the move is refused and changes nothing.
  m, nd, d = dealt("oklahoma", { up = up, nd = hand_of(limit + 1), d = D32, stock = { "Ks" } })
  U.pass_pass_draw(m, nd, d, what .. " over")
  eq(knocks(m, nd), "", what .. ": no knock with deadwood " .. (limit + 1))
  refused(m, nd, "knock Ks", what .. ": knock with " .. (limit + 1))
  check(has(m:moves(nd), "discard Ks"), what .. ": discarding stays legal")
end

-- An ace upcard: gin is offered and scored as usual.
do
  local what = "ace upcard, gin"
  local m, nd, d = dealt("oklahoma", { up = "Ah", nd = hand_of(0), d = D32, stock = { "Ks" } })
  check(contains(m:view(nd), "Upcard: {Ah} (gin only)"), what .. ": the Upcard line")
  U.pass_pass_draw(m, nd, d, what)
  eq(knocks(m, nd), "gin Ks", what .. ": gin offered")
  apply(m, nd, "gin Ks", what)
  eq(m:total(nd), 32 + 25, what .. ": 32 + 25")
  eq(m:tallies()["gin:ace upcard"], 1, what .. ": tally")
  eq(m:tallies()["upcard:gin only"], 1, what .. ": the deal's tally")
end

-- A spade upcard doubles every kind of hand, bonuses included (8s: knock limit 8).
do
  local what = "spade knock"
  local m, nd, d = dealt("oklahoma", { up = "8s", nd = hand_of(2), d = D32, stock = { "Ks" } })
  check(contains(m:view(d), "Upcard: {8s} (knock with 8 or less, spades double)"), what .. ": Upcard line")
  U.pass_pass_draw(m, nd, d, what)
  apply(m, nd, "knock Ks", what)
  eq(m:total(nd), 60, what .. ": (32 - 2) x 2")
  check(U.sheet_has(m, "knock 30 x 2 (spade upcard)"), what .. ": scoresheet")
  check(T.any_match(m:events(), "the hand scores double, 30 x 2 = 60"), what .. ": event")

  what = "spade gin"
  m, nd, d = dealt("oklahoma", { up = "8s", nd = hand_of(0), d = D32, stock = { "Ks" }, options = { target = 500 } })
  U.pass_pass_draw(m, nd, d, what)
  apply(m, nd, "gin Ks", what)
  eq(m:total(nd), 114, what .. ": (32 + 25) x 2")
  check(U.sheet_has(m, "gin 32 + 25 x 2 (spade upcard)"), what .. ": scoresheet")

  what = "spade undercut"
  local d2 = { "Ac", "2c", "3c", "5c", "6c", "7c", "Jd", "Qd", "Kd", "2d" } -- deadwood 2
  m, nd, d = dealt("oklahoma", { up = "8s", nd = hand_of(5), d = d2, stock = { "Ks" } })
  U.pass_pass_draw(m, nd, d, what)
  apply(m, nd, "knock Ks", what)
  eq(m:total(d), 46, what .. ": (5 - 2 + 20) x 2")
  eq(m:total(nd), 0, what .. ": the knocker scores nothing")
  check(U.sheet_has(m, "undercut 3 + 20 x 2 (spade upcard)"), what .. ": scoresheet")

  what = "spade_double off"
  m, nd, d = dealt("oklahoma", { up = "8s", nd = hand_of(2), d = D32, stock = { "Ks" },
                                 options = { spade_double = false } })
  check(contains(m:view(d), "Upcard: {8s} (knock with 8 or less)\n"), what .. ": no double in the Upcard line")
  U.pass_pass_draw(m, nd, d, what)
  apply(m, nd, "knock Ks", what)
  eq(m:total(nd), 30, what .. ": 32 - 2, not doubled")
end

-- The upcard stays in view after it was taken and buried under later discards.
do
  local what = "upcard in view"
  local m, nd, d = dealt("oklahoma", { up = "7h", nd = hand_of(3), d = D32, stock = { "10s", "Js" } })
  apply(m, nd, "take", what)
  apply(m, nd, "discard 3s", what)
  apply(m, d, "draw", what)
  apply(m, d, "discard 10s", what)
  apply(m, nd, "draw", what)
  apply(m, nd, "discard Js", what)
  eq(m:pile("discard")[#m:pile("discard")], "Js", what .. ": the upcard is buried")
  for _, seat in ipairs{ nd, d } do
    check(contains(m:view(seat), "Upcard: {7h} (knock with 7 or less)"), what .. ": seat " .. seat .. " sees it")
  end
  apply(m, d, "draw", what)
  check(contains(m:view(d), "Upcard: {7h} (knock with 7 or less)"), what .. ": still after another draw")
  check(contains(m:view(d), "your turn: discard, knock (deadwood 7 or less) or gin"), what .. ": and the limit")
end

-- The match is scored as `gin`: game bonus, box and shutout (target 30 to end it in one hand).
do
  local what = "match as gin"
  local m, nd, d = dealt("oklahoma", { up = "Jh", nd = hand_of(2), d = D32, stock = { "Ks" },
                                       options = { target = 30 } })
  U.pass_pass_draw(m, nd, d, what)
  apply(m, nd, "knock Ks", what)
  eq(m:phase(), "match_over", what .. ": over")
  eq(m:total(nd), (30 + 100 + 25) * 2, what .. ": (30 + game 100 + box 25) doubled by the shutout")
  check(U.sheet_has(m, "shutout: total doubled"), what .. ": shutout line")
  eq(m:var("dealer"), d, what .. ": next dealer is the loser (as gin)")
end

-- The bots over many seeds (basic against simple, which knocks as soon as allowed, and simple
-- against random): every move they pick is legal, every knock offered is within the hand's limit (checked
-- here with a meld rules object of our own), and they go gin on ace upcards.
do
  local R = fuda.rules{ ace = "low" }
  local function limit_of(up)
    local r = fuda.rank(up)
    if r == 1 then return 0 end
    return math.min(r, 10)
  end
  local bad, over, knocks_seen, ace_gins, hands = 0, 0, 0, 0, 0
  for seed = 1, 40 do
    local m = fuda.match{ variant = "oklahoma", seats = 2, seed = seed }
    local bots = seed % 2 == 0 and { "basic", "simple" } or { "simple", "random" }
    local moves = 0
    while m:phase() ~= "match_over" and moves < 20000 do
      if m:phase() == "hand_over" then hands = hands + 1; m:next_hand() end
      local seat = m:actors()[1]
      local limit = limit_of(m:var("upcard"))
      if m:var("limit") ~= limit then bad = bad + 1 end
      local list = m:moves(seat)
      for _, mv in ipairs(list) do
        local c = mv:match("^knock (%S+)")
        if c then
          local rest = {}
          for _, h in ipairs(m:pile("hand", seat)) do if h ~= c then rest[#rest + 1] = h end end
          if R:deadwood(rest) > limit or limit == 0 then over = over + 1 end
        end
      end
      local mv = m:bot(seat, bots[seat])
      if not has(list, mv) then bad = bad + 1 end
      if mv:find("^knock") then knocks_seen = knocks_seen + 1 end
      if mv:find("^gin") and limit == 0 then ace_gins = ace_gins + 1 end
      if not m:apply(seat, mv) then bad = bad + 1; break end
      moves = moves + 1
    end
    eq(m:phase(), "match_over", "bots seed " .. seed .. ": the match ends")
  end
  eq(bad, 0, "bots: every move legal, the limit set by the upcard")
  eq(over, 0, "bots: no knock offered over the limit")
  check(knocks_seen > 100, "bots: knocks were made (" .. knocks_seen .. ")")
  check(ace_gins > 0, "bots: gin reached on an ace upcard (" .. ace_gins .. " in " .. hands .. " hands)")
end

T.summary("oklahoma")
