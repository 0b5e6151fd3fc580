#!/bin/sh
# tty.sh -- end-to-end tests of what fuda does on a terminal (a pseudo-terminal
# made by python3, which `make test` installs): Ctrl-C cancels the line at the REPL
# and play prompts, Tab completes there, `fuda sim` shows a progress bar and Ctrl-C stops it with
# the totals so far; a move the game flags asks first, and a failing bot's seat is asked for;
# Ctrl-C stops a hint's or a search bot's thinking and the match goes on, and stops a duel of
# search bots at once with the figures of the deals played.
. "$(dirname "$0")/lib/check.sh"

if ! command -v python3 >/dev/null 2>&1 || ! python3 -c 'import pty' 2>/dev/null; then
    echo "FAIL: python3 with pty not found (tools/deps.sh test installs it)"
    echo "0 passed, 1 failed"
    exit 1
fi

mkdir -p "$TMP/home"
# lib/onterm.py: fuda on a pseudo-terminal, driven step by step
ONTERM=$(cd "$(dirname "$0")/lib" && pwd)/onterm.py
tty_run() { PTY_HOME=$TMP/home python3 "$ONTERM" "$FUDA" "$@" >"$OUT" 2>"$ERR"; }

# the REPL: Ctrl-C cancels the line, a continued statement, an empty line
tty_run -- 'wait:fuda> ' 'send:return 1+' 'wait:1+' 'send:\x03' 'wait:^C' 'wait:fuda> ' 'send:\x03' 'wait:^C' \
    'wait:fuda> ' 'send:x = 1 +\r' 'wait:>> ' 'send:\x03' 'wait:^C' 'wait:fuda> ' 'send:return 40+2\r' 'wait:42' \
    'wait:fuda> ' 'send:quit\r' 'exit'
expect "REPL: Ctrl-C does not end the session" has "$OUT" '^42'
expect "REPL: the session ends with quit" has "$OUT" '^exit status 0$'
expect "REPL: Ctrl-C shows ^C after the line" has "$OUT" 'fuda> return 1\+\^C'
expect "REPL: Ctrl-C in a continued statement drops it" sh -c "! grep -q 'syntax error\|unexpected' '$OUT'"

# the play prompt: Ctrl-C cancels the line, the match goes on
tty_run play gin --seed 1 -- 'wait:]> ' 'send:disc' 'wait:disc' 'send:\x03' 'wait:^C' 'wait:]> ' 'send:moves\r' \
    'wait:legal moves' 'wait:]> ' 'send:quit\r' 'wait:Abandon' 'send:y\r' 'exit'
expect "play: Ctrl-C cancels the line, the match goes on" has "$OUT" '^legal moves'
expect "play: quit after Ctrl-C" has "$OUT" 'match abandoned'

# the play prompt: Ctrl-D asks like quit does; no goes on, yes abandons
tty_run play gin --seed 1 -- 'wait:]> ' 'send:\x04' 'wait:Abandon this match? [y/N] ' 'send:n\r' \
    'wait:]> ' 'send:moves\r' 'wait:legal moves' 'wait:]> ' 'send:\x04' 'wait:Abandon' 'send:y\r' 'exit'
expect "play: Ctrl-D asks before abandoning" has "$OUT" 'Abandon this match\? \[y/N\] n$'
expect "play: after no, the match goes on" has "$OUT" '^legal moves'
expect "play: Ctrl-D then yes abandons the match" has "$OUT" '^match abandoned$'
expect "play: ... and exits 0" has "$OUT" '^exit status 0$'
expect "play: Ctrl-D is not taken for the end of input" hasnt "$OUT" 'end of input'

# histories in the XDG state folder, one per context: the REPL's lines, the moves typed in play;
# a history in the old place (~/.fuda_history) is taken over the first time
XS=$TMP/state
printf 'return "from the old file"\n' >"$TMP/home/.fuda_history"
XDG_STATE_HOME=$XS tty_run -- 'wait:fuda> ' 'send:return 6*7\r' 'wait:42' 'wait:fuda> ' 'send:quit\r' 'exit'
expect "history: the REPL's lines in \$XDG_STATE_HOME/fuda/repl_history" grep -qx 'return 6\*7' "$XS/fuda/repl_history"
expect "history: the old ~/.fuda_history taken over" grep -q 'from the old file' "$XS/fuda/repl_history"
XDG_STATE_HOME=$XS tty_run play gin --seed 1 -- 'wait:]> ' 'send:moves\r' 'wait:legal moves' 'wait:]> ' \
    'send:quit\r' 'wait:Abandon' 'send:y\r' 'exit'
