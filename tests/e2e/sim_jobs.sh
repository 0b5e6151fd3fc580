#!/bin/sh
# sim_jobs.sh -- end-to-end tests of `fuda sim -j N` (matches on N threads):
# the same figures and tallies as -j 1, the tallies in text and JSON, no
# progress bar when stderr is not a terminal, the first failing match named
# whatever the number of threads.
. "$(dirname "$0")/lib/check.sh"

untimed() { grep -v -E '^(elapsed|matches/s|hands/s|moves/s) ' "$1"; }
same_nonempty() { [ -s "$1" ] && cmp -s "$1" "$2"; }
both_empty() { [ ! -s "$1" ] && [ ! -s "$2" ]; }

# same_as_j1 NAME ARGS...: -j 1 and -j 2 (and --jobs=3) print the same figures
same_as_j1() {
    name=$1
    shift
    run sim "$@" -j 1
    expect "$name -j 1 exits 0" status 0
    untimed "$OUT" >"$TMP/j1"
    cp "$ERR" "$TMP/j1.err"
    expect "$name prints tallies" has "$OUT" '^tally [^ ].* [1-9][0-9]*$'
    run sim "$@" -j 2
    expect "$name -j 2 exits 0" status 0
    untimed "$OUT" >"$TMP/j2"
    expect "$name: -j 2 prints what -j 1 prints" cmp -s "$TMP/j1" "$TMP/j2"
    grep '^tally ' "$TMP/j1" >"$TMP/t1"
    grep '^tally ' "$TMP/j2" >"$TMP/t2"
    expect "$name: -j 2 and -j 1 have the same tallies" same_nonempty "$TMP/t1" "$TMP/t2"
    expect "$name: no progress bar when stderr is not a terminal" both_empty "$ERR" "$TMP/j1.err"
    run sim "$@" --jobs=3
    untimed "$OUT" >"$TMP/j3"
    expect "$name: --jobs=3 prints what -j 1 prints" cmp -s "$TMP/j1" "$TMP/j3"
}

same_as_j1 gin gin -n 300 --seed 1
expect "gin's tallies are sorted by name" sh -c "grep '^tally ' '$TMP/j1' | LC_ALL=C sort -c"
expect "gin tallies its hands" has "$TMP/j1" '^tally hand:gin [0-9]+$'
same_as_j1 "zun 4 seats" zun -n 200 --seats 4 --seed 3
expect "zun tallies its yaku" has "$TMP/j1" '^tally yaku [^ ].* [0-9]+$'
same_as_j1 "dobon 3 seats" dobon -n 300 --seats 3 --seed 11

# more threads than matches, and -jN written together
run sim gin -n 3 -j8
expect "-j8 with 3 matches exits 0" status 0
expect "-j8 with 3 matches plays 3" has "$OUT" '^matches +3$'
run sim gin -n 3 -j 0
expect "-j 0 is a usage error" status 2
run sim gin -n 3 --jobs many
expect "--jobs many is a usage error" status 2

# JSON: the tallies as an object, equal to the text's
run sim dobon -n 40 --seats 4 --seed 2 -j 2 --json
expect "sim -j 2 --json exits 0" status 0
expect "sim --json has tallies" has "$OUT" '"tallies": \{"'
cp "$OUT" "$TMP/json"
run sim dobon -n 40 --seats 4 --seed 2
if command -v python3 >/dev/null 2>&1; then
    expect "JSON tallies equal the text's" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
text = {}
for line in open(sys.argv[2]):
    if line.startswith("tally "):
        name, count = line[6:].rstrip("\n").rsplit(" ", 1)
        text[name] = int(count)
assert d["tallies"] == text, (d["tallies"], text)
assert list(d["tallies"]) == sorted(d["tallies"])
assert d["matches"] == 40 and "interrupted" not in d
' "$TMP/json" "$OUT"
fi

# a variant whose deal fails for some seeds: the first failing match is named,
# however many threads play
cat >"$TMP/trap.lua" <<'LUA'
return {
  title = "Spade trap",
  players = 2,
  setup = function(g) g:new_pile("stock") g:new_deck(g:pile("stock")) end,
  deal = function(g)
    local stock = g:pile("stock")
    stock:shuffle()
    if fuda.suit(stock:top()) == "s" and fuda.rank(stock:top()) == 1 then error("the ace of spades") end
    g.turn = 1
  end,
  moves = function(g, seat) if seat == g.turn then return { "end" } end return {} end,
  play = function(g, seat, move) g:tally("ended") g:end_hand() g:end_match() end,
}
LUA
run sim "$TMP/trap.lua" -n 200 -j 1
expect "a failing match exits 1" status 1
cp "$ERR" "$TMP/trap1"
grep -v -E '^(elapsed|matches/s|hands/s|moves/s)' "$OUT" >"$TMP/trapout1"
expect "the failing match is named" has "$ERR" 'failed match(es)?; the first: match [0-9]+ \(seed [0-9]+\):.*the ace of spades'
expect "the run goes on: the other matches are counted" has "$OUT" '^tally ended [1-9][0-9]*$'
expect "failed and counted matches make the 200" sh -c '
  m=$(sed -n "s/^matches  *\([0-9][0-9]*\)$/\1/p" "$1"); f=$(sed -n "s/^failed *\([0-9]*\) matches.*/\1/p" "$1")
  [ -n "$f" ] && [ "$f" -gt 0 ] && [ $((m + f)) -eq 200 ]' sh "$OUT"
run sim "$TMP/trap.lua" -n 200 -j 3
expect "-j 3 fails the same way" status 1
expect "-j 3 names the same failing match" cmp -s "$ERR" "$TMP/trap1"
grep -v -E '^(elapsed|matches/s|hands/s|moves/s)' "$OUT" >"$TMP/trapout3"
expect "-j 3 counts the same" cmp -s "$TMP/trapout1" "$TMP/trapout3"

finish
