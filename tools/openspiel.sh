#!/bin/sh
# openspiel.sh -- fuda side by side with OpenSpiel's gin_rummy: random play
# of whole gin hands by both, on this machine in one run, with the ratio
# fuda/OpenSpiel of hands (and of moves) per CPU second. Run by
# `make openspiel-bench`; not part of `make` or `make test`.
#
#   OPENSPIEL_SRC=DIR sh tools/openspiel.sh [--build-only] [--json] [FUDA]
#
# Builds build-openspiel/gin-bench (tools/openspiel/gin_bench.cc, our driver)
# from OpenSpiel's sources by tools/openspiel/build.mk -- the framework,
# gin_rummy and the part of abseil they link, nothing else -- under nice -n 10
# with make -j2 (a first build: about 1 minute of CPU; 76 s of wall time on
# this 2-core machine at a load of 3 to 5, 154 s at 8), then measures,
# alternately, round by round:
#   fuda            `fuda sim gin -n M --seed 1 --bots random --json`: M matches
#                   (several hands each); counted: its "hands" (a hand ends by
#                   knock, gin or the stock running out: all are counted) and its
#                   "moves" (the seats' moves: draw, take, pass, discard, knock,
#                   gin; the deal and the card drawn are the engine's, not moves).
#                   One engine plays each match; each move is applied in a
#                   transaction that first copies the core state, but the
#                   variant's Lua state is not cloned.
#   OpenSpiel clone `gin-bench --mode clone -n H`: H hands (one OpenSpiel
#                   gin_rummy episode is one hand, to knock, gin or the wall);
#                   at every step State::Clone(), the action applied to the clone,
#                   play going on from it (what a search expanding a child at each
#                   node does); counted: hands, decisions (player actions, the
#                   counterpart of fuda's moves; laying each meld and each layoff is
#                   one in OpenSpiel) and chance actions (each card dealt, each card
#                   a draw from the stock turns up)
#   OpenSpiel plain the same without cloning: actions applied in place
# Random play: a legal action chosen uniformly (fuda's random bot does the
# same with the moves its variant lists); chance outcomes by their
# probabilities. Both programs are built with -O2 (fuda's Makefile; for
# OpenSpiel, the -O2 of its own default "Testing" build, with its checks:
# OPENSPIEL_CXXFLAGS="-O3 -DNDEBUG" is its "Release" build).
# The CPU time is the process's user + system time from /usr/bin/time (the
# loading of the game or variant included), in hundredths of a second; each
# figure is the median over the rounds, the program run first changing from
# round to round. The table gives hands and moves per CPU second for each,
# and fuda's over each OpenSpiel mode's: per hand and per move.
#
# Environment:
#   OPENSPIEL_SRC=DIR   a checkout (or extracted archive) of OpenSpiel: the folder
#                       with open_spiel/spiel.cc. Without it, an earlier build in
#                       build-openspiel/ is measured (if there is one).
#   ABSEIL_SRC=DIR      abseil-cpp at the release OpenSpiel pins (default
#                       $OPENSPIEL_SRC/open_spiel/abseil-cpp, where OpenSpiel's
#                       install.sh puts it); nlohmann's json.hpp is taken from
#                       $OPENSPIEL_SRC/open_spiel/json/include, else from Debian's
#                       nlohmann-json3-dev (tools/deps.sh openspiel installs it)
#   OPENSPIEL_COMMIT=C  the commit of OPENSPIEL_SRC when it is not a git checkout
#                       (an extracted archive), as the table names it
#   OPENSPIEL_CXXFLAGS  (-O2) the optimisation flags of the OpenSpiel build
#   OPENSPIEL_OUT=DIR   the build folder (build-openspiel in fuda's tree)
#   OPENSPIEL_BENCH=FILE  a gin-bench already built: measure it, build nothing
#   OPENSPIEL_ROUNDS=N  rounds (3)
#   OPENSPIEL_SCALE=S   multiply the run sizes by S (1: fuda 100 matches, about
#                       7,000 hands; OpenSpiel 300 hands in clone mode, 1,000
#                       plain; some 1 to 3 CPU seconds each)
# The sources are not fetched: no network is needed. To get them (the commits
# of docs/performance.md):
#   git clone https://github.com/google-deepmind/open_spiel
#   git -C open_spiel checkout 112b77704631fc2ce7ad8e4581f6ca09798ce15a
#   git clone -b 20250814.1 --depth 1 https://github.com/abseil/abseil-cpp open_spiel/open_spiel/abseil-cpp
#   OPENSPIEL_SRC=$PWD/open_spiel make openspiel-bench
# Exit status: 0; 1 when the build or a run fails (its output shown); 2 on a
# usage error (no sources, a bad number).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PIN_COMMIT=112b77704631fc2ce7ad8e4581f6ca09798ce15a
PIN_ABSL=20250814