expect "history: the moves typed in play in play_history" grep -qx 'moves' "$XS/fuda/play_history"
expect "history: ... not in the REPL's" sh -c "! grep -qx 'moves' '$XS/fuda/repl_history'"
expect "history: the REPL's history is kept" grep -qx 'return 6\*7' "$XS/fuda/repl_history"
XDG_STATE_HOME= tty_run -- 'wait:fuda> ' 'send:return 1\r' 'wait:fuda> ' 'send:quit\r' 'exit'
expect "history: without XDG_STATE_HOME, ~/.local/state/fuda" grep -qx 'return 1' "$TMP/home/.local/state/fuda/repl_history"

# colour on a terminal: red hearts and diamonds; TERM=dumb: the suits without colour
PTY_COLOR=1 PTY_RAW=1 TERM=xterm tty_run play gin --seed 1 -- 'wait:]> ' 'send:quit\r' 'wait:Abandon' 'send:y\r' 'exit'
expect "colour: hearts or diamonds in red" grep -q '<RED>[0-9AJQK]*[♥♦]<RESET>' "$OUT"
PTY_COLOR=1 PTY_RAW=1 TERM=dumb tty_run play gin --seed 1 -- 'wait:]> ' 'send:quit\r' 'wait:Abandon' 'send:y\r' 'exit'
expect "TERM=dumb: no colour" hasnt "$OUT" '<RED>'
expect "TERM=dumb: the suits as symbols" grep -q '[♠♥♦♣]' "$OUT"

# a narrow terminal: lines broken between words, never inside one; the moves and the claim
# question show their cards with the suits of the hand; a long reason goes above the question
PTY_COLOR=1 TERM=dumb PTY_COLS=40 tty_run play zun --seed 3 -- 'wait:]> ' 'send:moves\r' 'wait:]> ' \
    'send:quit\r' 'wait:Abandon' 'send:y\r' 'exit'
expect "narrow: a long line is broken at a space" has "$OUT" '^  placed by Seat 4\.$'
expect "narrow: no line is longer than the terminal" python3 -c "
import sys
sys.exit(any(len(l) > 40 for l in open(sys.argv[1], encoding='utf-8').read().split('\\n')))" "$OUT"
expect "narrow: the moves with suit symbols" has "$OUT" '^legal moves: draw, play 8♣, '
PTY_COLOR=1 TERM=dumb PTY_COLS=50 tty_run play dobon --seed 3 -- 'wait:[y/N] ' 'send:moves\r' 'wait:[y/N] ' \
    'send:\x04' 'wait:Abandon' 'send:y\r' 'exit'
expect "narrow: the claim question with the card's suit" has "$OUT" '^play 10♦\? \[y/N\] moves$'
expect "narrow: its long reason on a line above" has "$OUT" '^Seat 4 flipped K♦: the first to play on it starts$'
expect "narrow: the claim's moves with suits" has "$OUT" '^legal moves: play 10♦, pass$'

# Oklahoma: the upcard (5 of clubs, seed 3) taken and buried under a discard is still shown by
# the view after each turn and by `look`, with the knock limit it set
tty_run play oklahoma --seed 3 -- 'wait:]> ' 'send:take\r' 'wait:]> ' 'send:discard Kd\r' 'wait:draw or take' \
    'wait:]> ' 'send:look\r' 'wait:draw or take' 'wait:]> ' 'send:quit\r' 'wait:Abandon' 'send:y\r' 'exit'
expect "oklahoma: the upcard is buried" has "$OUT" '^Discard: J[^ ]* '
expect "oklahoma: the Upcard line after the upcard was taken and buried" \
    sh -c "[ \$(grep -c '^Upcard: 5[^ ]* (knock with 5 or less)' '$OUT') -ge 4 ]"
