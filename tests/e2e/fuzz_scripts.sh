#!/bin/sh
# fuzz_scripts.sh -- the script fuzzer (tests/fuzz/fuzz_scripts.c, `make fuzz-scripts`): its
# generator is seeded (the same seed writes the same scripts), its oracles see the escapes
# planted in tests/fuzz/planted/ (a probe that reached something, output that is not print's, a
# log that does not replay), and a short run of random scripts, every class of attack on,
# finds nothing (`make fuzz-scripts` runs 10^6).
. "$(dirname "$0")/lib/check.sh"
# the fuzzer of the build being tested: build/ for ./fuda, build-asan/ for build-asan/fuda
case $FUDA in
*/build*/fuda) FZ=$(dirname "$FUDA")/fuzz-scripts ;;
*) FZ=build/fuzz-scripts ;;
esac
expect "the fuzzer is built with the program" test -x "$FZ"

"$FZ" --print 7 1 42 >"$TMP/a.lua"
"$FZ" --print 7 1 42 >"$TMP/b.lua"
"$FZ" --print 7 1 43 >"$TMP/c.lua"
expect "the same seed, job and index write the same script" cmp -s "$TMP/a.lua" "$TMP/b.lua"
expect "another index, another script" sh -c "! cmp -s '$TMP/a.lua' '$TMP/c.lua'"
expect "a script starts with its limits and the harness's seed" head -n 1 "$TMP/a.lua" | grep -q '^-- fuzz-scripts: hseed='

for f in reach output replay; do
    "$FZ" --run tests/fuzz/planted/$f.lua --findings "$TMP/found" >"$OUT" 2>"$ERR"
    RC=$?
    expect "planted $f: exit 1" status 1
    expect "planted $f: the finding is named" has "$OUT" "planted/$f.lua: [0-9]+ $f\$"
done
expect "a finding's script is saved beside its story" test -f "$TMP/found/reach-s1-j0-0.lua"
"$FZ" --run tests/fuzz/planted/clean.lua --findings "$TMP/found" >"$OUT" 2>"$ERR"
RC=$?
expect "a plain game: no finding, exit 0" status 0
expect "a plain game: said so" has "$OUT" "no finding$"

"$FZ" -n 1200 -j 2 --seed 1 --check-every 400 --fuda "$FUDA" --findings "$TMP/smoke" --quiet \
    >"$OUT" 2>"$ERR"
RC=$?
expect "a short run finds nothing" status 0
expect "... and says so" has "$OUT" '^fuzz-scripts: 0 findings$'
expect "... after 1200 executions" has "$OUT" '^fuzz-scripts: 1200 execs in'
expect "... most of which load, start and play" has "$OUT" 'fuzz-scripts: [0-9]{3,} loaded, [0-9]{3,} started, [0-9]{4,} actions'
expect "... and fuda check ran on some scripts" has "$OUT" ', 3 fuda checks$'
if [ "$RC" -ne 0 ]; then
    for f in "$TMP"/smoke/*.txt; do [ -f "$f" ] && sed -n '1,6p' "$f"; done | head -n 60
fi
finish
