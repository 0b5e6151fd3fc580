#!/bin/sh
# check.sh -- end-to-end tests of `fuda check`: every broken script of
# tests/broken/ fails with its own message (load errors as the loader prints
# them; runtime failures with the seed, a saved log and the replay command),
# and every shipped variant passes.
. "$(dirname "$0")/lib/check.sh"

ROOT=$(pwd)
B=$ROOT/tests/broken
FUDA_PATH=$ROOT/tests/variants
export FUDA_PATH
cd "$TMP" || exit 1 # the logs of failed matches are saved in the current folder

# broken SCRIPT REGEX [LIMIT...]: check (with the limits options LIMIT, e.g.
# --max-time 200) fails (exit 1) with a line matching REGEX and ends with
# "check: FAILED".
broken() {
    script=$1
    want=$2
    shift 2
    # shellcheck disable=SC2086
    run "$@" check "$B/$script" -n 30 ${CHECK_ARGS:-}
    check_failed "$script" "$want"
}

# load errors: printed as the loader reports them, then the verdict
broken syntax.lua "syntax.lua:5: '}' expected \(to close '\{' at line 2\) near 'title'"
broken option_typo.lua "option_typo.lua:4: unknown option 'undercut_bonsu' \(did you mean 'undercut_bonus'\?\)"
broken option_type.lua "option_type.lua:4: option 'gin_bonus' must be an integer, got string"
broken option_range.lua "option_range.lua:4: option 'hand_size' must be at most 10"
broken missing_hook.lua "missing_hook.lua:[0-9]+: missing hook 'play'"
broken misnamed_hook.lua "misnamed_hook.lua:4: unknown field 'resolv' \(did you mean 'resolve'\?\)"
broken extends_missing.lua "extends_missing.lua:3: extends: variant 'gin-deluxe-nonexistent' not found"
broken cycle_a.lua "cycle_a.lua:2: inheritance cycle: cycle_a -> cycle_b -> cycle_a"
broken cycle_b.lua "inheritance cycle: cycle_b -> cycle_a -> cycle_b"
expect "a load error says the script does not load" has "$OUT" '^check: FAILED \(the script does not load\)$'

# failures in play
broken loop.lua "listed move 'draw' refused: .*loop.lua:7: instruction limit exceeded \(20000000 instructions in one hook call\) \(in play\)" \
    --max-instructions 20000000
broken loop.lua "listed move 'draw' refused: .*loop.lua:7: time limit exceeded \(200 ms in one hook call\) \(in play\)" \
    --max-time 200