usage() {
    echo "usage: OPENSPIEL_SRC=DIR sh tools/openspiel.sh [--build-only] [--json] [FUDA]" >&2
    exit 2
}
how_to_get() {
    cat >&2 <<EOF
openspiel.sh: $1
  get OpenSpiel's sources and the abseil it pins (once, with network):
    git clone https://github.com/google-deepmind/open_spiel
    git -C open_spiel checkout $PIN_COMMIT
    git clone -b 20250814.1 --depth 1 https://github.com/abseil/abseil-cpp open_spiel/open_spiel/abseil-cpp
  then: OPENSPIEL_SRC=\$PWD/open_spiel make openspiel-bench
EOF
    exit 2
}

build_only=0
json=0
while [ $# -gt 0 ]; do
    case $1 in
    --build-only) build_only=1; shift ;;
    --json) json=1; shift ;;
    -*) usage ;;
    *) break ;;
    esac
done
[ $# -le 1 ] || usage
FUDA=${1:-./fuda}
OUT=${OPENSPIEL_OUT:-$ROOT/build-openspiel}
case $OUT in /*) ;; *) OUT=$(pwd)/$OUT ;; esac
ROUNDS=${OPENSPIEL_ROUNDS:-3}
SCALE=${OPENSPIEL_SCALE:-1}
CXXFLAGS_OS=${OPENSPIEL_CXXFLAGS:--O2}
case $ROUNDS in '' | *[!0-9]* | 0*) echo "openspiel.sh: OPENSPIEL_ROUNDS must be a whole number above 0" >&2; exit 2 ;; esac
case $SCALE in '' | *[!0-9.]* | .) echo "openspiel.sh: OPENSPIEL_SCALE must be a number, not '$SCALE'" >&2; exit 2 ;; esac

# ---- the build ----

# include_shims: OUT/include/open_spiel/{abseil-cpp,json/include/nlohmann},
# links to where abseil and nlohmann's json really are when they are not in
# the OpenSpiel tree, where its sources #include them
include_shims() {
    inc=$OUT/include/open_spiel
    rm -rf "$OUT/include"
    mkdir -p "$inc/json/include" || exit 1
    [ -f "$OPENSPIEL_SRC/open_spiel/abseil-cpp/absl/base/config.h" ] || ln -s "$ABSEIL_SRC" "$inc/abseil-cpp"
    if [ ! -f "$OPENSPIEL_SRC/open_spiel/json/include/nlohmann/json.hpp" ]; then
        [ -f /usr/include/nlohmann/json.hpp ] ||
            how_to_get "no nlohmann/json.hpp: neither $OPENSPIEL_SRC/open_spiel/json nor Debian's nlohmann-json3-dev (sh tools/deps.sh openspiel)"
        ln -s /usr/include/nlohmann "$inc/json/include/nlohmann"
    fi
}

build() {
    case $OPENSPIEL_SRC in /*) ;; *) OPENSPIEL_SRC=$(pwd)/$OPENSPIEL_SRC ;; esac
    if [ ! -f "$OPENSPIEL_SRC/open_spiel/spiel.cc" ] || [ ! -f "$OPENSPIEL_SRC/open_spiel/games/gin_rummy/gin_rummy.cc" ]; then
        how_to_get "OPENSPIEL_SRC=$OPENSPIEL_SRC holds no open_spiel/spiel.cc and games/gin_rummy"
    fi
    ABSEIL_SRC=${ABSEIL_SRC:-$OPENSPIEL_SRC/open_spiel/abseil-cpp}
    case $ABSEIL_SRC in /*) ;; *) ABSEIL_SRC=$(pwd)/$ABSEIL_SRC ;; esac
    [ -f "$ABSEIL_SRC/absl/base/config.h" ] || how_to_get "no abseil at $ABSEIL_SRC (set ABSEIL_SRC)"
    absl=$(sed -n 's/^#define ABSL_LTS_RELEASE_VERSION \([0-9]*\).*/\1/p' "$ABSEIL_SRC/absl/base/config.h")
    [ "$absl" = "$PIN_ABSL" ] ||
        echo "openspiel.sh: abseil ${absl:-(not a release)}, not $PIN_ABSL: the file list of build.mk may not fit" >&2
    # the commit: of the checkout itself (not of a tree it sits in), else
    # OPENSPIEL_COMMIT as the user names it
    commit=${OPENSPIEL_COMMIT:-unknown (not a git checkout; OPENSPIEL_COMMIT names it)}
    top=$(git -C "$OPENSPIEL_SRC" rev-parse --show-toplevel 2>/dev/null)
    [ -n "$top" ] && [ "$top" = "$(cd "$OPENSPIEL_SRC" && pwd -P)" ] &&
        commit=$(git -C "$OPENSPIEL_SRC" rev-parse HEAD)
    include_shims
    echo "== building $OUT/gin-bench: OpenSpiel $commit, abseil ${absl:-?}, $CXXFLAGS_OS" >&2
    start=$(date +%s)
    if ! nice -n 10 env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -j2 -f "$ROOT/tools/openspiel/build.mk" \
        OUT="$OUT" OPENSPIEL_SRC="$OPENSPIEL_SRC" ABSEIL_SRC="$ABSEIL_SRC" \
        OPENSPIEL_CXXFLAGS="$CXXFLAGS_OS" >"$OUT/build.log" 2>&1; then
        echo "openspiel.sh: the build failed:" >&2
        tail -n 30 "$OUT/build.log" >&2
        exit 1
    fi
    echo "   built in $(($(date +%s) - start)) s (wall)" >&2
    printf 'openspiel %s\nabseil %s\ncxxflags %s\n' "$commit" "${absl:-?}" "$CXXFLAGS_OS" >"$OUT/gin-bench.info"
}

