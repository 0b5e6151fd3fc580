#!/bin/sh
# shard.sh -- end-to-end tests of runs played in shards: `--shard K/N` on sim,
# check and duel, and `fuda merge`, which must print byte for byte what the
# run unsharded prints (but for the times), text and JSON, whatever order the
# files come in; a failure in a shard is the run's; files that are not the
# shards of one run are refused (exit 2, nothing printed); the --shard flag's
# usage errors; and a sharded sim run through GNU parallel on this machine.
. "$(dirname "$0")/lib/check.sh"
ROOT=$(pwd)

untimed() { grep -v -E '^(elapsed|matches/s|hands/s|moves/s) ' "$1"; }
# the JSON less its times (sim's rates are of them)
untimed_json() { sed -E 's/"(elapsed_s|matches_per_s|hands_per_s|moves_per_s)": [0-9.]+/"\1": T/g' "$1"; }
same_text() { untimed "$1" >"$TMP/a.txt" && untimed "$2" >"$TMP/b.txt" && [ -s "$TMP/a.txt" ] && cmp "$TMP/a.txt" "$TMP/b.txt"; }
same_json() { untimed_json "$1" >"$TMP/a.json" && untimed_json "$2" >"$TMP/b.json" && [ -s "$TMP/a.json" ] && cmp "$TMP/a.json" "$TMP/b.json"; }
empty() { [ ! -s "$1" ]; }

# shards TAG N ARGS...: play the N shards of `fuda ARGS` into $TMP/TAG.K.json
# (TAG: no spaces),
# each exiting as $SHARD_RC says (0 unless set)
shards() {
    tag=$1 n=$2
    shift 2
    k=1
    while [ "$k" -le "$n" ]; do
        run "$@" --shard "$k/$n"
        expect "$tag: shard $k/$n exits ${SHARD_RC:-0}" status "${SHARD_RC:-0}"
        cp "$OUT" "$TMP/$tag.$k.json"
        k=$((k + 1))
    done
}

# same_as_whole TAG N FILES_ORDER ARGS...: the run unsharded and the merge of
# its N shards (given in FILES_ORDER, e.g. "3 1 2") print the same, text and
# --json, and exit the same
same_as_whole() {
    what=$1 n=$2 order=$3
    shift 3
    run "$@"
    whole_rc=$RC
    cp "$OUT" "$TMP/whole.txt"
    cp "$ERR" "$TMP/whole.err"
    run "$@" --json
    cp "$OUT" "$TMP/whole.json"
    shards "$what" "$n" "$@"
    files=
    for k in $order; do files="$files $TMP/$what.$k.json"; done
    run merge $files
    expect "$what: merge exits as the run does ($whole_rc)" status "$whole_rc"
    expect "$what: merge prints what the run prints" same_text "$TMP/whole.txt" "$OUT"
    expect "$what: merge says on stderr what the run says" cmp -s "$TMP/whole.err" "$ERR"
    run merge --json $files
    expect "$what: merge --json prints the run's JSON" same_json "$TMP/whole.json" "$OUT"
}

# ---- byte for byte ----

same_as_whole sim_gin 3 "3 1 2" sim gin -n 30 --seed 5
expect "sim gin: a shard's result is its own JSON report" has "$TMP/sim_gin.2.json" '^\{"variant": "gin", .*"matches": 10, '
# (the replay starts with the limits set: make test sets FUDA_MAX_TIME)
expect "sim gin: a shard's replay command names its shard" has "$TMP/sim_gin.2.json" '"replay": "fuda [^"]*sim gin [^"]*--shard 2/3"'
expect "sim gin: the merged run's replay has no --shard" hasnt "$OUT" '"replay": "[^"]*--shard'
same_as_whole sim_dobon3 4 "2 4 1 3" sim dobon -n 41 --seats 3 --seed 11 -j 2
expect "sim dobon: 41 matches in blocks of 10, 10, 10 and 11" sh -c \
    'for k in 1 2 3 4; do grep -o "^{\"variant\": \"dobon\", \"seats\": 3, [^}]*\"matches\": [0-9]*" "$1.$k.json" | sed "s/.* //"; done | tr "\n" " " | grep -qx "10 10 10 11 "' \
    sh "$TMP/sim_dobon3"
