#!/bin/sh
# mutants.sh [N...] -- mutation testing: does the test suite catch realistic
# slips? Each mutant of tests/mutants.txt (or only those numbered N...) is
# applied, one at a time, to a scratch copy of the tree -- never the working
# tree -- which is then built and given the suites the mutant names. A mutant
# is killed when that run fails (a suite fails, crashes or times out),
# survives when it passes. Ends with "mutants: N killed, N survived (of N)";
# exits 0 when all were killed, 1 when some survived, 2 on a usage error, an
# unbuildable or stale mutant, or a scratch copy that fails before mutation.
#
# tests/mutants.txt holds one mutant per block, blocks separated by blank
# lines, '#' lines are comments:
#
#   file: core/state.c                       the file to change
#   from: for (int c = 0; c < FUDA_CARD_SPACE; c++) {
#   to:   for (int c = 0; c < FUDA_JOKER; c++) {
#   why:  card conservation skips the joker   one line for the report
#   run:  c/test_state e2e/check.sh           suites (FUDA_SUITES patterns; * all)
#   nth:  2                                   optional: which occurrence
#
# `from` is an exact fragment of one line (spaces after "from:" are not part
# of it) that must occur once in the file, or at least nth times with nth.
# Environment: MUTANT_TIMEOUT, the time limit of each suite (seconds, 120);
# JOBS for make (2).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LIST=$ROOT/tests/mutants.txt
LIMIT=${MUTANT_TIMEOUT:-120}
JOBS=${JOBS:-2}
US=$(printf '\037') # field separator of the parsed list

SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/fuda-mutants.XXXXXX") || exit 2
trap 'rm -rf "$SCRATCH"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
TREE=$SCRATCH/tree
RECORDS=$SCRATCH/records

# The list as records: file, from, to, why, run, nth, line of the block,
# separated by US, one a line.
parse_list() {
    LC_ALL=C awk -v us="$US" '
    function flush() {
        if (n_keys == 0) return
        if (!("file" in f) || !("from" in f) || !("to" in f) || !("why" in f) || !("run" in f)) {
            printf "mutants.txt:%d: a mutant needs file, from, to, why and run\n", start > "/dev/stderr"
            bad = 1
        }
        printf "%s%s%s%s%s%s%s%s%s%s%s%s%d\n", f["file"], us, f["from"], us, f["to"], us, \
            f["why"], us, f["run"], us, ("nth" in f ? f["nth"] : 0), us, start
        delete f
        n_keys = 0
    }
    /^#/ { next }
    /^[ \t]*$/ { flush(); next }
    {
        if (!match($0, /^[a-z]+:/)) {
            printf "mutants.txt:%d: not a \"key: value\" line\n", NR > "/dev/stderr"
            bad = 1
            next
        }
        key = substr($0, 1, RLENGTH - 1)
        val = substr($0, RLENGTH + 1)
        sub(/^[ \t]+/, "", val)
        if (key !~ /^(file|from|to|why|run|nth)$/) {
            printf "mutants.txt:%d: unknown key \"%s\"\n", NR, key > "/dev/stderr"
            bad = 1
        }
        if (n_keys == 0) start = NR
        f[key] = val
        n_keys++
    }
    END { flush(); exit bad }' "$LIST"
}

# apply FILE FROM TO NTH: replace the NTH occurrence (0: the only one) of FROM
# in FILE by TO. Fails, leaving FILE as it was, if FROM does not occur so.
apply() {
    FROM=$2 TO=$3 NTH=$4 LC_ALL=C awk '
    BEGIN { from = ENVIRON["FROM"]; to = ENVIRON["TO"]; nth = ENVIRON["NTH"] + 0; seen = 0; done = 0 }
    {
        line = $0
        out = ""
        while ((i = index(line, from)) > 0) {
            seen++
            hit = (nth == 0 && seen == 1) || seen == nth
            out = out substr(line, 1, i - 1) (hit ? to : from)
            if (hit) done = 1
            line = substr(line, i + length(from))
        }
        print out line
    }
    END { exit !(done && (nth > 0 || seen == 1)) }' "$1" >"$1.mutant" && mv "$1.mutant" "$1"
}

