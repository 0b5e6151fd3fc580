#!/bin/sh
# undo.sh -- end-to-end tests of `undo` in `fuda play`, driven through stdin:
# taking back one's moves (and the bots' after them) as far as one likes, the
# refusals and their reasons (a private event, a card seen, a deal, another
# human's move), and a log saved after an undo replaying to the same match;
# practice (--practice, `practice`: undo goes back freely, the log and the
# scores say so); the confirm hook's question before a move, which off a
# terminal is a note (tty.sh asks it on a terminal).
. "$(dirname "$0")/lib/check.sh"

# Undo: bids reveal nothing, a draw is told to the drawer, a show turns a card up
U=tests/variants/undo.lua

"$FUDA" play "$U" --seed 1 >"$OUT" 2>"$ERR" <<'IN'
help
undo
bid 2
bid 3
undo
undo
undo
draw
undo
IN
RC=$?
expect "undo: exit 0" status 0
expect "help lists undo" has "$OUT" '^  undo  +take back your last move'
expect "nothing to undo before moving" has "$OUT" '^undo \[seat 1\]> undo$'
expect "not moved yet, said once per try" [ "$(grep -c '^nothing to undo: you have not moved yet$' "$OUT")" -eq 2 ]
expect "bid 3 and the bot's bid undone" has "$OUT" "^undone: 'bid 3' and 1 move after it$"
expect "then bid 2 too, as far back as one likes" has "$OUT" "^undone: 'bid 2' and 1 move after it$"
# the view is shown again after each undo: move 2 twice (after bid 2, after undoing bid 3), move 0 twice
expect "the view again after an undo (move 2)" [ "$(grep -c '^hand 1, move 2, bid 1' "$OUT")" -ge 2 ]
expect "the view again after an undo (move 0)" [ "$(grep -c '^hand 1, move 0, bid 0' "$OUT")" -eq 2 ]
expect "a draw told privately blocks the undo" \
    has "$OUT" "^cannot undo 'draw': since then you were told: You draw [2-9AJQK0]+[shdc]\.$"
expect "nothing on stderr" [ ! -s "$ERR" ]

# a card the bot showed blocks the undo, and says which
"$FUDA" play "$U" --seed 1 --bots shower >"$OUT" 2>"$ERR" <<'IN'
bid 2
undo
view
IN
RC=$?
card=$(sed -n 's/^Seat 2 shows \(.*\)\.$/\1/p' "$OUT")
expect "shower: the bot showed a card" [ -n "$card" ]
expect "shower: refused naming that card" has "$OUT" "^cannot undo 'bid 2': since then you have seen $card$"
expect "shower: the state stays: move 2" [ "$(grep -c '^hand 1, move 2, bid 2' "$OUT")" -eq 2 ]

# not past a deal
"$FUDA" play "$U" --seed 1 >"$OUT" 2>"$ERR" <<'IN'
bid 2
call
undo
IN
RC=$?
expect "deal: hand 2 is on" has "$OUT" '^hand 2, move 3, '
expect "deal: refused past the deal" \
    has "$OUT" '^nothing to undo in this hand: undo does not go back past a deal \(you have seen the new cards\)$'

# hot seat: a player undoes only their own moves
"$FUDA" play "$U" --seed 1 --humans 1,2 >"$OUT" 2>"$ERR" <<'IN'
bid 2
undo
bid 3
undo
IN
RC=$?
expect "hot seat: seat 2 has nothing of its own to undo" has "$OUT" '^nothing to undo: you have not moved yet$'
expect "hot seat: seat 1 may not undo past seat 2's move" \
    has "$OUT" "^cannot undo 'bid 2': seat 2 has moved since \(each player undoes only their own moves\)$"

