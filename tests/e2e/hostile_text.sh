#!/bin/sh
# hostile_text.sh -- a script's text on the user's terminal, in JSON, in an
# SVG and in a printed shell command: tests/hostile/text.lua puts escape
# sequences (OSC 52 sets the clipboard, CSI 2J clears the screen,
# "\r\27[2K" overwrites a line to forge "check: OK"), C1 and bidi controls
# and invalid UTF-8 into every text it can (title, option docs, bot names,
# columns, verbs, events, view, prompt, why_not, confirm, scoresheet notes, tally
# names, errors, print, move texts). Through rules, list, sim (text, JSON,
# --report --svg), duel --json, check (text, JSON), agent, play and the
# REPL, no raw ESC, CR, other C0 control, DEL, C1 or bidi control, nor
# invalid UTF-8 reaches stdout or stderr; no line starts with the forged
# "check: OK (2000"; every JSON output parses and gives the script's valid
# text back; the SVG is well-formed; the replay command check prints, pasted
# into bash, names exactly the variant and the log; names in Japanese and
# card suits pass unchanged.
. "$(dirname "$0")/lib/check.sh"
export FUDA_PATH="$(pwd)/tests/variants"
V="$(pwd)/tests/hostile/text.lua"
NICE="ジン ♠♥"
cd "$TMP" || exit 1 # check saves the logs of failed matches here

if ! command -v python3 >/dev/null 2>&1; then
    echo "FAIL: python3 not found (tools/deps.sh test installs it)"
    echo "0 passed, 1 failed"
    exit 1
fi

# safe.py FILE...: every file valid UTF-8 without a character a terminal
# acts on (C0 but newline and tab, DEL, C1, bidi controls, U+2028/2029)
cat >"$TMP/safe.py" <<'PY'
import sys
ACTS = {0x61c, 0x200e, 0x200f, 0x2028, 0x2029} | set(range(0x202a, 0x202f)) | set(range(0x2066, 0x206a))
bad = 0
for name in sys.argv[1:]:
    data = open(name, "rb").read()
    try:
        text = data.decode("utf-8", "strict")
    except UnicodeDecodeError as e:
        print("%s: not UTF-8 at byte %d: %r" % (name, e.start, data[max(0, e.start - 20):e.start + 20]))
        bad = 1
        continue
    for i, ch in enumerate(text):
        c = ord(ch)
        if (c < 0x20 and ch not in "\n\t") or 0x7f <= c <= 0x9f or c in ACTS:
            print("%s: U+%04X at character %d: %r" % (name, c, i, text[max(0, i - 20):i + 20]))
            bad = 1
            break
sys.exit(bad)
PY
safe() { python3 "$TMP/safe.py" "$@"; }
# no line starting with the forged verdict (the real one says how many matches)
unforged() { ! grep -a -q '^check: OK (2000' "$@"; }
json_file() { python3 -c 'import json, sys; json.load(open(sys.argv[1], encoding="utf-8"))' "$1"; }
json_lines() {
    python3 -c '
import json, sys
n = 0
for line in open(sys.argv[1], encoding="utf-8"):
    json.loads(line)
    n += 1
sys.exit(0 if n > 0 else 1)' "$1"
}
# the script's bot (a name in Japanese and suits: a bot's name has no space)
BOT=$(printf '%s' "$NICE" | tr -d ' ')

# all: the checks every run must pass; shown: those of play and the REPL,
# where a view or an event is the script's own text of several lines (it may
# say anything there, but harmlessly)
shown() { expect "$1: stdout and stderr are safe on a terminal" safe "$OUT" "$ERR"; }
all() {
    shown "$1"
    expect "$1: no forged check: OK at the start of a line" unforged "$OUT" "$ERR"
}

# ---- rules ----
run rules "$V"
all rules
expect "rules: exit 0" status 0
expect "rules: the title's valid text passes, its escapes are shown" has "$OUT" "^$NICE "'\\x1b\]52;c;cm0gLXJmIH4=\\x07\\x1b\[2J'
expect "rules: the forged line stays inside the title's line" has "$OUT" '\\r\\x1b\[2K check: OK \(2000 matches, 1 moves\)\\ncheck: OK'
expect "rules: bidi, C1 and invalid bytes shown" has "$OUT" '<U\+202E>KO<U\+2066><U\+009B>\\xff\\xc0\\x80\\xed\\xa0\\x80'
expect "rules: an option's doc in Japanese passes" has "$OUT" "^  style = .*  $NICE\$"
expect "rules: the bots, the valid name unchanged" has "$OUT" "^bots      $BOT, random"

