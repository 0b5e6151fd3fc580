#!/bin/sh
# stock.sh -- fuda's metered versions of the stock library functions (lstock.c)
# behave as the stock ones: tests/e2e/lib/stock_cases.lua, run by a stock lua5.4
# and by `fuda run`, prints the same results and error messages line for line.
. "$(dirname "$0")/lib/check.sh"
CASES=tests/e2e/lib/stock_cases.lua
lua5.4 "$CASES" >"$TMP/stock" 2>&1
expect "the stock lua5.4 runs the cases" test "$(wc -l <"$TMP/stock")" -ge 90
run run "$CASES"
expect "fuda runs the cases" status 0
expect "the same results and messages as the stock functions" cmp -s "$TMP/stock" "$OUT"
diff "$TMP/stock" "$OUT" | head -20
finish