# the log saved after an undo is cut back and replays to the same match
"$FUDA" play "$U" --seed 1 >"$OUT" 2>"$ERR" <<IN
bid 2
bid 3
undo
bid 1
save $TMP/cut.log
view
IN
RC=$?
expect "replay: saved" has "$OUT" "^saved the log to $TMP/cut.log \(4 moves\)$"
expect "replay: the undone bid is not in the log" hasnt "$TMP/cut.log" "bid 3"
expect "replay: the log holds the moves kept" [ "$(grep -c '^[12] bid ' "$TMP/cut.log")" -eq 4 ]
view1=$(grep '^hand 1, move 4, ' "$OUT" | tail -1)
printf 'view\nlog\n' | "$FUDA" play "$U" --replay "$TMP/cut.log" >"$OUT" 2>"$ERR"
RC=$?
expect "replay: exit 0" status 0
expect "replay: 4 moves replayed" has "$OUT" "^replayed 4 moves of $TMP/cut.log$"
view2=$(grep '^hand 1, move 4, ' "$OUT" | tail -1)
expect "replay: the same view as before saving" [ -n "$view1" ] && [ "$view1" = "$view2" ]
sed -n '/^fuda-log/,$p' "$OUT" | sed '/^undo \[seat 1\]> *$/,$d' >"$TMP/relog"
expect "replay: the same log" cmp -s "$TMP/cut.log" "$TMP/relog"

# Gin: taking the upcard back; a passed upcard the bot took, and a stock draw, block it
"$FUDA" play gin --seed 4 >"$OUT" 2>"$ERR" <<'IN'
take
undo
pass
undo
draw
undo
IN
RC=$?
expect "gin: take undone" has "$OUT" "^undone: 'take'$"
expect "gin: the upcard offered again" [ "$(grep -c '^your turn: take the upcard 10c or pass$' "$OUT")" -eq 2 ]
expect "gin: the bot's discard was seen" has "$OUT" "^cannot undo 'pass': since then you have seen Js$"
expect "gin: a stock draw was told" has "$OUT" "^cannot undo 'draw': since then you were told: You draw "

# a hand's history is kept up to 64 MiB (chatty.lua says 18 MB a move of seat 2): past that it
# is dropped, and undo says so
printf 'go\ngo\ngo\ngo\nundo\nquit\ny\n' | FUDA_PATH=tests/variants timeout 60 "$FUDA" play chatty 2>"$ERR" |
    grep -E '^nothing to undo' >"$OUT"
expect "undo: a history past 64 MiB is dropped, and undo says so" has "$OUT" '^nothing to undo in this hand: its history passed 64 MiB and was dropped$'

# ---- practice: undo goes back freely ----
# Gin, seed 4: the bot's discard seen after a pass no longer blocks the undo
"$FUDA" play gin --seed 4 --practice >"$OUT" 2>"$ERR" <<'IN'
pass
undo
take
log
score
IN
RC=$?
expect "practice: exit 0" status 0
expect "practice: said at the start" has "$OUT" '^practice match: undo goes back freely; the log and the scores say practice$'
expect "practice: a card seen since does not block the undo" has "$OUT" "^undone: 'pass' and 2 moves after it$"
expect "practice: the upcard offered again" [ "$(grep -c '^your turn: take the upcard 10c or pass$' "$OUT")" -eq 2 ]
expect "practice: the log says so" sh -c "sed -n '/^fuda-log 1\$/,/^seed /p' '$OUT' | grep -qx practice"
expect "practice: the scores say so" has "$OUT" '^practice match$'
expect "practice: nothing on stderr" [ ! -s "$ERR" ]

# `practice` during a match: from then on undo goes back past a card seen, and past a deal
"$FUDA" play "$U" --seed 1 --bots shower >"$OUT" 2>"$ERR" <<'IN'
bid 2
undo
practice
practice
undo
bid 2
call
undo
view
IN
RC=$?
expect "practice command: refused before" has "$OUT" "^cannot undo 'bid 2': since then you have seen "
expect "practice command: says what it does" has "$OUT" '^practice: to the end of this match undo goes back freely, past cards you have seen and past a deal; its log and its scores say practice$'
expect "practice command: said once" has "$OUT" '^this match is practice already: undo goes back freely$'
expect "practice command: then undone" has "$OUT" "^undone: 'bid 2' and 1 move after it$"
expect "practice command: past a deal" has "$OUT" "^undone: 'call'$"
expect "practice command: back in hand 1" [ "$(grep -c '^hand 1, move 2, bid 2' "$OUT")" -ge 2 ]
expect "practice command: hand 2 was dealt before" has "$OUT" '^hand 2, move 3, '