# Copy the tree as it is (uncommitted changes included), without builds.
copy_tree() {
    mkdir -p "$TREE"
    if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        (cd "$ROOT" && git ls-files -z --cached --others --exclude-standard |
            xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\n" "$f"; done' sh) >"$SCRATCH/files"
        (cd "$ROOT" && tar cf - -T "$SCRATCH/files") | (cd "$TREE" && tar xf -)
    else
        (cd "$ROOT" && tar cf - --exclude=./build --exclude=./build-asan --exclude=./build-fuzz \
            --exclude=./fuda .) | (cd "$TREE" && tar xf -)
    fi
}

build() { (cd "$TREE" && make -s -j"$JOBS" build) </dev/null >"$SCRATCH/build.log" 2>&1; }

# suites PATTERNS: run them in the scratch tree; the runner's output in
# $SCRATCH/run.log, its status returned.
suites() {
    (cd "$TREE" && FUDA_SUITES=$1 FUDA_SUITE_TIMEOUT=$LIMIT sh tests/run.sh build ./fuda) \
        </dev/null >"$SCRATCH/run.log" 2>&1
}

# The names of the suites that failed, from run.log.
failed_suites() {
    sed -n 's/^FAIL \([^ ]*\) .*/\1/p' "$SCRATCH/run.log" | tr '\n' ' ' | sed 's/ $//'
}

wanted() { # NUMBER: chosen on the command line (or no choice made)?
    [ -z "$CHOSEN" ] && return 0
    for k in $CHOSEN; do [ "$k" = "$1" ] && return 0; done
    return 1
}

CHOSEN=$*
for k in $CHOSEN; do
    case $k in '' | *[!0-9]*) echo "usage: mutants.sh [N...]  (mutant numbers)" >&2; exit 2 ;; esac
done
parse_list >"$RECORDS" || exit 2
total=$(wc -l <"$RECORDS")
[ "$total" -gt 0 ] || { echo "mutants: $LIST lists no mutant" >&2; exit 2; }
for k in $CHOSEN; do
    [ "$k" -ge 1 ] && [ "$k" -le "$total" ] || { echo "mutants: no mutant $k (1 to $total)" >&2; exit 2; }
done

copy_tree
echo "mutants: $total in tests/mutants.txt; scratch copy in $TREE"
if ! build; then
    tail -n 30 "$SCRATCH/build.log"
    echo "mutants: the scratch copy does not build" >&2
    exit 2
fi
# The suites the mutants use must pass before any mutation.
all_runs=$(cut -d"$US" -f5 "$RECORDS" | tr ' ' '\n' | sort -u | tr '\n' ' ')
if ! suites "$all_runs"; then
    cat "$SCRATCH/run.log"
    echo "mutants: the suites fail before any mutation" >&2
    exit 2
fi
echo "mutants: the unmutated copy passes $(tail -n 1 "$SCRATCH/run.log")"

killed=0 survived=0 broken=0 i=0
while IFS=$US read -r file from to why run nth at; do
    i=$((i + 1))
    wanted "$i" || continue
    label="$i/$total $file: $why"
    target=$TREE/$file
    if [ ! -f "$target" ] || ! cp -p "$target" "$SCRATCH/original"; then
        echo "STALE    $label (tests/mutants.txt:$at: no file $file)"
        broken=$((broken + 1))
        continue
    fi
    if ! apply "$target" "$from" "$to" "$nth"; then
        rm -f "$target.mutant"
        echo "STALE    $label (tests/mutants.txt:$at: 'from' does not occur $([ "$nth" -gt 0 ] && echo "$nth times" || echo "exactly once"))"
        broken=$((broken + 1))
        continue
    fi
    if ! build; then
        echo "NOBUILD  $label (tests/mutants.txt:$at: the mutant does not compile)"
        sed 's/^/    /' "$SCRATCH/build.log" | tail -n 5
        broken=$((broken + 1))
    elif suites "$run"; then
        echo "SURVIVED $label (passes: $run)"
        survived=$((survived + 1))
    else
        echo "killed   $label (by $(failed_suites))"
        killed=$((killed + 1))
    fi
    cp "$SCRATCH/original" "$target" # a newer time than the mutant's: make rebuilds
    touch "$target"
done <"$RECORDS"

build || { echo "mutants: the scratch copy does not build after restoring" >&2; exit 2; }
[ "$broken" -gt 0 ] && echo "mutants: $broken could not be tried (stale or not compiling): fix tests/mutants.txt"
echo "mutants: $killed killed, $survived survived (of $((killed + survived)))"
[ "$broken" -gt 0 ] && exit 2
[ "$survived" -eq 0 ]