same_as_whole sim_teams 2 "2 1" sim teams -n 6 --seed 2
expect "sim teams: the merged report has the teams" has "$TMP/whole.txt" '^team 1 '
same_as_whole sim_hollywood 3 "3 1 2" sim hollywood -n 6 --seed 3
expect "sim hollywood: the merged report has the score columns" has "$TMP/whole.txt" '^column '

same_as_whole duel_gin 3 "2 3 1" duel gin --bots basic,random -n 7 --seed 3
same_as_whole duel_zun3 2 "2 1" duel zun --bots basic,random --seats 3 -n 5 --seed 3
expect "duel zun: the merged report has the ranks" has "$TMP/whole.txt" '^ranks '

same_as_whole check_dobon 3 "3 1 2" check dobon -n 12 -j 1
expect "check dobon: OK" has "$TMP/whole.txt" '^check: OK \(12 matches'
same_as_whole check_zun_strict 2 "2 1" check zun -n 10 --from 3 --strict -j 1
# the variant's own bots play every other match, so shard 1 of 4 (match 1)
# has none: --strict is judged on the sums of all shards, as the run
# unsharded judges it
same_as_whole check_dobon_strict 4 "4 2 3 1" check dobon -n 4 --seats 2 --strict -j 1
expect "check --strict: shard 1 alone never asked the variant's bot" has "$TMP/check_dobon_strict.1.json" \
    '"never_reached": \[\{"hook": "bot '"'"'basic'"'"'"'
expect "check --strict: the merged run is OK" has "$TMP/whole.txt" '^check: OK \(4 matches'
# ... and fails it when no shard reached a hook: every shard passes alone
same_as_whole check_dobon_unreached 2 "2 1" check dobon -n 4 --strict -j 1
expect "check --strict: the merge fails as the run does" sh -c "tail -n 1 '$TMP/whole.txt' | grep -q \
'^check: FAILED (--strict: never reached: bot .basic.'"

# ---- failures ----

# a variant whose deal fails for some seeds: the first failing match of the
# run, whichever shard played it
cat >"$TMP/trap.lua" <<'LUA'
return {
  title = "Spade trap",
  players = 2,
  setup = function(g) g:new_pile("stock") g:new_deck(g:pile("stock")) end,
  deal = function(g)
    local stock = g:pile("stock")
    stock:shuffle()
    if fuda.suit(stock:top()) == "s" and fuda.rank(stock:top()) == 1 then error("the ace of spades") end
    g.turn = 1
  end,
  moves = function(g, seat) if seat == g.turn then return { "end" } end return {} end,
  play = function(g, seat, move) g:tally("ended") g:end_hand() g:end_match() end,
}
LUA
cd "$TMP" || exit 1 # check saves the failing match's log here
# (matches 1-66, 67-133 and 134-200: each shard has failing matches)
run sim trap.lua -n 200 --shard 1/3
expect "trap: shard 1/3 names its first failing match" has "$ERR" 'the first: match 55 \(seed 55\)'
run sim trap.lua -n 200 --shard 2/3
expect "trap: shard 2/3 names its first failing match" has "$ERR" 'the first: match 83 \(seed 83\)'
run sim trap.lua -n 200 --shard 3/3
expect "trap: shard 3/3 names its first failing match" has "$ERR" 'the first: match 181 \(seed 181\)'
expect "trap: a shard with a failed match exits 1" status 1
run sim trap.lua -n 200
cp "$OUT" "$TMP/whole.txt"
cp "$ERR" "$TMP/whole.err"
for k in 1 2 3; do "$FUDA" sim trap.lua -n 200 --shard "$k/3" >"$TMP/trap.$k.json" 2>/dev/null; done
run merge "$TMP/trap.2.json" "$TMP/trap.3.json" "$TMP/trap.1.json"
expect "sim trap: merge exits 1 as the run does" status 1
expect "sim trap: merge names the run's first failing match" cmp -s "$TMP/whole.err" "$ERR"
expect "sim trap: merge counts as the run does" same_text "$TMP/whole.txt" "$OUT"
run check trap.lua -n 200 -j 1
cp "$OUT" "$TMP/whole.txt"
for k in 1 2 3; do "$FUDA" check trap.lua -n 200 -j 1 --shard "$k/3" >"$TMP/trap.$k.json"; done
run merge "$TMP/trap.3.json" "$TMP/trap.2.json" "$TMP/trap.1.json"
expect "check trap: merge exits 1 as the run does" status 1
expect "check trap: the verdict is the run's (match 55)" cmp -s "$TMP/whole.txt" "$OUT"
expect "check trap: check: FAILED" sh -c "tail -n 1 '$OUT' | grep -qx 'check: FAILED'"
expect "check trap: the replay command of match 55" has "$OUT" '^  replay to just before the failure: fuda play trap.lua --replay .*fuda-check-trap-55.log --to 0$'
cd "$ROOT" || exit 1

