# check.sh -- helpers for the end-to-end tests, sourced by tests/e2e/*.sh.
#
#   . "$(dirname "$0")/lib/check.sh"    (with the fuda binary as $1)
#   run ARGS...            run fuda: stdout in $OUT, stderr in $ERR, status in $RC
#   run_in TEXT ARGS...    the same with TEXT on stdin
#   expect NAME COND...    one assertion: passes if the command COND succeeds
#   has FILE REGEX         grep -E -q
#   finish                 print "N passed, N failed", exit nonzero on failure
FUDA=${1:?usage: sh test.sh FUDA}
case $FUDA in /*) ;; *) FUDA=$(pwd)/$FUDA ;; esac
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# fuda play keeps the last match in the data folder: here, not the user's
XDG_DATA_HOME=$TMP/data
export XDG_DATA_HOME
# Text is laid out to the width: the terminal's, else COLUMNS, else 80. Here
# as wide as fuda takes, whatever the user's shell exported, so a test reads
# a line whole; width.sh tests the layout at 60 and 100 columns.
COLUMNS=10000
export COLUMNS
OUT=$TMP/out
ERR=$TMP/err
RC=0
passed=0
failed=0

# check_failed SCRIPT REGEX: what the last `run ... check SCRIPT` must show for a
# script check rejects: exit 1, a line matching REGEX, "check: FAILED" last.
check_failed() {
    expect "$1: exit 1" status 1
    expect "$1: says '$2'" has "$OUT" "$2"
    expect "$1: ends with check: FAILED" sh -c "tail -n 1 '$OUT' | grep -q '^check: FAILED'"
}

run() {
    "$FUDA" "$@" >"$OUT" 2>"$ERR" </dev/null
    RC=$?
}

run_in() {
    text=$1
    shift
    printf '%s\n' "$text" | "$FUDA" "$@" >"$OUT" 2>"$ERR"
    RC=$?
}

expect() {
    name=$1
    shift
    if "$@"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $name"
        echo "  stdout:"; sed -n '1,15s/^/    /p' "$OUT"
        echo "  stderr:"; sed -n '1,15s/^/    /p' "$ERR"
    fi
}

has() { grep -E -q -- "$2" "$1"; }
hasnt() { ! grep -E -q -- "$2" "$1"; }
status() { [ "$RC" -eq "$1" ]; }

finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
