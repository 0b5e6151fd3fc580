#!/bin/sh
# play.sh -- end-to-end tests of `fuda play` driven through stdin: commands,
# typos, quitting, end of input, hot seat, bot-only matches, save and replay,
# a bot that fails (the match goes on with another player for its seat), and
# no escape sequences when the output is not a terminal.
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
expect "pile discard shows the open pile whole" has "$OUT" '^  bottom to top: 5c$'
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
"$FUDA" play straight-gin --option series=true --seed 120 --humans none >"$OUT" 2>"$ERR" </dev/null
RC=$?
expect "series: exit 0" status 0
expect "series: seat 1 has more points" has "$OUT" '^total +121 +118$'
expect "series: the series' winner is announced" has "$OUT" '^Match over: seat 2 \(basic\) wins\.$'
expect "series: the event names the series" has "$OUT" '^The series is over: 3-4 in hands won, 121-118 in points\.$'

# A bot that fails never ends the match: fuda says what happened (file:line), the match is as it
# was before that move, and asks who plays the seat (tests/variants/bot_fails.lua: `broken` raises
# an error as it chooses; the "show" that `shower` chooses fails as it is played).
BF=tests/variants/bot_fails.lua
"$FUDA" play "$BF" --seed 1 --bots broken >"$OUT" 2>"$ERR" <<'IN'
bid 2
view
bid 3
bot 2 nope
bot 1 random
bot 2 random
log
quit
y
IN
RC=$?
expect "failing bot: the match goes on, exit 0 at quit" status 0
expect "failing bot: what failed, with file:line" has "$OUT" \
    "^  tests/variants/bot_fails\.lua:14: attempt to index a nil value \(local 'hand'\) \(in bot 'broken'\)$"
expect "failing bot: whose bot" has "$OUT" "^Seat 2's bot 'broken' failed:$"
expect "failing bot: the match as before the move" has "$OUT" '^The match is as before that move\. Who plays seat 2 now\?$'
expect "failing bot: how to take the seat" has "$OUT" '^  seat 2         you play it from here on$'
expect "failing bot: how to give it to random" has "$OUT" '^  bot 2 random   random plays it \(bots: bidder, broken, shower, random, search\)$'
expect "failing bot: the prompt says the seat has no player" has "$OUT" '^bot_fails \[seat 2 has no player\]> view$'
expect "failing bot: the state is as before its move (seat 1's bid only)" has "$OUT" '^hand 1, move 1, bid 2, '
expect "failing bot: a move is not taken there" has "$OUT" "^seat 2 has no player: type 'seat 2' or 'bot 2 random' first$"
expect "failing bot: an unknown bot is refused" has "$OUT" "^bot_fails has no bot 'nope' \(bots: bidder, broken, shower, random, search\)$"
expect "failing bot: a human seat stays one" has "$OUT" "^seat 1 is played at the keyboard already \(a human's seat stays a human's\)$"
expect "failing bot: random takes the seat" has "$OUT" '^seat 2: bot random plays it from now on$'
expect "failing bot: ... and plays its move" has "$OUT" '^Seat 2 (bids [123]|draws|shows|calls)'
expect "failing bot: the log holds the moves played, none of the failed bot's" has "$OUT" '^1 bid 2$'
expect "failing bot: nothing on stderr" [ ! -s "$ERR" ]

# the seat taken by the player (hot seat from then on); undo at that prompt goes back
"$FUDA" play "$BF" --seed 1 --bots broken >"$OUT" 2>"$ERR" <<'IN'
bid 2
undo
bid 3
seat 2
bid 1
log
quit
y
IN
RC=$?
expect "seat N: exit 0" status 0
expect "seat N: undo at the seat's prompt takes the move back" has "$OUT" "^undone: 'bid 2'$"
expect "seat N: the player takes the seat" has "$OUT" '^seat 2: played at the keyboard from now on \(hot seat: fuda asks to pass the keyboard\)$'
expect "seat N: the keyboard is passed" has "$OUT" '^Pass the keyboard to seat 2 and press Enter'
expect "seat N: seat 2 is asked for its move" has "$OUT" '^bot_fails \[seat 2\]> bid 1$'
expect "seat N: the log holds seat 1's bid, then seat 2's" sh -c "grep -A1 '^1 bid 3\$' '$OUT' | grep -qx '2 bid 1'"