# a script that does not load: every shard says so, and so does the merge
SHARD_RC=1
same_as_whole check_bad_syntax 2 "1 2" check "$ROOT/tests/variants/bad_syntax.lua" -n 10
SHARD_RC=
expect "check bad_syntax: the merge says the script does not load" has "$OUT" '"stage": "load"' 

# ---- files that are not the shards of one run ----

S="$TMP/sim_gin"
"$FUDA" sim gin -n 30 --seed 6 --shard 2/3 >"$TMP/seed6.json"
"$FUDA" sim gin -n 30 --seed 5 --shard 2/4 >"$TMP/of4.json"
"$FUDA" sim gin -n 31 --seed 5 --shard 2/3 >"$TMP/n31.json"
"$FUDA" sim gin -n 30 --seed 5 --option target=50 --shard 2/3 >"$TMP/target.json"
sed 's/"interrupted": false/"interrupted": true/' "$S.2.json" >"$TMP/stopped.json"
sed 's/"file_hash": "fnv1a64:[0-9a-f]*"/"file_hash": "fnv1a64:0000000000000000"/g' "$S.2.json" >"$TMP/edited.json"
head -c 200 "$S.2.json" >"$TMP/cut.json"
printf 'not JSON\n' >"$TMP/text.json"

# refused WHAT REGEX FILES...: merge exits 2, prints nothing, says REGEX
refused() {
    what=$1 re=$2
    shift 2
    run merge "$@"
    expect "$what: exit 2" status 2
    expect "$what: nothing on stdout" empty "$OUT"
    expect "$what: says why" has "$ERR" "$re"
}
refused "another seed" 'seed6.json are shards of different runs:' "$S.1.json" "$TMP/seed6.json" "$S.3.json"
expect "another seed: both runs shown" has "$ERR" '^  .*seed6.json: fuda .*sim gin --seed 6 -n 30'
refused "another N" 'split the run differently: .* is shard 1/3, .* is shard 2/4' "$S.1.json" "$TMP/of4.json" "$S.3.json"
refused "another -n" 'n31.json are shards of different runs' "$S.1.json" "$TMP/n31.json" "$S.3.json"
refused "another option" 'target.json are shards of different runs' "$S.1.json" "$TMP/target.json" "$S.3.json"
refused "another variant file" 'their runs differ in "file_hash"' "$S.1.json" "$TMP/edited.json" "$S.3.json"
refused "a shard missing" '^fuda merge: shard 2/3 is missing \(2 of the 3 shards given\)$' "$S.3.json" "$S.1.json"
refused "a shard twice" 'are both shard 1/3$' "$S.1.json" "$S.2.json" "$S.1.json" "$S.3.json"
refused "a shard stopped" 'stopped.json: this shard was stopped \(Ctrl-C\)' "$S.1.json" "$TMP/stopped.json" "$S.3.json"
refused "an unsharded result" 'whole.json is not a shard.s result' "$S.1.json" "$TMP/whole.json"
refused "a cut file" 'cut.json is not JSON: line 1: ' "$S.1.json" "$TMP/cut.json"
refused "not JSON" 'text.json is not JSON' "$S.1.json" "$TMP/text.json"
refused "no such file" 'cannot read .*nothing.json: No such file' "$S.1.json" "$TMP/nothing.json"
mkfifo "$TMP/fifo"
refused "a FIFO (not waited on)" 'cannot read .*fifo: not a regular file' "$S.1.json" "$TMP/fifo"
refused "sim and duel" 'are shards of different runs' "$S.1.json" "$TMP/duel_gin.2.json"
run merge
expect "merge without files: usage error" status 2
expect "merge without files: says so" has "$ERR" 'missing FILE'
run merge --help
expect "merge --help exits 0" status 0
expect "merge --help shows its usage" has "$OUT" '^usage: fuda merge \[--json\] FILE\.\.\.'

