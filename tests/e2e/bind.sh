#!/bin/sh
# bind.sh -- the game object across matches and g:say's format, through
# `fuda sim` (several matches in one engine, nobody reading events) and
# `fuda check` (a paranoid engine formats every event). The variant is
# tests/variants/bind.lua; the rest of its tests are tests/lua/engine_bind.lua.
. "$(dirname "$0")/lib/check.sh"

V=$(pwd)/tests/variants/bind.lua

run sim "$V" -n 3 --seed 1 --bots random --option moves=pass
expect "three matches in one engine" status 0
expect "each match played" has "$OUT" '^matches +3$'

# the first match's game, variables and piles used in the second's deal
stale() {
    run sim "$V" -n 2 --seed 1 --bots random --option moves=pass --option stale="$1"
    expect "stale $1: sim fails" status 1
    expect "stale $1: $2" has "$ERR" "match 2 \\(seed 2\\): .*bind\\.lua:$3: $2 \\(in deal\\)\$"
}
stale method "this game object belongs to a match that has ended" 25
stale field "this game object belongs to a match that has ended" 26
stale set "this game object belongs to a match that has ended" 27
stale var "this variable table belongs to a match that has ended" 28
stale varset "this variable table belongs to a match that has ended" 29
stale seat "this variable table belongs to a match that has ended" 30
stale pile "this pile belongs to a match that has ended" 31
stale self "this game object belongs to a match that has ended" 32

# g:say(fmt, ...) is checked whether somebody reads events or not (a match
# plays the same either way): a bad format fails in a simulation as in check
run sim "$V" -n 2 --seed 1 --bots random --option moves=pass --option fmt=bad
expect "bad format, nobody reading: sim fails" status 1
expect "bad format, nobody reading: sim names the g:say line" has "$ERR" \
    "bind\\.lua:75: bad argument #3 to 'say' \\(number expected, got string\\) \\(in play\\)"
cd "$TMP" || exit 1
run check "$V" -n 2 --seed 1 --bots random --option moves=pass --option fmt=bad
expect "bad format: check fails" status 1
expect "bad format: check names the g:say line" has "$OUT" \
    "listed move 'pass' refused: .*bind\\.lua:75: bad argument #3 to 'say' \\(number expected, got string\\) \\(in play\\)\$"
run check "$V" -n 2 --seed 1 --bots random --option moves=pass --option fmt=good
expect "good format: check passes" status 0
expect "good format: check says OK" has "$OUT" '^check: OK \(2 matches, 12 moves\)$'
cd - >/dev/null || exit 1

finish
