#!/bin/sh
# whynot.sh -- end-to-end tests of "why not?": `fuda play` says why a typed
# move is refused (the variant's why_not hook, else the program's reasons),
# a hostile hook never breaks the prompt, `fuda check` runs the hook, and a
# short form that could mean two things asks instead of acting.
. "$(dirname "$0")/lib/check.sh"

HOSTILE=tests/variants/why_not_hostile.lua

# Gin: the program's own reasons (gin's why_not hook speaks only in the discard turn).
NO_COLOR=1 "$FUDA" play gin --seed 3 >"$OUT" 2>"$ERR" <<'IN'
discard 7h
take Kd
pass
quit
y
IN
RC=$?
expect "gin: exit 0" status 0
expect "gin: a card not held is named" has "$OUT" "^'discard 7h' is not a legal move now: you hold no 7h; legal moves: take, pass$"
expect "gin: take with a card: the legal take" has "$OUT" "^'take Kd' is not a legal move now: you may take only as: take; legal moves: take, pass$"
expect "gin: nothing on stderr" [ ! -s "$ERR" ]

# Gin's own reasons in the discard turn (its why_not hook): the knock limit, the card just taken,
# gin with deadwood; Straight Gin: no knocking at all.
NO_COLOR=1 "$FUDA" play gin --seed 3 >"$OUT" 2>"$ERR" <<'IN'
take
knock Kd
discard 5c
gin Kd
discrad 7s
Discrad 7s
xyzzy 7s
quit
y
IN
RC=$?
expect "gin hook: exit 0" status 0
expect "gin hook: over the knock limit" has "$OUT" "^'knock Kd' is not a legal move now: deadwood 50 after discarding Kd is over the knock limit 10; legal moves: discard 7s,"
expect "gin hook: the card just taken" has "$OUT" "^'discard 5c' is not a legal move now: you took 5c from the discard pile this turn: it cannot go back at once;"
expect "gin hook: gin with deadwood" has "$OUT" "^'gin Kd' is not a legal move now: discarding Kd leaves deadwood 50: gin needs none;"
expect "a mistyped verb: did you mean" has "$OUT" "^'discrad 7s' is not a legal move now: there is no move 'discrad' \(did you mean 'discard'\?\); legal moves: discard 7s,"
expect "... in any case" has "$OUT" "^'Discrad 7s' is not a legal move now: there is no move 'discrad' \(did you mean 'discard'\?\)"
expect "a word like no verb: no guess" has "$OUT" "^'xyzzy 7s' is not a legal move now; legal moves: discard 7s,"
NO_COLOR=1 "$FUDA" play straight-gin --seed 3 >"$OUT" 2>"$ERR" <<'IN'
knock Kd
quit
y
IN
RC=$?
expect "straight-gin hook: gin only" has "$OUT" "^'knock Kd' is not a legal move now: this hand is gin only: no knocking;"

# Battle Royale: the upcard all three passed is dead (the hot seat asks for Enter between seats).
NO_COLOR=1 "$FUDA" play battle-royale --seed 3 --humans 1,2,3 >"$OUT" 2>"$ERR" <<'IN'
pass

pass

pass

draw
discard Kd

take 8s
quit
y
IN
RC=$?
expect "battle-royale: exit 0" status 0
expect "battle-royale: the dead upcard is told" has "$OUT" "^Everybody passed: the upcard 8s is dead, nobody takes it\.$"
expect "battle-royale: the view marks it" has "$OUT" "seat 2 8s \(dead\)"
expect "battle-royale: taking it is refused with the reason" has "$OUT" "^'take 8s' is not a legal move now: 8s is the upcard everybody passed: it is dead, nobody takes it; legal moves: draw, take Kd$"

# Zun: an 8 typed without its verb, while moves that name suits with it are legal too: asked,
# not played silently naming nothing; the whole move is taken.
NO_COLOR=1 "$FUDA" play zun --seed 1 --humans 4 >"$OUT" 2>"$ERR" <<'IN'
8d
play 8d
quit
y
IN
RC=$?
expect "zun 8d: asked" has "$OUT" "^ambiguous: play 8d, play 8d name s, .* or play 8d name d c; type the whole move \(this alone is 'play 8d'\)$"
expect "zun 8d: the whole move is played" has "$OUT" "^Seat 4 plays 8d\.$"

# Zun: the variant's reasons, card marks rendered like the rest of the text.
NO_COLOR=1 "$FUDA" play zun --seed 3 >"$OUT" 2>"$ERR" <<'IN'
play 9s
Qd
play 4s 9s
zun
play 7h
quit
y
IN
RC=$?
expect "zun: exit 0" status 0
expect "zun: the bottom card must match the field" has "$OUT" "^'play 9s' is not a legal move now: the bottom card must match the field \(Kc here\) by suit or rank; legal moves: draw, play 8c"
expect "zun: a shortened move gets the reason too" has "$OUT" "^'Qd' is not a legal move now: the bottom card must match the field \(Kc here\)"
expect "zun: one rank per play" has "$OUT" "^'play 4s 9s' is not a legal move now: the cards of one play share one rank;"
expect "zun: when zun is declared" has "$OUT" "^'zun' is not a legal move now: zun is declared in the window after a card"
expect "zun: a card not held: the program's reason" has "$OUT" "^'play 7h' is not a legal move now: you hold no 7h;"
expect "zun: no card marks left" hasnt "$OUT" "\{Kc\}"
expect "zun: nothing on stderr" [ ! -s "$ERR" ]
"$FUDA" play zun --seed 3 >"$OUT" 2>"$ERR" <<'IN'
play 9s
quit
y
IN
expect "zun: plain output without NO_COLOR off a terminal" has "$OUT" "\(Kc here\)"

