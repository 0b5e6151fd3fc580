#!/bin/sh
# report.sh -- end-to-end tests of `fuda sim --report`, `--vs`/`--vs-option`
# and `--svg`: the figures in text and JSON (intervals that hold their
# figures, histograms that count every match), the same report at every -j,
# a rule change found significant, and when none is, how many matches would
# tell; the SVG valid XML with its charts titled and its axes, one colour one
# meaning, the differences drawn as the JSON has them, written atomically;
# and usage errors.
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
expect "report: tallies as rates" has "$OUT" '^  hand:gin +0\.[0-9]+ per hand \(95% CI'

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
assert r["tallies"]["hand:gin"]["count"] == d["tallies"]["hand:gin"]
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
# svg.py FILE SEATS IDS: the picture's panels (ids in order), each titled,
# its axes titled; a colour means one thing: the bars and the legend the
# main side's blue or the --vs side's orange, the seats' lines neither.
cat >"$TMP/svg.py" <<'PY'
import sys
import xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == ns + "svg", root.tag
assert root.find(ns + "title") is not None
ids = [g.get("id") for g in root.findall(ns + "g")]
assert ids == sys.argv[3].split(","), ids
def texts(g):
    return ["".join(t.itertext()) for t in g.iter(ns + "text")]
for g in root.findall(ns + "g"):
    assert texts(g), g.get("id")
SIDES = {"#1f77b4", "#ff7f0e"}
for pid, axes in (("scores", ("final score (points)", "seats ending there")), ("length", ("hands in the match", "matches"))):
    g = root.find(ns + "g[@id='%s']" % pid)
    assert all(a in texts(g) for a in axes), (pid, texts(g))
    bars = [r for r in g.iter(ns + "rect")]
    assert len(bars) >= 2, pid
    assert {r.get("fill") for r in bars} <= SIDES, {r.get("fill") for r in bars}
lead = root.find(ns + "g[@id='lead']")
assert "hands played" in texts(lead) and "total (points)" in texts(lead), texts(lead)
lines = lead.findall(ns + "polyline")
assert len(lines) == int(sys.argv[2]), len(lines)
assert not {p.get("stroke") for p in lines} & SIDES, "a seat in a side's colour"
for p in lines:
    pts = p.get("points").split()
    assert len(pts) >= 2 and all(len(x.split(",")) == 2 for x in pts)
    assert any(t.startswith("seat ") for t in texts(lead))
PY
expect "the SVG: its charts titled, axes titled, a line per seat, one colour one meaning" \
    python3 "$TMP/svg.py" "$TMP/r.svg" 2 scores,length,lead
expect "the SVG's title names the variant and the matches" has "$TMP/r.svg" '>gin, 30 matches</text>'
if command -v xmllint >/dev/null 2>&1; then
    expect "xmllint accepts the SVG" xmllint --noout "$TMP/r.svg"
fi
run sim dobon -n 10 --svg "$TMP/d.svg" --vs-option games=2
expect "dobon --svg --vs-option exits 0" status 0
expect "dobon SVG: the differences first, a line per seat" python3 "$TMP/svg.py" "$TMP/d.svg" 4 compare,scores,length,lead
expect "dobon SVG: its title names what is compared" has "$TMP/d.svg" '>dobon: games=2 vs default, 10 matches each</text>'

# The differences drawn as the JSON has them: a dot per figure, filled when significant; when none
# is, the words on how many matches would show the difference seen, as the text report has them.
cat >"$TMP/cmp.py" <<'PY'
import json, sys
import xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
cmp = json.load(open(sys.argv[2]))["compare"]
g = ET.parse(sys.argv[1]).getroot().find(ns + "g[@id='compare']")
dots = g.findall(".//" + ns + "circle")
assert len(dots) == len(cmp), (len(dots), len(cmp))
for dot, (key, f) in zip(dots, cmp.items()):
    assert (dot.get("fill") != "#fff") == f["significant"], (key, dot.get("fill"), f)
words = " ".join("".join(t.itertext()) for t in g.iter(ns + "text"))
report = open(sys.argv[3]).read()
if any(f["significant"] for f in cmp.values()):
    assert "Significant at 95%:" in words, words
else:
    need = [f["matches_needed"] for f in cmp.values() if f["matches_needed"]]
    assert "No difference is significant at 95%" in words, words
    if need:
        n = "{:,}".format(min(need))
        assert "would take about %s matches a side" % n in words, (n, words)
        assert "about %s matches a side" % n in " ".join(report.split()), report
PY
run sim gin -n 40 --vs-option target=50 --svg "$TMP/t.svg" --json
cp "$OUT" "$TMP/t.json"
run sim gin -n 40 --vs-option target=50
expect "target=50: the dots as the JSON's significance" python3 "$TMP/cmp.py" "$TMP/t.svg" "$TMP/t.json" "$OUT"
expect "target=50: shorter matches, a filled dot" sh -c 'grep -q "<title>hands per match: -" "$1" && grep -q "fill=\"#222\" stroke=\"#222\" stroke-width=\"2\"><title>hands per match" "$1"' sh "$TMP/t.svg"
run sim gin -n 20 --vs-option target=95 --svg "$TMP/u.svg" --json
cp "$OUT" "$TMP/u.json"
run sim gin -n 20 --vs-option target=95
expect "target=95: the dots as the JSON's significance, the words as the report's" \
    python3 "$TMP/cmp.py" "$TMP/u.svg" "$TMP/u.json" "$OUT"
expect "target=95: nothing significant in 20 matches" has "$OUT" '^in words +no difference is significant at 95%;$'
expect "target=95: ~N beside a figure not significant" has "$OUT" '^hands per match .*\)  ~[0-9,]+$'

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
expect "scripted SVG: each seat's line has the start and 3 hands" sh -c '[ "$(grep -c "<polyline[^>]*points=\"[^ ]* [^ ]* [^ ]* [^ ]*\">" "$1")" -eq 2 ]' sh "$TMP/s.svg"
# seat 1: 0, 10, 10, 35; seat 2: 0, 0, 30, 30 (script 1:10,2:30,1:25): the y of each point, the
# y axis's ticks placing 0 and 35
expect "scripted SVG: seat 1 from 0 by 10 to 35, in the y axis's scale" python3 - "$TMP/s.svg" <<'PY'
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
g = ET.parse(sys.argv[1]).getroot().find(ns + "g[@id='lead']")
ys = {p.find(ns + "title").text.split()[1]: [float(x.split(",")[1]) for x in p.get("points").split()] for p in g.findall(ns + "polyline")}
ticks = {t.text: float(t.get("y")) - 4 for t in g.findall(ns + "text") if t.get("text-anchor") == "end"}
at = lambda v: ticks["0"] + (ticks["10"] - ticks["0"]) * v / 10
assert all(abs(a - at(v)) < 0.2 for a, v in zip(ys["1"], (0, 10, 10, 35))), (ys, ticks)
assert all(abs(a - at(v)) < 0.2 for a, v in zip(ys["2"], (0, 0, 30, 30))), (ys, ticks)
PY

run sim gin --svg
expect "--svg without a file is a usage error" status 2
run sim gin --vs gin --vs oklahoma
expect "--vs twice is a usage error" status 2
run sim gin --vs-option target
expect "--vs-option without = is a usage error" status 2
finish
