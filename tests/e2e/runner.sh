#!/bin/sh
# runner.sh -- tests of the test runner itself (tests/run.sh), run on a tree of
# fake suites in a scratch folder: a suite that hangs is stopped at the time
# limit (FUDA_SUITE_TIMEOUT) with the fuda processes it started, reported as
# "FAIL NAME (timed out after N s)", counted as a failure, and the suites after
# it still run and the closing line still prints; FUDA_SUITES picks suites.
. "$(dirname "$0")/lib/check.sh"
unset FUDA_SUITES # this runner's own selection is not the fake tree's

RUN=$(pwd)/tests/run.sh
T=$TMP/tree
mkdir -p "$T/build/tests" "$T/tests/lua" "$T/tests/e2e"

# a Lua suite that never ends, run by the real fuda
printf 'while true do end\n' >"$T/tests/lua/spin.lua"
# an e2e suite that starts fuda on that suite in the background and waits
cat >"$T/tests/e2e/a_hang.sh" <<'SH'
"$1" run tests/lua/spin.lua &
echo $! >child.pid
wait
echo "1 passed, 0 failed"
SH
# suites that end: one passes, one fails, one exits 124 by itself at once
cat >"$T/tests/e2e/b_ok.sh" <<'SH'
echo "2 passed, 0 failed"
SH
cat >"$T/tests/e2e/c_fails.sh" <<'SH'
echo "1 passed, 1 failed"
exit 1
SH
cat >"$T/tests/e2e/d_124.sh" <<'SH'
echo "3 passed, 0 failed"
exit 124
SH

# gone PID: the process has ended (reaped, or a zombie awaiting its reaper);
# waits at most 10 s for the end of a process that was just signalled.
gone() {
    i=0
    while [ $i -lt 100 ]; do
        st=$(ps -o stat= -p "$1" 2>/dev/null)
        case $st in '' | Z*) return 0 ;; esac
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}

cd "$T" || exit 1
FUDA_SUITE_TIMEOUT=2 timeout 60 sh "$RUN" build "$FUDA" >"$OUT" 2>"$ERR"
RC=$?
cd - >/dev/null || exit 1
expect "the runner exits 1 when a suite hangs" status 1
expect "a hanging Lua suite is reported by name" has "$OUT" '^FAIL lua/spin\.lua \(timed out after 2 s\)$'
expect "a hanging e2e suite is reported by name" has "$OUT" '^FAIL e2e/a_hang\.sh \(timed out after 2 s\)$'
expect "the suites after a hang still run" has "$OUT" '^ok   e2e/b_ok\.sh \(2 passed\)$'
expect "a failing suite is reported with its counts" has "$OUT" '^FAIL e2e/c_fails\.sh \(1 passed, 1 failed, exit 1\)$'
expect "a suite exiting 124 at once is not taken for a timeout" has "$OUT" '^FAIL e2e/d_124\.sh \(3 passed, 1 failed, exit 124\)$'
expect "the closing line counts a hang as one failure" sh -c "tail -n 1 '$OUT' | grep -q '^6 passed, 4 failed$'"
child=$(cat "$T/child.pid")
expect "the fuda started by the hanging suite is stopped" gone "$child"
gone "$child" || kill -KILL "$child" # a broken runner must not leave it spinning

# FUDA_SUITES: only the suites matching its patterns run
cd "$T" || exit 1
FUDA_SUITES="c/* e2e/b_* e2e/c_fails.sh" sh "$RUN" build "$FUDA" >"$OUT" 2>"$ERR"
RC=$?
cd - >/dev/null || exit 1
expect "FUDA_SUITES: the failing suite chosen fails the run" status 1
expect "FUDA_SUITES: only the chosen suites run" sh -c "grep -c '^ok \|^FAIL ' '$OUT' | grep -qx 2"
expect "FUDA_SUITES: they are counted" sh -c "tail -n 1 '$OUT' | grep -q '^3 passed, 1 failed$'"

# the limit must be a whole number of seconds
cd "$T" || exit 1
FUDA_SUITE_TIMEOUT=1m sh "$RUN" build "$FUDA" >"$OUT" 2>"$ERR"
RC=$?
cd - >/dev/null || exit 1
expect "a limit that is not a number is a usage error" status 2
expect "a bad limit is named" has "$ERR" "^run\.sh: FUDA_SUITE_TIMEOUT must be a whole number of seconds above 0, not '1m'$"
finish
