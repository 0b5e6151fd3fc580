#!/bin/sh
# hostile_files.sh -- what a stranger's files and input cannot do (tests/hostile/):
# a variant script reaches no file outside the variant search path (absolute
# paths, .., symbolic links, devices, FIFOs, oversized files), and says so
# without telling what is out there; a saved log is read strictly, with
# FILE:LINE: messages, and a refused one starts nothing; the program's own
# input (arguments, typed lines, save) neither crashes nor hangs. Each case
# asserts the exact message and the exit status. Anything that could block
# runs under `timeout 10`.
. "$(dirname "$0")/lib/check.sh"
export FUDA_PATH="$(pwd)/tests/variants"
H=tests/hostile
nf() { # the message for a path a script may not load
    echo "variant file '$1' not found in the variant search path (a script may load only files in its own folder or the search folders)"
}
line() { grep -F -x -q -- "$2" "$1"; } # FILE holds exactly this line
trun() { # run fuda under timeout 10: stdout in $OUT, stderr in $ERR, status in $RC
    timeout 10 "$FUDA" "$@" >"$OUT" 2>"$ERR" </dev/null
    RC=$?
}

# ---- what scripts name: extends, fuda.import, fuda.variant ----

trun check $H/extends_absolute.lua -n 1
expect "extends an absolute path: check exits 1" status 1
expect "extends an absolute path: refused at its line" \
    line "$OUT" "$H/extends_absolute.lua:2: extends: $(nf /etc/passwd)"
expect "extends an absolute path: check: FAILED" line "$OUT" "check: FAILED (the script does not load)"

trun check $H/extends_dotdot.lua -n 1
expect "extends ../..: refused, exit 1" status 1
expect "extends ../..: the message" \
    line "$OUT" "$H/extends_dotdot.lua:2: extends: $(nf ../../../../../../../../etc/hostname)"

trun check $H/extends_device.lua -n 1
expect "extends /dev/zero: refused at once, exit 1" status 1
expect "extends /dev/zero: the message" line "$OUT" "$H/extends_device.lua:2: extends: $(nf /dev/zero)"

trun rules $H/import_absolute.lua
expect "import of an absolute path: exit 1" status 1
expect "import of an absolute path: refused at the import's line" \
    line "$ERR" "fuda: $H/import_absolute.lua:2: $(nf /etc/passwd)"

trun rules $H/import_dotdot.lua
expect "import ../..: exit 1" status 1
expect "import ../..: the message" \
    line "$ERR" "fuda: $H/import_dotdot.lua:2: $(nf ../../../../../../../../etc/hostname)"

trun sim $H/variant_dotdot.lua -n 2
expect "fuda.variant ../.. in a hook: sim exits 1" status 1
expect "fuda.variant ../.. in a hook: the match fails with the hook's line" line "$ERR" \
    "fuda: $H/variant_dotdot.lua: 2 failed matches; the first: match 1 (seed 1): $H/variant_dotdot.lua:4: $(nf ../../../../../../../../etc/passwd) (in deal)"
expect "fuda.variant ../.. in a hook: sim goes on and counts them" has "$OUT" '^failed +2 matches'

trun rules $H/variant_nul.lua
expect "a NUL in a name: exit 1" status 1
expect "a NUL in a name: refused" \
    line "$ERR" "fuda: $H/variant_nul.lua:2: variant names and paths may not hold NUL bytes"

# a search folder of our own (the folder of the variant the user names):
# a link out of it, a FIFO and an oversized file in it
SP=$TMP/search
mkdir -p "$SP" "$TMP/elsewhere"
for f in extends_link extends_link_path extends_fifo extends_big; do cp $H/$f.lua "$SP/"; done
ln -s "$TMP/elsewhere/outside.lua" "$SP/outside.lua" # dangling for now
trun check "$SP/extends_link.lua" -n 1
cp "$OUT" "$TMP/missing.out"
trun check "$SP/extends_link_path.lua" -n 1
cp "$OUT" "$TMP/missing_path.out"
cp tests/variants/tiny.lua "$TMP/elsewhere/outside.lua" # now the link leads to a real variant
trun check "$SP/extends_link.lua" -n 1
expect "a link out of the search path: exit 1" status 1
expect "a link out of the search path: not found, like a missing name" line "$OUT" \
    "$SP/extends_link.lua:3: extends: variant 'outside' not found (see \`fuda list\`; FUDA_PATH adds folders)"
expect "a link out of the search path: the same output whether its target exists or not" \
    cmp -s "$OUT" "$TMP/missing.out"