# ---- list: a title, and a file name, on the search path ----
mkdir -p "$TMP/sp"
cp "$V" "$TMP/sp/"
cp "$V" "$TMP/sp/$(printf 'ev\033[2J\r\ncheck: OK (2000 matches, 1 moves)\n\342\200\256il').lua"
FUDA_PATH="$TMP/sp:$FUDA_PATH" "$FUDA" list >"$OUT" 2>"$ERR" </dev/null
RC=$?
all list
expect "list: the title, its valid text unchanged" has "$OUT" "^text +$NICE "'\\x1b'
expect "list: the file's name shown harmlessly" has "$OUT" '^ev\\x1b\[2J\\r\\ncheck: OK \(2000 matches, 1 moves\)\\n<U\+202E>il'

# ---- sim ----
run sim "$V" -n 3
all sim
expect "sim: exit 0" status 0
expect "sim: the bot's valid name unchanged" has "$OUT" "^seat 1 .*\($BOT\)\$"
expect "sim: a tally's name shown in one line" has "$OUT" '^tally t\\r\\x1b\[2Kcheck: OK \(2000 matches, 1 moves\)\\n'
expect "sim: a column's valid name unchanged" has "$OUT" "^column      $NICE: mean score"
expect "sim: print goes to stderr after its place" has "$ERR" '^/.*/text\.lua:[0-9]+: print \\x1b\]52'
expect "sim: a printed newline starts a line with the place again" has "$ERR" '^/.*/text\.lua:[0-9]+: check: OK \(2000'
run sim "$V" -n 3 --bots "random,$BOT"
all "sim --bots random,BOT"
expect "sim: a bot's valid name unchanged" has "$OUT" "^seat 2 .*\($BOT\)\$"

run sim "$V" -n 3 --json
all "sim --json"
expect "sim --json: exit 0" status 0
expect "sim --json: parses" json_file "$OUT"
expect "sim --json: the bot's name and a tally's read back" python3 -c '
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
assert d["bots"][0] == sys.argv[2], d["bots"]
assert any(k.startswith("t\r\x1b[2Kcheck: OK (2000") for k in d["tallies"]), d["tallies"]' "$OUT" "$BOT"

run sim "$V" -n 4 --report --svg "$TMP/report.svg"
all "sim --report --svg"
expect "sim --svg: exit 0" status 0
expect "sim --report: the report's tallies in one line" has "$OUT" '^  t\\r\\x1b\[2Kcheck: OK'
expect "sim --svg: well-formed XML naming the bots" python3 -c '
import sys, xml.dom.minidom as m
d = m.parse(sys.argv[1])
texts = [t.firstChild.data for t in d.getElementsByTagName("text") if t.firstChild]
assert any(sys.argv[2] in t for t in texts), texts' "$TMP/report.svg" "$BOT"

# ---- duel ----
run duel "$V" --bots "$BOT,random" -n 2 --json
all "duel --json"
expect "duel --json: exit 0" status 0
expect "duel --json: parses, both names read back" python3 -c '
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
assert d["bots"] == [sys.argv[2], "random"], d["bots"]' "$OUT" "$BOT"
run duel "$V" --bots "$BOT,random" -n 2
all "duel"
expect "duel: the names shown" has "$OUT" "^duel        text, 2 seats: $BOT vs random\$"

run sim "$V" -n 1 --bots no-such-bot
all "sim, a usage error listing the bots"
expect "sim, a usage error: exit 2" status 2
expect "sim, a usage error: the bots listed" has "$ERR" "^fuda sim: text has no bot 'no-such-bot' \\(bots: $BOT, random"
# a variant named by its file, the name forging a line in a message
VN="$TMP/$(printf 'n\ncheck: OK (2000 matches, 1 moves)').lua"
cp "$V" "$VN"
run sim "$VN" -n 1 --bots no-such-bot
all "sim, a usage error naming a variant with a newline"
expect "sim, a usage error: a message's further line indented" has "$ERR" '^  check: OK \(2000 matches, 1 moves\) has no bot'