broken memory.lua "listed move 'draw' refused: .*memory.lua:7: memory limit exceeded \(256 MiB for the game's scripts\) \(in play\)" --max-time 60000
broken rep_bomb.lua "listed move 'draw' refused: .*rep_bomb.lua:[0-9]+: memory limit exceeded" --max-time 60000
broken os_execute.lua "listed move 'draw' refused: .*os_execute.lua:7: undeclared global 'os'"
broken io_open.lua "listed move 'draw' refused: .*io_open.lua:7: undeclared global 'io'"
broken bytecode.lua "listed move 'draw' refused: .*bytecode.lua:7: load: binary chunks are not allowed"
broken refused.lua "listed move 'play [0-9AJQK]+s' refused: .*refused.lua:6: spades may not be played"
broken bogus_move.lua "listed move 'cheat' refused: .*tiny.lua:[0-9]+: bad argument"
broken lose_card.lua "listed move 'play [0-9AJQK]+h' refused: .*lose_card.lua:10: bad argument #2 to 'move'"
broken no_moves.lua "^check: seat [1-4] must act but has no legal move"
broken endless.lua "^check: the match did not end within 300 moves \(check.max_moves\)"
broken zero_sum.lua "^check: the totals of column 1 sum to [1-9][0-9]*, not 0 \(the variant declares zero_sum\)"
broken result_typo.lua "listed move '[^']+' refused: .*result_typo.lua:7: result has no field 'winer' \(did you mean 'winner'\?\) \(in result\)$"
broken string_dump.lua "listed move 'draw' refused: .*string_dump.lua:8: attempt to call a nil value \(method 'dump'\)"
broken no_turn.lua "^check: seat 1: listed move 'draw' refused: .*no_turn.lua:[0-9]+: after draw the hand goes on but no seat is to act"
broken deal_no_turn.lua "^check: the match does not start: .*deal_no_turn.lua:[0-9]+: after deal the hand goes on but no seat is to act"
broken bad_view.lua "^check: the view of seat [1-4] failed: .*bad_view.lua:8: no view with a king \(in view\)$"
broken leaks.lua "^check: hidden information leaks: seat [1-4]'s legal moves depend on cards it cannot see \(dealing them anew (drops|adds) the move 'draw'\)$"
broken leaks_view.lua "^check: hidden information leaks: seat [1-4]'s view shows cards it cannot see \(dealing them anew changes the line 'the next seat holds [0-9]+ spades'\)$"
broken leaks_tables.lua "^check: hidden information leaks: seat [1-4]'s view shows cards it cannot see \(dealing them anew changes the line 'the stock's top card is [0-9AJQK]+[shdc]'\)$"
broken moves_not_list.lua "^check: moves of seat [1-4]: .*moves_not_list.lua:[0-9]+: moves must return a list of strings, got string$"
broken moves_number.lua "^check: moves of seat [1-4]: .*moves_number.lua:[0-9]+: moves returned a number at index [0-9]+, not a string$"
broken bot_cheats.lua "^check: bot 'cheat' of seat [1-4]: .*bot_cheats.lua:[0-9]+: bot 'cheat' chose 'win', which is not a legal move$"
broken bot_meddles.lua "^check: bot 'meddler' of seat [1-4]: .*bot_meddles.lua:[0-9]+: bot 'meddler' changed the game state$"
broken claim_long.lua "refused: .*claim_long\.lua:8: seat [1-4]'s answer to the claim window is 256 bytes \(a claim's answer is at most 255\)$"
broken no_resolve.lua "^check: seat 2: listed move 'object' refused: .*no_resolve.lua: a claim window \('object'\) closed but the variant has no resolve hook$"
broken pairs_order.lua "^check: replaying the match in a fresh engine .*: the script depends on something outside the game state"
broken upvalue.lua "^check: replaying the match in a fresh engine .*: the script depends on something outside the game state.*; the replay first parts from the match at move [0-9]"
expect "a runtime failure names the match, seed, seats and move" has "$OUT" '^  match 1, seed 1, 2 seats, move [0-9]+$'
# a count of matches in a module-level variable changes every second match's deal: the second
# match of an engine parts from its replay in a fresh engine before its first move
CHECK_ARGS="-j 1" broken match_counter.lua "^check: replaying the match in a fresh engine comes to another state: the script depends on something outside the game state \(pairs order, state kept in upvalues or tables across calls and matches, .*\); the replay parts from the match before the first move \(setup or deal\)\$"
expect "match_counter: the second match fails" has "$OUT" '^  match 2, seed 2, [0-9] seats, move 0$'

# bots asked again in a fresh engine: a bot that walks a set with pairs, a bot that counts its
# calls in an upvalue (its moves replay fine from the log: on one thread, its engine's second match
# fails); with -j 2 too
why="\(the bot depends on something outside the game state: the order pairs visits a table, or state kept in upvalues or tables across calls and matches\)"
broken bot_pairs.lua "^check: bot 'first' of seat [1-4] is not deterministic: asked again in a fresh engine at move [0-9]+, it chose 'play [0-9AJQK]+[shdc]', not 'play [0-9AJQK]+[shdc]' as in the match $why\$"
expect "bot_pairs: a match of the variant's bots fails (not one of the random bots, 1 to 3)" has "$OUT" \
    '^  match ([4-9]|[12][0-9]|30), seed ([4-9]|[12][0-9]|30), [234] seats, move [0-9]+$'
