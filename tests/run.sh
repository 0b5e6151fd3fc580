#!/bin/sh
# run.sh BUILD FUDA -- run every suite and print one closing line
# "N passed, N failed" summing them all.
#
# Suites: the C unit tests (BUILD/tests/test_*), the Lua scenario tests
# (tests/lua/*.lua, each run by `fuda run`) and the end-to-end tests of the
# program (tests/e2e/*.sh, each given the fuda binary). Every suite prints its
# own "N passed, N failed" line; a suite that crashes or prints no such line
# counts as one failure.
#
# Every suite has a time limit, FUDA_SUITE_TIMEOUT seconds (300 unless set).
# A suite still running then is stopped -- SIGTERM to its whole process group,
# so the fuda processes it started stop too, SIGKILL 10 s later if it is still
# there -- and counts as one failure: "FAIL NAME (timed out after N s)". The
# closing line is printed all the same. Suites read nothing: stdin is /dev/null.
#
# FUDA_SUITES, if set, runs only the suites whose names (as printed: c/test_rng,
# lua/gin_flow.lua, e2e/check.sh) match one of its space-separated shell
# patterns, e.g. FUDA_SUITES="c/test_state lua/engine_* e2e/check.sh".
BUILD=${1:-build}
FUDA=${2:-./fuda}
# Limits in tests must be decided by instructions or memory, never by how busy
# the machine is: the time limit is set far out unless a test sets its own.
export FUDA_MAX_TIME=${FUDA_MAX_TIME:-60000}
LIMIT=${FUDA_SUITE_TIMEOUT:-300}
case $LIMIT in
'' | *[!0-9]* | 0*)
    echo "run.sh: FUDA_SUITE_TIMEOUT must be a whole number of seconds above 0, not '$LIMIT'" >&2
    exit 2
    ;;
esac
total_p=0
total_f=0
log=$(mktemp)
pid=
trap 'rm -f "$log"' EXIT
# Interrupted (Ctrl-C): `timeout` runs the suite in a process group of its own,
# out of reach of the terminal's signals, so pass the signal on to it.
trap 'if [ -n "$pid" ]; then kill -TERM "$pid" 2>/dev/null; fi; exit 130' INT
trap 'if [ -n "$pid" ]; then kill -TERM "$pid" 2>/dev/null; fi; exit 143' TERM

# run_suite NAME COMMAND...: run the suite under the time limit; its output
# goes to $log, its status to $rc; $timed_out is 1 if the limit stopped it.
# `timeout` exits 124 (or 137 after SIGKILL) when it stopped the suite; a suite
# exiting so by itself before the limit is not mistaken for one it stopped.
limited() {
    start=$(date +%s)
    timeout -k 10 "$LIMIT" "$@" </dev/null >"$log" 2>&1 &
    pid=$!
    wait "$pid"
    rc=$?
    pid=
    timed_out=0
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
        [ $(($(date +%s) - start)) -ge "$LIMIT" ] && timed_out=1
    fi
}

# selected NAME: is the suite NAME among FUDA_SUITES (all when it is unset)?
selected() {
    [ -z "${FUDA_SUITES:-}" ] && return 0
    set -f # the patterns are matched against names, not expanded to files
    for pat in $FUDA_SUITES; do
        case $1 in $pat) set +f; return 0 ;; esac
    done
    set +f
    return 1
}

run_suite() {
    name=$1; shift
    selected "$name" || return 0
    limited "$@"
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    if [ "$timed_out" -eq 1 ]; then
        p=0; f=1
    elif [ -z "$line" ]; then
        p=0; f=1
    else
        p=$(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/')
        f=$(echo "$line" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/')
        [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
    fi
    if [ "$timed_out" -eq 1 ]; then
        echo "FAIL $name (timed out after $LIMIT s)"
        sed 's/^/    /' "$log" | tail -n 40
    elif [ "$f" -ne 0 ]; then
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