expect "oklahoma: look shows it again" sh -c "sed -n '/> look/,\$p' '$OUT' | grep -q '^Upcard: 5[^ ]* (knock with 5 or less)'"

# Tab completion in the REPL: a command, then a variant (Tab Tab lists the gin variants, not
# the abstract gin-base), a Lua field; each line then run, so what Tab put in the line shows
tty_run -- 'wait:fuda> ' 'send:pl\t' 'wait:play ' 'send:g\t' 'wait:gin' 'send:\t\t' 'wait:gin-intro' 'wait:fuda> ' \
    'send:\x15' 'send:rul\t' 'wait:rules ' 'send:gin-b\t' 'wait:bicycle ' 'send:\r' 'wait:fuda> ' \
    'send:return fuda.sh\t' 'wait:show' 'send:== nil\r' 'wait:fuda> ' \
    'send:play gin --opt\t' 'wait:option ' 'send:knock_l\t' 'wait:limit=' 'send:\x15' 'send:quit\r' 'exit'
expect "Tab: 'pl' completes to 'play '" has "$OUT" '^fuda> play gin$'
expect "Tab Tab after 'play gin' lists the gin variants, not the abstract gin-base" \
    has "$OUT" '^gin +gin-bicycle +gin-intro *$'
expect "Tab: 'rul' and 'gin-b' complete to 'rules gin-bicycle', which runs" has "$OUT" '^Gin Rummy \(Bicycle\)$'
expect "Tab: 'fuda.sh' completes to 'fuda.show'" has "$OUT" '^fuda> return fuda.show== nil$'
expect "Tab: ... a real field (fuda.show == nil is false)" has "$OUT" '^false$'
expect "Tab: an option name after --option" has "$OUT" 'play gin --option knock_limit=$'

# Tab on hostile tables: an __index function is not called, a cycle of __index ends, the session goes on
tty_run -- 'wait:fuda> ' 'send:t = setmetatable({}, {__index = function() while true do end end})\r' 'wait:fuda> ' \
    'send:c = {}; setmetatable(c, {__index = c}); c.zz = 1\r' 'wait:fuda> ' 'send:t.x\t\t' 'send:\x15' \
    'send:c.z\t' 'wait:zz' 'send:\x15return 40+2\r' 'wait:42' 'wait:fuda> ' 'send:quit\r' 'exit'
expect "Tab: an __index function is never run" has "$OUT" '^42$'
expect "Tab: a field found through a cyclic __index" has "$OUT" 'c\.zz'
expect "Tab: ... and the session ends normally" has "$OUT" '^exit status 0$'

# Tab at the play prompt: Tab Tab lists the legal moves, Tab completes a verb, a move's card
tty_run play gin --seed 1 -- 'wait:]> ' 'send:\t\t' 'wait:take' 'wait:]> ' 'send:t\t' 'wait:take ' 'send:\r' \
    'wait:]> ' 'send:disc\t' 'wait:discard ' 'send:\t\t' 'wait:Jc' 'wait:]> discard ' 'send:j\t' 'wait:Jc ' 'send:\r' \
    'wait:]> ' 'send:quit\r' 'wait:Abandon' 'send:y\r' 'exit'
expect "play: Tab Tab lists the legal moves" has "$OUT" '^pass +take *$'
expect "play: Tab completes 't' to 'take', which is played" has "$OUT" '^Seat 1 takes the upcard 8d\.$'
expect "play: Tab Tab after 'discard ' lists the cards" has "$OUT" '^10h +2c +2d +2h +2s +5s +6d +8h +Ah +Jc *$'
expect "play: Tab completes 'j' to the card Jc, which is discarded" has "$OUT" '^Seat 1 discards Jc\.$'

# undo on a terminal: the upcard taken back and offered again; after a pass the bot's discard,
# seen, blocks it; hot seat (the screen cleared at each pass): seat 2's move blocks seat 1's undo
tty_run play gin --seed 4 -- 'wait:]> ' 'send:take\r' 'wait:]> ' 'send:undo\r' 'wait:undone' 'wait:]> ' \
    'send:pass\r' 'wait:]> ' 'send:undo\r' 'wait:cannot undo' 'wait:]> ' 'send:quit\r' 'wait:Abandon' 'send:y\r' 'exit'
