#!/bin/sh
# bench.sh -- every figure of the speed issue (issue 8), for one build of fuda
# or for two side by side with the ratio new/base.
#
#   sh tools/bench.sh [--base REV | --base-fuda FUDA [--base-bench FUDA_BENCH]]
#                     [FUDA [FUDA_BENCH]]
#
# FUDA (./fuda) and FUDA_BENCH (build/fuda-bench, the meld kernel's own
# benchmark, tests/bench/bench.c) are the build measured. --base REV builds
# that revision in a detached git worktree in a temporary folder (with its own
# Makefile, `make build`, or plain `make` when it has no such target), and
# removes the folder when done; --base-fuda compares with a binary already
# built. The base's binary runs the same commands as the new one, so a
# revision older than this script works. With a base, the two builds are
# measured alternately, figure by figure, BENCH_ROUNDS times (3), the first to
# run changing from round to round; each figure is the median of its rounds.
#
# Environment:
#   BENCH_SCALE=S       multiply every match count by S (1; 0.05 is a smoke run)
#   BENCH_ROUNDS=N      rounds per build (1 without a base, 3 with one)
#   BENCH_JSON=FILE     also write the figures as one JSON object to FILE
#   BENCH_CHECK_FULL=1  time the default `fuda check gin` for real (-n 2000)
#   BENCH_FIGURES="gin zun ..."  only these figures, of meld gin (random,
#                       and -j 2 vs -j 1) zun dobon gin_basic memory check
#                       (the default) and instr (instructions per hand under
#                       callgrind: slow, but exact on a busy machine)
#   BENCH_MELD_SECONDS  seconds per meld figure (1; FUDA_BENCH_SECONDS for
#                       fuda-bench, which an older fuda-bench ignores, always
#                       taking 1 s: keep 1 when comparing with such a base,
#                       as the meld figures are wall-clock rates and a
#                       shorter run is interrupted less on a busy machine)
#
# The figures (speed figures from the process's CPU time, user + system, so
# that a machine shared with other work slows them less than wall time would):
#   meld ...            calls/s of the meld kernel, as fuda-bench prints them
#   gin random          hands/s: `fuda sim gin --bots random`, its "hands"
#                       count over the CPU time
#   zun 4 seats random  games/s, a game being a hand (fuda sim's "hands"; a
#                       match is several hands)
#   dobon 4 seats random  games/s, the same way
#   gin basic           hands/s with gin's basic bots
#   sim -j 2 vs -j 1    the wall time of `fuda sim gin --bots random -j 1` over
#                       that of -j 2 (only near 2 on an idle 2-core machine)
#   memory per live match (gin)  KB: see mem_figure below
#   default check gin   s: see check_figure below
# The sim figures' runs take about 2 s each at scale 1: /usr/bin/time counts
# CPU time in hundredths of a second, so a run of 0.17 s (as these were) reads
# 0.17 or 0.18 and moves a ratio by 6% on its own.
# Exit status: 0; 1 when a command of the new build failed (its output is
# shown, its figure left out; a figure of the base that fails is left out,
# shown as "-"); 2 on a usage error.
set -u
usage() {
    echo "usage: sh tools/bench.sh [--base REV | --base-fuda FUDA [--base-bench FUDA_BENCH]] [FUDA [FUDA_BENCH]]" >&2
    exit 2
}

base_rev=
base_fuda=
base_bench=
while [ $# -gt 0 ]; do
    case $1 in
    --base) [ $# -ge 2 ] || usage; base_rev=$2; shift 2 ;;
    --base-fuda) [ $# -ge 2 ] || usage; base_fuda=$2; shift 2 ;;
    --base-bench) [ $# -ge 2 ] || usage; base_bench=$2; shift 2 ;;
    -*) usage ;;
    *) break ;;
    esac
done
[ $# -le 2 ] || usage
new_fuda=${1:-./fuda}
new_bench=${2:-build/fuda-bench}
[ -n "$base_rev" ] && [ -n "$base_fuda" ] && usage

SCALE=${BENCH_SCALE:-1}
MELD_SECONDS=${BENCH_MELD_SECONDS:-1}
case $SCALE in '' | *[!0-9.]* | .) echo "bench.sh: BENCH_SCALE must be a number, not '$SCALE'" >&2; exit 2 ;; esac
if [ -n "$base_rev$base_fuda" ]; then ROUNDS=${BENCH_ROUNDS:-3}; else ROUNDS=${BENCH_ROUNDS:-1}; fi
case $ROUNDS in '' | *[!0-9]* | 0*) echo "bench.sh: BENCH_ROUNDS must be a whole number above 0" >&2; exit 2 ;; esac
FIGURES=${BENCH_FIGURES:-meld gin zun dobon gin_basic memory check}
for f in $FIGURES; do
    case " meld gin zun dobon gin_basic memory check instr " in
    *" $f "*) ;;
    *) echo "bench.sh: BENCH_FIGURES: no figure '$f' (meld gin zun dobon gin_basic memory check instr)" >&2; exit 2 ;;
    esac
