#!/bin/sh
# agent.sh -- end-to-end tests of the agent protocol: `fuda agent` driven by a
# test agent in another process (lib/first_move.sh) plays gin to the end,
# malformed and illegal answers get error lines and the question again, every
# line is JSON, no line names a card of the opponent's hand that seat 1 never
# saw (checked against a replay of the same match, lib/agent_secrets.lua),
# and `--bots cmd:PROGRAM` in duel and sim, with an agent that dies, answers
# badly or not at all.
. "$(dirname "$0")/lib/check.sh"
LIB=$(cd "$(dirname "$0")/lib" && pwd)
mkfifo "$TMP/fifo"

# play_agent SEED [bare]: fuda agent gin with the test agent; lines it read in
# $TMP/seen, fuda's status in $RC
play_agent() {
    rm -f "$TMP/seen"
    { timeout 60 "$FUDA" agent gin --seed "$1" <"$TMP/fifo" 2>"$ERR"; echo $? >"$TMP/rc"; } |
        sh "$LIB/first_move.sh" "$TMP/seen" "${2:-}" >"$TMP/fifo"
    RC=$(cat "$TMP/rc")
    cp "$TMP/seen" "$OUT"
}

play_agent 3
expect "agent: the match is played to the end (exit 0)" status 0
expect "agent: act lines" has "$TMP/seen" '^\{"type":"act","seat":1,'
expect "agent: the last line is the end of the match" sh -c 'tail -1 "$1" | grep -q "^{\"type\":\"over\",\"scores\":\[[0-9-]*,[0-9-]*\],\"winners\":\[" ' sh "$TMP/seen"
expect "agent: a malformed answer gets an error" has "$TMP/seen" '^\{"type":"error","error":"malformed JSON'
expect "agent: an illegal move gets an error with the legal moves" has "$TMP/seen" "^\{\"type\":\"error\",\"error\":\"'no such move' is not a legal move now; legal moves: "
expect "agent: after an error the question again" sh -c 'grep -A1 "\"type\":\"error\"" "$1" | grep -q "^{\"type\":\"act\",\"seat\":1,\"seats\":2,\"hand\":1,\"move_no\":0,"' sh "$TMP/seen"
expect "agent: nothing on stderr" test ! -s "$ERR"

"$FUDA" run "$LIB/agent_secrets.lua" 3 >"$TMP/secrets" 2>"$TMP/secrets.err"
expect "agent_secrets.lua runs" has "$TMP/secrets" '^over '

# Every line is JSON; the replay ends with the same totals (the same match);
# no act line names a card seat 2 was dealt and has held since, as "Xx" or
# {Xx}, outside its events (the events of the first line of a hand may show
# the last hand's cards, dealt again since: those lines' events are left out).
cat >"$TMP/check.py" <<'PY'
import json, re, sys
seen, secrets = sys.argv[1], sys.argv[2]
secret = {}
over = None
for line in open(secrets):
    w = line.split()
    if w[0] == "over":
        over = [int(w[1]), int(w[2])]
    else:
        secret[int(w[0])] = w[1:]
acts = 0
checked = 0
last_hand = None
for line in open(seen):
    obj = json.loads(line)
    if obj["type"] == "over":
        assert obj["scores"] == over, ("not the same match", obj["scores"], over)
        continue
    if obj["type"] != "act":
        continue
    acts += 1
    cards = secret.get(obj["move_no"])
    assert cards is not None, ("no replay point at move", obj["move_no"])
    events = obj["events"]
    if obj["hand"] != last_hand:
        obj["events"] = []
    last_hand = obj["hand"]
    text = json.dumps(obj)
    for c in cards:
        assert not re.search(r'["{]' + re.escape(c) + r'["}]', text), ("seat 1 was shown", c, line)
        checked += 1
    hand = [p for p in obj["piles"] if p["name"] == "hand" and p["owner"] == 2][0]
    assert hand["cards"] == [] and hand["hidden"] == hand["size"], hand
assert acts > 20 and checked > 100, (acts, checked)
print("ok", acts, checked)
PY
expect "agent: every line JSON, the same match, no hidden card of seat 2 shown" python3 "$TMP/check.py" "$TMP/seen" "$TMP/secrets"

play_agent 5 bare
expect "agent: bare answers play to the end" status 0
expect "agent: bare answers: the end line" has "$OUT" '^\{"type":"over"'

