#!/bin/sh
# openspiel.sh -- end-to-end test of tools/openspiel.sh (what `make
# openspiel-bench` runs) without OpenSpiel's sources, which the test suite
# does not have: each missing piece is a usage error that says how to get the
# sources; with a stand-in for the OpenSpiel benchmark (OPENSPIEL_BENCH, a
# script answering as build-openspiel/gin-bench does) the real fuda is
# measured against it round by round, in changing order, and the table and
# the JSON give each run's figures and fuda's ratio over each OpenSpiel mode.
# Asserts no speed.
. "$(dirname "$0")/lib/check.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TOOL=$ROOT/tools/openspiel.sh
export OPENSPIEL_OUT=$TMP/build-openspiel
unset OPENSPIEL_SRC OPENSPIEL_BENCH ABSEIL_SRC

# tool ARGS...: run the tool, stdout in $OUT, stderr in $ERR, status in $RC
tool() {
    timeout 120 sh "$TOOL" "$@" >"$OUT" 2>"$ERR" </dev/null
    RC=$?
}

# ---- no sources ----
tool "$FUDA"
expect "without OPENSPIEL_SRC nor an earlier build: a usage error" status 2
expect "it says what is missing" has "$ERR" '^openspiel.sh: no OPENSPIEL_SRC'
expect "and how to get the sources, at the pinned commit" has "$ERR" \
    'git -C open_spiel checkout 112b77704631fc2ce7ad8e4581f6ca09798ce15a'
expect "and the abseil release OpenSpiel pins" has "$ERR" 'git clone -b 20250814.1 .*abseil-cpp open_spiel/open_spiel/abseil-cpp'
expect "nothing is built" [ ! -e "$OPENSPIEL_OUT/gin-bench" ]

mkdir -p "$TMP/empty"
OPENSPIEL_SRC=$TMP/empty tool --build-only
expect "a folder without OpenSpiel's sources: a usage error" status 2
expect "it is named" has "$ERR" "OPENSPIEL_SRC=$TMP/empty holds no open_spiel/spiel.cc"

mkdir -p "$TMP/os/open_spiel/games/gin_rummy"
: >"$TMP/os/open_spiel/spiel.cc"
: >"$TMP/os/open_spiel/games/gin_rummy/gin_rummy.cc"
OPENSPIEL_SRC=$TMP/os tool --build-only
expect "sources without abseil: a usage error" status 2
expect "where abseil was looked for is said" has "$ERR" "no abseil at $TMP/os/open_spiel/abseil-cpp \\(set ABSEIL_SRC\\)"

# ---- usage errors ----
tool --fast "$FUDA"
expect "an unknown option is a usage error" status 2
expect "the usage is printed" has "$ERR" '^usage: OPENSPIEL_SRC=DIR sh tools/openspiel.sh'
OPENSPIEL_ROUNDS=0 tool "$FUDA"
expect "OPENSPIEL_ROUNDS=0 is a usage error" status 2
expect "and says so" has "$ERR" 'OPENSPIEL_ROUNDS must be a whole number above 0'
OPENSPIEL_SCALE=lots tool "$FUDA"
expect "a bad OPENSPIEL_SCALE is a usage error" status 2
expect "and says so" has "$ERR" "OPENSPIEL_SCALE must be a number, not 'lots'"

# ---- a run against a stand-in for gin-bench ----
# It answers `--mode M -n N --seed S --json` as gin-bench does (110
# decisions and 48 chance actions a hand, one hand in ten scored) and notes
# its arguments.
cat >"$TMP/gin-bench" <<EOF
#!/bin/sh
echo "\$*" >>"$TMP/bench-args"
n=\$4
echo "{\"game\": \"gin_rummy\", \"mode\": \"\$2\", \"seed\": 1, \"hands\": \$n, \"actions\": \$((n * 158)), \"chance_actions\": \$((n * 48)), \"decisions\": \$((n * 110)), \"hands_scored\": \$((n / 10)), \"clones\": 0, \"loop_cpu_s\": 0.001}"
EOF
chmod +x "$TMP/gin-bench"
printf 'openspiel 0123456789abcdef\ncxxflags -O2\n' >"$TMP/gin-bench.info"

