#!/bin/sh
# check_verdict.sh -- end-to-end tests of what makes `fuda check`'s verdict
# one to trust: hidden cards leaking through events and private messages
# (said in {card} marks, in words, as one bit now and then, about a face-down
# card, at a deal, in a claim window's prompt, a why_not or a confirm answer), a match that would play otherwise when nobody reads its
# events or when check watches it, moves that do not survive save and replay,
# and hooks no match reached (reported; a failure under --strict). Each
# hostile script of tests/broken/ fails with its own message (a leak past the
# moves check looks at one by one, a leak only where nothing is tried
# included); tiny, whose draw tells the drawer its card, passes (the shipped
# variants: check.sh).
. "$(dirname "$0")/lib/check.sh"

ROOT=$(pwd)
B=$ROOT/tests/broken
FUDA_PATH=$ROOT/tests/variants
export FUDA_PATH
cd "$TMP" || exit 1 # the logs of failed matches are saved in the current folder

# broken SCRIPT REGEX [ARGS...]: check fails (exit 1) with a line matching
# REGEX and ends with "check: FAILED".
broken() {
    script=$1
    want=$2
    shift 2
    run check "$B/$script" -n 30 "$@"
    check_failed "$script" "$want"
}

# ---- hidden cards in events and private messages ----
leak="^check: hidden information leaks:"
broken leak_event.lua "$leak an event shown to seat [1-4] names \{[^}]+\}, a card it cannot see \('seat [1-4] draws \{[^}]+\}'\)\$"
broken leak_tell.lua "$leak an event shown to seat [1-4] names \{[^}]+\}, a card it cannot see \('seat [1-4] holds \{[^']+\}'\)\$"
dealt="dealing them anew, it sees the same but is shown other events"
broken leak_words.lua "$leak the events shown to seat [1-4] depend on cards it cannot see \($dealt: 'seat [1-4] draws the [a-z]+ of [a-z]+' / 'seat [1-4] draws the [a-z]+ of [a-z]+'\)\$"
broken leak_bit.lua "$leak the events shown to seat [1-4] depend on cards it cannot see \($dealt: (nothing more / 'careful'|'careful' / nothing more)\)\$"
broken leak_facedown.lua "$leak seat [1-4] is shown other events after seat [1-4]'s move 'bury [^']+' than after 'bury [^']+', which it cannot tell apart otherwise \('seat [1-4] buries a [a-z]+' / 'seat [1-4] buries a [a-z]+'\)\$"
broken leak_deal.lua "$leak the events shown to seat [1-4] depend on cards it cannot see \($dealt: 'seat 1 was dealt [0-9]+ hearts' / 'seat 1 was dealt [0-9]+ hearts'\)\$"
expect "leak_deal: found at a later hand's deal, not in the first" sh -c "! grep -q '^  match 1, seed 1, 2 seats, move [01]\$' '$OUT'"
expect "leak_deal: ... after moves were played" has "$OUT" '^  match [0-9]+, seed [0-9]+, [0-9] seats, move ([2-9]|[1-9][0-9]+)$'
broken leak_late.lua "$leak an event shown to seat [1-4] names \{[^}]+\}, a card it cannot see \('seat [1-4] draws \{[^}]+\}'\)\$"
expect "leak_late: found past the thousandth move" sh -c "grep -Eq '^  match [0-9]+, seed [0-9]+, [0-9] seats, move [0-9]{4,}\$' '$OUT'"
broken leak_unwatched.lua "^check: the match's events differ when its log is replayed in a fresh engine, where nothing is tried: from move [0-9]+ the match showed ('[^']+'|nothing more), the replay 'seat [1-4] draws \{[^}]+\}': the events depend on something outside the game state \(the calls fuda check makes, state kept in upvalues or tables\)\$"
broken leak_unwatched_late.lua "^check: the match's events differ when its log is replayed in a fresh engine, where nothing is tried: past their first 16 MiB, kept as a hash from move [0-9]+ on: the events depend on something outside the game state"
broken leak_prompt.lua "$leak seat [1-4] is told of cards it cannot see when it asks \(dealing them anew changes its prompt: snap\? your neighbour holds [0-4] kings\)\$"
broken leak_why_not.lua "$leak seat [1-4] is told of cards it cannot see when it asks \(dealing them anew changes its why_not 'no-such-move': not now: your neighbour has [0-9AJQK]+[shdc]\)\$"
broken leak_confirm.lua "$leak seat [1-4] is told of cards it cannot see when it asks \(dealing them anew changes its confirm 'draw': the stock's top card is [0-9AJQK]+[shdc]\)\$"
broken leak_first_deal.lua "$leak an event shown to seat [1-4] names \{[^}]+\}, a card it cannot see \('your neighbour holds \{[^}]+\}'\)\$"
# tiny tells the drawer its card, and says every play to everybody: no leak
run check tiny -n 4
expect "tiny: the drawer may be told its card" status 0
expect "tiny: events compared" has "$OUT" '^hidden    [0-9]+ positions: .*, nor the events it was shown \([1-9][0-9]* comparisons\)$'