if [ -n "${OPENSPIEL_BENCH:-}" ]; then
    BENCH=$OPENSPIEL_BENCH
elif [ -n "${OPENSPIEL_SRC:-}" ]; then
    mkdir -p "$OUT" || exit 1
    build
    BENCH=$OUT/gin-bench
elif [ -x "$OUT/gin-bench" ] && [ "$build_only" = 0 ]; then
    BENCH=$OUT/gin-bench
    echo "openspiel.sh: no OPENSPIEL_SRC: measuring the earlier build $BENCH" >&2
else
    how_to_get "no OPENSPIEL_SRC (the folder of an OpenSpiel checkout)"
fi
[ "$build_only" = 1 ] && exit 0
[ -x "$BENCH" ] || { echo "openspiel.sh: no gin-bench at $BENCH" >&2; exit 2; }
[ -x "$FUDA" ] || { echo "openspiel.sh: no fuda at $FUDA" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "openspiel.sh: needs /usr/bin/time (Debian package time)" >&2; exit 2; }
info() { sed -n "s/^$1 //p" "$BENCH.info" 2>/dev/null | head -n 1; }
os_commit=$(info openspiel)
os_flags=$(info cxxflags)

# ---- the runs ----

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

count() { awk -v b="$1" -v s="$SCALE" 'BEGIN { v = int(b * s + 0.5); print (v < 1 ? 1 : v) }'; }
MATCHES=$(count 100)
CLONE_HANDS=$(count 300)
PLAIN_HANDS=$(count 1000)
json_num() { sed -n "s/.*\"$2\": \([0-9.]*\).*/\1/p" "$1" | head -n 1; }