trun check "$SP/extends_link_path.lua" -n 1
expect "a link out of the search path, as a path: exit 1" status 1
expect "a link out of the search path, as a path: the message" \
    line "$OUT" "$SP/extends_link_path.lua:2: extends: $(nf ./outside.lua)"
expect "a link out of the search path, as a path: the same whether its target exists or not" \
    cmp -s "$OUT" "$TMP/missing_path.out"
rm "$SP/outside.lua"
ln -s ../search/../elsewhere/outside.lua "$SP/outside.lua" # relative, through ..
trun check "$SP/extends_link.lua" -n 1
expect "a relative link out of the search path: the same message" cmp -s "$OUT" "$TMP/missing.out"

mkfifo "$SP/pipe.lua"
trun check "$SP/extends_fifo.lua" -n 1
expect "extends a FIFO in the search path: does not block, exit 1" status 1
expect "extends a FIFO in the search path: not a regular file" line "$OUT" \
    "$SP/extends_fifo.lua:3: extends: cannot read variant file '$SP/pipe.lua': not a regular file"
rm "$SP/pipe.lua"
mkfifo "$TMP/elsewhere/pipe.lua"
ln -s "$TMP/elsewhere/pipe.lua" "$SP/pipe.lua"
trun check "$SP/extends_fifo.lua" -n 1
expect "a link to a FIFO outside: does not block, exit 1" status 1
expect "a link to a FIFO outside: not found, nothing told" line "$OUT" \
    "$SP/extends_fifo.lua:3: extends: variant 'pipe' not found (see \`fuda list\`; FUDA_PATH adds folders)"

head -c 5000000 /dev/zero | tr '\0' ' ' >"$SP/big.lua"
trun check "$SP/extends_big.lua" -n 1
expect "extends a 5 MB file: exit 1" status 1
expect "extends a 5 MB file: the size cap" line "$OUT" \
    "$SP/extends_big.lua:2: extends: cannot read variant file '$SP/big.lua': larger than 4 MiB"

# ---- the variant the user names: trusted as a path, still a regular file ----

trun play /dev/zero
expect "play /dev/zero: exit 1 at once" status 1
expect "play /dev/zero: not a regular file" line "$ERR" "fuda: cannot read variant file '/dev/zero': not a regular file"
trun check /dev/stdin -n 1
expect "check /dev/stdin: exit 1" status 1
expect "check /dev/stdin: not a regular file" line "$OUT" "cannot read variant file '/dev/stdin': not a regular file"
echo 'return {}' | timeout 10 "$FUDA" sim /dev/stdin -n 1 >"$OUT" 2>"$ERR"
RC=$?
expect "sim /dev/stdin on a pipe: exit 1" status 1
expect "sim /dev/stdin on a pipe: not a regular file" line "$ERR" "fuda: cannot read variant file '/dev/stdin': not a regular file"
trun rules "$TMP/elsewhere/pipe.lua"
expect "rules of a FIFO: does not block, exit 1" status 1
trun play "$SP/big.lua"
expect "play of a 5 MB file: exit 1" status 1
expect "play of a 5 MB file: the size cap" line "$ERR" "fuda: cannot read variant file '$SP/big.lua': larger than 4 MiB"
trun rules "$TMP/elsewhere/outside.lua"
expect "a path the user names may be anywhere" line "$OUT" "variant   outside ($TMP/elsewhere/outside.lua)"
trun run /dev/zero
expect "run /dev/zero: exit 1 at once" status 1
expect "run /dev/zero: not a regular file" line "$ERR" "fuda: cannot run /dev/zero: not a regular file"

# ---- saved logs ----

L=$H/logs
replay_fails() { # name, log, expected message (after "fuda: ")
    trun play --replay "$2" --humans none
    expect "log $1: exit 1" status 1
    expect "log $1: $3" line "$ERR" "fuda: $3"
    expect "log $1: no match is started" hasnt "$OUT" '^replayed'
}
replay_fails "NUL byte" $L/nul.log "$L/nul.log:5: a NUL byte (a log is text)"
replay_fails "control character" $L/control.log "$L/control.log:5: a control character (byte 0x1b)"
# the move grammar the engine keeps to (core/movetext.h): what it never accepts, no log replays
replay_fails "move with a leading space" $L/move_space.log \
    "$L/move_space.log:5: the move is not a valid move text (it starts with a space, at byte 1)"
replay_fails "move with an overlong UTF-8 slash" $L/move_utf8.log \
    "$L/move_utf8.log:5: the move is not a valid move text (a byte that is not valid UTF-8, at byte 6)"
