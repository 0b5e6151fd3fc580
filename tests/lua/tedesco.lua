-- Tedesco Gin (テデスコ・ジン): the knock limit each upcard rank sets, the spade double after the
-- bonuses, runs around the corner, aces 1 for the knocker and 15 for the knocked player, the
-- hand ended by an empty stock (aces 15 for both), the knock barred while the card just taken is
-- in no meld, the match to 100 without bonuses with the deal alternating, and the basic bot.
-- Run: ./fuda run tests/lua/tedesco.lua

local T = dofile("tests/lua/lib/t.lua")
local U = dofile("tests/lua/lib/upcard.lua")
local check, eq, has, apply, refused, contains = T.check, T.eq, T.has, T.apply, T.refused, T.contains
local any_match = T.any_match
local M9, D32, with, dealt, knocks = U.M9, U.D32, U.with, U.dealt, U.knocks

local RANKS = { "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K" }
local function upcard(r) return RANKS[r] .. ((r >= 4 and r <= 6) and "d" or "h") end

-- The non-dealer's 10 cards leaving deadwood n (0 to 11) once it draws Ks and discards it.
local function hand_of(n)
  if n == 0 then return with(M9, "10c") end
  if n <= 10 then return with(M9, RANKS[n] .. "s") end
  return { "4h", "5h", "6h", "Jc", "Qc", "Kc", "As", "2d", "3s", "5s" }
end

-- A defender with runs Ac-2c-3c, 5c-6c-7c, Jd-Qd-Kd and `loose`.
local function defender(loose) return { "Ac", "2c", "3c", "5c", "6c", "7c", "Jd", "Qd", "Kd", loose } end