# ---- check ----
run check "$V" -n 6
all check
expect "check: passes (exit 0)" status 0
expect "check: the real verdict is the last line" sh -c 'tail -n 1 "$1" | grep -q "^check: OK (6 matches, [0-9]* moves)$"' sh "$OUT"
expect "check: a tally's name in one line" has "$OUT" '^  t\\r\\x1b\[2Kcheck: OK \(2000'
expect "check: an expected tally never met, in one line" has "$OUT" '^never: never \\x1b\]52'
run check "$V" -n 6 --json
all "check --json"
expect "check --json: parses" json_file "$OUT"
expect "check --json: never reads back" python3 -c '
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
assert d["ok"] is True and d["never"][0].startswith("never \x1b]52;c;") and "\u202e" in d["never"][0], d["never"]' "$OUT"

# an error whose text forges a verdict: the failure, and the replay command,
# from a folder whose name is a shell attack and a variant named with escapes
D="$TMP/a 'b' \$(touch pwned) $(printf '\033[2J\tc')"
mkdir -p "$D"
VV="$D/$(printf 'v\033]52;c;eA==\007')".lua
cp "$V" "$VV"
run check "$VV" -n 3 --option attack=error
all "check, an error"
expect "check, an error: exit 1" status 1
expect "check, an error: FAILED last" sh -c 'tail -n 1 "$1" | grep -q "^check: FAILED$"' sh "$OUT"
expect "check, an error: the message in one line" has "$OUT" '^check: seat 1: .*\\x1b\]52;c;cm0gLXJmIH4=\\x07\\x1b\[2J\\x1b\[H\\r\\x1b\[2K check: OK \(2000 matches, 1 moves\)\\ncheck: OK'
grep -a '^  replay to just before the failure: ' "$OUT" | sed 's/^  replay to just before the failure: //' >"$TMP/cmd"
expect "check, an error: a replay command is printed" test -s "$TMP/cmd"
# pasted into bash, the command's words are exactly the variant's path and the log's
bash -c 'fuda() { printf "%s\0" "$@"; }; '"$(cat "$TMP/cmd")" >"$TMP/words" 2>"$TMP/words.err"
expect "check, an error: the command pasted into bash names the variant and the log" python3 -c '
import os, sys
words = open(sys.argv[1], "rb").read().split(b"\0")[:-1]
assert words[0] == b"play" and words[1] == os.fsencode(sys.argv[2]) and words[2] == b"--replay", words
assert os.path.isfile(words[3]) and words[4] == b"--to", words' "$TMP/words" "$VV"
expect "check, an error: pasting it ran nothing else" test ! -e "$TMP/pwned" -a ! -s "$TMP/words.err"
run check "$VV" -n 3 --option attack=error --json
all "check --json, an error"
expect "check --json, an error: parses, with the replay command" python3 -c '
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
assert d["ok"] is False and d["failure"]["replay_command"].startswith("fuda play "), d["failure"]' "$OUT"

# load errors: a field's name and an error of the chunk forge verdicts
printf 'return { extends = "tiny", ["x\\r\\ncheck: OK (2000 matches, 1 moves)\\27[2J"] = 1 }\n' >"$TMP/field.lua"
printf 'error("\\ncheck: OK (2000 matches, 1 moves)\\27]52;c;eA==\\7")\n' >"$TMP/chunk.lua"
for f in field chunk; do
    run check "$TMP/$f.lua" -n 1
    all "check, a load error ($f)"
    expect "check, a load error ($f): the script does not load" has "$OUT" '^check: FAILED \(the script does not load\)$'
    run rules "$TMP/$f.lua"
    all "rules, a load error ($f)"
    expect "rules, a load error ($f): exit 1" status 1
done
expect "a load error: its text in one line" has "$ERR" '^fuda: .*/chunk\.lua:1: \\ncheck: OK \(2000 matches, 1 moves\)\\x1b\]52;c;eA==\\x07$'

# move texts a script chose (the engine may refuse them: then its message)
run check "$V" -n 3 --option attack=moves
all "check, hostile move texts"

# ---- agent: an agent that plays the last legal move, checking every line ----
cat >"$TMP/agent.py" <<'PY'
import json, sys
log = open(sys.argv[1], "w")
for line in sys.stdin:
    d = json.loads(line)
    log.write(line)
    if d["type"] == "over":
        break
    if d["type"] == "act":
        print(json.dumps({"move": d["moves"][-1]}), flush=True)