done
[ -x /usr/bin/time ] || { echo "bench.sh: needs /usr/bin/time (Debian package time)" >&2; exit 2; }

TMP=$(mktemp -d)
base_tree=
cleanup() {
    if [ -n "$base_tree" ]; then
        git worktree remove --force "$base_tree" 2>/dev/null || rm -rf "$base_tree"
        git worktree prune 2>/dev/null
    fi
    rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

abs() { case $1 in /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac; }
new_fuda=$(abs "$new_fuda")
new_bench=$(abs "$new_bench")

# count BASE [MIN]: BASE matches scaled by BENCH_SCALE, at least MIN (1)
count() { awk -v b="$1" -v s="$SCALE" -v m="${2:-1}" 'BEGIN { v = int(b * s + 0.5); print (v < m ? m : v) }'; }

# timed OUT CMD...: run CMD, stdout in OUT, its CPU seconds (user + system),
# wall seconds and peak RSS (KB) in $cpu, $wall, $rss. Returns 1 (the
# command's output shown) when the command fails.
timed() {
    out=$1
    shift
    /usr/bin/time -f "%U %S %e %M" -o "$TMP/time" "$@" >"$out" 2>"$TMP/err" </dev/null
    rc=$?
    if [ "$rc" -ne 0 ]; then
        echo "bench.sh: '$*' exited $rc:" >&2
        tail -n 20 "$out" "$TMP/err" >&2
        return 1
    fi
    set -- $(tail -n 1 "$TMP/time")
    cpu=$(awk -v u="$1" -v s="$2" 'BEGIN { t = u + s; print (t < 0.01 ? 0.01 : t) }')
    wall=$3
    rss=$4
}

json_num() { sed -n "s/.*\"$2\": \([0-9.]*\).*/\1/p" "$1"; }

# emit NAME VALUE UNIT: one figure of the build being measured
emit() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$RESULTS"; }

ratio() { awk -v a="$1" -v b="$2" "BEGIN { printf \"$3\", (b > 0 ? a / b : 0) }"; }

# ---- the figures; each takes the fuda binary as $F ----

meld_figures() {
    if [ ! -x "$B" ]; then
        echo "bench.sh: no meld benchmark at $B; meld figures left out" >&2
        return 0
    fi
    FUDA_BENCH_SECONDS=$MELD_SECONDS timed "$TMP/meld" "$B" || return 1
    # "meld deadwood 10 cards (ace low): 12.34 M/s" or "...: 567.8 k/s"
    awk '/: [0-9.]+ [Mk]\/s$/ {
            i = index($0, ": "); name = substr($0, 1, i - 1)
            split(substr($0, i + 2), w, " ")
            v = w[1] * (w[2] == "M/s" ? 1 : 0.001)
            printf "%s\t%.3f\tM calls/s\n", name, v
         }' "$TMP/meld" >>"$RESULTS"
}

# sim_figure NAME UNIT ARGS...: fuda sim's "hands" over the CPU time
sim_figure() {
    name=$1 unit=$2
    shift 2
    timed "$TMP/sim" "$F" sim "$@" --json || return 1
    hands=$(json_num "$TMP/sim" hands)
    emit "$name" "$(ratio "$hands" "$cpu" %.1f)" "$unit"
}

# The gin random figure, and the speedup of -j 2 from the same command's wall
# time (fuda sim's own elapsed_s, which leaves out loading the variant).
gin_random_and_jobs() {
    n=$(count 100)
    timed "$TMP/sim" "$F" sim gin -n "$n" --seed 1 --bots random --json || return 1
    hands=$(json_num "$TMP/sim" hands)
    emit "gin random" "$(ratio "$hands" "$cpu" %.1f)" "hands/s"
    e1=$(json_num "$TMP/sim" elapsed_s)
    timed "$TMP/sim2" "$F" sim gin -n "$n" --seed 1 --bots random -j 2 --json || return 1
    e2=$(json_num "$TMP/sim2" elapsed_s)
    emit "sim -j 2 vs -j 1 (gin random)" "$(ratio "$e1" "$e2" %.2f)" "x"
}

