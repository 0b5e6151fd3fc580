#!/bin/sh
# sim.sh -- end-to-end tests of `fuda sim`: totals, determinism apart from the
# time figures, the JSON form, errors.
. "$(dirname "$0")/lib/check.sh"

# Snap: a small variant with a claim window for every seat, up to four seats
SNAP=tests/variants/snap.lua

untimed() { grep -v -E '^(elapsed|matches/s|hands/s|moves/s) ' "$1"; }

run sim gin -n 20 --seed 1
expect "sim exits 0" status 0
cp "$OUT" "$TMP/a"
expect "sim names the variant" has "$OUT" '^variant +gin$'
expect "sim counts the seats" has "$OUT" '^seats +2$'
expect "sim names the bots" has "$OUT" '^bots +[a-z]+,[a-z]+$'
expect "sim counts the matches" has "$OUT" '^matches +20$'
expect "sim counts hands" has "$OUT" '^hands +[1-9][0-9]*$'
expect "sim counts moves" has "$OUT" '^moves +[1-9][0-9]*$'
expect "sim shows seat 1" has "$OUT" '^seat 1 +wins [0-9]+, mean score -?[0-9]+\.[0-9][0-9] '
expect "sim shows seat 2" has "$OUT" '^seat 2 +wins [0-9]+, mean score -?[0-9]+\.[0-9][0-9] '
expect "sim counts draws" has "$OUT" '^draws +[0-9]+$'
expect "sim times itself" has "$OUT" '^elapsed +[0-9.]+ s$'
expect "sim shows speed" has "$OUT" '^moves/s +[0-9.]+$'
w1=$(sed -n 's/^seat 1 *wins \([0-9]*\),.*/\1/p' "$OUT")
w2=$(sed -n 's/^seat 2 *wins \([0-9]*\),.*/\1/p' "$OUT")
d=$(sed -n 's/^draws *//p' "$OUT")
expect "wins and draws add up to the matches" [ $((w1 + w2 + d)) -eq 20 ]

run sim gin -n 20 --seed 1
untimed "$TMP/a" >"$TMP/a1"
untimed "$OUT" >"$TMP/b1"
expect "the same arguments give the same figures" cmp -s "$TMP/a1" "$TMP/b1"
run sim gin -n 20 --seed 2
untimed "$OUT" >"$TMP/c1"
expect "another seed gives other figures" sh -c "! cmp -s '$TMP/a1' '$TMP/c1'"

run sim gin -n 5 --seed 7 --json
expect "sim --json exits 0" status 0
expect "sim --json prints one line" [ "$(wc -l <"$OUT")" -eq 1 ]
if command -v python3 >/dev/null 2>&1; then
    expect "sim --json parses with its keys" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
keys = ["variant", "seats", "bots", "matches", "hands", "moves", "wins", "draws", "mean_score",
        "elapsed_s", "matches_per_s", "hands_per_s", "moves_per_s"]
assert all(k in d for k in keys), [k for k in keys if k not in d]
assert d["variant"] == "gin" and d["seats"] == 2 and d["matches"] == 5
assert len(d["wins"]) == 2 and len(d["mean_score"]) == 2 and len(d["bots"]) == 2
assert sum(d["wins"]) + d["draws"] == 5
' "$OUT"
fi
run sim gin -n 5 --seed 7
h=$(sed -n 's/^hands *//p' "$OUT")
expect "text and JSON agree" has "$TMP/out" "^hands +$h\$"

run sim gin -n 3 --bots random,random --option target=50
expect "sim with bots and options exits 0" status 0
expect "sim uses the bots given" has "$OUT" '^bots +random,random$'
run sim gin-bicycle -n 2 --bots random
expect "sim of a preset exits 0" status 0

# a variant that never ends is given up with an error naming the seed
cat >"$TMP/endless.lua" <<'LUA'
return {
  title = "Endless",
  players = 2,
  setup = function(g) g:new_pile("stock") end,
  deal = function(g) g.turn = 1 end,
  moves = function(g, seat) if seat == g.turn then return { "wait" } end return {} end,
  play = function(g, seat, move) g.turn = g:next(seat) end,
}
LUA
run sim "$TMP/endless.lua" -n 2 --seed 5
expect "an endless variant exits 1" status 1
expect "an endless variant names the match and seed" has "$ERR" 'match 1 \(seed 5\).*100000 moves'

# a variant with claim windows and up to four seats
run sim "$SNAP" -n 30 --seed 1 --seats 3 --json
expect "sim of a claim-window variant exits 0" status 0
if command -v python3 >/dev/null 2>&1; then
    expect "3 seats: wins and draws add up" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["seats"] == 3 and len(d["wins"]) == 3 and sum(d["wins"]) + d["draws"] == 30
assert d["hands"] == 60, d["hands"]
' "$OUT"
fi
run sim "$SNAP" -n 30 --seed 1 --seats 5
expect "too many seats exits 2" status 2
expect "too many seats says so" has "$ERR" 'played by 2 to 4 players, not 5'


