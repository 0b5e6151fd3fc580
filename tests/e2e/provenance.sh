#!/bin/sh
# provenance.sh -- every JSON result is reproducible from itself: sim, check and
# duel put a "run" object in their JSON (fuda's version, the variant with its
# file and a hash of the file, the seed, the seats, the bots, every option in
# effect, the search budget, the limits, and the command that plays it again),
# and that command, run, gives the same figures. `fuda --version` says the
# version.
. "$(dirname "$0")/lib/check.sh"

run --version
expect "--version: exit 0" status 0
expect "--version: fuda and a version" has "$OUT" '^fuda [0-9]+\.[0-9]+'

# sim: the run, then the replay line run again: the same wins, tallies, hands and moves
run --max-time 5000 sim gin -n 4 --seed 7 --bots basic,random --option target=60 --json
expect "sim --json: exit 0" status 0
cp "$OUT" "$TMP/first.json"
"$FUDA" --version | sed 's/^fuda //' >"$TMP/version"
expect "sim: the run says what was played" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["run"]
v = open(sys.argv[2]).read().strip()
assert r["command"] == "sim" and r["variant"] == "gin" and r["seed"] == 7 and r["matches"] == 4, r
assert r["seats"] == 2 and r["bots"] == "basic,random", r
assert r["options"]["target"] == "60" and r["options"]["gin_bonus"] == "25", r["options"]
assert r["file"].endswith("variants/gin.lua") and r["file_hash"].startswith("fnv1a64:"), r
assert r["extends"] == "gin-base" and r["limits"]["max_time_ms"] == 5000, r
assert r["fuda"] == v, (r["fuda"], v)
assert r["replay"] == "fuda --max-time 5000 sim gin --seed 7 -n 4 --seats 2 --bots basic,random --option target=60 --think 200", r["replay"]
' "$TMP/first.json" "$TMP/version"
replay=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["run"]["replay"])' "$TMP/first.json")
# shellcheck disable=SC2086
"$FUDA" ${replay#fuda } --json >"$TMP/again.json" 2>"$ERR" </dev/null
RC=$?
expect "sim: the replay line runs" status 0
expect "sim: the replay gives the same figures" python3 -c '
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for k in ("wins", "hands", "moves", "tallies", "mean_score"):
    assert a[k] == b[k], (k, a[k], b[k])
' "$TMP/first.json" "$TMP/again.json"

# check and duel carry the run too
FUDA_PATH=tests/variants run check tiny -n 3 --strict --json
expect "check --json: the run, its flags in the replay" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
r = d["run"]
assert r["command"] == "check" and r["variant"] == "tiny" and r["seats"] is None, r
assert " check tiny --seed 1 -n 3 " in r["replay"] and r["replay"].endswith("--strict"), r["replay"]
' "$OUT"
run duel gin -n 2 --bots basic,random --iters 10 --json
expect "duel --json: the run, -n counting deals, the budget" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["run"]
assert r["command"] == "duel" and r["matches"] == 2 and r["bots"] == "basic,random", r
assert r["search"]["iters"] == 10 and r["replay"].endswith("--bots basic,random --iters 10"), r
' "$OUT"

finish
