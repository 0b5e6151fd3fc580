#!/bin/sh
# duel.sh -- end-to-end tests of `fuda duel`: the report and its JSON keys,
# intervals that hold their figures, the same figures at every -j, seats
# swapped on the same deals (a bot against itself scores exactly its share),
# rank distributions with more seats, usage errors.
. "$(dirname "$0")/lib/check.sh"

run duel gin --bots basic,random -n 20
expect "duel gin exits 0" status 0
expect "duel names the bots" has "$OUT" '^duel +gin, 2 seats: basic vs random$'
expect "duel counts deals and seatings" has "$OUT" '^matches +40 \(20 deals x 2 seatings, seeds from 1\)$'
expect "duel: basic beats random" has "$OUT" '^win rate +(9[0-9]|100)\.[0-9]% of matches \(95% CI [0-9.]+% to [0-9.]+%\)$'
expect "duel: hands" has "$OUT" '^hands +[0-9.]+% of [0-9]+ hands \(95% CI'
expect "duel: margin" has "$OUT" '^margin +\+[0-9.]+ points per match \(95% CI'
expect "duel: elo" has "$OUT" '^elo +\+[0-9]+ \(95% CI \+[0-9]+ to \+[0-9]+\)'
expect "duel: no progress bar when stderr is not a terminal" test ! -s "$ERR"

cat >"$TMP/keys.py" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for k in ("win_rate", "ci_low", "ci_high", "elo", "elo_low", "elo_high", "hands", "hand_win_rate", "margin"):
    assert k in d, k
assert d["ci_low"] <= d["win_rate"] <= d["ci_high"], d
assert d["elo_low"] <= d["elo"] <= d["elo_high"], d
assert d["hand_ci_low"] <= d["hand_win_rate"] <= d["hand_ci_high"], d
assert d["margin_low"] <= d["margin"] <= d["margin_high"], d
assert d["matches"] == d["deals"] * d["seats"], d
assert d["wins"] + d["losses"] + d["draws"] == d["matches"], d
assert all(sum(row) == d["matches"] for row in d["ranks"]), d["ranks"]
if len(sys.argv) > 2:
    assert abs(d["win_rate"] - float(sys.argv[2])) < 1e-9, (d["win_rate"], sys.argv[2])
    assert abs(d["hand_win_rate"] - float(sys.argv[2])) < 1e-9, d["hand_win_rate"]
PY
untimed() { sed 's/, "elapsed_s": [0-9.]*//' "$1"; }
run duel gin --bots basic,random -n 20 --json
expect "duel --json exits 0" status 0
expect "duel --json: the keys, intervals that hold their figures" python3 "$TMP/keys.py" "$OUT"
untimed "$OUT" >"$TMP/j1"
run duel gin --bots basic,random -n 20 --json -j 2
untimed "$OUT" >"$TMP/j2"
expect "duel -j 2 gives the figures of -j 1" cmp -s "$TMP/j1" "$TMP/j2"

# the same bot on both sides: every deal is played both ways, so it wins
# exactly half of the matches and hands (a quarter with four seats)
run duel gin --bots basic,basic -n 15 --json
expect "duel basic,basic: exactly one half" python3 "$TMP/keys.py" "$OUT" 0.5
run duel zun --bots basic,basic -n 5 --json -j 2
expect "duel zun basic,basic: exactly one quarter" python3 "$TMP/keys.py" "$OUT" 0.25

run duel dobon --bots basic,random -n 10
expect "duel dobon exits 0" status 0
expect "duel with four seats rotates the list" has "$OUT" '^matches +40 \(10 deals x 4 seatings'
expect "duel with four seats: rank distributions" has "$OUT" '^  1 basic +[0-9.]+% +[0-9.]+% +[0-9.]+% +[0-9.]+%$'
expect "duel with four seats: Elo from the pairwise totals" has "$OUT" 'from the totals against each other seat'

run duel gin --bots basic
expect "duel with one bot is a usage error" status 2
expect "duel with one bot says so" has "$ERR" 'needs two bots or more'
run duel gin
expect "duel without --bots is a usage error" status 2
run duel gin --bots basic,nosuch
expect "duel with an unknown bot is a usage error" status 2
expect "duel names the unknown bot" has "$ERR" "no bot 'nosuch'"
run duel --bots basic,random
expect "duel without a variant is a usage error" status 2
run duel gin --bots basic,random -n 0
expect "duel -n 0 is a usage error" status 2
run duel nosuchgame --bots basic,random
expect "duel of an unknown variant fails (exit 1)" status 1
finish