CHECK_ARGS="-j 1" broken bot_upvalue.lua "^check: bot 'counter' of seat [1-4] is not deterministic: asked again in a fresh engine at move [0-9]+, it chose '[^']+', not '[^']+' as in the match $why\$"
expect "bot_upvalue: a match after the first one of its engine fails" has "$OUT" '^  match 5, seed 5, 3 seats, move [0-9]+$'
n=$(sed -n 's/^  match 5, seed 5, 3 seats, move \([0-9]*\)$/\1/p' "$OUT")
expect "bot_upvalue: the replay command stands just before the move" has "$OUT" \
    "^  replay to just before the failure: fuda play $B/bot_upvalue.lua --replay \./fuda-check-bot_upvalue-5\.log --to $((n - 1))\$"
expect "bot_upvalue: no note (the log replays to the same state)" hasnt "$OUT" '^  also, '
"$FUDA" play "$B/bot_upvalue.lua" --replay ./fuda-check-bot_upvalue-5.log --humans none >"$TMP/replay" 2>&1 </dev/null
expect "bot_upvalue: its saved log replays to the end" has "$TMP/replay" "^replayed [0-9]+ moves of "
run check "$B/bot_upvalue.lua" -n 30 -j 2
expect "bot_upvalue -j 2: exit 1" status 1
expect "bot_upvalue -j 2: the same message" has "$OUT" "^check: bot 'counter' of seat [1-4] is not deterministic: asked again in a fresh engine at move [0-9]+, it chose '[^']+', not '[^']+' as in the match $why\$"
run check "$B/bot_pairs.lua" -n 30 -j 3
expect "bot_pairs -j 3: exit 1" status 1
expect "bot_pairs -j 3: the same message" has "$OUT" "^check: bot 'first' of seat [1-4] is not deterministic: asked again in a fresh engine at move [0-9]+, it chose 'play [^']+', not 'play [^']+' as in the match $why\$"
broken moves_order.lua "^check: replaying the match in a fresh engine, the moves hook lists other moves for seat [12] at move [0-9]+ \(or in another order\): the script depends on something outside the game state"
run check "$B/bot_upvalue.lua" -n 30 --bots random
expect "bot_upvalue with random bots only passes" status 0

# a result changed after the base game decided it: by the engine's rule (the scores of a match
# are final once g:end_match was called), and by gin-base's check.invariant (the spade-double
# house rule as first written)
broken score_after_end.lua "^check: seat 1: listed move 'play [0-9AJQK]+[shdc]' refused: .*score_after_end\.lua:8: g:score after g:end_match: the match is over and its result is final \(in play\)\$"
broken spades_double.lua "^check: seat [12]: listed move '(knock|gin) [0-9AJQK]+[shdc]' refused: .*spades_double\.lua:25: g:score after the hand ended: its result is final \(change a hand's points in a result hook, before the match format decides\) \(in play\)\$"
run check "$ROOT/docs/examples/gin-spades-double.lua" -n 4
expect "the spade-double example passes" status 0
expect "the spade-double example: check: OK" has "$OUT" '^check: OK \(4 matches, [0-9]+ moves\)$'

# check.invariant: declared by a variant, run after every action of check (not by sim)
cat >"$TMP/inv.lua" <<'LUA'
return {
  extends = "tiny",
  check = { max_moves = 30000, invariant = function(g) return g:total(1) < 20, "seat 1 has 20 points or more" end },
}
LUA
run check "$TMP/inv.lua" -n 30
expect "an invariant that fails: exit 1" status 1
expect "an invariant that fails: its file, line and reason" has "$OUT" \
    "^check: .*$TMP/inv\.lua:3: check\.invariant does not hold after [^:]+: seat 1 has 20 points or more\$"
run sim "$TMP/inv.lua" -n 30
expect "sim does not run the invariant" status 0
cat >"$TMP/inv_type.lua" <<'LUA'
return {
  extends = "tiny",
  check = { invariant = true },
}
LUA
run check "$TMP/inv_type.lua"
expect "check.invariant must be a function" has "$OUT" "inv_type\.lua:3: check\.invariant must be a function\$"