-- Each upcard rank: the limit, a knock at the limit scored (the knocker's ace counts 1), one over refused.
for r = 1, 13 do
  local up = upcard(r)
  local limit = r == 1 and 0 or math.min(r, 10)
  local what = "tedesco upcard " .. up
  local m, nd, d = dealt("tedesco", { up = up, nd = hand_of(limit == 0 and 1 or limit), d = D32, stock = { "Ks" } })
  eq(m:var("limit"), limit, what .. ": knock limit")
  U.pass_pass_draw(m, nd, d, what)
  if limit == 0 then
    eq(knocks(m, nd), "", what .. ": gin only")
    refused(m, nd, "knock Ks", what .. ": knock with 1 on an ace")
  else
    eq(knocks(m, nd), limit == 10 and "knock 10s,knock Ks" or "knock Ks", what .. ": knock at the limit")
    apply(m, nd, "knock Ks", what)
    eq(m:total(nd), 32 - limit, what .. ": 32 - " .. limit)
    check(U.sheet_has(m, "knock " .. (32 - limit)), what .. ": scoresheet line")
  end
  m, nd, d = dealt("tedesco", { up = up, nd = hand_of(limit + 1), d = D32, stock = { "Ks" } })
  U.pass_pass_draw(m, nd, d, what .. " over")
  eq(knocks(m, nd), "", what .. ": no knock with deadwood " .. (limit + 1))
  refused(m, nd, "knock Ks", what .. ": knock with " .. (limit + 1))
end

-- Spades double after the bonuses: (base + bonus) x 2 (8s: limit 8; target 500 keeps the match on).
do
  local big = { target = 500 }
  local what = "spade knock"
  local m, nd, d = dealt("tedesco", { up = "8s", nd = hand_of(2), d = D32, stock = { "Ks" }, options = big })
  U.pass_pass_draw(m, nd, d, what)
  apply(m, nd, "knock Ks", what)
  eq(m:total(nd), 60, what .. ": (32 - 2) x 2")
  check(U.sheet_has(m, "knock 30 x 2 (spade upcard)"), what .. ": scoresheet")

  what = "spade gin"
  m, nd, d = dealt("tedesco", { up = "8s", nd = hand_of(0), d = D32, stock = { "Ks" }, options = big })
  U.pass_pass_draw(m, nd, d, what)
  apply(m, nd, "gin Ks", what)
  eq(m:total(nd), 114, what .. ": (32 + 25) x 2")
  check(U.sheet_has(m, "gin 32 + 25 x 2 (spade upcard)"), what .. ": scoresheet")

  what = "spade undercut"
  m, nd, d = dealt("tedesco", { up = "8s", nd = hand_of(5), d = defender("2d"), stock = { "Ks" }, options = big })
  U.pass_pass_draw(m, nd, d, what)
  apply(m, nd, "knock Ks", what)
  eq(m:total(d), 56, what .. ": (5 - 2 + 25) x 2, not 3 x 2 + 25")
  check(U.sheet_has(m, "undercut 3 + 25 x 2 (spade upcard)"), what .. ": scoresheet")
  check(any_match(m:events(), "undercut bonus 25 = 28"), what .. ": the bonus before the double")
end

-- Aces: 15 for the knocked player. Ah loose: 1 would undercut a knock with 5; 15 loses to it.
do
  local what = "defender's ace 15"
  local m, nd, d = dealt("tedesco", { up = "10h", nd = hand_of(5), d = defender("Ah"), stock = { "Ks" } })
  U.pass_pass_draw(m, nd, d, what)
  apply(m, nd, "knock Ks", what)
  check(any_match(m:events(), "deadwood {Ah} = 15"), what .. ": the ace shown at 15")
  eq(m:total(nd), 10, what .. ": the knocker wins 15 - 5")
  eq(m:total(d), 0, what .. ": no undercut")
  check(U.sheet_has(m, "knock 10"), what .. ": scoresheet")

  what = "defender's ace at ace_value (defender_ace_value = 0)"
  m, nd, d = dealt("tedesco", { up = "10h", nd = hand_of(5), d = defender("Ah"), stock = { "Ks" },
                                options = { defender_ace_value = 0 } })
  U.pass_pass_draw(m, nd, d, what)
  apply(m, nd, "knock Ks", what)
  eq(m:total(d), 5 - 1 + 25, what .. ": an undercut, 5 - 1 + 25")

  what = "knocker's ace 1"
  m, nd, d = dealt("tedesco", { up = "Jh", nd = hand_of(1), d = defender("Ah"), stock = { "Ks" } })
  U.pass_pass_draw(m, nd, d, what)
  eq(knocks(m, nd), "knock As,knock Ks", what .. ": As counts 1 for knocking (and Ks leaves 10)")
  apply(m, nd, "knock Ks", what)
  eq(m:total(nd), 14, what .. ": 15 - 1")

  what = "defender's ace 15 against gin"
  m, nd, d = dealt("tedesco", { up = "10h", nd = hand_of(0), d = defender("Ah"), stock = { "Ks" } })
  U.pass_pass_draw(m, nd, d, what)
  apply(m, nd, "gin Ks", what)
  eq(m:total(nd), 15 + 25, what .. ": 15 + 25")

  what = "defender_ace_on_gin = false"
  m, nd, d = dealt("tedesco", { up = "10h", nd = hand_of(0), d = defender("Ah"), stock = { "Ks" },
                                options = { defender_ace_on_gin = false } })
  U.pass_pass_draw(m, nd, d, what)
  apply(m, nd, "gin Ks", what)
  eq(m:total(nd), 1 + 25, what .. ": 1 + 25")
end

-- Runs around the corner: Qh-Kh-Ah and Kc-Ac-2c make gin in Tedesco, not in Oklahoma.
do
  local nd_cards = { "Qh", "Kh", "Ah", "Kc", "Ac", "2c", "7d", "8d", "9d", "10d" }
  local d_cards = { "3c", "4c", "5c", "Jd", "Qd", "Kd", "3d", "9c", "7s", "10s" } -- deadwood 29
  local what = "corner runs"
  local m, nd, d = dealt("tedesco", { up = "10h", nd = nd_cards, d = d_cards, stock = { "5s" } })
  U.pass_pass_draw(m, nd, d, what)
  check(has(m:moves(nd), "gin 5s"), what .. ": gin offered")
  apply(m, nd, "gin 5s", what)
  eq(m:total(nd), 29 + 25, what .. ": 29 + 25")
  eq(m:tallies()["meld:ace next to a king"], 2, what .. ": both corner runs tallied")
  m, nd, d = dealt("oklahoma", { up = "10h", nd = nd_cards, d = d_cards, stock = { "5s" } })
  U.pass_pass_draw(m, nd, d, what .. " (oklahoma)")
  eq(knocks(m, nd), "", what .. ": no run through the ace in Oklahoma (deadwood 24 at best)")
end

-- Play the hand out: every turn draws from the stock and throws the card drawn, until the hand ends.
local function draw_out(m, nd, d, what)
  apply(m, nd, "pass", what)
  apply(m, d, "pass", what)
  local turns = 0
  while m:phase() == "playing" and turns < 100 do
    local seat = m:actors()[1]
    local before = {}
    for _, c in ipairs(m:pile("hand", seat)) do before[c] = true end
    if not apply(m, seat, "draw", what) then return end
    for _, c in ipairs(m:pile("hand", seat)) do
      if not before[c] then apply(m, seat, "discard " .. c, what) end
    end
    turns = turns + 1
  end
  eq(turns, 31, what .. ": the hand ends when the 31 stock cards are drawn")
end

-- The stock runs out: aces 15 for both, the lower deadwood wins the difference; equal: nobody.
do
  local what = "stock out"
  local m, nd, d = dealt("tedesco", { up = "10h", nd = hand_of(1), d = defender("10s") })
  draw_out(m, nd, d, what)
  eq(m:phase(), "hand_over", what .. ": hand over")
  eq(m:total(d), 5, what .. ": 15 (As) - 10")
  eq(m:total(nd), 0, what .. ": the ace costs 15")
  check(U.sheet_has(m, "stock out 5"), what .. ": scoresheet")
  check(any_match(m:events(), "The stock is empty: the hand ends."), what .. ": event")
  eq(m:var("dealer"), nd, what .. ": the deal alternates")

  what = "stock out, spade upcard"
  m, nd, d = dealt("tedesco", { up = "8s", nd = hand_of(1), d = defender("10h") })
  draw_out(m, nd, d, what)
  eq(m:total(d), 10, what .. ": (15 - 10) x 2")

  what = "stock out, equal"
  m, nd, d = dealt("tedesco", { up = "10h", nd = hand_of(1), d = defender("Ah") })
  draw_out(m, nd, d, what)
  eq(m:phase(), "hand_over", what .. ": hand over")
  eq(m:total(nd) + m:total(d), 0, what .. ": nobody scores (15 and 15)")
  check(U.sheet_has(m, "stock out, equal"), what .. ": scoresheet")
  check(any_match(m:events(), "Equal deadwood (15): nobody scores."), what .. ": event")
  check(contains(m:view(nd), "Hand over: nobody scored (stock out, equal deadwood)."), what .. ": view")
  eq(m:var("dealer"), nd, what .. ": the deal alternates even so")
  m:next_hand()
  eq(m:var("dealer"), nd, what .. ": the other seat deals the next hand")
end

-- The card just taken must be in a meld to knock. Here some arrangement melds 2h (2s 2d 2h, with
-- 3d 4d loose: 7), though the least deadwood leaves it out (2d-3d-4d, 2s 2h: 4).
do
  local nd_cards = with(M9, "2h")
  local d_cards = { "5c", "6c", "7c", "8c", "9c", "2s", "2d", "3d", "4d", "Kh" }
  local function to_take(variant, up, what)
    local m, nd, d = dealt(variant, { up = up, nd = nd_cards, d = d_cards, stock = { "Qs" } })
    U.pass_pass_draw(m, nd, d, what)
    apply(m, nd, "discard 2h", what)
    apply(m, d, "take", what)
    return m, nd, d
  end
  local what = "taken card in some meld, limit 10"
  local m, nd, d = to_take("tedesco", "Jh", what)
  eq(knocks(m, d), "knock Kh", what .. ": allowed (7 with 2h melded)")
  apply(m, d, "knock Kh", what)
  -- §6: the knock is shown and scored with the taken card in a meld, not the least deadwood
  eq(m:total(d), 10 - 7, what .. ": scored with 2h melded, 10 (Qs) - 7 (3d 4d)")
  eq(m:tallies()["knock:with the taken card melded"], 1, what .. ": tally")
  eq(m:tallies()["knock:shown with the taken card melded"], 1, what .. ": shown so")
  check(any_match(m:events(), "knocks: melds {2h} {2s} {2d} | {5c} {6c} {7c} {8c} {9c}, deadwood {3d} {4d} = 7."),
        what .. ": the showdown shows 2h melded")

  what = "taken card melded only over the limit 6"
  m, nd, d = to_take("tedesco", "6d", what)
  eq(knocks(m, d), "", what .. ": no knock")
  refused(m, d, "knock Kh", what)
  apply(m, d, "discard Kh", what)
  eq(m:tallies()["knock:barred, the taken card unmelded"], 1, what .. ": tally")
  m, nd, d = to_take("oklahoma", "6d", what .. " (oklahoma)")
  eq(knocks(m, d), "knock Kh", what .. ": Oklahoma has no such rule")

  what = "the upcard taken, unmelded"
  m, nd, d = dealt("tedesco", { up = "8h", nd = hand_of(2), d = D32 })
  apply(m, nd, "take", what)
  eq(knocks(m, nd), "", what .. ": no knock leaving 8h loose (8, the limit)")
  refused(m, nd, "knock 2s", what)
  m, nd, d = dealt("oklahoma", { up = "8h", nd = hand_of(2), d = D32 })
  apply(m, nd, "take", what .. " (oklahoma)")
  eq(knocks(m, nd), "knock 2s", what .. ": Oklahoma allows it")

  what = "the upcard taken into a meld"
  m, nd, d = dealt("tedesco", { up = "Kc", nd = { "4h", "5h", "6h", "7d", "8d", "9d", "Jc", "Qc", "2s", "3s" }, d = D32 })
  apply(m, nd, "take", what)
  eq(knocks(m, nd), "knock 2s,knock 3s", what .. ": Jc-Qc-Kc: knocks allowed")
  apply(m, nd, "knock 3s", what)
  eq(m:total(nd), 30, what .. ": 32 - 2")
end

-- 「捨て札を拾ったターンに、それをメルドに使わずノックすることはできない」(§6): the knock after taking 3h shows and
-- scores 3h-4h-5h (5s 5d loose: 10), not the least deadwood (5h 5s 5d, 3h 4h loose: 7). The
-- defender then lays off 6h on that run, not 5c on the set: 69 - 6 = 63 against 10, 53 points
-- (the least deadwood would have scored 69 - 5 - 7 = 57).
do
  local what = "taken card shown melded, layoffs on that arrangement"
  local nd_cards = { "6h", "5c", "2d", "7s", "8d", "Jh", "Qh", "Js", "9h", "3h" }
  local d_cards = { "4h", "5h", "5s", "5d", "9c", "10c", "Jc", "Qc", "Kc", "7d" }
  local m, nd, d = dealt("tedesco", { up = "Kd", nd = nd_cards, d = d_cards, stock = { "2c" } })
  U.pass_pass_draw(m, nd, d, what)
  apply(m, nd, "discard 3h", what)
  apply(m, d, "take", what)
  eq(knocks(m, d), "knock 7d", what .. ": the knock leaving 10 with 3h melded")
  apply(m, d, "knock 7d", what)
  eq(m:total(d), 53, what .. ": 69 - 6 - 10")
  check(any_match(m:events(), "lays off {6h} on"), what .. ": 6h laid off on the run")
  check(not any_match(m:events(), "lays off {5c}"), what .. ": no set to lay 5c on")
  check(U.sheet_has(m, "knock 53"), what .. ": scoresheet")
end

-- 「両者がパスした場合 ノンディーラーのターンへ移り、通常進行開始」(§3) and §4 (a turn draws from
-- the stock or takes the top of the discard pile): after both passed, the non-dealer draws
-- from the stock or takes the upcard (the top of the discard pile); both_pass_take=false: the draw only.
do
  local what = "both pass: normal play"
  local m, nd, d = dealt("tedesco", { up = "10h", nd = hand_of(2), d = D32 })
  apply(m, nd, "pass", what)
  apply(m, d, "pass", what)
  eq(table.concat(m:moves(nd), ","), "draw,take", what .. ": draw or take, by default")
  apply(m, nd, "take", what)
  eq(m:tallies()["upcard:taken after both passed"], 1, what .. ": tally")
  m, nd, d = dealt("tedesco", { up = "10h", nd = hand_of(2), d = D32, options = { both_pass_take = false } })
  apply(m, nd, "pass", what)
  apply(m, d, "pass", what)
  eq(table.concat(m:moves(nd), ","), "draw", what .. ": both_pass_take=false, the stock only")
end

-- The match: first to 100, no game, box or shutout bonus; the deal alternates every hand. Each
-- hand the non-dealer goes gin (32 + 25, doubled on a spade upcard).
do
  local what = "match to 100"
  local m = fuda.match{ variant = "tedesco", seats = 2, seed = 6 } -- no upcard among the cards arranged
  local want, dealers, hands = { 0, 0 }, {}, 0
  while m:phase() ~= "match_over" and hands < 10 do
    if m:phase() == "hand_over" then m:next_hand() end
    hands = hands + 1
    local d = m:var("dealer")
    local nd, up = 3 - d, m:var("upcard")
    dealers[hands] = d
    m:arrange("hand", nd, hand_of(0))
    m:arrange("hand", d, D32)
    local last = up == "Ks" and "Qs" or "Ks"
    m:arrange("stock", nil, { last }, true)
    eq(m:pile("discard")[1], up, what .. ": hand " .. hands .. " upcard kept")
    U.pass_pass_draw(m, nd, d, what)
    apply(m, nd, "gin " .. last, what)
    want[nd] = want[nd] + 57 * (up:sub(-1) == "s" and 2 or 1)
    eq(m:phase(), math.max(want[1], want[2]) >= 100 and "match_over" or "hand_over", what .. ": hand " .. hands)
  end
  eq(m:phase(), "match_over", what .. ": over")
  eq(m:total(1), want[1], what .. ": seat 1 total")
  eq(m:total(2), want[2], what .. ": seat 2 total")
  eq(hands, 2, what .. ": two hands (57, then 114 on a spade upcard)")
  eq(math.max(want[1], want[2]), 114, what .. ": ended at 114")
  local sheet = m:scoresheet()
  check(not contains(sheet, "bonus") and not contains(sheet, "box") and not contains(sheet, "shutout"),
        what .. ": no bonus lines")
  for i = 2, hands do eq(dealers[i], 3 - dealers[i - 1], what .. ": the deal alternates, hand " .. i) end
end

-- The bots over many seeds (basic against simple and random, simple against random): every move legal; every
-- knock offered within the limit (checked with our own rules: aces 1, around the corner); gin on
-- ace upcards; stock-outs scored.
do
  local R = fuda.rules{ ace = "corner" }
  local bad, over, knocks_seen, ace_gins = 0, 0, 0, 0
  local tallies = {}
  for seed = 1, 30 do
    local m = fuda.match{ variant = "tedesco", seats = 2, seed = seed }
    local bots = ({ { "basic", "simple" }, { "random", "basic" }, { "simple", "random" } })[seed % 3 + 1]
    local moves = 0
    while m:phase() ~= "match_over" and moves < 20000 do
      if m:phase() == "hand_over" then m:next_hand() end
      local seat = m:actors()[1]
      local limit = m:var("limit")
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
    for k, n in pairs(m:tallies()) do tallies[k] = (tallies[k] or 0) + n end
  end
  eq(bad, 0, "bots: every move legal")
  eq(over, 0, "bots: no knock offered over the limit")
  check(knocks_seen > 50, "bots: knocks were made (" .. knocks_seen .. ")")
  check(ace_gins > 0, "bots: gin reached on an ace upcard (" .. ace_gins .. ")")
  check((tallies["hand:stock out"] or 0) > 0, "bots: hands ended by the stock")
  eq(tallies["hand:void"], nil, "bots: no void hand")
end

T.summary("tedesco")
