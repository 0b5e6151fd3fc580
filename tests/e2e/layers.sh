#!/bin/sh
# layers.sh -- the files of each top folder call each other only downward:
# tools/callgraph.py reads the build's objects with nm (who calls whom) and
# lists the groups of files that reach each other (cycles). core must have
# none. lua-bindings and repl may have exactly the groups still listed in
# tests/golden/cycles.txt, the tangle the engine issue is taking apart: a new
# cycle, or a file joining one, fails; a cycle broken fails too until the
# list is shortened, so the list only ever shrinks. (The picture of every
# folder's layers: tools/callgraph.py.)
. "$(dirname "$0")/lib/check.sh"

# the objects beside the binary (build-asan/fuda), else in build/ (./fuda)
BUILD=${FUDA_BUILD:-$(dirname "$FUDA")}
[ -f "$BUILD/repl/main.o" ] || BUILD=$BUILD/build
GOLDEN=$(dirname "$0")/../golden/cycles.txt

python3 "$(dirname "$0")/../../tools/callgraph.py" --build "$BUILD" --cycles >"$OUT" 2>"$ERR"
RC=$?
expect "callgraph.py reads the objects in $BUILD" status 0
expect "core calls downward only" sh -c "! grep -q '^core:' '$OUT'"
for folder in lua-bindings repl; do
    grep "^$folder:" "$OUT" >"$TMP/now" || true
    grep "^$folder:" "$GOLDEN" >"$TMP/known" || true
    if ! cmp -s "$TMP/now" "$TMP/known"; then
        echo "$folder: cycles now (<) and as tests/golden/cycles.txt lists them (>):"
        diff "$TMP/now" "$TMP/known" | grep '^[<>]'
    fi
    expect "$folder: no cycle but the known ones" cmp -s "$TMP/now" "$TMP/known"
done
finish
