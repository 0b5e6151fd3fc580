#!/bin/sh
# three.sh -- the three-player Gin games (battle-royale, cutthroat, chouette) from the command
# line: listed, their rules pages, `fuda sim` with the pairs' settlement columns (text and
# --json), and what a player sees in `fuda play`.
. "$(dirname "$0")/lib/check.sh"

run list
for v in battle-royale cutthroat chouette; do
    expect "$v is listed" has "$OUT" "^$v "
done

for v in battle-royale cutthroat chouette; do
    run rules $v
    expect "$v: rules exit 0" status 0
    expect "$v: three players" has "$OUT" '^players +3'
    expect "$v: the rules page follows" has "$OUT" 'as fuda plays it'
done

for v in battle-royale cutthroat chouette; do
    run sim $v -n 20 --seed 1
    expect "$v: sim exits 0" status 0
    expect "$v: three seats" has "$OUT" '^seats +3$'
    expect "$v: every match is won" has "$OUT" '^draws +0$'
    expect "$v: the points column" has "$OUT" '^column +points: mean score '
    expect "$v: a column per pair" has "$OUT" '^column +seats 2-3: mean score -?[0-9]+\.[0-9][0-9], -?[0-9]+\.[0-9][0-9], -?[0-9]+\.[0-9][0-9]$'
    expect "$v: every match settles its pairs" has "$OUT" '^tally match:pairs settled 20$'
done

run sim battle-royale -n 20 --seed 1 --json
expect "battle-royale --json: the settlements add up to nothing" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
text = json.dumps(d)
assert "seats 1-2" in text and "seats 2-3" in text, "pair columns named"
assert d["tallies"]["match:pairs settled"] == 20
' "$OUT"

# The human at seat 1: the piles' tops and "take CARD" in Battle Royale; the seating in the others.
run_in 'moves
quit
y' play battle-royale --seed 29
expect "battle-royale: each pile's top" has "$OUT" '^Discards: you \(empty\), seat 2 \(empty\), seat 3 Kd +Stock: 21'
expect "battle-royale: take names the card" has "$OUT" '^legal moves: draw, take Kd$'
run_in 'quit
y' play cutthroat --seed 1
expect "cutthroat: who sits out" has "$OUT" '^Sitting out: seat 2\.$'
run_in 'quit
y' play chouette --seed 1
expect "chouette: the roles" has "$OUT" '^In the box: you\. Captain: seat 3\. Partner \(sits out, advises the captain\): seat 2\.$'
finish
