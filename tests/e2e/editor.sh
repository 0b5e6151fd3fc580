#!/bin/sh
# editor.sh -- what authors get beside the program, kept from drifting away
# from it: the manual page (docs/fuda.1), the LuaLS annotations
# (docs/lua/fuda.lua), the luacheck standards (docs/lua/luacheckrc), and
# `make install` putting them (and the program, variants, rules) in place.
#
# The names come from the program: its help texts, the tables a host script
# can walk (tests/e2e/lib/api_walk.lua), a tiny variant that walks its own
# environment and probes a live game object and pile, and the loader's
# messages listing the fields it accepts. The game object and piles hide
# their methods behind locked metatables, so their names are read from the C
# tables that make them (lua-bindings/lgame.c and the files of game_impl.h), and each is then tried on a
# live object, as is each annotated name.
. "$(dirname "$0")/lib/check.sh"
SRC=$(pwd)
ANN=docs/lua/fuda.lua
RCFILE=docs/lua/luacheckrc
MAN=docs/fuda.1

# same NAME FILE_A FILE_B: the two lists hold the same names (differences shown).
same() {
    sort -u "$2" >"$TMP/same1"
    sort -u "$3" >"$TMP/same2"
    if cmp -s "$TMP/same1" "$TMP/same2"; then return 0; fi
    echo "  $1: only in the program (or source), then only in the file:"
    comm -23 "$TMP/same1" "$TMP/same2" | sed 's/^/    < /'
    comm -13 "$TMP/same1" "$TMP/same2" | sed 's/^/    > /'
    return 1
}
nonempty() { [ -s "$1" ]; }

# ---- the manual page ----

command -v groff >/dev/null 2>&1 || { echo "FAIL: groff is missing (make test installs groff-base)"; echo "0 passed, 1 failed"; exit 1; }
groff -man -ww -z "$MAN" >"$OUT" 2>"$ERR"
RC_GROFF=$?
clean_render() { [ "$RC_GROFF" -eq 0 ] && [ ! -s "$ERR" ]; }
expect "fuda.1 renders without warnings" clean_render
# plain text, wide lines, no hyphenation: a flag is one word
groff -man -Tascii -rLL=300n -rHY=0 -P-c -P-b -P-u "$MAN" 2>/dev/null | sed 's/  */ /g' >"$TMP/man.txt"
expect "fuda.1 renders to text" grep -q '^ *COMMANDS' "$TMP/man.txt"
section() { awk -v s="$1" '/^[A-Z]/ { on = ($0 == s) } on' "$TMP/man.txt"; }

run help
cp "$OUT" "$TMP/general.txt"
cp "$OUT" "$TMP/help.txt"
awk '/^Commands:/ { on = 1; next } on && /^  [a-z]/ { print $1; next } on { exit }' "$TMP/help.txt" >"$TMP/cmds"
expect "fuda help lists commands" nonempty "$TMP/cmds"
section COMMANDS >"$TMP/man_cmds"
for c in $(cat "$TMP/cmds"); do
    expect "fuda.1 describes the command '$c'" grep -qE "^ $c( |$)" "$TMP/man_cmds"
done
for c in $(cat "$TMP/cmds"); do
    "$FUDA" "$c" --help >>"$TMP/help.txt" 2>&1
done
grep -oE -- '(^|[][ (,|])--?[a-z][a-z-]*' "$TMP/help.txt" | sed 's/^[^-]*//' | sort -u >"$TMP/flags"
expect "the help texts have flags" grep -qx -- '--seed' "$TMP/flags"
for f in $(cat "$TMP/flags"); do
    expect "fuda.1 has the flag $f" grep -qE -- "(^|[^a-z-])$f([^a-z-]|$)" "$TMP/man.txt"
done
# what a player may type during a match (play's help) and the REPL's own words
words=$(sed -n '/^During the match: /,/\.$/p' "$TMP/help.txt" | tr '\n' ' ' |
    sed 's/^During the match: \(.*\)\. *$/\1/' | tr ',' '\n' | awk '{ print $1 }')
expect "play's help names the words of a match" [ -n "$words" ]
for w in $words quit exit; do
    expect "fuda.1 has the word '$w'" grep -qw -- "$w" "$TMP/man.txt"
