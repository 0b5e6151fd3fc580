#!/bin/sh
# resume.sh -- end-to-end tests of the match fuda play keeps in the data
# folder and `fuda play --resume`; of `help` and `rules` inside a match (the
# game's own verbs and rules page); of claim questions that say why they ask
# and are not asked when passing is the only choice. Driven through stdin,
# with HOME and XDG_DATA_HOME in $TMP.
. "$(dirname "$0")/lib/check.sh"

HOME=$TMP/home
export HOME
SAVED=$XDG_DATA_HOME/fuda/last-match.log

# ---- nothing kept yet ----
run play --resume
expect "resume with nothing kept: exit 1" status 1
expect "resume with nothing kept: says so" has "$ERR" "^fuda: nothing to resume: no match kept in $SAVED$"
expect "resume with nothing kept: no file made" [ ! -e "$SAVED" ]

# ---- a variant played from a file, outside the search path: resumed from its folder ----
mkdir "$TMP/mine"
cp tests/variants/bind.lua "$TMP/mine/house.lua"
run_in 'quit
y' play "$TMP/mine/house.lua" --seed 3
expect "play a file: exit 0" status 0
expect "play a file: kept by its path" has "$SAVED" "^# play variant $TMP/mine/house.lua$"
run_in 'quit
y' play --resume
expect "resume a file's match: exit 0" status 0
expect "resume a file's match: the sandbox reads its folder" sh -c "! grep -q 'Permission denied' '$ERR'"
rm -f "$SAVED"

# ---- play a few moves, quit, resume ----
run_in 'play 4d
d
quit
y' play zun --seed 5 --seats 2
expect "play and quit: exit 0" status 0
expect "the match is kept" [ -f "$SAVED" ]
expect "kept: the humans" has "$SAVED" '^# play humans 1$'
expect "kept: the bots" has "$SAVED" '^# play bots basic$'
expect "kept: unfinished" has "$SAVED" '^# play state unfinished$'
expect "kept: the moves" has "$SAVED" '^1 play 4d$'
expect "kept: whole" [ "$(tail -n 1 "$SAVED")" = "# play end" ]
before=$(grep '^Your hand:' "$OUT" | tail -n 1)
cp "$SAVED" "$TMP/kept"

run_in 'view
d
quit
y' play --resume
expect "resume: exit 0" status 0
expect "resume: says what it resumes" has "$OUT" "^resuming the last match: zun, seed 5, 4 moves in \\(kept in $SAVED\\)$"
expect "resume: the same seats" has "$OUT" '^seat 1 \(you\), seat 2 \(basic\)$'
expect "resume: the same view" [ "$(grep '^Your hand:' "$OUT" | head -n 1)" = "$before" ]
expect "resume: goes on (a draw)" has "$OUT" '^You draw '
expect "resume: the moves after it kept too" [ "$(grep -c '^1 draw$' "$SAVED")" -eq 2 ]

run play --resume --seed 3
expect "resume with other flags: usage error" status 2
expect "resume with other flags: why" has "$ERR" 'resume goes on with the saved match as it was'
run play zun --resume
expect "resume with a variant: usage error" status 2

# ---- bad files: a clear message, the file left as it is ----
printf 'fuda-log 1\n# play humans 1\n# play bots basic\n# play state unfinished\nvariant zun\nseats 2\nseed 5\n1 play 4d\n' >"$SAVED"
cp "$SAVED" "$TMP/cut"
run play --resume
expect "cut short: exit 1" status 1
expect "cut short: says so" has "$ERR" "^fuda: cannot resume: $SAVED is cut short"
expect "cut short: the file unchanged" cmp -s "$SAVED" "$TMP/cut"

sed 's/^1 play 4d$/1 play Qz/' "$TMP/kept" >"$SAVED"
cp "$SAVED" "$TMP/bad"
run play --resume
expect "a bad move: exit 1" status 1
expect "a bad move: file and line" has "$ERR" "^fuda: cannot resume: $SAVED:[0-9]+: "
expect "a bad move: the file unchanged" cmp -s "$SAVED" "$TMP/bad"

printf 'hello\n' >"$SAVED"
run play --resume
expect "not a kept match: exit 1" status 1
expect "not a kept match: says so" has "$ERR" "is not a match saved by fuda play"