# ---- events read or not ----
broken lazy_tostring.lua "^check: seat [1-4]: listed move '[^']+' refused: .*lazy_tostring\.lua:[0-9]+: bad argument #3 to 'say' \(string, number, boolean or nil expected, got table\) \(in play\)\$"
run sim "$B/lazy_tostring.lua" -n 2 --bots random
expect "lazy_tostring: refused in fuda sim too, where nobody reads events" has "$ERR" \
    "lazy_tostring\.lua:[0-9]+: bad argument #3 to 'say' \(string, number, boolean or nil expected, got table\)"
run check "$B/lazy_pcall.lua" -n 4
expect "lazy_pcall: a bad format raises whether anybody reads or not: the match plays the same" status 0
expect "lazy_pcall: every match of the sample played again with nobody reading" has "$OUT" \
    '^replayed  4 matches in a fresh engine with nobody reading events, same state'
broken watched.lua "^check: replaying the match in a fresh engine comes to another state: .*whether anybody reads its events: nobody does in the match played again\); the replay first parts from the match at move [0-9]+\$"

# ---- save and replay ----
broken noreplay.lua "^check: the match's log does not replay to the same state: replayed in a fresh engine, the log leads to another state at move [0-9]+ \(seat [1-4], '[a-z0-9 ]+'\)\$"
n=$(sed -n 's/^  match [0-9]*, seed [0-9]*, [0-9] seats, move \([0-9]*\)$/\1/p' "$OUT")
expect "noreplay: the failure stands at the move that does not replay" has "$OUT" \
    "another state at move $n "
cmd=$(sed -n 's/^  replay to just before the failure: fuda //p' "$OUT")
# shellcheck disable=SC2086 # the command is split into its words on purpose
"$FUDA" $cmd --humans none >"$TMP/replay" 2>&1 </dev/null
expect "noreplay: the replay command replays to just before that move" has "$TMP/replay" "^replayed $((n - 1)) moves of "
# a move text that would not replay (a trailing blank the log reader trims) is
# refused where the moves hook lists it: the one move grammar
cat >"$TMP/blank.lua" <<'LUA'
local base = fuda.variant("tiny")
return {
  extends = "tiny",
  moves = function(g, seat)
    local list = base.moves(g, seat)
    if not g.claim then list[1] = "draw " end
    return list
  end,
}
LUA
run check "$TMP/blank.lua" -n 4
expect "a move text outside the grammar: refused where it is listed" has "$OUT" \
    "^check: moves of seat [1-4]: .*blank\\.lua:4: move 1 is not a valid move text \\(it ends with a space"

# ---- hooks no match reached ----
run check "$B/unused_prompt.lua" -n 10
expect "unused_prompt: passes without --strict" status 0
expect "unused_prompt: the prompt was never reached, and why" has "$OUT" '^never reached: prompt \(no claim window was opened\)$'
expect "unused_prompt: the resolve hook neither" has "$OUT" '^never reached: resolve \(no claim window was opened\)$'
expect "unused_prompt: the bots were" hasnt "$OUT" "^never reached: bot"
run check "$B/unused_prompt.lua" -n 10 --strict
expect "unused_prompt --strict: exit 1" status 1
expect "unused_prompt --strict: the verdict names what was never reached" sh -c "tail -n 1 '$OUT' | grep -qx \
'check: FAILED (--strict: never reached: resolve (no claim window was opened); prompt (no claim window was opened))'"
run check "$B/unused_prompt.lua" -n 10 --bots first
expect "unused_prompt --bots first: the other bot never chose" has "$OUT" "^never reached: bot 'last' \(--bots did not name it\)\$"
broken bad_prompt.lua "^check: seat [1-4]: the prompt of the claim window 'snap' failed: .*bad_prompt\.lua:5: unknown seat variable 'nope' \(declare it in seat_state = \{ \.\.\. \}\) \(in prompt\)\$"
broken bad_confirm.lua "^check: seat [1-4]: confirm for 'draw' failed: .*bad_confirm\.lua:5: no confirm for a draw \(in confirm\)\$"
broken bad_evaluate.lua "^check: evaluate for seat [1-4] failed: .*bad_evaluate\.lua:[0-9]+: evaluate gave string, not a number\$"
run check tiny -n 4 --strict
expect "tiny --strict: every hook reached" status 0
expect "tiny --strict: check: OK" sh -c "tail -n 1 '$OUT' | grep -q '^check: OK'"

# ---- the JSON report ----
if command -v python3 >/dev/null 2>&1; then
    run check tiny -n 4 --json
    expect "--json: the new counts" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["ok"] is True and d["strict"] is False, d
assert d["log_replays"] == 4 and d["replays"] == 4, d
assert d["event_checks"] > 0 and d["never_reached"] == [] and d["never_called"] == [], d
' "$OUT"
    run check "$B/unused_prompt.lua" -n 10 --strict --json
    expect "--json --strict: exit 1" status 1
    expect "--json --strict: the hooks never reached, and a coverage failure" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["ok"] is False and d["strict"] is True, d
assert {"hook": "prompt", "why": "no claim window was opened"} in d["never_reached"], d
assert "prompt" in d["never_called"], d
f = d["failure"]
assert f["stage"] == "coverage" and f["message"].startswith("--strict: never reached: "), f
' "$OUT"
fi

finish
