#!/bin/sh
# run.sh BUILD FUDA -- run every suite and print one closing line
# "N passed, N failed" summing them all.
#
# Suites: the C unit tests (BUILD/tests/test_*), the Lua scenario tests
# (tests/lua/*.lua, each run by `fuda run`) and the end-to-end tests of the
# program (tests/e2e/*.sh, each given the fuda binary). Every suite prints its
# own "N passed, N failed" line; a suite that crashes or prints no such line
# counts as one failure.
BUILD=${1:-build}
FUDA=${2:-./fuda}
# Limits in tests must be decided by instructions or memory, never by how busy
# the machine is: the time limit is set far out unless a test sets its own.
export FUDA_MAX_TIME=${FUDA_MAX_TIME:-60000}
total_p=0
total_f=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

run_suite() {
    name=$1; shift
    "$@" >"$log" 2>&1
    rc=$?
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    if [ -z "$line" ]; then
        p=0; f=1
    else
        p=$(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/')
        f=$(echo "$line" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/')
        [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
    fi
    if [ "$f" -ne 0 ]; then
        echo "FAIL $name ($p passed, $f failed, exit $rc)"
        sed 's/^/    /' "$log" | tail -n 40
    else
        echo "ok   $name ($p passed)"
    fi
    total_p=$((total_p + p))
    total_f=$((total_f + f))
}

for t in "$BUILD"/tests/test_*; do
    [ -x "$t" ] && run_suite "c/$(basename "$t")" "$t"
done
for t in tests/lua/*.lua; do
    [ -f "$t" ] && run_suite "lua/$(basename "$t")" "$FUDA" run "$t"
done
for t in tests/e2e/*.sh; do
    [ -f "$t" ] && run_suite "e2e/$(basename "$t")" sh "$t" "$FUDA"
done
echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