# practice begun in hand 2 goes no further back
"$FUDA" play "$U" --seed 1 >"$OUT" 2>"$ERR" <<'IN'
bid 2
call
practice
undo
IN
RC=$?
expect "practice in hand 2: not before it" has "$OUT" '^nothing to undo: practice began in hand 2, and undo goes no further back$'

# a practice log replays, still practice; the end of the match says so
printf 'bid 2\nsave %s\n' "$TMP/practice.log" | "$FUDA" play "$U" --seed 1 --practice >"$OUT" 2>"$ERR"
expect "practice log: saved" has "$OUT" "^saved the log to $TMP/practice.log \\(2 moves\\)$"
expect "practice log: the header line" grep -qx practice "$TMP/practice.log"
printf 'call\n\nbid 1\ncall\n' | "$FUDA" play "$U" --replay "$TMP/practice.log" >"$OUT" 2>"$ERR"
RC=$?
expect "practice log: replayed" has "$OUT" "^replayed 2 moves of $TMP/practice.log$"
expect "practice log: still practice" has "$OUT" '^practice match: undo goes back freely; the log and the scores say practice$'
expect "practice log: the end says practice" has "$OUT" '^Practice match over: '
expect "practice log: exit 0" status 0

# ---- confirm: the variant's question before a move (undo.lua asks before a call; the bot bids 1) ----
printf 'bid 2\ncall\n' | "$FUDA" play "$U" --seed 1 --option hands=1 >"$OUT" 2>"$ERR"
expect "confirm: off a terminal, a note and the move played" \
    has "$OUT" '^note: calling scores your bid of 1 and ends the hand \(played without asking: the input is not a terminal\)$'
expect "confirm: the call was played" has "$OUT" '^Seat 1 calls 1\.$'
expect "confirm: the next line is not taken for an answer" has "$OUT" '^Match over: '
printf 'bid 2\ncall\n' | "$FUDA" play "$U" --seed 1 --option hands=1 --no-confirm >"$OUT" 2>"$ERR"
expect "--no-confirm: no note" hasnt "$OUT" '^note: '
expect "--no-confirm: the call played" has "$OUT" '^Seat 1 calls 1\.$'
printf 'confirm\nconfirm off\nbid 2\ncall\n' | "$FUDA" play "$U" --seed 1 --option hands=1 >"$OUT" 2>"$ERR"
expect "confirm: says whether it is on" has "$OUT" '^confirm on: a move the game says throws something away asks first$'
expect "confirm off: said" has "$OUT" '^confirm off: every move is played as typed$'
expect "confirm off: no note" hasnt "$OUT" '^note: '
printf 'bid 2\ncall\n' | "$FUDA" play "$U" --seed 1 --option hands=1 --option confirm=error >"$OUT" 2>"$ERR"
RC=$?
expect "a failing confirm hook: said, with file:line" \
    has "$OUT" '^\(the variant.s confirm failed: tests/variants/undo\.lua:[0-9]+: the confirm hook fails \(in confirm\); the move is played\)$'
expect "a failing confirm hook: the move is played" has "$OUT" '^Seat 1 calls 1\.$'
expect "a failing confirm hook: exit 0" status 0
# confirm off is kept with the match for --resume
mkdir -p "$TMP/xdg"
printf 'bid 2\nconfirm off\nquit\ny\n' | FUDA_PATH=tests/variants XDG_DATA_HOME=$TMP/xdg "$FUDA" play undo --seed 1 >"$OUT" 2>"$ERR"
expect "confirm off: kept in the saved match" grep -qx '# play confirm off' "$TMP/xdg/fuda/last-match.log"
printf 'call\nquit\ny\n' | FUDA_PATH=tests/variants XDG_DATA_HOME=$TMP/xdg "$FUDA" play --resume >"$OUT" 2>"$ERR"
expect "confirm off: resumed without the question" has "$OUT" '^Seat 1 calls 1\.$'
expect "confirm off: ... and no note" hasnt "$OUT" '^note: '

finish
