#!/bin/sh
# layers.sh -- the files of each top folder call each other only downward:
# tools/callgraph.py reads the build's objects with nm (who calls whom) and
# lists the groups of files that reach each other (cycles). core,
# lua-bindings and repl must have none: a file that calls up into a caller
# fails here, with the group it joined. (The picture of every folder's
# layers: tools/callgraph.py; docs/internals.md explains them.)
. "$(dirname "$0")/lib/check.sh"

# the objects beside the binary (build-asan/fuda), else in build/ (./fuda)
BUILD=${FUDA_BUILD:-$(dirname "$FUDA")}
[ -f "$BUILD/repl/main.o" ] || BUILD=$BUILD/build

python3 "$(dirname "$0")/../../tools/callgraph.py" --build "$BUILD" --cycles >"$OUT" 2>"$ERR"
RC=$?
expect "callgraph.py reads the objects in $BUILD" status 0
for folder in core lua-bindings repl; do
    if grep "^$folder:" "$OUT" >"$TMP/now"; then
        echo "$folder: files that call each other (a cycle):"
        cat "$TMP/now"
    fi
    expect "$folder: no cycle" sh -c "! grep -q '^$folder:' '$OUT'"
done

# the check itself: a cycle made on purpose is found (two objects that call each other)
mkdir -p "$TMP/b/core" "$TMP/b/lua-bindings" "$TMP/b/repl"
printf 'void fuda_b(void);\nvoid fuda_a(void) { fuda_b(); }\n' >"$TMP/a.c"
printf 'void fuda_a(void);\nvoid fuda_b(void) { fuda_a(); }\n' >"$TMP/b.c"
cc -c -o "$TMP/b/repl/a.o" "$TMP/a.c" && cc -c -o "$TMP/b/repl/b.o" "$TMP/b.c"
python3 "$(dirname "$0")/../../tools/callgraph.py" --build "$TMP/b" --cycles repl >"$OUT" 2>"$ERR"
RC=$?
expect "a made-up cycle is listed" grep -qx "repl: a b" "$OUT"
finish
