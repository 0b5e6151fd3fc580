#!/bin/sh
# report.sh -- end-to-end tests of `fuda sim --report`, `--vs`/`--vs-option`
# and `--svg`: the figures in text and JSON (intervals that hold their
# figures, histograms that count every match), the same report at every -j,
# a rule change found significant, the SVG valid XML with its charts,
# written atomically, and usage errors.
. "$(dirname "$0")/lib/check.sh"

run sim gin --report -n 60
expect "sim --report exits 0" status 0
expect "sim --report keeps the totals" has "$OUT" '^seat 1 +wins [0-9]+, mean score'
expect "report: each seat's win rate with its interval" has "$OUT" '^seat 2 wins +[0-9.]+% \(95% CI [0-9.]+% to [0-9.]+%\) \(basic\)$'
expect "report: the first mover's share of hands" has "$OUT" '^first mover wins +[0-9.]+% \(95% CI .*\) of hands \(even: 50.0%\)$'
expect "report: hands per match with spread" has "$OUT" '^hands per match +[0-9.]+ \(95% CI [0-9.]+ to [0-9.]+\), sd [0-9.]+$'
expect "report: decided in the last hand" has "$OUT" '^decided last hand '
expect "report: lead changes" has "$OUT" '^lead changes +[0-9.]+ per match'
expect "report: drama" has "$OUT" '^drama +[0-9.]+ points the winner trailed by'
expect "report: the length histogram" has "$OUT" '^match length \(hands\)$'
expect "report: the hand length histogram" has "$OUT" '^hand length \(moves\)$'
expect "report: tallies as rates" has "$OUT" '^  hand:knock +0\.[0-9]+ per hand \(95% CI'

cat >"$TMP/report.py" <<'PY'
import json, sys
top = json.load(open(sys.argv[1]))
d = top["main"] if len(sys.argv) > 2 else top  # --vs: {"main": ..., "vs": ..., "compare": ...}
r = d["report"]
def holds(x):
    assert x["ci_low"] - 1e-9 <= x.get("rate", x.get("mean")) <= x["ci_high"] + 1e-9, x
for k in ("draw", "first_mover", "hands_per_match", "moves_per_hand", "decided_last_hand", "lead_changes",
          "drama", "comeback"):
    holds(r[k])
for x in r["seat_win"]:
    holds(x)
assert r["matches"] == d["matches"] and r["hands"] == d["hands"], (r["matches"], d["matches"])
assert sum(r["length_hist"]["counts"]) == r["matches"]
assert sum(r["score_hist"]["counts"]) == r["matches"] * d["seats"]
assert sum(r["hand_length_hist"]["counts"]) == r["hands"]
assert abs(r["moves_per_hand"]["mean"] * r["hands"] - d["moves"]) < 1e-3 * d["moves"], (r["moves_per_hand"], d["moves"])
assert abs(sum(x["rate"] for x in r["seat_win"]) + r["draw"]["rate"] - 1) < 1e-3, r["seat_win"]
assert abs(r["hands_per_match"]["mean"] - d["hands"] / d["matches"]) < 1e-3
assert r["tallies"]["hand:knock"]["count"] == d["tallies"]["hand:knock"]
assert 1 <= r["typical_match"] <= r["matches"]
if len(sys.argv) > 2:  # a comparison: target=50 makes matches shorter
    c = top["compare"]
    h = c["hands_per_match"]
    assert h["significant"] is True and h["diff"] < 0 and h["ci_high"] < 0, h
    assert abs(h["diff"] - (top["vs"]["report"]["hands_per_match"]["mean"] - r["hands_per_match"]["mean"])) < 1e-3
    assert top["vs"]["matches"] == d["matches"]
PY
untimed() { sed -E 's/"(elapsed_s|matches_per_s|hands_per_s|moves_per_s)": [0-9.]*//g' "$1"; }
run sim gin --report --json -n 60
expect "sim --report --json exits 0" status 0
expect "report --json: the figures hold their intervals, the histograms count every match" python3 "$TMP/report.py" "$OUT"
untimed "$OUT" >"$TMP/j1"
run sim gin --report --json -n 60 -j 2
untimed "$OUT" >"$TMP/j2"
expect "report -j 2 is the report of -j 1" cmp -s "$TMP/j1" "$TMP/j2"
run sim zun --report -n 20
expect "sim zun --report exits 0" status 0
expect "report zun: four seats" has "$OUT" '^seat 4 wins '

run sim gin -n 60 --report --vs-option target=50 --json
expect "sim --vs-option exits 0" status 0
expect "--vs-option target=50: matches significantly shorter" python3 "$TMP/report.py" "$OUT" compare
run sim gin -n 60 --vs-option target=50
expect "--vs in text: the comparison" has "$OUT" '^hands per match +[0-9.]+ +-> +[0-9.]+ +-[0-9.]+ \(-[0-9.]+ to -[0-9.]+\) \*$'
expect "--vs in text: in words" has "$OUT" '^in words +target=50 makes matches [0-9.]+ hands shorter, \+/- [0-9.]+$'
run sim gin -n 20 --vs oklahoma
expect "sim --vs VARIANT exits 0" status 0
expect "sim --vs VARIANT plays the other variant" has "$OUT" '^variant +oklahoma$'
run sim gin -n 20 --vs nosuchgame
expect "sim --vs of an unknown variant fails (exit 1)" status 1

