#!/bin/sh
# sim_golden.sh -- the figures `fuda sim --json` prints for fixed seeds (hands,
# moves, wins, scores, tallies: everything but the times) are the same as
# those recorded in tests/golden/sim.txt. A change to the engine or to a
# variant that changes how a game plays out shows here; when the change is
# meant (a rule fixed, a bot drawing its random numbers another way), record
# the figures again with `sh tests/e2e/sim_golden.sh ./fuda --record` and say
# why in the commit.
. "$(dirname "$0")/lib/check.sh"
GOLDEN=tests/golden/sim.txt

# One configuration per line: the arguments of `fuda sim`.
CONFIGS='gin -n 20 --seed 1 --bots random
gin -n 12 --seed 7 --bots basic
gin -n 10 --seed 3 --bots basic,random
gin -n 10 --seed 4 --bots basic,simple
gin-bicycle -n 6 --seed 11 --bots random
gin-intro -n 6 --seed 5 --bots basic
gin -n 6 --seed 2 --bots random --option target=50 --option ace=corner
zun -n 12 --seed 1 --bots random --seats 2
zun -n 12 --seed 4 --bots random --seats 3
zun -n 12 --seed 9 --bots random --seats 4
zun -n 8 --seed 2 --bots basic --seats 4
zun -n 8 --seed 6 --bots basic,random --seats 3 --option chombo=true
dobon -n 30 --seed 1 --bots random --seats 4
dobon -n 30 --seed 8 --bots random --seats 2
dobon -n 20 --seed 3 --bots basic --seats 3
dobon -n 20 --seed 5 --bots basic,random --seats 5
tests/variants/snap.lua -n 20 --seed 1 --bots random --seats 3'

# The JSON object without its timed fields and its "run" (the last key: fuda's
# version and the file's path change from build to build; the figures may not).
untimed() {
    sed -e 's/, "run": {.*$/}/' \
        -e 's/, "elapsed_s": [^,}]*//' -e 's/, "matches_per_s": [^,}]*//' \
        -e 's/, "hands_per_s": [^,}]*//' -e 's/, "moves_per_s": [^,}]*//'
}

figures() {
    echo "$CONFIGS" | while IFS= read -r cfg; do
        # shellcheck disable=SC2086
        printf '%s\n%s\n' "$cfg" "$("$FUDA" sim $cfg --json </dev/null 2>&1 | untimed)"
    done
}

if [ "${2:-}" = --record ]; then
    figures >"$GOLDEN"
    echo "recorded $GOLDEN"
    exit 0
fi

figures >"$TMP/now"
n=$(echo "$CONFIGS" | wc -l)
i=1
while [ $i -le "$n" ]; do
    cfg=$(echo "$CONFIGS" | sed -n "${i}p")
    want=$(grep -F -x -A1 -- "$cfg" "$GOLDEN" | sed -n 2p)
    got=$(grep -F -x -A1 -- "$cfg" "$TMP/now" | sed -n 2p)
    same() { [ -n "$want" ] && [ "$want" = "$got" ]; }
    expect "sim $cfg: same figures as recorded" same
    same || printf '  want: %s\n  got:  %s\n' "$want" "$got"
    i=$((i + 1))
done
finish