# the saved log and the replay command of a failure
run check "$B/no_moves.lua" -n 30 --seed 1
expect "the log is saved in the current folder" has "$OUT" '^  log saved to \./fuda-check-no_moves-1\.log$'
expect "the log file exists" [ -s "$TMP/fuda-check-no_moves-1.log" ]
expect "the replay command is printed" has "$OUT" \
    "^  replay to just before the failure: fuda play $B/no_moves.lua --replay \./fuda-check-no_moves-1\.log --to [0-9]+\$"
cmd=$(sed -n 's/^  replay to just before the failure: fuda //p' "$OUT")
to=$(echo "$cmd" | sed 's/.*--to //')
# shellcheck disable=SC2086 # the command is split into its words on purpose
"$FUDA" $cmd --humans none >"$TMP/replay" 2>&1 </dev/null
expect "the replay command replays to just before the failure" has "$TMP/replay" "^replayed $to moves of "
expect "... where the bot then finds no move" has "$TMP/replay" "has nothing to do now"

# not writable: the log goes to TMPDIR
mkdir "$TMP/ro" "$TMP/t"
chmod 555 "$TMP/ro"
if [ ! -w "$TMP/ro" ]; then # (root may write anyway)
    (cd "$TMP/ro" && TMPDIR=$TMP/t "$FUDA" check "$B/zero_sum.lua" -n 5 >"$OUT" 2>"$ERR")
    expect "an unwritable folder: the log goes to TMPDIR" has "$OUT" "^  log saved to $TMP/t/fuda-check-zero_sum-1\.log\$"
fi
chmod 755 "$TMP/ro"

# --json: the whole report, a failure included
if command -v python3 >/dev/null 2>&1; then
    run check "$B/zero_sum.lua" -n 10 --json
    expect "--json of a failure exits 1" status 1
    expect "--json of a failure: ok false and the failure's fields" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["ok"] is False, d
f = d["failure"]
for k in ["message", "seed", "seats", "move", "log", "replay_command"]:
    assert k in f, k
assert "zero_sum" in f["message"] and f["seed"] == 1 and f["seats"] == 2 and f["move"] >= 1
assert f["replay_command"].startswith("fuda play ") and "--replay" in f["replay_command"]
' "$OUT"
    run check "$B/option_typo.lua" --json
    expect "--json of a load error exits 1" status 1
    expect "--json of a load error: the loader's message" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["ok"] is False and d["failure"]["stage"] == "load"
assert "did you mean '"'"'undercut_bonus'"'"'" in d["failure"]["message"]
' "$OUT"
    run check tiny -n 24 --json
    expect "--json of a good variant exits 0" status 0
    expect "--json: seats, hooks, verbs, tallies, never" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["ok"] is True and d["failure"] is None
assert d["matches"] == 24 and d["moves"] == sum(s["moves"] for s in d["seats"])
assert [s["seats"] for s in d["seats"]] == [2, 3, 4] and all(s["matches"] == 8 for s in d["seats"])
assert d["hooks"]["setup"] == 24 and d["hooks"]["play"] > 0 and d["hooks"]["resolve"] > 0
assert set(d["verbs"]) == {"draw", "play", "snap", "pass"} and sum(d["verbs"].values()) == d["moves"]
assert d["tallies"]["snap"] == d["verbs"]["snap"] and d["never"] == [] and d["replays"] == 24
assert d["bot_moves_again"] == d["moves"], (d["bot_moves_again"], d["moves"])
' "$OUT"
fi

# the report of a good variant; the same arguments give the same report
run check tiny -n 24
expect "tiny passes" status 0
cp "$OUT" "$TMP/tiny1"
expect "the report counts matches and moves per seat count" has "$OUT" '^seats 3   8 matches, [0-9]+ moves$'
expect "the report counts hook calls" has "$OUT" '^  resolve +[0-9]+$'
expect "the report counts moves by verb" has "$OUT" '^  snap +[0-9]+$'
expect "the report counts the matches played again" has "$OUT" \
    '^replayed  24 matches in a fresh engine with nobody reading events, same state; the bots chose the same [0-9]+ moves again$'