# A match format that names the winner (g:end_match(seat)) and named columns: the wins are the
# named winners' (each match has one: no draws), and each column has its mean score.
run sim tests/variants/results_fmt.lua -n 10 --seed 1
expect "named winners: sim exits 0" status 0
expect "named winners: no draws" has "$OUT" '^draws +0$'
w1=$(sed -n 's/^seat 1 *wins \([0-9]*\),.*/\1/p' "$OUT")
w2=$(sed -n 's/^seat 2 *wins \([0-9]*\),.*/\1/p' "$OUT")
expect "named winners: a win per match" [ $((w1 + w2)) -eq 10 ]
expect "named columns: points" has "$OUT" '^column +points: mean score [0-9]+\.[0-9][0-9], [0-9]+\.[0-9][0-9]$'
expect "named columns: hands" has "$OUT" '^column +hands: mean score [0-9]+\.[0-9][0-9], [0-9]+\.[0-9][0-9]$'
run sim tests/variants/results_fmt.lua -n 10 --seed 1 --json
expect "named columns in JSON" has "$OUT" '"columns": \[\{"name": "points", "mean_score": \[[0-9.]+, [0-9.]+\]\}, \{"name": "hands", "mean_score": \[[0-9.]+, [0-9.]+\]\}\]'
expect "named winners in JSON: no draws" has "$OUT" '"draws": 0,'
# Match formats that name their winner: Hollywood (more games won) and Straight Gin's series
# (first to 4 hands won). sim counts the named winner, not the highest column-1 total: a host
# script plays the same matches (seeds S..S+n-1) and counts both.
cat >"$TMP/winners.lua" <<'LUA'
local variant, first, n, opt = arg[1], tonumber(arg[2]), tonumber(arg[3]), arg[4]
local options = opt and { [opt] = true } or nil
local named, by_points = { 0, 0 }, { 0, 0 }
for seed = first, first + n - 1 do
  local m = fuda.match{ variant = variant, seats = 2, seed = seed, options = options }
  while m:phase() ~= "match_over" do
    m:play_bots({ "basic", "basic" })
    if m:phase() == "hand_over" then m:next_hand() end
  end
  local count = variant == "hollywood" and "games_won" or "hands_won"
  local w = m:seat_var(1, count) > m:seat_var(2, count) and 1 or 2
  named[w] = named[w] + 1
  local p = m:total(1) > m:total(2) and 1 or 2
  by_points[p] = by_points[p] + 1
end
print(("named %d %d, column 1 %d %d"):format(named[1], named[2], by_points[1], by_points[2]))
LUA
run sim hollywood -n 20 --seed 21
expect "hollywood: sim exits 0" status 0
expect "hollywood: game 1 column" has "$OUT" '^column +game 1: mean score [0-9]+\.[0-9][0-9], [0-9]+\.[0-9][0-9]$'
expect "hollywood: game 2 column" has "$OUT" '^column +game 2: mean score '
expect "hollywood: game 3 column" has "$OUT" '^column +game 3: mean score '
expect "hollywood: every match ends with all three games closed" has "$OUT" '^tally hollywood:match over 20$'
expect "hollywood: game 3 closed in every match" has "$OUT" '^tally hollywood:game 3 closed 20$'
expect "hollywood: no draws" has "$OUT" '^draws +0$'
cp "$OUT" "$TMP/hw"
"$FUDA" run "$TMP/winners.lua" hollywood 21 20 >"$OUT" 2>"$ERR"
RC=$?
expect "hollywood: the host script runs" status 0
expect "hollywood: games won and column 1 disagree in these matches" has "$OUT" '^named 11 9, column 1 9 11$'
expect "hollywood: sim counts the winner by games (seat 1)" has "$TMP/hw" '^seat 1 +wins 11, '
expect "hollywood: sim counts the winner by games (seat 2)" has "$TMP/hw" '^seat 2 +wins 9, '
run sim hollywood -n 20 --seed 21 --json
if command -v python3 >/dev/null 2>&1; then
    expect "hollywood --json: three named columns, the winners" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert [c["name"] for c in d["columns"]] == ["game 1", "game 2", "game 3"], d["columns"]
assert d["columns"][0]["mean_score"] == d["mean_score"]
assert all(len(c["mean_score"]) == 2 for c in d["columns"])
assert d["wins"] == [11, 9] and d["draws"] == 0, (d["wins"], d["draws"])
assert d["tallies"]["hollywood:match over"] == 20
' "$OUT"
fi
run sim straight-gin -n 20 --seed 81 --option series=true
expect "series: sim exits 0" status 0
expect "series: every match has a series winner" has "$OUT" '^tally series:won 20$'
expect "series: no knocks" sh -c "! grep -q 'hand:knock' '$OUT'"
cp "$OUT" "$TMP/sg"
"$FUDA" run "$TMP/winners.lua" straight-gin 81 20 series >"$OUT" 2>"$ERR"
RC=$?
expect "series: the host script runs" status 0
expect "series: hands won and points disagree in these matches" has "$OUT" '^named 9 11, column 1 10 10$'
expect "series: sim counts the series' winner (seat 1)" has "$TMP/sg" '^seat 1 +wins 9, '
expect "series: sim counts the series' winner (seat 2)" has "$TMP/sg" '^seat 2 +wins 11, '
run sim straight-gin -n 20 --seed 81 --option series=true --json
if command -v python3 >/dev/null 2>&1; then
    expect "series --json: the winners" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["wins"] == [9, 11] and d["draws"] == 0, d["wins"]
assert "columns" not in d or len(d["columns"]) <= 1
' "$OUT"
fi

finish