printf 'fuda-log 1\n# play humans 1\n# play bots basic\n# play state unfinished\nvariant zun\nseats 2\nseed 5\n1 pl\0ay\n# play end\n' >"$SAVED"
run play --resume
expect "a NUL byte: exit 1" status 1
expect "a NUL byte: says so" has "$ERR" "holds a NUL byte"

# ---- a finished match is kept but not resumed ----
run play zun --seed 2 --humans none --option games=1 --seats 2
expect "a bot match to the end: exit 0" status 0
expect "finished: kept" has "$SAVED" '^# play state finished$'
expect "finished: no humans" has "$SAVED" '^# play humans none$'
run play --resume
expect "finished: not resumed (exit 1)" status 1
expect "finished: says so" has "$ERR" "^fuda: nothing to resume: the last match is over"
expect "finished: still a log to replay" sh -c "\"$FUDA\" play --replay '$SAVED' --humans none </dev/null >/dev/null 2>&1"

# ---- hot seat: the humans and bots come back ----
run_in '
quit
y' play zun --seed 4 --seats 3 --humans 1,3 --bots random
expect "hot seat kept" has "$SAVED" '^# play humans 1,3$'
run_in '
quit
y' play --resume
expect "hot seat resumed: the seats" has "$OUT" '^seat 1, seat 2 \(random\), seat 3$'

# ---- the end of the input abandons the match: kept ----
run_in 'd' play zun --seed 5 --seats 2
expect "end of input: kept" has "$SAVED" '^1 draw$'
expect "end of input: unfinished" has "$SAVED" '^# play state unfinished$'

# ---- a folder that cannot hold it: said once, the match goes on ----
rm -f "$SAVED"
mkdir "$SAVED"
run_in 'd
d
quit
y' play zun --seed 5 --seats 2
expect "cannot keep: the match goes on (exit 0)" status 0
expect "cannot keep: said once" [ "$(grep -c 'cannot keep this match' "$ERR")" -eq 1 ]
rmdir "$SAVED"

# ---- help: the game's own verbs ----
run_in 'help
quit
y' play zun --seed 5 --seats 2
expect "zun help: its verbs with their docs" has "$OUT" '^  play <cards> \[name <suits>\]  play cards of one rank'
expect "zun help: zun" has "$OUT" '^  zun  +declare zun'
expect "zun help: no gin words" hasnt "$OUT" "discard 7h|for 'take'"
expect "zun help: the example is a legal move" has "$OUT" "type it as listed \\('play 4d'\\)"
expect "zun help: rules command" has "$OUT" '^  rules  +the rules of this game'

run_in 'help
pass
help
quit
y' play gin --seed 3
expect "gin help: the game's verbs" has "$OUT" '^Moves of Gin Rummy \(Official Rules of Card Games\):$'
expect "gin help: take, with its line" has "$OUT" '^  take +take the upcard, or the top card of the discard pile$'
expect "gin help: knock, with its argument and line" has "$OUT" '^  knock <card> +discard a card and knock: your deadwood is within the knock limit$'
expect "gin help: no zun words" hasnt "$OUT" '^  zun'

# ---- rules: the same text as fuda rules NAME ----
"$FUDA" rules gin >"$TMP/rules" 2>&1
run_in 'rules
quit
y' play gin --seed 3
sed -n '/^gin \[seat 1\]> rules$/,/^gin \[seat 1\]> quit$/p' "$OUT" | sed '1d;$d' >"$TMP/shown"
expect "rules in a match: the rules page" cmp -s "$TMP/shown" "$TMP/rules"
expect "rules in a match: the title" has "$OUT" '^variant   gin '

# ---- claim questions say why; passing alone is not asked ----
run_in 'n
quit
y' play zun --seed 5 --seats 2 --option gozun=true
expect "zun question: why it asks" has "$OUT" '^zun\? your hand totals 12, the field card is 7d \(a false zun: you draw 5\) \[y/N\] n$'
run_in 'quit
y' play dobon --seed 1
expect "dobon: the reason before the choices" has "$OUT" '^Seat 2 flipped 8h: the first to play on it starts$'
expect "dobon: then the choices" has "$OUT" '^opening\? your choices:$'
# seed 8: seat 1 cannot play on the flipped 9s: it passes without being asked
run_in 'quit
y' play dobon --seed 8
expect "pass alone: not asked" hasnt "$OUT" 'opening\?'
expect "pass alone: passed" has "$SAVED" '^1 pass$'
expect "pass alone: the turn comes" has "$OUT" '^dobon \[seat 1\]> quit$'

finish
