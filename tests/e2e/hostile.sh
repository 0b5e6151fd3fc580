#!/bin/sh
# hostile.sh -- scripts written to hurt the host (tests/hostile/load_*.lua and
# the attacks of tests/variants/hostile.lua): each ends in a clear error naming
# the script's file and line (for a limit: which limit and its figure), check
# exits 1 with "check: FAILED", sim counts a failed match and goes on, play
# and the REPL go on. Every run is bounded by `timeout`.
. "$(dirname "$0")/lib/check.sh"
export FUDA_PATH="$(pwd)/tests/variants"
H="$(pwd)/tests/hostile"
cd "$TMP" || exit 1   # check saves the logs of failed matches here

# loading: check says the script does not load, and why
loads() {
    file=$1 want=$2
    shift 2
    timeout 60 "$FUDA" "$@" check "$H/$file" -n 1 >"$OUT" 2>"$ERR" </dev/null
    RC=$?
    expect "$file: check exits 1" status 1
    expect "$file: check FAILED" has "$OUT" '^check: FAILED \(the script does not load\)$'
    expect "$file: $want" has "$OUT" "$want"
}
# (no instruction limit unless one is set, and tests/run.sh sets a long time
# limit: every script here that would run for ever gets a limit of its own)
I="--max-instructions 20000000"
loads load_loop.lua "load_loop.lua:3: instruction limit exceeded \(20000000 instructions in one hook call\)$" $I
loads load_loop.lua "load_loop.lua:3: time limit exceeded \(300 ms in one hook call\)$" --max-time 300
loads load_loop.lua "load_loop.lua:3: time limit exceeded \(300 ms in one hook call\)$" \
    --max-instructions 1099511627776 --max-time 300
loads load_gc.lua "load_gc.lua:2: setmetatable: a metatable with __gc is not allowed"
# the collector's work on a weak table laid out against it (some 0.6 s in one C call): done
# where the limits see it, in the load, which it makes too late (the place: the variant's file)
# The ephemeron chain's collection is one atomic step no hook sees: the time limit stops the
# load right after it, or, where the machine is slow enough that the step itself outlasts the
# limit by a second, the overrun watchdog ends the worker. Either way check names the script and
# the limit; which one depends on the machine's speed, so both are accepted.
timeout 60 "$FUDA" --max-time 150 check "$H/load_ephemeron.lua" -n 1 >"$OUT" 2>"$ERR" </dev/null
RC=$?
expect "load_ephemeron.lua: check exits 1" status 1
expect "load_ephemeron.lua: stopped by the time limit, the script named" has "$OUT" \
    '(load_ephemeron\.lua:1: time limit exceeded \(150 ms in one hook call\)|check: FAILED \(.*load_ephemeron\.lua: .*load_ephemeron\.lua: a hook call ran more than 1000 ms past its time limit \(150 ms\).*)$'
expect "load_ephemeron.lua: ends with check: FAILED" sh -c "tail -n 1 '$OUT' | grep -q '^check: FAILED'"
loads load_memory.lua "load_memory.lua:3: memory limit exceeded \(32 MiB for the game.s scripts\)$" --max-memory 32 --max-time 60000
loads load_huge_source.lua "load_huge_source.lua:[0-9]: memory limit exceeded \(32 MiB" --max-memory 32 --max-time 60000
loads load_huge_source.lua "load_huge_source.lua:2: instruction limit exceeded" $I
loads load_huge_source.lua "load_huge_source.lua:2: time limit exceeded \(300 ms" --max-time 300
# what the engine copies out of a variant counts against the cap: a 1 MiB string named a
# thousand times in check.expect is a thousand copies
loads load_copies.lua "load_copies.lua:1: memory limit exceeded \(32 MiB for the game.s scripts\)$" --max-memory 32 --max-time 60000
loads load_meta_variant.lua "load_meta_variant.lua:2: no field "
# (the memory runs out in one huge allocation by the loader's own code, where
# the stack cannot be read: the place is the first line of the script's chunk;
# or, as the loader's own memory shifts the cap, in the iterator: line 4)
loads load_pairs_forever.lua "load_pairs_forever.lua:[14]: memory limit exceeded \(32 MiB" --max-memory 32 --max-time 60000
loads load_pairs_forever.lua "load_pairs_forever.lua:4: instruction limit exceeded" $I
loads load_pairs_forever.lua "load_pairs_forever.lua:4: time limit exceeded \(300 ms" --max-time 300
loads load_expect_len.lua "load_expect_len.lua:[34]: instruction limit exceeded" $I
loads load_expect_len.lua "load_expect_len.lua:[34]: time limit exceeded \(300 ms" --max-time 300
# check.expect whose __len claims 400 million entries: read raw, the variant loads at once
timeout 20 "$FUDA" --max-time 300 rules "$H/load_expect_len_meta.lua" >"$OUT" 2>"$ERR" </dev/null
RC=$?
expect "load_expect_len_meta: loads (the list read raw, not by its __len)" status 0
expect "load_expect_len_meta: the rules are shown" has "$OUT" 'Gin'
loads load_options_meta.lua "load_options_meta.lua:2: instruction limit exceeded" $I
loads load_options_meta.lua "load_options_meta.lua:2: time limit exceeded \(300 ms" --max-time 300
loads load_bot_names.lua "load_bot_names.lua:2: bots: a bot's name must be a string, got (number|table)"
loads load_tostring.lua "load_tostring.lua:[0-9]+: "
loads load_error_object.lua "load_error_object.lua:2: \(error object is a table value\)$"
loads load_close_unwind.lua "load_close_unwind.lua: attempt to call a number value$"
loads load_many_errors.lua "load_many_errors.lua: \.\.\. and 99990 more problems$"
expect "many errors: only ten are listed" test "$(grep -c "unknown field 'field_" "$OUT")" -eq 10