OPENSPIEL_BENCH=$TMP/gin-bench OPENSPIEL_SCALE=0.01 tool "$FUDA"
expect "a run exits 0" status 0
expect "the OpenSpiel build is named from gin-bench.info" has "$OUT" 'OpenSpiel 0123456789abcdef \(-O2\)'
expect "the load is shown" has "$OUT" 'load average [0-9.]+ [0-9.]+ [0-9.]+ before'
expect "a header names the columns" has "$OUT" '^run +hands +moves/hand +chance/hand +scored +CPU s +hands/CPU-s +moves/CPU-s +fuda/this +fuda/this$'
expect "fuda's row: its hands and moves, no chance actions, no ratio" has "$OUT" \
    '^fuda sim +[0-9]+ +[0-9]+\.[0-9] +- +[0-9.]+% +[0-9.]+ +[0-9.]+ +[0-9]+ +- +-$'
expect "OpenSpiel clone's row: 3 hands, 110 moves and 48 chance actions a hand, the ratios" has "$OUT" \
    '^OpenSpiel clone +3 +110\.0 +48\.0 +0\.0% +[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]{2}$'
expect "OpenSpiel plain's row: 10 hands, one scored" has "$OUT" \
    '^OpenSpiel plain +10 +110\.0 +48\.0 +10\.0% +[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]{2}$'
expect "three rounds, each begun by another program" sh -c "
    grep -q 'round 1 of 3 done (fuda clone plain)' '$ERR' &&
    grep -q 'round 2 of 3 done (clone plain fuda)' '$ERR' &&
    grep -q 'round 3 of 3 done (plain fuda clone)' '$ERR'"
expect "gin-bench is run in both modes, three times each" [ "$(grep -c -- '--mode clone -n 3 --seed 1 --json' "$TMP/bench-args")" -eq 3 ] 
expect "... and plain" [ "$(grep -c -- '--mode plain -n 10 --seed 1 --json' "$TMP/bench-args")" -eq 3 ]

OPENSPIEL_BENCH=$TMP/gin-bench OPENSPIEL_SCALE=0.01 OPENSPIEL_ROUNDS=1 tool --json "$FUDA"
expect "--json exits 0" status 0
expect "--json prints no table" hasnt "$OUT" '^run +hands'
if command -v python3 >/dev/null 2>&1; then
    expect "--json gives every run and fuda's ratios over OpenSpiel's" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["rounds"] == 1 and d["openspiel"] == "0123456789abcdef", d
runs = {r["run"]: r for r in d["runs"]}
assert list(runs) == ["fuda sim", "OpenSpiel clone", "OpenSpiel plain"], runs
f, c = runs["fuda sim"], runs["OpenSpiel clone"]
assert f["hands"] > 0 and f["moves"] > f["hands"] and "chance_actions" not in f
assert c["hands"] == 3 and c["moves"] == 330 and c["chance_actions"] == 144
for r in (c, runs["OpenSpiel plain"]):
    assert abs(r["fuda_over_this_hands"] - f["hands_per_cpu_s"] / r["hands_per_cpu_s"]) < 0.01 * r["fuda_over_this_hands"], r
    assert abs(r["fuda_over_this_moves"] - f["moves_per_cpu_s"] / r["moves_per_cpu_s"]) < 0.01 * r["fuda_over_this_moves"], r
' "$OUT"
fi

# a gin-bench that fails fails the run, its output shown
printf '#!/bin/sh\necho "gin_rummy: no such game" >&2\nexit 3\n' >"$TMP/broken"
chmod +x "$TMP/broken"
OPENSPIEL_BENCH=$TMP/broken OPENSPIEL_SCALE=0.01 OPENSPIEL_ROUNDS=1 tool "$FUDA"
expect "a failing gin-bench exits 1" status 1
expect "its failure is shown" has "$ERR" 'exited 3'
expect "with its message" has "$ERR" 'gin_rummy: no such game'

finish
