#!/bin/sh
# strength.sh -- how often the search bot beats another bot: N matches of
# VARIANT with search at seat 1, and the same N seeds with the seats swapped,
# and search's share of the matches won (draws count half) with its 95%
# Wilson interval. Usage:
#   tools/strength.sh VARIANT N [OPPONENT [FUDA ARGS...]]
# e.g. tools/strength.sh gin 100 basic --iters 200. FUDA names the program
# (default ./fuda). Prints one line per order and a summary line.
set -eu
V=$1 N=$2
OPP=${3:-basic}
[ $# -ge 3 ] && shift 3 || shift $#
FUDA=${FUDA:-./fuda}
a=$("$FUDA" sim "$V" -n "$N" --bots "search,$OPP" --json "$@")
b=$("$FUDA" sim "$V" -n "$N" --bots "$OPP,search" --json "$@")
python3 - "$a" "$b" "$V" "$OPP" "$*" <<'PY'
import json, math, sys
a, b = json.loads(sys.argv[1]), json.loads(sys.argv[2])
def share(r, seat):
    w = r["wins"]; n = r["matches"]
    mine = w[seat]; others = sum(w) - mine
    return mine + 0.5 * (n - mine - others), n
w1, n1 = share(a, 0)
w2, n2 = share(b, 1)
w, n = w1 + w2, n1 + n2
p, z = w / n, 1.96
d = 1 + z * z / n
c = (p + z * z / (2 * n)) / d
h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
print(f"search at seat 1: {w1:g}/{n1} won, mean score {a['mean_score'][0]} vs {a['mean_score'][1]}")
print(f"search at seat 2: {w2:g}/{n2} won, mean score {b['mean_score'][1]} vs {b['mean_score'][0]}")
print(f"{sys.argv[3]} search vs {sys.argv[4]} ({sys.argv[5]}): {w:g}/{n} = {100*p:.1f}%, "
      f"95% interval {100*(c-h):.1f}% to {100*(c+h):.1f}%")
PY