# Dobon: the variant's reasons.
NO_COLOR=1 "$FUDA" play dobon --seed 1 >"$OUT" 2>"$ERR" <<'IN'
play 6d
dobon
quit
y
IN
RC=$?
expect "dobon: exit 0" status 0
expect "dobon: the card must match the field" has "$OUT" "^'play 6d' is not a legal move now: the card must match the field \(8h here\) by suit or rank; legal moves: play Ah, play 10h, pass$"
expect "dobon: when dobon is declared" has "$OUT" "^'dobon' is not a legal move now: dobon is declared right after"

# A hostile hook: each misbehaviour is reported, the program's reason is
# given, the game is as it was, and the prompt goes on.
for mode in error loop table; do
    printf 'play 7c\nview\nplay Ah\nquit\ny\n' |
        NO_COLOR=1 "$FUDA" play "$HOSTILE" --option mode=$mode --seed 1 >"$OUT" 2>"$ERR"
    RC=$?
    expect "hostile $mode: exit 0" status 0
    expect "hostile $mode: the failure is reported" has "$OUT" "^\(the variant's why_not failed: "
    expect "hostile $mode: the program's reason follows" has "$OUT" "^'play 7c' is not a legal move now: you hold no 7c; legal moves: play Ah, play 10h, pass$"
    expect "hostile $mode: the prompt goes on (view)" has "$OUT" '^Your hand: Ah 10h 6d \(total 17\)\.$'
    expect "hostile $mode: a legal move is chosen after" has "$OUT" '^Seat [0-9] is first of [0-9] players to play\.$'
    expect "hostile $mode: nothing on stderr" [ ! -s "$ERR" ]
done
printf 'play 7c\nquit\ny\n' | NO_COLOR=1 "$FUDA" play "$HOSTILE" --option mode=error --seed 1 >"$OUT" 2>"$ERR"
expect "hostile error: the message and line are shown" has "$OUT" "why_not_hostile\.lua:[0-9]+: boom in why_not"
printf 'play 7c\nquit\ny\n' | NO_COLOR=1 "$FUDA" play "$HOSTILE" --option mode=table --seed 1 >"$OUT" 2>"$ERR"
expect "hostile table: not a string" has "$OUT" "why_not must return a string or nil, got table"
printf 'play 7c\nquit\ny\n' | NO_COLOR=1 "$FUDA" play "$HOSTILE" --option mode=loop --seed 1 >"$OUT" 2>"$ERR"
expect "hostile loop: stopped by the limit" has "$OUT" "limit exceeded"

printf 'play 7c\nquit\ny\n' | NO_COLOR=1 "$FUDA" play "$HOSTILE" --option mode=huge --seed 1 >"$OUT" 2>"$ERR"
RC=$?
expect "hostile huge: exit 0" status 0
expect "hostile huge: the reason is cut to 1000 bytes" has "$OUT" "^'play 7c' is not a legal move now: x{1000}; legal"

printf 'play 7c\nview\nplay Ah\nquit\ny\n' | NO_COLOR=1 "$FUDA" play "$HOSTILE" --option mode=mutate --seed 1 >"$OUT" 2>"$ERR"
RC=$?
expect "hostile mutate: exit 0" status 0
expect "hostile mutate: its text is shown" has "$OUT" "^'play 7c' is not a legal move now: I moved a card;"
expect "hostile mutate: its event is dropped" hasnt "$OUT" "sneaky"
expect "hostile mutate: the hand is as it was" has "$OUT" '^Your hand: Ah 10h 6d \(total 17\)\.$'
expect "hostile mutate: the 2s it set are undone (Ah is taken)" has "$OUT" '^Seat [0-9] is first of [0-9] players to play\.$'

# fuda check asks the hook why (read only, and it must work).
(cd "$TMP" && "$FUDA" check "$OLDPWD/$HOSTILE" --option mode=error -n 2 >"$OUT" 2>"$ERR")
RC=$?
expect "check: a failing why_not fails the check" status 1
expect "check: names why_not" grep -q "why_not for '.*' failed: .*boom in why_not" "$OUT" "$ERR"
(cd "$TMP" && "$FUDA" check "$OLDPWD/$HOSTILE" --option mode=mutate -n 2 >"$OUT" 2>"$ERR")
RC=$?
expect "check: a why_not that writes is put back (OK)" status 0

# Safe abbreviations: a short form read two ways asks instead of acting.
NO_COLOR=1 "$FUDA" play dobon --seed 1 >"$OUT" 2>"$ERR" <<'IN'
p
a
quit
y
IN
RC=$?
expect "abbrev: exit 0" status 0
expect "abbrev: 'p' asks (pass, or play)" has "$OUT" "^'p' could be: pass, or play Ah, play 10h$"
expect "abbrev: 'a' is no ace (cards are typed whole)" has "$OUT" "^'a' is not a legal move now"
expect "abbrev: nothing was played" hasnt "$OUT" '^Seat 1 (plays|passes)'

finish