expect "undo: the take undone" has "$OUT" "^undone: 'take'$"
expect "undo: the upcard offered again" sh -c "[ \$(grep -c '^your turn: take the upcard 10c' '$OUT') -eq 2 ]"
expect "undo: refused after the bot's discard, naming it" has "$OUT" "^cannot undo 'pass': since then you have seen J"
expect "undo: exit 0" has "$OUT" '^exit status 0$'
tty_run play tests/variants/undo.lua --seed 1 --humans 1,2 -- 'wait:press Enter' 'send:\r' 'wait:]> ' 'send:bid 2\r' 'wait:press Enter' 'send:\r' \
    'wait:]> ' 'send:bid 3\r' 'wait:press Enter' 'send:\r' 'wait:]> ' 'send:undo\r' 'wait:cannot undo' 'wait:]> ' \
    'send:quit\r' 'wait:Abandon' 'send:y\r' 'exit'
expect "undo, hot seat: refused after seat 2 moved" \
    has "$OUT" "^cannot undo 'bid 2': seat 2 has moved since \(each player undoes only their own moves\)$"

# sim: the progress bar on a terminal, Ctrl-C prints the totals so far
tty_run sim gin -n 10000000 -j 2 -- 'wait: matches ' 'send:\x03' 'exit'
expect "sim shows a progress bar on a terminal" has "$OUT" '^\[[#.]{20}\] [0-9]+/10000000 matches [0-9.]+ s'
expect "sim: the bar says about when it ends" has "$OUT" '^\[[#.]{20}\] [0-9]+/10000000 matches [0-9.]+ s, about [0-9.]+ (s|min|h) left'
expect "sim: Ctrl-C prints the totals" has "$OUT" '^matches +[1-9][0-9]*$'
expect "sim: Ctrl-C notes the interruption" has "$OUT" '^\(interrupted after [1-9][0-9]* matches\)$'
expect "sim: an interrupted run exits 1" has "$OUT" '^exit status 1$'

# duel: the same bar (runner.c), Ctrl-C prints the figures of the matches played
tty_run duel gin --bots basic,random -n 5000000 -j 2 -- 'wait: matches ' 'send:\x03' 'exit'
expect "duel shows a progress bar on a terminal" has "$OUT" '^\[[#.]{20}\] [0-9]+/10000000 matches [0-9.]+ s'
expect "duel: Ctrl-C prints the figures so far" has "$OUT" '^win rate +[0-9.]+% of matches'
expect "duel: the result says where Ctrl-C stopped it" \
    has "$OUT" '^stopped +after [1-9][0-9]* of 10000000 matches \(Ctrl-C\)$'
expect "duel: ... and that the figures are those of whole deals" \
    has "$OUT" '^ +figures of the [0-9]+ deals? played in every seating$'
expect "duel: an interrupted run exits 1" has "$OUT" '^exit status 1$'

# on a narrow terminal the bar is narrowed to leave the last three columns free: a ^C echoed at
# its end must not wrap the line, or the bar's last wipe leaves it on the screen
PTY_COLS=60 tty_run sim gin -n 10000000 -j 2 -- 'wait: left' 'send:\x03' 'exit'
expect "sim: the bar fits a narrow terminal with room for ^C" python3 -c "
import re, sys
bars = [l.replace('^C', '') for l in open(sys.argv[1], encoding='utf-8').read().split('\\n') if re.match(r'\\[[#.]+\\] ', l)]
sys.exit(not bars or any(len(l) > 57 for l in bars))" "$OUT"
expect "sim: ... with about how long is left" has "$OUT" '^\[[#.]{5,19}\] [0-9]+/10000000 matches [0-9.]+ s, about '

