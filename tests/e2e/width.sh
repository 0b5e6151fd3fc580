#!/bin/sh
# width.sh -- end-to-end tests of text laid out to the width (COLUMNS off a
# terminal, the terminal's own on one): the scoresheets of Cutthroat,
# Hollywood and Gin at 60 and 100 columns, with no column that has nothing
# in it, a table while it fits and lines when it does not; every variant's
# rules page at 60 columns, its Markdown rendered.
. "$(dirname "$0")/lib/check.sh"

LIB=$(cd "$(dirname "$0")/lib" && pwd)
fits() { python3 "$LIB/fits.py" "$1" "$2"; }
play_at() { # play_at WIDTH VARIANT SEED: a bot-only match, piped
    COLUMNS=$1 "$FUDA" play "$2" --humans none --seed "$3" >"$OUT" 2>"$ERR" </dev/null
    RC=$?
}
# the first scoresheet of the match (up to its total line), in $TMP/first
first_sheet() { sed -n '/^hand\|^ *points\|^ *game 1/,/^total/p' "$OUT" | sed '/^total/q' >"$TMP/first"; }

# ---- Cutthroat: a points column for each seat; a pair's column only once the pairs settle ----
play_at 100 cutthroat 1
expect "cutthroat 100: exit 0" status 0
expect "cutthroat 100: every line fits" fits 100 "$OUT"
first_sheet
expect "cutthroat 100: each seat's points" has "$TMP/first" '^hand +seat 1 seat 2 seat 3$'
expect "cutthroat 100: no pair column before the pairs settle" hasnt "$TMP/first" 'seats 1-2'
expect "cutthroat 100: a row, its note beside" has "$TMP/first" '^ +1( +\.| +[0-9]+){3}   seat [123] \+[0-9]+: (knock|gin|undercut)'
expect "cutthroat 100: the settled pairs, two seats each" has "$OUT" \
    '^ +seat 1 seat 2 seat 3   seat 1 seat 2   seat 1 seat 3   seat 2 seat 3$'
expect "cutthroat 100: their totals under them" has "$OUT" '^total( +-?[0-9]+){9}$'
expect "cutthroat 100: the settlements as lines, too long beside the table" has "$OUT" \
    '^  seats 2-3: seat [23] [-+][0-9]+ \(total -?[0-9]+\): seat [23] pays seat [23]$'

play_at 60 cutthroat 1
expect "cutthroat 60: exit 0" status 0
expect "cutthroat 60: every line fits" fits 60 "$OUT"
first_sheet
expect "cutthroat 60: a table while it fits" has "$TMP/first" '^hand +seat 1 seat 2 seat 3$'
expect "cutthroat 60: the last hand's lines" has "$OUT" '^hand [0-9]+$'
expect "cutthroat 60: a settlement line" has "$OUT" '^  seats 1-2: seat [12] [-+][0-9]+ \(total -?[0-9]+\): seat [12] pays seat [12]$'
expect "cutthroat 60: the totals as lines" has "$OUT" '^  points: seat 1 -?[0-9]+, seat 2 -?[0-9]+, seat 3 -?[0-9]+$'
expect "cutthroat 60: a pair's total names its two seats" has "$OUT" '^  seats 1-3: seat 1 -?[0-9]+, seat 3 -?[0-9]+$'

# ---- Hollywood: game 2 and game 3 once a win is entered there ----
play_at 100 hollywood 1
expect "hollywood 100: exit 0" status 0
expect "hollywood 100: every line fits" fits 100 "$OUT"
first_sheet
expect "hollywood 100: game 1 alone at first" has "$TMP/first" '^ +game 1$'
expect "hollywood 100: the three games side by side" has "$OUT" '^ +game 1 +game 2 +game 3$'
expect "hollywood 100: rows with their notes beside" has "$OUT" \
    '^ +[0-9]+( +(\.|[0-9]+)){6}   seat [12] \+[0-9]+: game [123]: (knock|gin|undercut|game bonus|box)'
expect "hollywood 100: the totals" has "$OUT" '^total( +[0-9]+){6}$'