done
# environment: what the help names and what the program reads
section ENVIRONMENT >"$TMP/man_env"
{
    sed -n '/^Environment:/,$p' "$TMP/general.txt" | grep -oE '[A-Z][A-Z0-9_]{2,}'
    grep -ohE 'getenv\("[A-Z_]+"\)' "$SRC"/repl/*.c "$SRC"/lua-bindings/*.c | sed 's/getenv("\(.*\)")/\1/'
} | sort -u >"$TMP/envs"
expect "the program reads environment variables" grep -qx FUDA_PATH "$TMP/envs"
for v in $(cat "$TMP/envs"); do
    expect "fuda.1 explains \$$v" grep -qE "^ $v( |$)" "$TMP/man_env"
done
section "EXIT STATUS" >"$TMP/man_exit"
for s in 0 1 2; do
    expect "fuda.1 explains exit status $s" grep -qE "^ $s( |$)" "$TMP/man_exit"
done

# ---- the LuaLS annotations ----

# ann CLASS NAME: each @field of a class block, each function defined on it
awk '
    /^---@class / { cls = $2; next }
    /^---@field / { n = $2; sub(/\?$/, "", n); if (cls != "" && n ~ /^[a-z_][a-z0-9_]*$/) print cls, n; next }
    /^---/ { next }
    { cls = "" }
    /^function fuda\./ { n = $2; sub(/^fuda\./, "", n); sub(/\(.*/, "", n); print "fudalib", n }
    /^function [A-Z][a-z]*[:.]/ {
        split($2, p, /[:.(]/); print "fuda." p[1], p[2]
    }
' "$ANN" >"$TMP/ann"
ann() { awk -v c="$1" '$1 == c { print $2 }' "$TMP/ann"; }
expect "fuda.lua is a ---@meta file" grep -q '^---@meta' "$ANN"
run run "$ANN"
expect "fuda.lua is valid Lua (it runs, defining only stubs)" status 0
expect "fuda.lua annotates the game" grep -q '^fuda.Game next$' "$TMP/ann"

# C tables of the game object's files (game_impl.h lists them): NAME from
# { "NAME", fn } rows of the game's method tables, the array of fields, the
# constant fields and cached methods set into M; the pile's in lpile.c.
GAME_FILES="lgame.c lvars.c lpile.c lresult.c ldeal.c"
# ctable START FILE: the names in the C table that starts at the line holding START
ctable() { awk -v start="$1" 'index($0, start) { on = 1; next } on { print } on && /NULL/ { exit }' "$SRC/lua-bindings/$2" |
           grep -oE '"[a-z_]+"' | tr -d '"'; }
{
    ctable 'luaL_Reg game_methods[]' lgame.c
    ctable 'luaL_Reg game_pile_methods[]' lpile.c
    ctable 'luaL_Reg fuda_game_result_methods[]' lresult.c
    ctable 'luaL_Reg fuda_game_deal_methods[]' ldeal.c
    ctable 'game_fields[] = {' lgame.c
    for f in $GAME_FILES; do
        grep -oE 'lua_setfield\(L, m, "[a-z_]+"\)' "$SRC/lua-bindings/$f" | grep -oE '"[a-z_]+"' | tr -d '"'
    done
} | sort -u >"$TMP/game_src"
{
    ctable 'luaL_Reg pile_methods[]' lpile.c
    awk '/^static int p_index/ { on = 1 } on && /^}/ { exit } on' "$SRC/lua-bindings/lpile.c" |
        grep -oE 'strcmp\(k, "[a-z_]+"\)' | grep -oE '"[a-z_]+"' | tr -d '"'
} | sort -u >"$TMP/pile_src"
# every luaL_Reg of the game's files is read above
expect "the game's method tables are all read" sh -c "[ \$(cd '$SRC/lua-bindings' && cat $GAME_FILES | grep -c 'luaL_Reg [a-z_]*\[\]') = 5 ]"
expect "the game's tables are read" grep -qx pile "$TMP/game_src"
expect "the game's results are read" grep -qx result "$TMP/game_src"
expect "the game's deal is read" grep -qx deal "$TMP/game_src"
expect "lpile.c's pile tables are read" grep -qx move_top "$TMP/pile_src"

# The variant that walks its side: every name of the game and pile, from the
# source and the annotations, tried on the live objects, and one that is not there.
names() { sort -u "$@" | awk '{ printf "%s\"%s\"", (NR > 1 ? ", " : ""), $0 }'; }
ann fuda.Game >"$TMP/game_ann"
ann fuda.Pile >"$TMP/pile_ann"
cat >"$TMP/walk.lua" <<EOF
local GAME = { $(names "$TMP/game_src" "$TMP/game_ann"), "zz_not_a_name" }
local PILE = { $(names "$TMP/pile_src" "$TMP/pile_ann"), "zz_not_a_name" }
local LIBS = { string = true, table = true, math = true, utf8 = true, fuda = true }
local function probe(g, what, obj, list)
  for _, n in ipairs(list) do
    g:say("probe %s %s %s", what, n, pcall(function() return obj[n] end) and "ok" or "missing")
  end
end
return {
  title = "API walk",
  players = 2,
  setup = function(g) g:new_deck(g:new_pile("stock")) end,
  deal = function(g)
    for k, v in pairs(_G) do
      g:say("real variant %s", k)
      if LIBS[k] and type(v) == "table" then
        for f in pairs(v) do g:say("real variant %s.%s", k, f) end
      end
    end
    for k in pairs(fuda) do g:say("real fuda %s", k) end
    probe(g, "Game", g, GAME)
    probe(g, "Pile", g:pile("stock"), PILE)
    g.turn = 1
  end,
  moves = function() return { "pass" } end,
  play = function(g) g:end_hand() g:end_match() end,
}
EOF
"$FUDA" run tests/e2e/lib/api_walk.lua "$TMP/walk.lua" "$(cat "$RCFILE")" >"$OUT" 2>"$ERR"
RC=$?
cp "$OUT" "$TMP/walk.txt"
walked() { [ "$RC" -eq 0 ] && grep -q '^real Match apply$' "$TMP/walk.txt"; }
expect "the API walk runs" walked
real() { awk -v c="$1" '$1 == "real" && $2 == c { print $3 }' "$TMP/walk.txt"; }
probed() { awk -v c="$1" -v r="$2" '$1 == "probe" && $2 == c && $4 == r { print $3 }' "$TMP/walk.txt"; }

for c in Game Pile; do
    lc=$(echo "$c" | tr 'A-Z' 'a-z')
    probed "$c" missing >"$TMP/missing"
    echo zz_not_a_name >"$TMP/none"
    expect "every $c name (source, annotations) is on a live object" same "$c: missing" "$TMP/none" "$TMP/missing"
    expect "fuda.lua annotates exactly the $c's names" same "$c" "$TMP/${lc}_src" "$TMP/${lc}_ann"
done
for c in Match Rules Moves; do
    real "$c" >"$TMP/r"
    ann "fuda.$c" >"$TMP/a"
    expect "fuda.lua annotates exactly the methods of fuda.$c" same "$c" "$TMP/r" "$TMP/a"
done
real fuda >"$TMP/r"
ann fudalib >"$TMP/a"
expect "fuda.lua annotates exactly the fuda module (host and variant)" same fuda "$TMP/r" "$TMP/a"

# the variant table: the loader lists the fields it knows
printf 'return { zz_not_a_field = 1 }\n' >"$TMP/unknown_field.lua"
run rules "$TMP/unknown_field.lua"
sed -n 's/.*unknown field .* (fields: \([^)]*\)).*/\1/p' "$ERR" | tr -d ' ' | tr ',' '\n' | grep . >"$TMP/r"
expect "the loader lists the variant fields" grep -qx deal "$TMP/r"
ann fuda.Variant >"$TMP/a"
expect "fuda.lua annotates exactly the variant fields" same Variant "$TMP/r" "$TMP/a"
printf 'return { deal = function() end, moves = function() end, play = function() end, check = { zz = 1 } }\n' >"$TMP/unknown_check.lua"
run rules "$TMP/unknown_check.lua"
sed -n 's/.*check: unknown field .* (fields: \([^)]*\)).*/\1/p' "$ERR" | tr -d ' ' | tr ',' '\n' | grep . >"$TMP/r"
expect "the loader lists the check fields" grep -qx invariant "$TMP/r"
ann fuda.Check >"$TMP/a"
expect "fuda.lua annotates exactly the check fields" same Check "$TMP/r" "$TMP/a"
printf 'return { deal = function() end, moves = function() end, play = function() end, search = { zz = 1 } }\n' >"$TMP/unknown_search.lua"
run rules "$TMP/unknown_search.lua"
sed -n 's/.*search: unknown field .* (fields: \([^)]*\)).*/\1/p' "$ERR" | tr -d ' ' | tr ',' '\n' | grep . >"$TMP/r"
expect "the loader lists the search fields" grep -qx hands "$TMP/r"
ann fuda.SearchHints >"$TMP/a"
expect "fuda.lua annotates exactly the search fields" same SearchHints "$TMP/r" "$TMP/a"

# Well-formed on their own: every type the annotations name is declared in them.
grep -oE 'fuda\.[A-Z][A-Za-z]*' "$ANN" | sort -u >"$TMP/types_used"
sed -n 's/^---@class \(fuda\.[A-Za-z]*\).*/\1/p; s/^---@alias \(fuda\.[A-Za-z]*\).*/\1/p' "$ANN" | sort -u >"$TMP/types_declared"
expect "fuda.lua declares every fuda type it names" same types "$TMP/types_used" "$TMP/types_declared"

# A game written with the annotations plays, and a house rule with misspelt names fails its check
# at the first one it reaches (the editor shows all three: below).
run check tests/e2e/lib/luals_good.lua -n 20
expect "luals_good.lua: fuda check passes" status 0
(cd "$TMP" && "$FUDA" check "$SRC/tests/e2e/lib/luals_typo.lua" -n 5) >"$OUT" 2>"$ERR"
RC=$?
expect "luals_typo.lua: fuda check fails at r.winer" has "$OUT" "luals_typo.lua:7: result has no field 'winer' \(did you mean 'winner'\?\)"

# ---- the luacheck standards ----

for w in host variant; do
    real "$w" >"$TMP/r"
    awk -v w="$w" '$1 == "decl" && $2 == w { print $3 }' "$TMP/walk.txt" >"$TMP/d"
    expect "luacheckrc's fuda_$w declares exactly what a $w script reaches" same "fuda_$w" "$TMP/r" "$TMP/d"
done
expect "luacheckrc defaults to fuda_variant" grep -qx 'std fuda_variant' "$TMP/walk.txt"

# ---- make install ----

if make -s install PREFIX="$TMP/x" >"$OUT" 2>"$ERR"; then RC=0; else RC=$?; fi
expect "make install succeeds" status 0
for f in bin/fuda share/man/man1/fuda.1 share/fuda/lua/fuda.lua share/fuda/luacheckrc \
    share/fuda/variants/gin.lua share/fuda/docs/rules/gin.md; do
    expect "make install puts $f" [ -s "$TMP/x/$f" ]
done
expect "the installed page is the source's" cmp -s "$MAN" "$TMP/x/share/man/man1/fuda.1"
expect "the installed annotations are the source's" cmp -s "$ANN" "$TMP/x/share/fuda/lua/fuda.lua"
expect "the installed luacheckrc is the source's" cmp -s "$RCFILE" "$TMP/x/share/fuda/luacheckrc"
(cd / && env -u FUDA_PATH "$TMP/x/bin/fuda" list) >"$OUT" 2>"$ERR"
expect "the installed fuda finds its variants" has "$OUT" '^gin '
(cd / && env -u FUDA_PATH "$TMP/x/bin/fuda" rules gin) >"$OUT" 2>"$ERR"
expect "the installed fuda finds its rules documents" has "$OUT" '^====+$'
# ---- what an editor shows: lua-language-server (LuaLS), when installed ----
# Optional (docs/authoring.md, "Editor support": it is no Debian or npm package): with it on PATH,
# or named by FUDA_LUALS, its check mode reads the installed annotations over a folder set up as
# the guide says (.luarc.json naming share/fuda/lua), and must flag exactly the three misspelt names
# of luals_typo.lua, at their lines, and nothing in luals_good.lua.
LUALS=${FUDA_LUALS:-$(command -v lua-language-server 2>/dev/null)}
if [ -n "$LUALS" ]; then
    mkdir "$TMP/ws"
    cp tests/e2e/lib/luals_good.lua tests/e2e/lib/luals_typo.lua "$TMP/ws/"
    printf '{ "workspace.library": ["%s"], "runtime.version": "Lua 5.4" }\n' "$TMP/x/share/fuda/lua" >"$TMP/ws/.luarc.json"
    (cd "$TMP/ws" && "$LUALS" --check=. --checklevel=Information --check_format=json \
        --check_out_path="$TMP/luals.json" --logpath="$TMP/luals_log" --metapath="$TMP/luals_meta") >"$OUT" 2>"$ERR"
    RC=$?
    # "FILE:LINE: code: message" for each problem of the JSON report (lines from 0 there)
    awk '
        /"file:\/\// { f = $0; sub(/^[^"]*"/, "", f); sub(/".*/, "", f); sub(/.*\//, "", f) }
        /"code":/ { c = $0; sub(/^[^:]*: "/, "", c); sub(/".*/, "", c) }
        /"message":/ { m = $0; sub(/^[^:]*: "/, "", m); sub(/",?$/, "", m) }
        /"start":/ { s = 1 }
        s && /"line":/ { l = $0; gsub(/[^0-9]/, "", l); print f ":" l + 1 ": " c ": " m; s = 0 }
    ' "$TMP/luals.json" >"$TMP/luals.txt" 2>/dev/null
    cp "$TMP/luals.txt" "$OUT"
    expect "LuaLS finds problems (exit 1)" status 1
    for want in '7: undefined-field: Undefined field `winer`.' '8: undefined-field: Undefined field `shufle`.' \
        '9: undefined-field: Undefined field `nxet`.'; do
        expect "LuaLS flags luals_typo.lua:$want" grep -qxF "luals_typo.lua:$want" "$TMP/luals.txt"
    done
    expect "LuaLS flags those three and nothing else" [ "$(wc -l <"$TMP/luals.txt")" -eq 3 ]
else
    echo "editor.sh: lua-language-server is not installed (optional): LuaLS's own check of the annotations was not run"
fi

if command -v man >/dev/null 2>&1; then
    MANWIDTH=80 man -l "$TMP/x/share/man/man1/fuda.1" >"$OUT" 2>"$ERR" </dev/null
    expect "man -l shows the installed page" has "$OUT" 'EXIT STATUS'
fi

finish
