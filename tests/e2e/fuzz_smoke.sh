#!/bin/sh
# fuzz_smoke.sh -- a short run of each libFuzzer target (card parser, player
# input, saved-log reader) from its seed corpus: a crash, a sanitizer report
# or a leak fails the suite. Longer runs: `make fuzz FUZZ_SECONDS=600`.
passed=0
failed=0
if ! make -s fuzz-build >/tmp/fuda-fuzz-build.$$ 2>&1; then
    cat /tmp/fuda-fuzz-build.$$
    rm -f /tmp/fuda-fuzz-build.$$
    echo "FAIL: the fuzz targets do not build"
    echo "0 passed, 1 failed"
    exit 1
fi
rm -f /tmp/fuda-fuzz-build.$$
for t in card input log; do
    corpus=$(mktemp -d)
    cp tests/fuzz/corpus/$t/* "$corpus"/
    if FUDA_PATH=tests/variants build-fuzz/fuzz_$t -runs=3000 -max_len=256 -seed=1 "$corpus" \
        >"$corpus.out" 2>&1; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: fuzz_$t"
        tail -n 30 "$corpus.out"
    fi
    rm -rf "$corpus" "$corpus.out"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
