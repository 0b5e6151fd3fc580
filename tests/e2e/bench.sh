#!/bin/sh
# bench.sh -- end-to-end test of tools/bench.sh (what `make bench` runs) at a
# tiny scale: every figure of the speed issue is printed, one a line, with a
# number and its unit; BENCH_JSON writes the same figures; a base build given
# as a binary gets its column and the ratio. Asserts no speed.
. "$(dirname "$0")/lib/check.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BENCHBIN=$(dirname "$FUDA")/build/fuda-bench
[ -x "$BENCHBIN" ] || BENCHBIN=$(dirname "$FUDA")/fuda-bench
export BENCH_SCALE=0.02 BENCH_MELD_SECONDS=0.01 BENCH_MEM_MOVES=2

FIGURES='gin random:@hands/s
sim -j 2 vs -j 1 \(gin random\):@x
zun 4 seats random:@games/s
dobon 4 seats random:@games/s
gin basic:@hands/s
memory per live match \(gin\):@KB
default check gin \(estimated\):@s
meld deadwood 10 cards \(ace low\):@M calls/s
meld arrangements \(knock <= 10\):@M calls/s'

# every_figure FILE: each figure on a line of its own, a number, its unit
every_figure() {
    echo "$FIGURES" | while IFS=@ read -r name unit; do
        grep -E -q "^$name +[0-9]+(\.[0-9]+)? $unit\$" "$1" || { echo "missing: $name ... $unit" >&2; exit 1; }
    done
}

OUT=$TMP/out ERR=$TMP/err
BENCH_JSON=$TMP/bench.json timeout 120 sh "$ROOT/tools/bench.sh" "$FUDA" "$BENCHBIN" >"$OUT" 2>"$ERR"
RC=$?
expect "bench.sh exits 0" status 0
expect "bench.sh prints every figure with a number and its unit" every_figure "$OUT"
expect "15 meld figures" [ "$(grep -c '^meld .* M calls/s$' "$OUT")" -eq 15 ]
expect "the games of zun and dobon are said to be hands" has "$OUT" 'games of zun and dobon are hands'
if command -v python3 >/dev/null 2>&1; then
    expect "BENCH_JSON holds the same figures" python3 -c '
import json, sys, re
d = json.load(open(sys.argv[1]))
names = [f["name"] for f in d["figures"]]
text = [l for l in open(sys.argv[2]) if re.match(r"^\S.*: +[0-9.]+ ", l)]
assert len(names) == len(text) == 22, (names, text)
for f, l in zip(d["figures"], text):
    assert l.startswith(f["name"] + ":"), (f, l)
    assert float(l.split(":")[-1].split()[0]) == f["value"], (f, l)
    assert "base" not in f
assert d["scale"] == 0.02 and d["rounds"] == 1
' "$TMP/bench.json" "$OUT"
fi

# a base given as a binary (here the same one): both columns and the ratio,
# two rounds, no meld benchmark for the base (its figures show "-"); only
# some figures (BENCH_FIGURES)
BENCH_FIGURES="meld gin dobon" BENCH_ROUNDS=2 BENCH_JSON=$TMP/base.json timeout 200 sh "$ROOT/tools/bench.sh" --base-fuda "$FUDA" \
    --base-bench "$TMP/none" "$FUDA" "$BENCHBIN" >"$OUT" 2>"$ERR"
RC=$?
expect "bench.sh --base-fuda exits 0" status 0
expect "a header names the columns" has "$OUT" '^figure +new +base +new/base +unit$'
expect "a figure of both builds has its ratio" has "$OUT" '^gin random: +[0-9.e+]+ +[0-9.e+]+ +[0-9]+\.[0-9]{3}  hands/s$'
expect "the -j 2 speedup has its ratio" has "$OUT" '^sim -j 2 vs -j 1 \(gin random\): +[0-9.e+]+ +[0-9.e+]+ +[0-9]+\.[0-9]{3}  x$'
expect "only the figures asked for" hasnt "$OUT" '^(zun|gin basic|memory|default check)'
expect "a meld figure without a base shows -" has "$OUT" '^meld best 10 cards: +[0-9.e+]+ +- +-  M calls/s$'
expect "the missing meld benchmark is said" has "$ERR" "no meld benchmark at $TMP/none"
expect "the rounds are counted" has "$ERR" 'round 2 of 2 done'
if command -v python3 >/dev/null 2>&1; then
    expect "BENCH_JSON has the base and the ratio" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
f = {x["name"]: x for x in d["figures"]}
assert d["rounds"] == 2
g = f["gin random"]
assert g["base"] > 0 and abs(g["ratio"] - g["value"] / g["base"]) < 1e-3, g
assert "base" not in f["meld best 10 cards"]
assert set(f) == {"gin random", "sim -j 2 vs -j 1 (gin random)", "dobon 4 seats random"} | {n for n in f if n.startswith("meld ")}
' "$TMP/base.json"
fi

# a base that fails a figure (here a fuda that always fails) loses that figure
# ("-" and a message); a new build that fails makes the run fail
printf '#!/bin/sh\necho "no such command" >&2\nexit 3\n' >"$TMP/broken"
chmod +x "$TMP/broken"
BENCH_FIGURES=dobon BENCH_ROUNDS=1 timeout 60 sh "$ROOT/tools/bench.sh" --base-fuda "$TMP/broken" "$FUDA" >"$OUT" 2>"$ERR"
RC=$?
expect "a failing base still exits 0" status 0
expect "its figure shows -" has "$OUT" '^dobon 4 seats random: +[0-9.e+]+ +- +-  games/s$'
expect "the failure is shown" has "$ERR" "exited 3"
expect "the figure is said to be left out" has "$ERR" '^bench.sh: figure dobon left out for the base$'
BENCH_FIGURES="dobon zun" timeout 60 sh "$ROOT/tools/bench.sh" "$TMP/broken" >"$OUT" 2>"$ERR"
RC=$?
expect "a failing new build exits 1" status 1
expect "each failing figure is named" has "$ERR" '^bench.sh: figure zun failed$'

# usage errors
sh "$ROOT/tools/bench.sh" --base >"$OUT" 2>"$ERR"
RC=$?
expect "--base without a revision is a usage error" status 2
expect "the usage is printed" has "$ERR" '^usage: sh tools/bench.sh'
BENCH_SCALE=lots sh "$ROOT/tools/bench.sh" "$FUDA" >"$OUT" 2>"$ERR"
RC=$?
expect "a bad BENCH_SCALE is a usage error" status 2
expect "and says so" has "$ERR" "BENCH_SCALE must be a number, not 'lots'"
BENCH_FIGURES="gin speed" sh "$ROOT/tools/bench.sh" "$FUDA" >"$OUT" 2>"$ERR"
RC=$?
expect "an unknown figure is a usage error" status 2
expect "and is named" has "$ERR" "BENCH_FIGURES: no figure 'speed'"
sh "$ROOT/tools/bench.sh" --base no-such-revision-xyz "$FUDA" >"$OUT" 2>"$ERR"
RC=$?
expect "an unknown base revision is a usage error" status 2
expect "and says so" has "$ERR" "no revision 'no-such-revision-xyz'"

finish