replay_fails "move with two spaces" $L/move_double_space.log \
    "$L/move_double_space.log:5: the move is not a valid move text (two spaces in a row, at byte 5)"
replay_fails "seed overflow" $L/seed_overflow.log \
    "$L/seed_overflow.log:4: seed: 18446744073709551616 is out of range (0 to 18446744073709551615)"
replay_fails "negative seed" $L/seed_negative.log "$L/seed_negative.log:4: seed: '-1' is not a number"
replay_fails "seats overflow" $L/seats_overflow.log "$L/seats_overflow.log:3: seats: 4294967298 is out of range (1 to 12)"
replay_fails "seats the variant refuses" $L/seats_too_many.log "$L/seats_too_many.log:3: tiny is for 2 to 4 players, not 7"
replay_fails "seat number overflow" $L/seat_overflow.log "$L/seat_overflow.log:5: seat 4294967297 is out of range (1 to 12)"
replay_fails "unknown variant" $L/unknown_variant.log \
    "$L/unknown_variant.log:2: variant 'no-such-game' not found (see \`fuda list\`; FUDA_PATH adds folders)"
replay_fails "a device as its variant" $L/variant_path.log \
    "$L/variant_path.log:2: the log names its variant by a path or an odd name ('zero'); a log may only name a variant of the search path: name the variant yourself (fuda play VARIANT --replay LOG)"
replay_fails "unknown option" $L/unknown_option.log \
    "$L/unknown_option.log:4: unknown option 'hand_sise' (did you mean 'hand_size'?) (options: hand_size, hands)"
replay_fails "option value overflow" $L/bad_option_value.log \
    "$L/bad_option_value.log:3: option 'hand_size' must be an integer, got '99999999999999999999'"
replay_fails "a seat that cannot act" $L/cannot_act.log "$L/cannot_act.log:5: seat 2 is not to act now"
replay_fails "an illegal move" $L/illegal.log "$L/illegal.log:6: 'fly away' is not a legal move of seat 2 now"
replay_fails "a junk line" $L/junk.log \
    "$L/junk.log:6: cannot read 'hello world' (after the seed line: 'SEAT MOVE', 'next' or 'arrange ...')"
replay_fails "no header" $L/no_header.log "$L/no_header.log:1: not a fuda log (the first line must be 'fuda-log 1')"
replay_fails "empty" $L/empty.log "$L/empty.log:1: not a fuda log (the first line must be 'fuda-log 1')"
replay_fails "no seed" $L/no_seed.log "$L/no_seed.log:3: the log ends before its seed line"
replay_fails "two variant lines" $L/two_variants.log "$L/two_variants.log:3: a second variant line (the first is line 2)"
replay_fails "arrange with an overflowing owner" $L/arrange_overflow.log \
    "$L/arrange_overflow.log:5: arrange: the owner must be a seat number 0 to 12"
replay_fails "/dev/zero" /dev/zero "cannot read log '/dev/zero': not a regular file"
replay_fails "/dev/stdin" /dev/stdin "cannot read log '/dev/stdin': not a regular file"
replay_fails "a FIFO" "$TMP/elsewhere/pipe.lua" "cannot read log '$TMP/elsewhere/pipe.lua': not a regular file"
{ cat $L/good.log; head -c 17000000 /dev/zero | tr '\0' '#'; } >"$TMP/big.log"
replay_fails "of 17 MB" "$TMP/big.log" "cannot read log '$TMP/big.log': larger than 16 MiB"
trun play --replay $L/good.log --humans none
expect "a good log replays" line "$OUT" "replayed 1 moves of $L/good.log"

# ---- the program's input ----

i=0; set --; while [ $i -lt 10000 ]; do set -- "$@" "a$i"; i=$((i + 1)); done
echo 'print(#arg, select("#", ...), arg[10000])' >"$TMP/args.lua"
trun run "$TMP/args.lua" "$@"
expect "run with 10000 arguments: exit 0" status 0
expect "run with 10000 arguments: all in arg and ..." line "$OUT" "$(printf '10000\t10000\ta9999')"
set --

trun --max-memory
expect "--max-memory without a value: usage error" status 2
expect "--max-memory without a value: says so" line "$ERR" "fuda: --max-memory needs a value"
trun sim tiny --seed 18446744073709551616
expect "--seed overflow: usage error" status 2
expect "--seed overflow: says so" line "$ERR" "fuda sim: --seed: '18446744073709551616' is not a number"
trun sim tiny -n 99999999999999999999
expect "huge -n: usage error" status 2
expect "huge -n: says so" line "$ERR" "fuda sim: -n: '99999999999999999999' is not a number"
trun play tiny --option hands
expect "--option without '=': usage error" status 2
expect "--option without '=': says so" line "$ERR" "fuda play: --option: 'hands' is not name=value"
trun play tiny --option hand_size=99999999999999999999 --humans none
expect "an option value that overflows: exit 1" status 1
expect "an option value that overflows: says so" line "$ERR" \
    "fuda: option 'hand_size' must be an integer, got '99999999999999999999'"