PY
mkfifo "$TMP/fifo"
{ timeout 120 "$FUDA" agent "$V" --bots "$BOT" <"$TMP/fifo" 2>"$ERR"; echo $? >"$TMP/rc"; } |
    python3 "$TMP/agent.py" "$OUT" >"$TMP/fifo"
RC=$(cat "$TMP/rc")
all agent
expect "agent: the match is played to the end (exit 0)" status 0
expect "agent: every line is JSON" json_lines "$OUT"
expect "agent: the view and the events read back with their escapes" python3 -c '
import json, sys
acts = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
assert any(a.get("view", "").startswith("view \x1b]52;c;") for a in acts)
assert any(e.startswith("deal \x1b]52;c;") for a in acts for e in a.get("events", []))
assert any(c.startswith("p\x1b]52;c;eA==\x07\r\x1b[2K\u202e\ufffd") for a in acts for c in a.get("columns", {}))' "$OUT"

# ---- play ----
printf 'help\nview\nmoves\nscore\npile\nrules\nhint\nno such move\ndraw\nlog\nundo\nquit\ny\n' |
    "$FUDA" play "$V" --seed 2 --iters 2 >"$OUT" 2>"$ERR"
RC=$?
shown play
expect "play: exit 0" status 0
expect "play: the event shown harmlessly" has "$OUT" '^deal \\x1b\]52;c;cm0gLXJmIH4=\\x07\\x1b\[2J\\x1b\[H\\r\\x1b\[2K check'
expect "play: the view's valid text and cards" has "$OUT" "^$NICE 7h s\$"
expect "play: why_not's text" has "$OUT" 'because \\x1b\]52'
expect "play: confirm's text, in the note before the move" has "$OUT" '^note: sure \\x1b\]52'
expect "play: the prompt names the variant" has "$OUT" '^text \[seat 1\]> '
printf 'moves\ndraw 1\nquit\ny\n' | "$FUDA" play "$V" --seed 2 --option attack=moves >"$OUT" 2>"$ERR"
RC=$?
shown "play, hostile move texts"

# ---- the REPL: a variant's text in a value and in print ----
printf 'm = fuda.match{ variant = "%s", seats = 2, seed = 1 }\nm:view(1)\nprint(m:view(1))\nm:events()\n' "$V" |
    "$FUDA" >"$OUT" 2>"$ERR"
RC=$?
shown repl
expect "repl: a variant's view shown harmlessly" has "$OUT" '^view \\x1b\]52'
expect "repl: cards rendered in the view" has "$OUT" "^$NICE 7h s\$"
# an engine's error is one line, wherever it is shown
printf 'm = fuda.match{ variant = "%s", seats = 2, seed = 1, options = { attack = "error" } }\nm:apply(1, "draw")\n' \
    "$V" | "$FUDA" >"$OUT" 2>"$ERR"
RC=$?
all "repl, an error"
expect "repl, an error: the message in one line" has "$OUT" '^nil	.*text\.lua:[0-9]+: \\x1b\]52;c;.*\\ncheck: OK \(2000 matches, 1 moves\)\\n'

# ---- on a terminal, in colour: fuda's own escapes pass, the script's do not ----
# rawterm.py FUDA ARGS... -- STEP...: FUDA on a terminal in colour; each STEP
# "wait:TEXT" (until the output shows it, or one of its |-separated parts;
# 20 s at most) or "send:TEXT"; the
# raw output, every byte as the terminal got it, into $PTY_OUT
cat >"$TMP/rawterm.py" <<'PY'
import os, pty, select, sys, time
cut = sys.argv.index("--")
argv, steps = sys.argv[1:cut], sys.argv[cut + 1:]
os.environ.pop("NO_COLOR", None)
os.environ["TERM"] = "xterm"
pid, fd = pty.fork()
if pid == 0:
    os.execv(argv[0], argv)
out, seen = b"", 0
def read(until, limit=20.0):
    global out
    end = time.time() + limit
    while time.time() < end and (until is None or not any(u in out[seen:] for u in until.split(b"|"))):
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                data = os.read(fd, 65536)
            except OSError:
                return
            if not data:
                return
            out += data