expect "the report ends with check: OK" sh -c "tail -n 1 '$OUT' | grep -Eq '^check: OK \(24 matches, [0-9]+ moves\)\$'"
run check tiny -n 24
expect "the same arguments give the same report" cmp -s "$OUT" "$TMP/tiny1"
run check tiny -n 24 -j 3
expect "-j 3 gives the report of -j 1" cmp -s "$OUT" "$TMP/tiny1"
run check "$B/no_moves.lua" -n 30 -j 2
expect "-j 2: the same failure" has "$OUT" '^  match 1, seed 1, 2 seats, move 7$'
expect "-j 2: exit 1" status 1

# expected tallies that never occur are listed (and are no failure)
cat >"$TMP/expects.lua" <<'LUA'
return { extends = "tiny", check = { max_moves = 5000, expect = { "snap", "double snap" } } }
LUA
run check "$TMP/expects.lua" -n 6 --bots random
expect "expect: passes" status 0
expect "expect: a tally that never occurred is named" has "$OUT" '^never: double snap$'
expect "expect: one that did is not" hasnt "$OUT" '^never: snap$'

# a hook the variant defines but no match called is named (and is no failure)
run check idle -n 10
expect "idle: passes" status 0
expect "idle: the resolve hook was never called" has "$OUT" '^never reached: resolve \(no claim window was opened\)$'
expect "idle: play was" hasnt "$OUT" '^never reached: play'

# usage errors
run check
expect "check without a variant exits 2" status 2
run check tiny -n 0
expect "check -n 0 exits 2" status 2
run check tiny --bots nosuchbot
expect "an unknown bot exits 2" status 2

# every shipped variant passes (the gin family with fewer matches: random bots
# play gin for thousands of moves)
for v in $(unset FUDA_PATH; "$FUDA" list | cut -d" " -f1) gin-base; do
    case $v in gin*|battle-royale|cutthroat|chouette) n=6 ;; *) n=40 ;; esac
    run check "$v" -n $n
    expect "$v passes fuda check -n $n" status 0
    expect "$v: check: OK" has "$OUT" "^check: OK \($n matches, [0-9]+ moves\)\$"
done

# The default is quick: random rounds of a variant with bots stop after 10
# hands (the own bots play whole matches); --thorough plays them all out.
run check gin -n 4 -j 1
expect "quick: exit 0" status 0
expect "quick: the random matches are capped" has "$OUT" '^capped    2 random-bot matches stopped after 10 hands \(--thorough plays them to the end\)$'
expect "quick: the capped matches are replayed too" has "$OUT" '^replayed  4 matches in a fresh engine with nobody reading events, same state'
expect "quick: listed moves still tried" has "$OUT" '^tried     every listed move in 4 matches'
quick=$(sed -n 's/^seats 2   4 matches, \([0-9]*\) moves$/\1/p' "$OUT")
run check gin -n 4 -j 1 --thorough
expect "thorough: exit 0" status 0
expect "thorough: nothing capped" hasnt "$OUT" '^capped'
long=$(sed -n 's/^seats 2   4 matches, \([0-9]*\) moves$/\1/p' "$OUT")
expect "thorough: the random matches play on (more moves)" [ -n "$quick" ] && [ -n "$long" ] && [ "$long" -gt "$quick" ]
run check gin -n 4 -j 2 --json
expect "quick: the JSON report counts the capped matches" has "$OUT" '"capped": 2,'
run check gin -n 4 --bots random
expect "quick: --bots plays whole matches" hasnt "$OUT" '^capped'
run check "$ROOT/tests/variants/tiny.lua" -n 4
expect "quick: a variant without bots plays whole random matches" hasnt "$OUT" '^capped'
expect "quick: ... and passes" has "$OUT" '^check: OK \(4 matches'

# declared moves: every listed move of a declared family applies (a paranoid engine), a bad
# declaration is a load error with file:line
run check "$ROOT/tests/variants/declared.lua" -n 20
expect "declared: check: OK" has "$OUT" '^check: OK \(20 matches'
run check "$ROOT/tests/variants/bad_declared.lua"
expect "bad declaration: check fails" status 1
expect "bad declaration: the phase's file:line" has "$OUT" "bad_declared.lua:12: phase 'two': moves: family 1 \\('discard'\\): no pile 'hnd' in the layout"

finish
