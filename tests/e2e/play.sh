#!/bin/sh
# play.sh -- end-to-end tests of `fuda play` driven through stdin: commands,
# typos, quitting, end of input, hot seat, bot-only matches, save and replay,
# and no escape sequences when the output is not a terminal.
. "$(dirname "$0")/lib/check.sh"

# Snap: a small variant with a claim window for every seat, up to four seats
SNAP=tests/variants/snap.lua

ESC=$(printf '\033')

# repeat N FORMAT: print FORMAT (a printf format: typed input lines) N times.
repeat() {
    n=$1
    while [ "$n" -gt 0 ]; do printf "$2"; n=$((n - 1)); done
}

"$FUDA" play gin --seed 3 >"$OUT" 2>"$ERR" <<'IN'
help
moves
discard 7x
discard 11h
fold
score
view
quit
n
quit
y
IN
RC=$?
expect "play exits 0 after quit" status 0
expect "play prints the seed" has "$OUT" '^seed 3$'
expect "play shows the title" has "$OUT" '^Gin Rummy \(Official Rules of Card Games\)$'
expect "play names the seats" has "$OUT" 'seat 1 \(you\), seat 2 \([a-z]+\)'
expect "play prompts with variant and seat" has "$OUT" '^gin \[seat 1\]> '
expect "play echoes piped input" has "$OUT" '^gin \[seat 1\]> moves$'
expect "help lists the commands" has "$OUT" 'save FILE'
expect "moves lists the legal moves" has "$OUT" '^legal moves: '
expect "a typo is not a card" has "$OUT" "^'7x' is not a card \(cards are typed like 7h, H7, 10s, Ts, Qd\)$"
expect "11h is not a card" has "$OUT" "^'11h' is not a card"
expect "an unknown word is not legal" has "$OUT" "^'fold' is not a legal move now; legal moves: "
expect "score shows the scoresheet" grep -q -i 'seat' "$OUT"
expect "the view shows the hand" has "$OUT" '^Your hand: '
expect "quit asks first" has "$OUT" 'Abandon this match\? \[y/N\]'
expect "quit then y abandons" has "$OUT" '^match abandoned$'
expect "no escape sequences in piped output" hasnt "$OUT" "$ESC"
expect "nothing on stderr" [ ! -s "$ERR" ]
expect "cards are shown plain" has "$OUT" '(10|[2-9AJQK])[shdc]'

# the same match, the same deal
cp "$OUT" "$TMP/first"
printf 'view\nquit\ny\n' | "$FUDA" play gin --seed 3 >"$OUT" 2>"$ERR"
h1=$(grep -m1 '^Your hand: ' "$TMP/first")
h2=$(grep -m1 '^Your hand: ' "$OUT")
expect "a seed fixes the deal" [ -n "$h1" ] && [ "$h1" = "$h2" ]

# end of input is a quit
printf 'moves\n' | "$FUDA" play gin --seed 3 >"$OUT" 2>"$ERR"
RC=$?
expect "end of input exits 0" status 0
expect "end of input says so" has "$OUT" '^end of input: match abandoned$'
"$FUDA" play gin --seed 3 >"$OUT" 2>"$ERR" </dev/null
RC=$?
expect "empty input exits 0" status 0

# NO_COLOR, and the seat flag
printf 'view\nquit\ny\n' | NO_COLOR=1 "$FUDA" play gin --seed 4 --seat 2 >"$OUT" 2>"$ERR"
RC=$?
expect "--seat 2 exits 0" status 0
expect "--seat 2 seats you at 2" has "$OUT" 'seat 1 \([a-z]+\), seat 2 \(you\)'
expect "--seat 2 prompts for seat 2" has "$OUT" '^gin \[seat 2\]> '
expect "NO_COLOR output has no escapes" hasnt "$OUT" "$ESC"

# moves are typed loosely: pass/take at the upcard, then draw or discard
{ printf 'moves\n'; repeat 40 'p\nd\ndraw\n'; } >"$TMP/in"
"$FUDA" play gin --seed 3 --bots random <"$TMP/in" >"$OUT" 2>"$ERR"
RC=$?
expect "a scripted game exits 0" status 0
expect "a typed move is played" has "$OUT" '^Seat 1 (passes|draws|takes|discards)'

# hot seat
printf 'moves\nquit\ny\n' | "$FUDA" play gin --seed 3 --humans 1,2 >"$OUT" 2>"$ERR"
RC=$?
expect "hot seat exits 0" status 0
expect "hot seat passes the keyboard" has "$OUT" '^Pass the keyboard to seat [12] and press Enter'
expect "hot seat has no bots" hasnt "$OUT" 'seat [12] \([a-z]+\)'
run play gin --humans 3
expect "a human seat out of range exits 2" status 2

# a match of bots only runs to its end
"$FUDA" play gin --seed 5 --humans none --option target=30 </dev/null >"$OUT" 2>"$ERR"
RC=$?
expect "bots-only match exits 0" status 0
expect "bots-only match ends" has "$OUT" '^Match over: seat [12] \([a-z]+\) (wins|share)'
expect "hands end with a scoresheet" has "$OUT" '^total +[0-9]+ +[0-9]+$'
expect "a hand over does not wait for Enter without a terminal" has "$OUT" '^Press Enter for the next hand$'
NO_COLOR=1 "$FUDA" play zun --humans none --seed 2 >"$OUT" 2>"$ERR" </dev/null
RC=$?
expect "zun: a deal is a game, in the prompt as in the view" has "$OUT" '^Press Enter for the next game$'
run play gin --seed 5 --humans none --target 30
expect "--target is an option" status 0
expect "--target ends the match" has "$OUT" '^Match over'