# a move the bot chose that fails as it is played: the same, naming the move
"$FUDA" play "$BF" --seed 1 --bots shower >"$OUT" 2>"$ERR" <<'IN'
bid 2
log
bot 2 bidder
IN
RC=$?
expect "failing move: whose move and bot" has "$OUT" "^Seat 2's move 'show' \(bot 'shower'\) failed:$"
expect "failing move: the play hook's error" has "$OUT" '^  tests/variants/bot_fails\.lua:8: seat 2 may not show here \(in play\)$'
expect "failing move: not in the log" hasnt "$OUT" '^2 show$'
expect "failing move: the other bot plays on" has "$OUT" '^Seat 2 bids 1\.$'
expect "failing move: the end of the input abandons the match as usual, exit 0" status 0

# the end of the input while the seat has no player: the match is abandoned and has failed
printf 'bid 2\n' | "$FUDA" play "$BF" --seed 1 --bots broken >"$OUT" 2>"$ERR"
RC=$?
expect "no player: exit 1" status 1
expect "no player: says so" has "$OUT" '^end of input: match abandoned \(seat 2 has no player\)$'

# bots only: a failing bot stops the match at the same question; the match then plays to its end
printf 'bot 2 random\n' | "$FUDA" play "$BF" --seed 1 --humans none --bots random,broken >"$OUT" 2>"$ERR"
RC=$?
expect "bots only: exit 0" status 0
expect "bots only: asked once" [ "$(grep -c "^Seat 2's bot 'broken' failed:$" "$OUT")" -eq 1 ]
expect "bots only: the match ends" has "$OUT" '^Match over: '

# the new player is kept with the match: --resume goes on with it
mkdir -p "$TMP/xdg"
printf 'bid 2\nbot 2 bidder\nquit\ny\n' |
    FUDA_PATH=tests/variants XDG_DATA_HOME=$TMP/xdg "$FUDA" play bot_fails --seed 1 --bots broken >"$OUT" 2>"$ERR"
printf 'quit\ny\n' | FUDA_PATH=tests/variants XDG_DATA_HOME=$TMP/xdg "$FUDA" play --resume >"$OUT" 2>"$ERR"
RC=$?
expect "resume: exit 0" status 0
expect "resume: seat 2 is played by the bot chosen" has "$OUT" '^seat 1 \(you\), seat 2 \(bidder\)$'

# declared moves (a phase's moves = { families }): moves and help list them, a typed one plays
DECL=tests/variants/declared.lua
printf 'help\nmoves\ngive 2\nmoves\nbid 9\nquit\ny\n' | NO_COLOR=1 "$FUDA" play "$DECL" --seed 3 --bots random >"$OUT" 2>"$ERR"
RC=$?
expect "declared: exits 0" status 0
expect "declared: help lists the verbs" has "$OUT" '^  give <seat>$'
tr '\n' ' ' <"$OUT" | sed 's/  */ /g' >"$TMP/flat"
expect "declared: moves lists the hand's cards, the other seats, the range, a verb, in order" has "$TMP/flat" 'legal moves: discard 9h, discard 7d, discard 6h, discard Jd, give 2, give 3, bid 1, bid 2, bid 3, draw '
expect "declared: a typed move plays (the shared pool's red cards next)" has "$OUT" '^legal moves: echo Jd, pass$'
expect "declared: no move of the families is refused" has "$OUT" "^'bid 9' is not a legal move now; legal moves: echo Jd, pass$"
expect "declared: nothing on stderr" [ ! -s "$ERR" ]

finish