# timed CMD...: stdout in $TMP/out, the CPU seconds (user + system) in $cpu;
# exits 1, the output shown, when the command fails
timed() {
    /usr/bin/time -f "%U %S" -o "$TMP/time" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    rc=$?
    if [ "$rc" -ne 0 ]; then
        echo "openspiel.sh: '$*' exited $rc:" >&2
        tail -n 20 "$TMP/out" "$TMP/err" >&2
        exit 1
    fi
    cpu=$(tail -n 1 "$TMP/time" | awk '{ t = $1 + $2; print (t < 0.01 ? 0.01 : t) }')
}

# run WHO ROUND: one run, a line "who round hands moves chance scored cpu"
run() {
    case $1 in
    fuda)
        timed "$FUDA" sim gin -n "$MATCHES" --seed 1 --bots random --json
        gin=$(json_num "$TMP/out" 'hand:gin')
        knock=$(json_num "$TMP/out" 'hand:knock')
        line="$(json_num "$TMP/out" hands) $(json_num "$TMP/out" moves) - $((${gin:-0} + ${knock:-0}))"
        fuda_version=$(sed -n 's/.*"fuda": "\([^"]*\)".*/\1/p' "$TMP/out")
        ;;
    clone | plain)
        [ "$1" = clone ] && n=$CLONE_HANDS || n=$PLAIN_HANDS
        timed "$BENCH" --mode "$1" -n "$n" --seed 1 --json
        line="$(json_num "$TMP/out" hands) $(json_num "$TMP/out" decisions) $(json_num "$TMP/out" chance_actions) $(json_num "$TMP/out" hands_scored)"
        ;;
    esac
    echo "$1 $2 $line $cpu" >>"$TMP/runs"
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)
: >"$TMP/runs"
fuda_version=
r=1
while [ "$r" -le "$ROUNDS" ]; do
    case $((r % 3)) in
    1) order="fuda clone plain" ;;
    2) order="clone plain fuda" ;;
    0) order="plain fuda clone" ;;
    esac
    for who in $order; do run "$who" "$r"; done
    [ "$ROUNDS" -gt 1 ] && [ "$json" = 0 ] && echo "   round $r of $ROUNDS done ($order)" >&2
    r=$((r + 1))
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)

# The medians: "who hands moves chance scored cpu hands/s moves/s" per
# program, in the order fuda, clone, plain (counts are the same every round:
# the same seeds)
awk '
    { w = $1; n[w]++; h[w] = $3; m[w] = $4; c[w] = $5; s[w] = $6
      cpu[w, n[w]] = $7; hs[w, n[w]] = $3 / $7; ms[w, n[w]] = $4 / $7 }
    function med(a, w,    k, i, j, t, x) {
        k = n[w]
        for (i = 1; i <= k; i++) x[i] = a[w, i]
        for (i = 2; i <= k; i++) for (j = i; j > 1 && x[j - 1] > x[j]; j--) { t = x[j]; x[j] = x[j - 1]; x[j - 1] = t }
        return (k % 2) ? x[(k + 1) / 2] : (x[k / 2] + x[k / 2 + 1]) / 2
    }
    END { split("fuda clone plain", o, " ")
          for (i = 1; i <= 3; i++) { w = o[i]
              printf "%s %d %d %s %d %.2f %.1f %.1f\n", w, h[w], m[w], c[w], s[w], med(cpu, w), med(hs, w), med(ms, w) } }