# save and replay
printf 'save %s\nquit\ny\n' "$TMP/match.log" | "$FUDA" play gin --seed 8 >"$OUT" 2>"$ERR"
expect "save writes the log" [ -s "$TMP/match.log" ]
expect "save says so" has "$OUT" "^saved the log to .*match\\.log \\([0-9]+ moves\\)$"
printf 'view\nquit\ny\n' | "$FUDA" play gin --replay "$TMP/match.log" >"$OUT" 2>"$ERR"
RC=$?
expect "replay exits 0" status 0
expect "replay says how many moves" has "$OUT" '^replayed [0-9]+ moves of '
expect "replay continues the match" has "$OUT" '^Your hand: '
h3=$(grep -m1 '^Your hand: ' "$OUT")
printf 'view\nquit\ny\n' | "$FUDA" play gin --seed 8 >"$TMP/fresh" 2>&1
h4=$(grep -m1 '^Your hand: ' "$TMP/fresh")
expect "replay restores the hand" [ -n "$h3" ] && [ "$h3" = "$h4" ]
printf 'quit\ny\n' | "$FUDA" play --replay "$TMP/match.log" --to 0 >"$OUT" 2>"$ERR"
expect "replay --to 0" has "$OUT" '^replayed 0 moves'
run play gin --replay "$TMP/nope.log"
expect "replay of a missing log exits 1" status 1
run play gin --replay "$TMP/match.log" --seed 3
expect "replay with a seed exits 2" status 2

# a claim window: "snap? [y/N]" (Enter passes), other input asked again
repeat 40 'f\ny\n' >"$TMP/in"
"$FUDA" play "$SNAP" --seed 1 --option hands=1 <"$TMP/in" >"$OUT" 2>"$ERR"
RC=$?
expect "snap exits 0" status 0
expect "a claim window asks yes or no" has "$OUT" '^snap\? \[y/N\] y$'
expect "yes declares" has "$OUT" '^Seat 1 snaps!$'
expect "the snap match ends" has "$OUT" '^Match over: '
repeat 40 'f\n\n' >"$TMP/in"
"$FUDA" play "$SNAP" --seed 1 --option hands=1 <"$TMP/in" >"$OUT" 2>"$ERR"
expect "Enter passes" has "$OUT" '^snap\? \[y/N\] $'
expect "passing does not declare" hasnt "$OUT" '^Seat 1 snaps!$'
repeat 60 'f\ny\n' >"$TMP/in"
"$FUDA" play "$SNAP" --seed 1 --option hands=1 --humans 1,2 <"$TMP/in" >"$OUT" 2>"$ERR"
RC=$?
expect "hot seat snap exits 0" status 0
expect "both humans are asked in a window" has "$OUT" '^Seat 2 snaps!$'
expect "the keyboard goes back and forth" [ "$(grep -c '^Pass the keyboard to seat' "$OUT")" -ge 4 ]

# pile: the piles and what the seat sees of each; an open pile (Round-the-Corner's discard pile)
# shown whole, bottom to top and by suit; a pile seen only at its top or not at all says so.
NO_COLOR=1 "$FUDA" play round-the-corner --seed 3 >"$OUT" 2>"$ERR" <<'IN'
pass
pile
pile discard
pile hand
pile hand 2
pile stock
pile nope
quit
y
IN
RC=$?
expect "pile: exit 0" status 0
expect "pile lists the piles" has "$OUT" '^  discard +1 card   you see: all$'
expect "pile: another seat's hand is the owner's only" has "$OUT" '^  hand +seat 2 +10 cards  you see: owner only$'
expect "pile discard shows the open pile whole" has "$OUT" '^  bottom to top: Jd$'
expect "pile hand shows the hand by suit" has "$OUT" '^  by suit:       7s 9s \| 6h 9h \| Ad 8d 10d Kd \| 6c 7c$'
expect "pile hand 2: not yours" has "$OUT" '^hand: 10 cards, you see: owner only$'
expect "pile stock: face down" has "$OUT" '^stock: 31 cards, you see: face down$'
expect "pile nope: no such pile" has "$OUT" "^no pile 'nope' \(type 'pile' for the list\)$"
NO_COLOR=1 "$FUDA" play gin --seed 3 >"$OUT" 2>"$ERR" <<'IN'
pile discard
quit
y
IN
RC=$?
expect "pile discard in Gin: the top card only" has "$OUT" '^discard: 1 card, you see: top card [2-9JQKA0]+[shdc]$'

# The end of a match whose format names the winner: Straight Gin's series won with fewer points.
"$FUDA" play straight-gin --option series=true --seed 43 --humans none >"$OUT" 2>"$ERR" </dev/null
RC=$?
expect "series: exit 0" status 0
expect "series: seat 2 has more points" has "$OUT" '^total +117 +118$'
expect "series: the series' winner is announced" has "$OUT" '^Match over: seat 1 \(basic\) wins\.$'
expect "series: the event names the series" has "$OUT" '^The series is over: 4-[0-3] in hands won, 117-118 in points\.$'

finish