play_at 60 hollywood 1
expect "hollywood 60: exit 0" status 0
expect "hollywood 60: every line fits" fits 60 "$OUT"
expect "hollywood 60: a line per entry, its game first" has "$OUT" '^  game 3: seat [12] \+[0-9]+ \(total [0-9]+\): [a-z]'
expect "hollywood 60: the game not said twice" hasnt "$OUT" '\): game [123]:'
expect "hollywood 60: the totals still a table" has "$OUT" '^total( +[0-9]+){6}$'

play_at 60 gin 2
expect "gin 60: exit 0" status 0
expect "gin 60: every line fits" fits 60 "$OUT"
expect "gin 60: the scoresheet" has "$OUT" '^total +[0-9]+ +[0-9]+$'

# ---- on a terminal of 60 and 100 columns, to the end of the match ----
ONTERM=$LIB/onterm.py
mkdir -p "$TMP/home"
enters=''
i=0
while [ $i -lt 20 ]; do enters="$enters send:\\r"; i=$((i + 1)); done
for w in 60 100; do
    # shellcheck disable=SC2086 # the Enters are one step each
    PTY_HOME=$TMP/home PTY_COLS=$w python3 "$ONTERM" "$FUDA" play cutthroat --humans none --seed 1 -- \
        'wait:Press Enter' $enters 'wait:Match over' 'exit' >"$OUT" 2>"$ERR"
    expect "cutthroat on a terminal of $w: to the end" has "$OUT" '^Match over: seat [123] '
    expect "cutthroat on a terminal of $w: every line fits" fits $w "$OUT"
    PTY_HOME=$TMP/home PTY_COLS=$w python3 "$ONTERM" "$FUDA" play hollywood --humans none --seed 1 -- \
        'wait:Press Enter' $enters 'wait:Match over' 'exit' >"$OUT" 2>"$ERR"
    expect "hollywood on a terminal of $w: to the end" has "$OUT" '^Match over: seat [12] '
    expect "hollywood on a terminal of $w: every line fits" fits $w "$OUT"
    expect "hollywood on a terminal of $w: the games' totals" has "$OUT" '^total( +[0-9]+){6}$'
done

# ---- every variant's rules page at 60 columns: fits, no raw Markdown ----
"$FUDA" list >"$TMP/list" 2>"$ERR"
expect "list names the variants" has "$TMP/list" '^gin '
for g in $(cut -d' ' -f1 "$TMP/list"); do
    COLUMNS=60 "$FUDA" rules "$g" >"$OUT" 2>"$ERR" </dev/null
    RC=$?
    expect "rules $g at 60: exit 0" status 0
    expect "rules $g at 60: every line fits" fits 60 "$OUT"
    expect "rules $g at 60: the page is there, its title underlined" has "$OUT" '^====+$'
    expect "rules $g at 60: no raw heading, table or bold" hasnt "$OUT" '^#|^ *\|.*\||\*\*'
    expect "rules $g at 60: no backticks" hasnt "$OUT" '`'
done
COLUMNS=60 "$FUDA" rules zun >"$OUT" 2>"$ERR" </dev/null
expect "rules zun at 60: the special cards a narrowed table" has "$OUT" '^card +name +effect$'
expect "rules zun at 60: a cell's lines under it" has "$OUT" '^ {20,}[a-z]'
expect "rules zun at 60: an option's doc under it" has "$OUT" '^      [a-z]'
expect "rules zun at 60: code in quotes" has "$OUT" "'play 9h 9s 9c'"
COLUMNS=60 "$FUDA" rules gin >"$OUT" 2>"$ERR" </dev/null
expect "rules gin at 60: the presets (8 columns) as heading: value lines" has "$OUT" '^preset: gin-bicycle$'
COLUMNS=100 "$FUDA" rules hollywood >"$OUT" 2>"$ERR" </dev/null
expect "rules hollywood at 100: every line fits" fits 100 "$OUT"
expect "rules hollywood at 100: a table aligned" has "$OUT" '^2nd hand won +games 1 and 2$'
expect "rules hollywood at 100: an option's doc beside it" has "$OUT" '^  hollywood_entry = by_wins +a player'

# ---- on a terminal of 60 columns ----
PTY_HOME=$TMP/home PTY_COLS=60 python3 "$ONTERM" "$FUDA" rules dobon -- 'exit' >"$OUT" 2>"$ERR"
expect "rules dobon on a terminal of 60: to the end" has "$OUT" '^exit status 0$'
expect "rules dobon on a terminal of 60: every line fits" fits 60 "$OUT"

finish
