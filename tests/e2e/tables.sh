#!/bin/sh
# tables.sh -- end-to-end tests of matches of several tables (partnership, teams): fuda check at
# every seat count the games allow (a few matches each; the full runs are in the report of the
# work), fuda sim's per-team figures in text and JSON, --seats, -j, replaying a saved log.
. "$(dirname "$0")/lib/check.sh"

untimed() { grep -v -E '^(elapsed|matches/s|hands/s|moves/s) ' "$1"; }

run check partnership -n 12
expect "check partnership passes" status 0
expect "check partnership says OK" has "$OUT" '^check: OK'
for n in 6 8 10 12; do
    run check teams --seats "$n" -n 6
    expect "check teams --seats $n passes" status 0
    expect "check teams --seats $n checks $n seats" has "$OUT" "^seats $n +6 matches"
done
(cd "$TMP" && "$FUDA" check teams --seats 7 -n 2 >"$OUT" 2>"$ERR")
RC=$?
expect "check teams --seats 7 is a usage error: an odd count" status 2
expect "... saying why" has "$ERR" 'teams is played by 6 to 12 players, an even number, not 7'
run check teams -n 8
expect "check teams checks the even counts only" has "$OUT" '^seats 12 +2 matches'
expect "... and no odd one" hasnt "$OUT" '^seats (7|9|11) '

run sim partnership -n 30 --seed 1
expect "sim partnership exits 0" status 0
expect "sim shows team 1" has "$OUT" '^team 1 +wins [0-9]+, mean score [0-9]+\.[0-9][0-9] \(seats 1,3\)$'
expect "sim shows team 2" has "$OUT" '^team 2 +wins [0-9]+, mean score [0-9]+\.[0-9][0-9] \(seats 2,4\)$'
t1=$(sed -n 's/^team 1 *wins \([0-9]*\),.*/\1/p' "$OUT")
t2=$(sed -n 's/^team 2 *wins \([0-9]*\),.*/\1/p' "$OUT")
expect "the teams' wins add up to the matches" [ $((t1 + t2)) -eq 30 ]
s1=$(sed -n 's/^seat 1 *wins \([0-9]*\),.*/\1/p' "$OUT")
s3=$(sed -n 's/^seat 3 *wins \([0-9]*\),.*/\1/p' "$OUT")
expect "a team's win is each member's" [ "$t1" -eq "$s1" ] && [ "$t1" -eq "$s3" ]
untimed "$OUT" >"$TMP/j1"
run sim partnership -n 30 --seed 1 -j 2
untimed "$OUT" >"$TMP/j2"
expect "sim -j 2 gives the same figures" cmp -s "$TMP/j1" "$TMP/j2"

run sim teams --seats 8 -n 10 --seed 2 --json
expect "sim teams --json exits 0" status 0
expect "the JSON parses and has two teams of four" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
t = d["teams"]
assert d["seats"] == 8 and len(t) == 2, d
assert t[0]["seats"] == [1, 3, 5, 7] and t[1]["seats"] == [2, 4, 6, 8], t
assert t[0]["wins"] + t[1]["wins"] == 10, t
assert "team:match over" in d["tallies"]
' "$OUT"
run sim teams --seats 12 -n 3 --seed 2
expect "sim teams --seats 12 runs six tables" has "$OUT" '^seats +12$'
expect "... and reports the teams of six" has "$OUT" '^team 1 .*\(seats 1,3,5,7,9,11\)$'

# A saved partnership log replays in play: the view shows both tables and the team totals.
printf 'save %s\nquit\ny\n' "$TMP/p.log" | "$FUDA" play partnership --seed 4 >"$OUT" 2>"$ERR"
expect "play partnership shows your table" has "$OUT" '^-- table [12], your table --$'
expect "... the other table's line" has "$OUT" '^Table [12] \(seat [0-9], seat [0-9]\): '
expect "... and the team totals" has "$OUT" '^Teams: team 1 \(1, 3\) yours, 0; team 2 \(2, 4\) 0$'
printf 'table 2\nquit\ny\n' | "$FUDA" play partnership --seed 4 >"$OUT" 2>"$ERR"
expect "'table N' of another table while yours plays is refused" has "$OUT" "your own table's hand is on: finish it before looking at table"
# the end of a match of teams names the winning team once, with its total
"$FUDA" play partnership --seed 3 --humans none >"$OUT" 2>"$ERR" </dev/null
expect "partnership: the winning team named" has "$OUT" '^Match over: team 1 \(seats 1 and 3\) wins with 556\.$'
expect "partnership: ... once" test "$(grep -c '^Match over\|wins the match\|the team wins' "$OUT")" -eq 1
"$FUDA" play teams --seats 6 --seed 3 --humans none >"$OUT" 2>"$ERR" </dev/null
expect "teams: the winning team named" has "$OUT" '^Match over: team 2 \(seats 2, 4 and 6\) wins with 305\.$'

finish