# ---- --shard's usage errors ----

for bad in 0/3 4/3 x 3 1/0 2/3/4 -1/2 1/x ""; do
    run sim gin -n 10 --shard "$bad"
    expect "--shard '$bad': exit 2" status 2
    expect "--shard '$bad': says what is wrong" has "$ERR" '^fuda sim: --shard'
done
run sim gin -n 2 --shard 1/3
expect "3 shards of 2 matches: exit 2" status 2
expect "3 shards of 2 matches: says so" has "$ERR" '2 matches cannot be split into 3 shards'
run check gin -n 10 --from 9 --shard 2/3
expect "3 shards of matches 9..10: exit 2" status 2
run duel gin --bots basic,random -n 2 --shard 3/3
expect "3 shards of 2 deals: says so" has "$ERR" '2 deals cannot be split into 3 shards'
run sim gin -n 10 --shard 1/2 --report
expect "--shard with --report: exit 2" status 2
expect "--shard with --report: says why" has "$ERR" 'does not go with --report'

# ---- GNU parallel on this machine ----

if command -v parallel >/dev/null 2>&1; then
    run sim gin -n 24 --seed 9
    cp "$OUT" "$TMP/whole.txt"
    parallel --will-cite -j 2 "'$FUDA'" sim gin -n 24 --seed 9 --shard {}/4 ">'$TMP/par{}.json'" ::: 1 2 3 4 \
        >"$TMP/par.out" 2>&1
    RC=$?
    expect "parallel plays the 4 shards" status 0
    run merge "$TMP"/par*.json
    expect "parallel: merge exits 0" status 0
    expect "parallel: merge prints what the run prints" same_text "$TMP/whole.txt" "$OUT"
    # over ssh as docs/user-guide.md has it (-S, --results), an ssh that runs
    # the command here standing in for the real one. A real ssh gives the
    # remote command a login environment with SHELL set, which parallel's
    # remote wrapper runs the job with; CI's environment has no SHELL (the
    # jobs then printed nothing and parallel still said 0), so it is set here.
    cat >"$TMP/ssh" <<'EOF'
#!/bin/sh
SHELL=${SHELL:-/bin/sh}; export SHELL
while [ $# -gt 0 ]; do case $1 in -*) shift ;; *) shift; break ;; esac; done
[ "${1:-}" = "--" ] && shift
exec sh -c "$*"
EOF
    chmod +x "$TMP/ssh"
    (cd "$TMP" && parallel --will-cite --ssh "$TMP/ssh" -S 1/host1,1/host2 --results results \
        "'$FUDA'" sim gin -n 24 --seed 9 --shard {}/4 ::: 1 2 3 4 >/dev/null 2>"$TMP/par.out")
    RC=$?
    expect "parallel -S plays the 4 shards" status 0
    run merge "$TMP"/results/1/*/stdout
    expect "parallel -S: merge prints what the run prints" same_text "$TMP/whole.txt" "$OUT"
else
    expect "GNU parallel is installed (make test installs it)" false
fi

finish