# malformed answers, each answered with an error and the question again; a
# JSON escape in the move is read
printf '\n{}\n{"mov":"take"}\n{"move":"take"} x\n{"move":3}\n{"move":"\\u00e9"}\n{"move":"ta\\u006be"}\n' >"$TMP/bad"
"$FUDA" agent gin --seed 3 <"$TMP/bad" >"$OUT" 2>"$ERR"
RC=$?
expect "agent: six bad answers, six errors" test "$(grep -c '^{"type":"error"' "$OUT")" -eq 6
expect "agent: an empty line is named" has "$OUT" '"error":"empty answer: expected'
expect "agent: an object without a move is named" sh -c '[ "$(grep -c "\"error\":\"the answer has no \\\\\"move" "$1")" -eq 2 ]' sh "$OUT"
expect "agent: trailing text, a number, a non-ASCII escape are malformed" test "$(grep -c '"error":"malformed JSON' "$OUT")" -eq 3
expect "agent: after them an escaped move is played (move_no 1)" has "$OUT" '^\{"type":"act","seat":1,"seats":2,"hand":1,"move_no":1,'

run_in 'pass' agent gin --seed 3
expect "agent: stdin that ends early is a failure (exit 1)" status 1
expect "agent: stdin that ends early is named" has "$ERR" 'stdin ended before the match did'
run agent gin --seat 3
expect "agent: a seat out of range is a usage error" status 2
run agent
expect "agent: no variant is a usage error" status 2

# --bots cmd:PROGRAM in duel and sim
run duel gin --bots "cmd:sh $LIB/first_move.sh",basic -n 2 --json
expect "duel with a cmd: agent exits 0" status 0
expect "duel with a cmd: agent plays 4 matches" has "$OUT" '"matches": 4,'
run sim gin --bots "cmd:sh $LIB/first_move.sh",basic -n 2 -j 2
expect "sim with a cmd: agent exits 0" status 0
expect "sim with a cmd: agent plays 2 matches" has "$OUT" '^matches +2$'
run duel gin --bots 'cmd:exit 3',basic -n 1
expect "an agent that exits fails the duel (exit 1)" status 1
expect "an agent that exits is named with its status" has "$ERR" "agent 'exit 3' \(seat [12]\) exited with status 3 before the match ended"
run sim gin --bots 'cmd:while read l; do echo nonsense; done',basic -n 1
expect "an agent that answers badly fails the match (exit 1)" status 1
expect "an agent that answers badly is named" has "$ERR" 'gave 5 bad answers in a row'
FUDA_AGENT_WAIT=300 run sim gin --bots 'cmd:exec sleep 30',basic -n 1
expect "a silent agent fails the match (exit 1)" status 1
expect "a silent agent is named, with FUDA_AGENT_WAIT's bound" has "$ERR" 'gave no answer within 300 ms'
FUDA_AGENT_WAIT=3000 run sim gin --bots "cmd:sleep 1; sh $LIB/first_move.sh",basic -n 1
expect "an agent slow to start but within FUDA_AGENT_WAIT plays (exit 0)" status 0
unset FUDA_AGENT_WAIT
# Hollywood's three games: the columns in the act lines
printf 'x\n' | "$FUDA" agent hollywood --seed 2 >"$OUT" 2>"$ERR"
expect "agent hollywood: the named columns" has "$OUT" '"columns":\{"[^"]+":\[0,0\],"[^"]+":\[0,0\],"[^"]+":\[0,0\]\}'

run play gin --bots 'cmd:true'
expect "play has no cmd: bots (exit 2)" status 2
# an agent is sent at most 16 MiB of events between two of its turns (tests/variants/chatty.lua
# says 18 MB in one move of the other seat): past that the match stops with the reason
yes go | head -5 | FUDA_PATH=tests/variants timeout 60 "$FUDA" agent chatty --seat 1 >"$OUT" 2>"$ERR"
RC=$?
expect "chatty: fuda agent exits 1" status 1
expect "chatty: the reason" has "$ERR" '^fuda: more than 100000 events or 16 MiB of them waited for the agent of seat 1 \(the variant says too much between its turns\): the match is stopped$'
expect "chatty: one question only was sent" test "$(wc -l <"$OUT")" -eq 1

finish