for step in steps:
    kind, _, text = step.partition(":")
    text = text.encode().decode("unicode_escape").encode()
    if kind == "wait":
        read(text)
        seen = len(out)
    else:
        os.write(fd, text)
read(None, 20.0)
for _ in range(100):
    done, _ = os.waitpid(pid, os.WNOHANG)
    if done:
        break
    time.sleep(0.1)
else:
    os.kill(pid, 9)
    os.waitpid(pid, 0)
open(os.environ["PTY_OUT"], "wb").write(out)
PY
# the script's sequences: OSC 52, clear screen, the forged line, C1 CSI, bidi, an invalid byte
raw_clean() {
    python3 -c '
import sys
b = open(sys.argv[1], "rb").read()
bad = [s for s in (b"\x1b]52", b"\x1b[2J", b"\x1b[H", b"\x1b[2K", b"\xc2\x9b", b"\xe2\x80\xae", b"\xe2\x81\xa6", b"\xff")
       if s in b]
sys.exit(1 if bad else 0)' "$1"
}
raw_has() { python3 -c 'import sys; sys.exit(0 if sys.argv[2].encode() in open(sys.argv[1], "rb").read() else 1)' "$1" "$2"; }
# (seed 3: a claim window asks seat 1 "snap?" with the prompt hook's text in
# readline's prompt by the third draw; "n" answers it, and is refused at the
# move prompt; --no-confirm: the confirm hook's question is looked at below)
P='wait:]> |[y/N] '
PTY_OUT="$TMP/pty.out" python3 "$TMP/rawterm.py" "$FUDA" play "$V" --seed 3 --no-confirm -- "$P" 'send:view\r' "$P" \
    'send:moves\r' "$P" 'send:draw\r' "$P" 'send:n\r' "$P" 'send:draw\r' "$P" 'send:n\r' "$P" 'send:draw\r' \
    "$P" 'send:n\r' "$P" 'send:draw\r' "$P" 'send:n\r' "$P" 'send:quit\r' 'wait:[y/N] ' 'send:y\r' 2>"$ERR"
expect "terminal, play: none of the script's sequences reaches the terminal" raw_clean "$TMP/pty.out"
expect "terminal, play: they are shown" raw_has "$TMP/pty.out" 'deal \x1b]52;c;cm0gLXJmIH4='
expect "terminal, play: ... in readline's prompt too" raw_has "$TMP/pty.out" 'snap? why \x1b]52;c;cm0gLXJmIH4='
# readline's own sequences (bracketed paste: ESC [?2004h) reach the terminal raw, never shown as text
expect "terminal, play: readline writes past the sink" sh -c '! grep -a -q "\\\\x1b\\[?" "$1"' sh "$TMP/pty.out"
expect "terminal, play: fuda's own colours do (the 7 of hearts in red)" raw_has "$TMP/pty.out" "$(printf '\033[31m7\342\231\245\033[0m')"
# the confirm hook's question before a draw, in readline's prompt
PTY_OUT="$TMP/pty.out" python3 "$TMP/rawterm.py" "$FUDA" play "$V" --seed 3 -- "$P" 'send:draw\r' 'wait:[y/N] ' \
    'send:n\r' "$P" 'send:quit\r' 'wait:[y/N] ' 'send:y\r' 2>"$ERR"
expect "terminal, play, confirm: none of the script's sequences reaches the terminal" raw_clean "$TMP/pty.out"
expect "terminal, play, confirm: shown in the question" raw_has "$TMP/pty.out" 'sure \x1b]52;c;cm0gLXJmIH4='
printf 'm = fuda.match{ variant = "%s", seats = 2, seed = 1 }\n' "$V" >"$TMP/repl.lua"
PTY_OUT="$TMP/pty.out" python3 "$TMP/rawterm.py" "$FUDA" -- 'wait:fuda> ' "send:dofile('$TMP/repl.lua')\r" \
    'wait:fuda> ' 'send:m:view(1)\r' 'wait:fuda> ' 'send:print(m:view(1))\r' 'wait:fuda> ' 'send:quit\r' 2>"$ERR"
expect "terminal, REPL: none of the script's sequences reaches the terminal" raw_clean "$TMP/pty.out"
expect "terminal, REPL: a value's cards in fuda's colours" raw_has "$TMP/pty.out" "$(printf '\033[31m7\342\231\245\033[0m')"

finish