# Memory per live match: a `fuda run` host script keeps N gin matches alive,
# each started (first hand dealt) and BENCH_MEM_MOVES (20) bot moves into it;
# the peak RSS of the process with N matches minus that with one, over N - 1,
# is what each further match costs: its engine, its objects in the Lua state
# (with the garbage they leave between collections, as a live match does) and
# the host's record of it, malloc's overhead included. Since issue 31 the
# matches share one Lua state with the variant loaded (they are of one kind),
# so that state is in the one-match figure; before, each match had its own. A
# second slope, from N/2 to N matches, checks that the growth is linear (a
# warning when they differ by more than a quarter, from 50 matches up). Host
# scripts have no collectgarbage, so Lua's own count is out of reach from the
# script; valgrind's massif gives a cross-check by hand (`valgrind
# --tool=massif fuda run mem.lua N 20` for N = 1 and 51: the peak heap plus
# malloc's overhead, its difference over 50, came within 10% of this figure
# when it was written: 269 KB against 249 KB).
mem_script() {
    cat >"$TMP/mem.lua" <<'LUA'
local n, moves = tonumber(arg[1]), tonumber(arg[2])
local live = {}
for i = 1, n do
  local m = fuda.match{ variant = "gin", seats = 2, seed = i }
  for _ = 1, moves do
    if m:phase() ~= "playing" then break end
    local seat = m:actors()[1]
    assert(m:apply(seat, m:bot(seat, "random")))
  end
  live[i] = m
end
print(#live .. " live matches")
LUA
}

mem_figure() {
    n=$(count 200 50) # at least 50: a shared match costs some 24 KB, below the noise of a few
    half=$((n / 2))
    moves=${BENCH_MEM_MOVES:-20}
    timed "$TMP/mem" "$F" run "$TMP/mem.lua" 1 "$moves" || return 1
    r1=$rss
    timed "$TMP/mem" "$F" run "$TMP/mem.lua" "$half" "$moves" || return 1
    rh=$rss
    timed "$TMP/mem" "$F" run "$TMP/mem.lua" "$n" "$moves" || return 1
    rn=$rss
    per=$(awk -v a="$rn" -v b="$r1" -v n="$n" 'BEGIN { printf "%.1f", (a - b) / (n - 1) }')
    per2=$(awk -v a="$rn" -v b="$rh" -v n="$n" -v h="$half" 'BEGIN { printf "%.1f", (a - b) / (n - h) }')
    [ "$n" -lt 50 ] || awk -v a="$per" -v b="$per2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a > 0 && d <= a / 4) }' ||
        echo "bench.sh: memory per match is not linear: $per KB from 1 to $n matches, $per2 KB from $half to $n" >&2
    emit "memory per live match (gin)" "$per" "KB"
}

# The default `fuda check gin` (2000 matches) tries every listed move in its
# first 100 matches and plays 500 of them again in a fresh engine. A run of
# M <= 500 matches tries min(M, 20) and plays all M again, so two runs, of
# M1 = 20 and M2 > 20 matches, give the cost t of trying a match's moves and
# u of playing one match and playing it again:
#   T(M1) = 20 (t + u),  T(M2) = 20 t + M2 u
# and the default's time is estimated as 100 t + 2000 p + 500 r with p + r = u,
# taking r = p (a match played again costs what it did the first time): that
# is 100 t + 1250 u. At small scales (M2 <= 20) only the cost per match of the
# one run is known, and the estimate is 2000 times it, a rough upper bound.
# BENCH_CHECK_FULL=1 times `fuda check gin` itself.
check_figure() {
    if [ "${BENCH_CHECK_FULL:-0}" = 1 ]; then
        timed "$TMP/check" "$F" check gin || return 1
        emit "default check gin" "$(ratio "$cpu" 1 %.1f)" "s"
        return 0
    fi
    m2=$(count 60)
    if [ "$m2" -le 20 ]; then
        timed "$TMP/check" "$F" check gin -n "$m2" || return 1
        emit "default check gin (estimated)" "$(awk -v t="$cpu" -v m="$m2" 'BEGIN { printf "%.1f", t / m * 2000 }')" "s"
        return 0
    fi
    timed "$TMP/check" "$F" check gin -n 20 || return 1
    t1=$cpu
    timed "$TMP/check" "$F" check gin -n "$m2" || return 1
    t2=$cpu
    emit "default check gin (estimated)" "$(awk -v a="$t1" -v b="$t2" -v m="$m2" 'BEGIN {
        u = (b - a) / (m - 20); if (u < 0) u = 0
        t = a / 20 - u; if (t < 0) t = 0
        printf "%.1f", 100 * t + 1250 * u }')" "s"
}