# a duel of search bots thinking 5 s a decision: Ctrl-C stops the matches under way too, at once
# (before, the run went on to the end of each: minutes); no deal was played in both seatings
tty_run duel gin --bots search,basic -n 1000 --think 5000 -- 'wait: matches ' 'send:\x03' 'exit'
expect "duel of search: its budget named" has "$OUT" '^budget +search: 5000 ms a decision \(--think\)$'
expect "duel of search: Ctrl-C stops the matches under way" \
    has "$OUT" '^stopped +after 0 of 2000 matches \(Ctrl-C\)$'
expect "duel of search: ... so no deal in every seating" has "$OUT" '^ +figures of the 0 deals played in every seating$'
expect "duel of search: no figures without a whole deal" has "$OUT" '^matches +0 \(0 deals x 2 seatings'
expect "duel of search: no win rate of nothing" hasnt "$OUT" '^win rate'
expect "duel of search: stopped, exit 1" has "$OUT" '^exit status 1$'

# ... and --json: the figures of the whole deals, "interrupted", the matches played and planned.
# An agent seat says when each match starts (on the terminal: its stderr is fuda's); Ctrl-C
# after the second, so one match at least was played; it ends the agent too (not a failure)
printf 'echo "agent ready" >&2\nexec sh "%s/lib/first_move.sh"\n' "$(cd "$(dirname "$0")" && pwd)" >"$TMP/ready.sh"
tty_run duel gin --bots "cmd:sh $TMP/ready.sh,search" -n 1000 --iters 20 --json -- 'wait:agent ready' \
    'wait:agent ready' 'send:\x03' 'exit'
expect "duel --json, Ctrl-C: the partial result" python3 -c '
import json, sys
d = json.loads([l[l.index("{"):] for l in open(sys.argv[1]) if "{" in l][0])
assert d["interrupted"] is True and d["planned"] == 2000 and 1 <= d["played"] < 2000, d
assert d["matches"] == 2 * d["deals"] and d["deals"] <= d["played"] / 2, d
assert "failed" not in d, d' "$OUT"
expect "duel --json, Ctrl-C: exit 1" has "$OUT" '^exit status 1$'

# hint with ten minutes to think: it says so and how to stop it; Ctrl-C stops it within a playout
# with the move found so far, and the match goes on
TERM=xterm tty_run play gin --seed 5 --think 600000 -- 'wait:]> ' 'send:hint\r' 'wait:(Ctrl-C stops)' \
    'send:\x03' 'wait:hint stopped' 'wait:]> ' 'send:moves\r' 'wait:legal moves' 'wait:]> ' 'send:quit\r' \
    'wait:Abandon' 'send:y\r' 'exit'
expect "hint: thinking, and how to stop it" has "$OUT" '^hint: thinking\.\.\. \(Ctrl-C stops\)'
expect "hint: Ctrl-C stops it, with the move so far and how sure (none made at once: basic's)" \
    has "$OUT" "^hint stopped by Ctrl-C; so far: (take|pass) \\((basic's move|not sure|sure)"
expect "hint: the match goes on after Ctrl-C" has "$OUT" '^legal moves: take, pass$'
expect "hint: ... and ends as asked" has "$OUT" '^exit status 0$'

# a search bot with ten minutes a decision: Ctrl-C at each of its decisions, each played at once
# (basic's move, or the best it was already sure of), and the match goes on at the prompt
TERM=xterm tty_run play gin --seed 5 --bots search --think 600000 -- 'wait:]> ' 'send:pass\r' 'stopping:]> ' \
    'send:moves\r' 'wait:legal moves' 'wait:]> ' 'send:quit\r' 'wait:Abandon' 'send:y\r' 'exit'
expect "search bot: thinking, and how to stop it" has "$OUT" '^seat 2 \(search\) thinking\.\.\. \(Ctrl-C stops\)'
expect "search bot: Ctrl-C stops it, saying what it plays" \
    has "$OUT" "^Ctrl-C: seat 2 \\(search\\) stopped thinking and plays (basic's move|the best move it found so far)\$"
expect "search bot: the match goes on after Ctrl-C" has "$OUT" '^legal moves: '
expect "search bot: ... and ends as asked" has "$OUT" '^exit status 0$'

