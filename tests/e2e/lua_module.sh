#!/bin/sh
# lua_module.sh -- fuda as a C module in a stock lua5.4: require "fuda", the
# card and meld functions, and a match of a built-in variant.
passed=0
failed=0
check() { # name, command output, expected
    if [ "$2" = "$3" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1: got '$2', want '$3'"; fi
}
if ! make -s lua-module >/dev/null 2>&1; then
    echo "FAIL: make lua-module"
    echo "0 passed, 1 failed"
    exit 1
fi
run() { FUDA_PATH=variants lua5.4 -e "package.cpath = 'build/?.so;' .. package.cpath; local fuda = require 'fuda'; $1" 2>&1; }
check "card names" "$(run 'print(fuda.card("H7"), fuda.card("ts"), fuda.card("x"))')" "7h	10s	nil	'x' is not a card (cards are written like 7h, H7, 10s, Ts, Qd)"
check "deadwood" "$(run 'print(fuda.rules():deadwood{"7h","8h","9h","Kd","Kc"})')" "20"
check "a match" "$(run 'local m = fuda.match{variant = "gin", seed = 3}; print(m:phase(), #m:pile("hand", 1))')" "playing	10"
# the time limit's watchdog works in the module too, and lua5.4 exits cleanly after it
check "a loop is stopped by the time limit" \
    "$(timeout 20 sh -c 'FUDA_PATH=tests/variants lua5.4 -e "package.cpath = \"build/?.so;\" .. package.cpath; local fuda = require \"fuda\"; local m = fuda.match{variant = \"sandbox\", seed = 3, options = {attack = \"loop\"}, limits = {time = 200}}; print(m:apply(1, \"draw\"))" 2>&1; echo "exit $?"')" \
    "nil	tests/variants/sandbox.lua:52: time limit exceeded (200 ms in one hook call) (in play)
exit 0"
# a variant's print shows its escape sequences harmlessly in the module too,
# where no filtered stderr of the fuda program stands behind it
out=$(FUDA_PATH=tests/variants lua5.4 -e "package.cpath = 'build/?.so;' .. package.cpath; local fuda = require 'fuda'; fuda.match{variant = 'tests/hostile/text.lua', seed = 1}" 2>&1)
check "a variant's print: no raw escape" "$(printf '%s' "$out" | grep -c "$(printf '\033')")" "0"
check "a variant's print: its escapes shown, after its place" \
    "$(printf '%s\n' "$out" | grep -c '^tests/hostile/text.lua:[0-9]*: print \\x1b\]52;c;')" "1"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