# The figures by the names BENCH_FIGURES takes.
fig_meld() { meld_figures; }
fig_gin() { gin_random_and_jobs; }
fig_memory() { mem_figure; }
fig_check() { check_figure; }
# Instructions per hand, under valgrind's callgrind: the same count for the
# same build on any machine however busy (but for small differences: Lua
# seeds its string hashes per state), so a ratio of two builds holds; smaller
# runs (callgrind is some 50 times slower), the loading of
# the variant included. Not in the default figures (BENCH_FIGURES=instr).
instr_figure() {
    name=$1
    shift
    # in-process (FUDA_CONFINE=off): callgrind follows the one process, and the
    # count is the engine's, not the supervisor's fork and wait
    timed "$TMP/isim" env FUDA_CONFINE=off valgrind --tool=callgrind --callgrind-out-file="$TMP/cg.out" "$F" sim "$@" --json || return 1
    hands=$(json_num "$TMP/isim" hands)
    ins=$(sed -n 's/^\(summary\|totals\): *\([0-9]*\).*/\2/p' "$TMP/cg.out" | head -n 1)
    emit "$name, instructions" "$(awk -v i="$ins" -v h="$hands" 'BEGIN { printf "%.1f", (h > 0 ? i / h / 1000 : 0) }')" "K instructions/hand"
}
fig_instr() {
    command -v valgrind >/dev/null 2>&1 || { echo "bench.sh: the instr figures need valgrind" >&2; exit 2; }
    instr_figure "gin random" gin -n "$(count 2)" --seed 1 --bots random || return 1
    instr_figure "zun 4 seats random" zun -n "$(count 3)" --seats 4 --seed 1 --bots random || return 1
    instr_figure "dobon 4 seats random" dobon -n "$(count 30)" --seats 4 --seed 1 --bots random || return 1
    instr_figure "gin basic" gin -n "$(count 10)" --seed 1 --bots basic || return 1
}
fig_zun() { sim_figure "zun 4 seats random" "games/s" zun -n "$(count 500)" --seats 4 --seed 1 --bots random; }
fig_dobon() { sim_figure "dobon 4 seats random" "games/s" dobon -n "$(count 4000)" --seats 4 --seed 1 --bots random; }
fig_gin_basic() { sim_figure "gin basic" "hands/s" gin -n "$(count 1500)" --seed 1 --bots basic; }

# measure WHO FIGURE ROUND: one figure of build WHO (new or base)
measure() {
    if [ "$1" = new ]; then F=$new_fuda B=$new_bench; else F=$base_fuda B=$base_bench; fi
    RESULTS=$TMP/$1.$3
    "fig_$2" && return 0
    if [ "$1" = base ]; then
        echo "bench.sh: figure $2 left out for the base" >&2
    else
        echo "bench.sh: figure $2 failed" >&2
        failed=1
    fi
}

# ---- the base build ----

if [ -n "$base_rev" ]; then
    rev=$(git rev-parse --verify -q "$base_rev^{commit}") || { echo "bench.sh: no revision '$base_rev'" >&2; exit 2; }
    base_tree=$TMP/base
    echo "== building base $base_rev ($(git log -1 --format='%h %s' "$rev" | cut -c1-60)) in $base_tree"
    git worktree add --detach -q "$base_tree" "$rev" || exit 1
    # the base's own Makefile, away from this make's variables and job server
    if ! env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$base_tree" -j2 build >"$TMP/build.log" 2>&1 &&
        ! env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$base_tree" -j2 >>"$TMP/build.log" 2>&1; then
        echo "bench.sh: building $base_rev failed:" >&2
        tail -n 20 "$TMP/build.log" >&2
        exit 1
    fi
    base_fuda=$base_tree/build/fuda
    [ -x "$base_fuda" ] || base_fuda=$base_tree/fuda
    base_bench=$base_tree/build/fuda-bench
fi
if [ -n "$base_fuda" ]; then
    base_fuda=$(abs "$base_fuda")
    [ -n "$base_bench" ] && base_bench=$(abs "$base_bench")
    [ -x "$base_fuda" ] || { echo "bench.sh: no base fuda at $base_fuda" >&2; exit 2; }
fi
[ -x "$new_fuda" ] || { echo "bench.sh: no fuda at $new_fuda" >&2; exit 2; }

# ---- measure ----