' "$TMP/runs" >"$TMP/med"

if [ "$json" = 1 ]; then
    awk -v rounds="$ROUNDS" -v scale="$SCALE" -v lb="$load_before" -v la="$load_after" \
        -v fv="$fuda_version" -v oc="$os_commit" -v of="$os_flags" '
        function q(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
        { w[NR] = $1; h[NR] = $2; m[NR] = $3; c[NR] = $4; s[NR] = $5; cpu[NR] = $6; hs[NR] = $7; ms[NR] = $8 }
        END {
            name["fuda"] = "fuda sim"; name["clone"] = "OpenSpiel clone"; name["plain"] = "OpenSpiel plain"
            out = ""
            for (i = 1; i <= NR; i++) {
                line = "{\"run\": " q(name[w[i]]) ", \"hands\": " h[i] ", \"moves\": " m[i] \
                    (c[i] == "-" ? "" : ", \"chance_actions\": " c[i]) ", \"hands_scored\": " s[i] \
                    ", \"cpu_s\": " cpu[i] ", \"hands_per_cpu_s\": " hs[i] ", \"moves_per_cpu_s\": " ms[i]
                if (i > 1) line = line sprintf(", \"fuda_over_this_hands\": %.3f, \"fuda_over_this_moves\": %.3f", hs[1] / hs[i], ms[1] / ms[i])
                out = out (i > 1 ? ", " : "") line "}"
            }
            printf "{\"rounds\": %d, \"scale\": %s, \"load_before\": %s, \"load_after\": %s, \"fuda\": %s, \"openspiel\": %s, \"openspiel_cxxflags\": %s, \"runs\": [%s]}\n",
                rounds, scale + 0, q(lb), q(la), q(fv), q(oc), q(of), out
        }' "$TMP/med"
    exit 0
fi

echo "== fuda vs OpenSpiel gin_rummy, random play: medians of $ROUNDS alternating round(s), CPU time (user + system) per process"
echo "   fuda ${fuda_version:-?} (-O2); OpenSpiel ${os_commit:-?} (${os_flags:-?}); load average ${load_before:-?} before, ${load_after:-?} after"
echo "   a move: fuda's seat moves; OpenSpiel's decisions (player actions), its chance actions (cards dealt and drawn) apart"
echo
printf '%-16s %6s %10s %12s %7s %7s %11s %11s %9s %9s\n' run hands moves/hand chance/hand scored 'CPU s' hands/CPU-s moves/CPU-s 'fuda/this' 'fuda/this'
printf '%-16s %6s %10s %12s %7s %7s %11s %11s %9s %9s\n' '' '' '' '' '' '' '' '' '(hands)' '(moves)'
awk '
    { w[NR] = $1; h[NR] = $2; m[NR] = $3; c[NR] = $4; s[NR] = $5; cpu[NR] = $6; hs[NR] = $7; ms[NR] = $8 }
    END {
        name["fuda"] = "fuda sim"; name["clone"] = "OpenSpiel clone"; name["plain"] = "OpenSpiel plain"
        for (i = 1; i <= NR; i++)
            printf "%-16s %6d %10.1f %12s %6.1f%% %7.2f %11.1f %11.0f %9s %9s\n", name[w[i]], h[i], m[i] / h[i],
                (c[i] == "-" ? "-" : sprintf("%.1f", c[i] / h[i])), 100 * s[i] / h[i], cpu[i], hs[i], ms[i],
                (i > 1 ? sprintf("%.2f", hs[1] / hs[i]) : "-"), (i > 1 ? sprintf("%.2f", ms[1] / ms[i]) : "-")
    }' "$TMP/med"
echo
echo "(scored: hands ended by a knock or gin; the others ran out of stock. fuda/this: fuda's figure over that run's)"