# a 2 MB line at the play prompt and at the REPL: linear time (a few seconds at most)
awk 'BEGIN { for (i = 0; i < 700000; i++) printf "7h "; printf "\nquit\ny\n" }' >"$TMP/long.txt"
timeout 20 "$FUDA" play tiny --seed 1 <"$TMP/long.txt" >"$OUT" 2>"$ERR"
RC=$?
expect "a 2 MB line at the play prompt: answered, exit 0" status 0
# (the message is broken between words to the width: COLUMNS, lib/check.sh)
expect "a 2 MB line at the play prompt: refused as a move" has "$OUT" "^'7h 7h 7h "
expect "a 2 MB line at the play prompt: ... saying so" has "$OUT" "7h' is not a legal move now(: you hold no 7h)?; legal moves: "
timeout 20 "$FUDA" <"$TMP/long.txt" >"$OUT" 2>"$ERR"
RC=$?
expect "a 2 MB line at the REPL: exit 0" status 0
expect "a 2 MB line at the REPL: a Lua error" line "$ERR" "stdin:1: malformed number near '7h'"
# a statement continued over 700000 lines: dropped once it costs too much to re-read
awk 'BEGIN { printf "t = {\n"; for (i = 0; i < 300000; i++) printf "1,\n"; printf "}\nreturn 6 * 7\n" }' >"$TMP/lines.txt"
timeout 60 "$FUDA" <"$TMP/lines.txt" >"$OUT" 2>"$ERR"
RC=$?
expect "a 300000-line statement at the REPL: exit 0" status 0
expect "a 300000-line statement: dropped with a message" has "$ERR" \
    '^fuda: a Lua statement going on for [0-9]+ lines \([0-9]+ bytes\) is too long to read at this prompt: dropped \(put it in a file and use `run FILE`\)$'
expect "a 300000-line statement: the session goes on" line "$OUT" "42"
awk 'BEGIN { printf "t = {\n"; for (i = 0; i < 3000; i++) printf "%d,\n", i; printf "}\nreturn #t\n" }' >"$TMP/lines.txt"
timeout 20 "$FUDA" <"$TMP/lines.txt" >"$OUT" 2>"$ERR"
expect "a 3000-line statement still works" line "$OUT" "3000"

# save: atomic; a failed save keeps the old file and the match goes on
(cd "$TMP" && printf 'save saved.log\nquit\ny\n' | "$FUDA" play tiny --seed 1 >"$OUT" 2>"$ERR")
expect "save writes the log" line "$OUT" "saved the log to saved.log (0 moves)"
cp "$TMP/saved.log" "$TMP/saved.bak"
printf 'save %s\nsave %s\nsave %s\nmoves\nquit\ny\n' "$TMP/no/such/folder/x.log" /dev/null "$TMP" |
    timeout 10 "$FUDA" play tiny --seed 1 >"$OUT" 2>"$ERR"
RC=$?
expect "save into a missing folder: says why" line "$OUT" \
    "could not save the log to $TMP/no/such/folder/x.log: No such file or directory (the match goes on)"
expect "save onto a device: refused" line "$OUT" "could not save the log to /dev/null: not a regular file (the match goes on)"
expect "save onto a folder: refused" line "$OUT" "could not save the log to $TMP: not a regular file (the match goes on)"
expect "after failed saves the match goes on" has "$OUT" "^legal moves: draw"
expect "after failed saves: quit exits 0" status 0
# a write that fails (file size limit 0: every write is refused, as on a full disk)
(cd "$TMP" && printf 'draw\nsave saved.log\nmoves\nquit\ny\n' |
    (trap '' XFSZ; ulimit -f 0; exec "$FUDA" play tiny --seed 1) 2>&1 | cat >"$OUT")
expect "a save whose write fails: says why" line "$OUT" \
    "could not save the log to saved.log: File too large (the match goes on)"
expect "a save whose write fails: the old file is unchanged" cmp -s "$TMP/saved.log" "$TMP/saved.bak"
expect "a save whose write fails: no temporary file left" sh -c "! ls -a '$TMP' | grep -q fuda-save"
expect "a save whose write fails: the match goes on" has "$OUT" "^legal moves: "

finish