mem_script
echo "== fuda bench: scale $SCALE, $ROUNDS round(s)$([ -n "$base_fuda" ] && echo ', new and base alternately, median of the rounds')"
echo "   speeds per CPU second (user + system) of the process; games of zun and dobon are hands"
echo "   (fuda sim's hands count: the issue's games/s are its hands/s, not its matches/s)"
case " $FIGURES " in *" check "*)
    m2=$(count 60)
    if [ "${BENCH_CHECK_FULL:-0}" = 1 ]; then echo "   default check gin: the CPU time of \`fuda check gin\` (2000 matches)"
    elif [ "$m2" -gt 20 ]; then echo "   default check gin: CPU time of \`fuda check gin\` (2000 matches) estimated from -n 20 and -n $m2"
    else echo "   default check gin: CPU time of \`fuda check gin\` (2000 matches), roughly 2000 times the time per match of -n $m2"
    fi ;;
esac
printed=0
failed=0
r=1
while [ "$r" -le "$ROUNDS" ]; do
    : >"$TMP/new.$r"
    [ -n "$base_fuda" ] && : >"$TMP/base.$r"
    for f in $FIGURES; do
        if [ -z "$base_fuda" ]; then
            measure new "$f" "$r"
        elif [ $((r % 2)) -eq 1 ]; then
            measure new "$f" "$r"; measure base "$f" "$r"
        else
            measure base "$f" "$r"; measure new "$f" "$r"
        fi
        # one build, one round: print each figure as it comes
        if [ -z "$base_fuda" ] && [ "$ROUNDS" -eq 1 ]; then
            awk -F'\t' -v n="$printed" 'NR > n { printf "%-48s %12s %s\n", $1 ":", $2, $3 }' "$TMP/new.1"
            printed=$(wc -l <"$TMP/new.1")
        fi
    done
    [ "$ROUNDS" -gt 1 ] && echo "   round $r of $ROUNDS done" >&2
    r=$((r + 1))
done

# median WHO: "name<TAB>median<TAB>unit" of each figure over the rounds, in
# the order of the first round
median() {
    cat "$TMP/$1".[0-9]* | awk -F'\t' '
        { if (!($1 in n)) { order[++k] = $1; unit[$1] = $3 } v[$1, ++n[$1]] = $2 }
        END {
            for (i = 1; i <= k; i++) {
                f = order[i]; c = n[f]
                for (a = 1; a <= c; a++) x[a] = v[f, a] + 0
                for (a = 2; a <= c; a++) for (b = a; b > 1 && x[b - 1] > x[b]; b--) { t = x[b]; x[b] = x[b - 1]; x[b - 1] = t }
                m = (c % 2) ? x[(c + 1) / 2] : (x[c / 2] + x[c / 2 + 1]) / 2
                printf "%s\t%s\t%s\n", f, m, unit[f]
            }
        }'
}

median new >"$TMP/new.med"
if [ -n "$base_fuda" ]; then
    median base >"$TMP/base.med"
    echo
    printf '%-48s %12s %12s %9s  %s\n' figure new base new/base unit
    awk -F'\t' -v basef="$TMP/base.med" '
        BEGIN { while ((getline l < basef) > 0) { split(l, w, "\t"); b[w[1]] = w[2] } }
        { base = ($1 in b) ? sprintf("%12.6g", b[$1]) : sprintf("%12s", "-")
          r = ($1 in b && b[$1] > 0) ? sprintf("%9.3f", $2 / b[$1]) : sprintf("%9s", "-")
          printf "%-48s %12.6g %s %s  %s\n", $1 ":", $2, base, r, $3 }' "$TMP/new.med"
    echo "(memory, check time and instructions: lower is better; every other figure: higher is better)"
elif [ "$ROUNDS" -gt 1 ]; then
    awk -F'\t' '{ printf "%-48s %12s %s\n", $1 ":", $2, $3 }' "$TMP/new.med"
fi

if [ -n "${BENCH_JSON:-}" ]; then
    [ -n "$base_fuda" ] || : >"$TMP/base.med"
    awk -F'\t' -v scale="$SCALE" -v rounds="$ROUNDS" -v basef="$TMP/base.med" '
        function q(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
        BEGIN { while ((getline l < basef) > 0) { split(l, w, "\t"); b[w[1]] = w[2] } }
        { line = "{\"name\": " q($1) ", \"value\": " ($2 + 0) ", \"unit\": " q($3)
          if ($1 in b) line = line ", \"base\": " (b[$1] + 0) (b[$1] > 0 ? ", \"ratio\": " sprintf("%.4f", $2 / b[$1]) : "")
          out = out (out == "" ? "" : ", ") line "}" }
        END { printf "{\"scale\": %s, \"rounds\": %d, \"figures\": [%s]}\n", scale + 0, rounds, out }' \
        "$TMP/new.med" >"$BENCH_JSON" || exit 1
    echo "(figures written to $BENCH_JSON)"
fi
exit "$failed"