# in play: sim counts the failed match and goes on to the next
timeout 60 "$FUDA" --max-memory 32 --max-time 60000 sim hostile -n 3 --option attack=notes >"$OUT" 2>"$ERR" </dev/null
RC=$?
expect "sim: exits 1" status 1
expect "sim: three failed matches" has "$OUT" '^failed +3 matches'
expect "sim: the first is named with the place" has "$ERR" 'match 1 \(seed 1\): .*tests/variants/hostile.lua:42: memory limit exceeded \(32 MiB'

timeout 60 "$FUDA" --max-memory 32 --max-time 60000 check hostile -n 2 --option attack=symbols >"$OUT" 2>"$ERR" </dev/null
RC=$?
expect "check: exits 1" status 1
expect "check: FAILED" has "$OUT" '^check: FAILED$'
expect "check: names the limit and place" has "$OUT" "hostile.lua:43: memory limit exceeded \(32 MiB for the game.s scripts\) \(in play\)"

timeout 60 "$FUDA" --max-time 200 --max-instructions 1099511627776 check hostile -n 2 --option attack=sort >"$OUT" 2>"$ERR" </dev/null
RC=$?
expect "check sort: exits 1" status 1
expect "check sort: the time limit" has "$OUT" "hostile.lua:[0-9]+: time limit exceeded \(200 ms in one hook call\) \(in play\)"

# a person's move that hits a limit is refused; the prompt asks again
printf 'draw\nquit\ny\n' | timeout 60 "$FUDA" --max-memory 32 play hostile --option attack=events --seed 2 >"$OUT" 2>"$ERR"
RC=$?
expect "play: the refused move is explained" has "$OUT" "hostile.lua:45: too many events in one move \(at most 10000\)"
expect "play: quitting works after it" status 0

# the REPL goes on after a match whose bot hits a limit (abandoned where fuda asks who plays the seat)
printf 'play hostile --option attack=gc --humans none\nquit\ny\nreturn 40 + 2\n' | timeout 60 "$FUDA" >"$OUT" 2>"$ERR"
RC=$?
expect "REPL: the error is shown" has "$OUT" "hostile.lua:28: setmetatable: a metatable with __gc is not allowed"
expect "REPL: the session goes on" has "$OUT" '^42$'

# a deal that ends every hand: each counts as a move, 1000 in a row stop the match
NH="no_hands.lua: 1000 hands in a row ended in their deal, without a move \(the deal hook ends every hand\): the match is stopped"
timeout 60 "$FUDA" sim no_hands -n 2 >"$OUT" 2>"$ERR" </dev/null
RC=$?
expect "no hands: sim exits 1" status 1
expect "no hands: sim names the reason" has "$ERR" "match 1 \(seed 1\): .*$NH$"
timeout 60 "$FUDA" check no_hands -n 1 >"$OUT" 2>"$ERR" </dev/null
RC=$?
expect "no hands: check FAILED" has "$OUT" '^check: FAILED$'
expect "no hands: check names the reason" has "$OUT" "^check: dealing hand 1001 failed: .*$NH$"
printf 'quit\ny\n' | timeout 60 "$FUDA" play no_hands >"$OUT" 2>"$ERR"
RC=$?
expect "no hands: play ends" status 1
expect "no hands: play names the reason" has "$ERR" "$NH$"

# --max-time and FUDA_MAX_TIME
timeout 20 "$FUDA" --max-time 0 list >"$OUT" 2>"$ERR" </dev/null
RC=$?
expect "a bad time limit is a usage error" status 2
FUDA_MAX_TIME=250 FUDA_MAX_INSTRUCTIONS=1099511627776 timeout 60 "$FUDA" check "$H/load_loop.lua" -n 1 >"$OUT" 2>"$ERR" </dev/null
RC=$?
expect "env: FUDA_MAX_TIME sets the limit" has "$OUT" 'time limit exceeded \(250 ms in one hook call\)'

finish