run sim gin -n 30 --svg "$TMP/r.svg"
expect "sim --svg exits 0" status 0
expect "sim --svg writes the file" test -s "$TMP/r.svg"
cat >"$TMP/svg.py" <<'PY'
import sys
import xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == ns + "svg", root.tag
assert root.find(ns + "title") is not None
ids = [g.get("id") for g in root.findall(ns + "g")]
assert ids == ["scores", "length", "lead"], ids
for g in root.findall(ns + "g"):
    assert g.find(ns + "text") is not None
assert len(root.find(ns + "g[@id='scores']").findall(ns + "rect")) >= 2
assert len(root.find(ns + "g[@id='length']").findall(ns + "rect")) >= 2
lines = root.find(ns + "g[@id='lead']").findall(ns + "polyline")
assert len(lines) == int(sys.argv[2]), len(lines)
for p in lines:
    pts = p.get("points").split()
    assert len(pts) >= 2 and all(len(x.split(",")) == 2 for x in pts)
PY
expect "the SVG is XML with three charts and a line per seat" python3 "$TMP/svg.py" "$TMP/r.svg" 2
if command -v xmllint >/dev/null 2>&1; then
    expect "xmllint accepts the SVG" xmllint --noout "$TMP/r.svg"
fi
run sim dobon -n 10 --svg "$TMP/d.svg" --vs-option games=2
expect "dobon --svg --vs-option exits 0" status 0
expect "dobon SVG: a line per seat" python3 "$TMP/svg.py" "$TMP/d.svg" 4
run sim gin -n 5 --svg "$TMP/nodir/r.svg"
expect "--svg into a missing folder fails (exit 1)" status 1
expect "--svg failure is named" has "$ERR" "cannot write '.*nodir/r.svg'"
mkdir "$TMP/dir"
echo keep >"$TMP/dir/f"
run sim gin -n 5 --svg "$TMP/dir"
expect "--svg onto a folder fails (exit 1)" status 1
expect "a failed --svg leaves the folder as it was" grep -qx keep "$TMP/dir/f"
expect "a failed --svg leaves no temporary file" test "$(ls -A "$TMP/dir")" = f

# exact figures from scripted scores (tests/variants/scripted.lua): the
# leader after each hand, lead changes, drama, the last hand, the first mover
V=$(cd "$(dirname "$0")/../variants" && pwd)/scripted.lua
cat >"$TMP/exact.py" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["report"]
want = json.loads(sys.argv[2])
for k, v in want.items():
    got = r[k]["rate"] if "rate" in r[k] else r[k]["mean"]
    assert abs(got - v) < 1e-9, (k, got, v)
PY
# (10,0) 1 leads; (10,30) 2 leads; (35,30) 1 leads and wins: 2 changes, it trailed by 20, decided last
run sim "$V" -n 2 --report --json
expect "scripted 1: exact figures" python3 "$TMP/exact.py" "$OUT" \
    '{"lead_changes": 2, "drama": 20, "decided_last_hand": 1, "comeback": 1, "first_mover": 1, "hands_per_match": 3, "moves_per_hand": 1}'
# (0,5); (10,5) 1 leads; (20,5); (20,8): 1 change, drama 5, led before the last hand; first mover 2 of 4
run sim "$V" -n 2 --report --json --option script=2:5,1:10,1:10,2:3
expect "scripted 2: exact figures" python3 "$TMP/exact.py" "$OUT" \
    '{"lead_changes": 1, "drama": 5, "decided_last_hand": 0, "comeback": 1, "first_mover": 0.5, "hands_per_match": 4}'
# (5,0) 1 leads; (5,5) a tie keeps no new leader; (5,6) 2 leads and wins: 1 change, drama 5,
# decided last (2 did not lead alone before it)
run sim "$V" -n 2 --report --json --option script=1:5,2:5,2:1
expect "scripted 3: a tie for the lead" python3 "$TMP/exact.py" "$OUT" \
    '{"lead_changes": 1, "drama": 5, "decided_last_hand": 1, "comeback": 1, "hands_per_match": 3}'
# (0,0,7) the third seat of three leads throughout: no change, no drama, not decided last
run sim "$V" -n 2 --seats 3 --report --json --option script=3:7,1:2,2:3
expect "scripted 4: three seats, a leader throughout" python3 "$TMP/exact.py" "$OUT" \
    '{"lead_changes": 0, "drama": 0, "decided_last_hand": 0, "comeback": 0, "hands_per_match": 3}'
run sim "$V" -n 1 --svg "$TMP/s.svg"
expect "scripted SVG: each seat's line has the start and 3 hands" sh -c '[ "$(grep -c "<polyline.*points=\"[^ ]* [^ ]* [^ ]* [^ ]*\">" "$1")" -eq 2 ]' sh "$TMP/s.svg"
expect "scripted SVG: seat 1 from 0 at the bottom by 10 to 35 at the top" grep -q 'points="70,210.0 290.0,161.4 510.0,161.4 730.0,40.0"><title>seat 1' "$TMP/s.svg"

run sim gin --svg
expect "--svg without a file is a usage error" status 2
run sim gin --vs gin --vs oklahoma
expect "--vs twice is a usage error" status 2
run sim gin --vs-option target
expect "--vs-option without = is a usage error" status 2
finish