# a game of several tables: once seat 1's table has ended its hand while the other plays on,
# play says so and lets the player look at the tables ('table N') before going on
cat >"$TMP/mklog.lua" <<'LUA'
local m = fuda.match{ variant = "partnership", seats = 4, seed = 5 }
local n = 0
while not m:view(1):find("yours: hand over", 1, true) and n < 5000 do
  for _, s in ipairs(m:actors()) do m:apply(s, m:bot(s, "basic")) end
  n = n + 1
end
print(m:log())
LUA
"$FUDA" run "$TMP/mklog.lua" | sed '$d' >"$TMP/wait.log"
tty_run play --replay "$TMP/wait.log" -- "wait:Enter to go on, 'table N'" 'send:table 2\r' 'wait:-- table 2' \
    "wait:Enter to go on" 'send:table 1\r' 'wait:-- table 1' "wait:Enter to go on" 'send:\x04' 'wait:Abandon' 'send:y\r' 'exit'
expect "play: a waiting player is told so" has "$OUT" 'your table has ended its hand and waits; the other tables play on'
expect "play: 'table N' shows another table through the partner's eyes" has "$OUT" '^-- table [12], as your partner seat 3 sees it --$'
expect "play: ... and the own table" has "$OUT" '^-- table [12] --$'
expect "play: the partner's hand is shown" has "$OUT" '^Your hand: '
expect "play: the waiting prompt ends with the match abandoned" has "$OUT" '^match abandoned$'

# confirm on a terminal: gin seed 3, the upcard 5c taken makes the run 5c 6c 7c; discarding 6c asks
# first: Enter does not play it, y does. --no-confirm plays it at once.
tty_run play gin --seed 3 -- 'wait:]> ' 'send:take\r' 'wait:]> ' 'send:discard 6c\r' 'wait:[y/N] ' 'send:\r' \
    'wait:not played' 'wait:]> ' 'send:discard 6c\r' 'wait:[y/N] ' 'send:y\r' 'wait:draw or take' 'wait:]> ' \
    'send:quit\r' 'wait:Abandon' 'send:y\r' 'exit'
expect "confirm: the question says what the move breaks" has "$OUT" '^discard 6c breaks your run 5c 6c 7c; sure\? \[y/N\] $'
expect "confirm: Enter does not play it" has "$OUT" "^not played \(type another move; 'confirm off' stops these questions\)$"
expect "confirm: y plays it" has "$OUT" '^discard 6c breaks your run 5c 6c 7c; sure\? \[y/N\] y$'
expect "confirm: played once" [ "$(grep -c '^Seat 1 discards 6c\.$' "$OUT")" -eq 1 ]
expect "confirm: exit 0" has "$OUT" '^exit status 0$'
tty_run play gin --seed 3 --no-confirm -- 'wait:]> ' 'send:take\r' 'wait:]> ' 'send:discard 6c\r' \
    'wait:draw or take' 'wait:]> ' 'send:quit\r' 'wait:Abandon' 'send:y\r' 'exit'
expect "--no-confirm: no question" hasnt "$OUT" 'sure\?'
expect "--no-confirm: the discard played" has "$OUT" '^Seat 1 discards 6c\.$'

# a failing bot on a terminal: the seat's prompt; Ctrl-D there asks as quit does, 'bot 2 random' goes on
tty_run play tests/variants/bot_fails.lua --seed 1 --bots broken -- 'wait:]> ' 'send:bid 2\r' 'wait:has no player]> ' \
    'send:\x04' 'wait:Abandon this match? [y/N] ' 'send:n\r' 'wait:has no player]> ' 'send:bot 2 random\r' \
    'wait:[seat 1]> ' 'send:quit\r' 'wait:Abandon' 'send:y\r' 'exit'
expect "failing bot: the error on the terminal" has "$OUT" "^  tests/variants/bot_fails\.lua:14: attempt to index a nil value"
expect "failing bot: Ctrl-D asks, no goes on" has "$OUT" 'Abandon this match\? \[y/N\] n$'
expect "failing bot: random plays the seat" has "$OUT" '^seat 2: bot random plays it from now on$'
expect "failing bot: exit 0" has "$OUT" '^exit status 0$'

finish
