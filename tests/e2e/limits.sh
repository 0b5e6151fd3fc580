#!/bin/sh
# limits.sh -- the sandbox limits through the program: --max-time,
# --max-instructions and --max-memory (or FUDA_MAX_*) end a game whose script
# goes past them with a clear error (in play, the move), and sim, play and the
# REPL go on running. There is no instruction limit unless one is set; the time limit
# (tests/run.sh sets a long one) stops a loop on whichever thread runs it.
. "$(dirname "$0")/lib/check.sh"
export FUDA_PATH=tests/variants

# an endless loop under the time limit alone: stopped, with its file:line
run --max-time 200 sim sandbox --option attack=loop -n 2
expect "time: sim exits 1" status 1
expect "time: the error names the limit and the place" has "$ERR" 'match 1 \(seed 1\): tests/variants/sandbox.lua:52: time limit exceeded \(200 ms in one hook call\) \(in play\)'
expect "time: sim goes on and counts the failed matches" has "$OUT" '^failed +2 matches'
FUDA_MAX_TIME=200 run sim sandbox --option attack=pcall-loop -n 1
expect "env: FUDA_MAX_TIME sets the limit; pcall cannot catch it" has "$ERR" 'sandbox.lua:53: time limit exceeded \(200 ms in one hook call\)'
FUDA_MAX_INSTRUCTIONS=50000 run --max-instructions 0 --max-time 200 sim sandbox --option attack=loop -n 1
expect "--max-instructions 0: no instruction limit" has "$ERR" 'sandbox.lua:52: time limit exceeded \(200 ms in one hook call\)'
run --max-instructions 999 list
expect "an instruction limit under 1000 is a usage error" status 2

# the same on worker threads: a variant whose deal loops for some seeds; with
# -j 2 only the thread running such a match is stopped (the figures are those
# of -j 1, the first failing match is named the same)
cat >"$TMP/stall.lua" <<'LUA'
return {
  title = "Stall",
  players = 2,
  setup = function(g) g:new_pile("stock") g:new_deck(g:pile("stock")) end,
  deal = function(g)
    local stock = g:pile("stock")
    stock:shuffle()
    if fuda.rank(stock:top()) == 1 then while true do end end
    g.turn = 1
  end,
  moves = function(g, seat) if seat == g.turn then return { "end" } end return {} end,
  play = function(g, seat, move) g:tally("ended") g:end_hand() g:end_match() end,
}
LUA
untimed() { grep -v -E '^(elapsed|matches/s|hands/s|moves/s) ' "$1"; }
run --max-time 200 sim "$TMP/stall.lua" -n 30 -j 1
expect "stall -j 1: exits 1" status 1
expect "stall -j 1: the loop is named" has "$ERR" "failed matches; the first: match [0-9]+ \(seed [0-9]+\): .*stall.lua:8: time limit exceeded \(200 ms in one hook call\) \(in deal\)$"
expect "stall -j 1: failed and counted matches make the 30" sh -c '
  m=$(sed -n "s/^matches  *\([0-9][0-9]*\)$/\1/p" "$1"); f=$(sed -n "s/^failed *\([0-9]*\) matches.*/\1/p" "$1")
  [ -n "$f" ] && [ "$f" -gt 1 ] && [ "$m" -gt 0 ] && [ $((m + f)) -eq 30 ]' sh "$OUT"
untimed "$OUT" >"$TMP/stall1"
cp "$ERR" "$TMP/stall1.err"
run --max-time 200 sim "$TMP/stall.lua" -n 30 -j 2
expect "stall -j 2: exits 1" status 1
untimed "$OUT" >"$TMP/stall2"
expect "stall -j 2: the same figures as -j 1" cmp -s "$TMP/stall1" "$TMP/stall2"
expect "stall -j 2: the same failing match named" cmp -s "$TMP/stall1.err" "$ERR"

run --max-instructions 100000 sim sandbox --option attack=loop -n 3
expect "loop: sim exits 1" status 1
expect "loop: the error names the limit" has "$ERR" 'match 1 \(seed 1\): tests/variants/sandbox.lua:52: instruction limit exceeded \(100000 instructions in one hook call\) \(in play\)'
expect "loop: sim goes on and counts the failed matches" has "$OUT" '^failed +3 matches'

run --max-memory 8 --max-time 60000 sim sandbox --option attack=memory -n 2
expect "memory: sim exits 1" status 1
expect "memory: the error names the cap" has "$ERR" 'memory limit exceeded \(8 MiB for the game.s scripts\)'

FUDA_MAX_INSTRUCTIONS=50000 run sim sandbox --option attack=pcall-loop -n 1
expect "env: FUDA_MAX_INSTRUCTIONS sets the limit" has "$ERR" 'instruction limit exceeded \(50000 instructions'

run sim sandbox --option attack=os -n 1
expect "os: no os in the sandbox" has "$ERR" "sandbox.lua:[0-9]+: undeclared global 'os'"

run --max-memory 0 list
expect "a bad limit is a usage error" status 2

# the script time of a whole match: every call well under --max-time, the match's total over
# --max-match-time (each move of spendthrift spends its `burn` loop rounds; a match has a
# thousand moves): stopped where it is, the match fails, sim goes on to the next
run --max-match-time 300 sim spendthrift -n 2 --option burn=20000000
expect "match time: sim exits 1" status 1
expect "match time: the limit and the place" has "$ERR" 'match 1 \(seed 1\): tests/variants/spendthrift.lua:11: match time limit exceeded \(300 ms of script time in one match\) \(in play\)'
expect "match time: each match has its own budget" has "$OUT" '^failed +2 matches'
FUDA_MAX_MATCH_TIME=300 run sim spendthrift -n 1 --option burn=20000000
expect "env: FUDA_MAX_MATCH_TIME sets it" has "$ERR" 'match time limit exceeded \(300 ms of script time in one match\)'
FUDA_MAX_MATCH_TIME=300 run --max-match-time 0 sim spendthrift -n 1 --option burn=3000
expect "--max-match-time 0: no such limit" status 0
run --max-match-time -5 list
expect "a bad match time is a usage error" status 2

# matches sharing a state (a fuda run script's matches of one kind) each have their own match
# time: the first spends its budget and is stopped, naming the place; the second's move, a
# fiftieth of the budget, still plays
cat >"$TMP/budget.lua" <<'LUA'
local function m() return fuda.match{ variant = "spendthrift", seats = 2, seed = 1, options = { burn = 5000000 } } end
local a, b = m(), m()
local err
for _ = 1, 2000 do
  if a:phase() ~= "playing" then assert(a:next_hand()) else
    local seat = a:actors()[1]
    local ok, e = a:apply(seat, a:moves(seat)[1])
    if not ok then err = e break end
  end
end
print("first: " .. tostring(err))
local seat = b:actors()[1]
print("second: " .. tostring(b:apply(seat, b:moves(seat)[1])))
LUA
run --max-match-time 2000 run "$TMP/budget.lua"
expect "shared state: the match out of script time is stopped at its place" has "$OUT" \
    '^first: tests/variants/spendthrift.lua:11: match time limit exceeded \(2000 ms of script time in one match\) \(in play\)$'
expect "shared state: the other match has its own budget" has "$OUT" '^second: true$'

# print: at most 1 MiB an engine's life, then one line says so (the draw move prints 2 MB)
run sim sandbox --option attack=o-print -n 1
expect "print: the match is played" status 0
expect "print: one line says the output stopped" test "$(grep -c '^print: output limit reached (1048576 bytes), further output dropped$' "$ERR")" -eq 1
expect "print: at most 1 MiB was printed" test "$(wc -c <"$ERR")" -le $((1048576 + 100))
run sim sandbox --option attack=o-print-escapes -n 1
expect "print: escapes are counted as shown" test "$(wc -c <"$ERR")" -le $((1048576 + 100))
expect "print: escapes are shown" has "$ERR" '\\x01\\x01'

# a bot whose move goes past the limit: the error is shown and fuda asks who plays the seat
# (play.sh); quitting there ends the match, the session goes on to the next line
run_in 'play sandbox --option attack=loop --humans none
quit
y
return 40 + 2' --max-instructions 100000
expect "REPL: the error is shown" has "$OUT" 'instruction limit exceeded'
expect "REPL: the match waits for a player of the seat" has "$OUT" '^sandbox \[seat [12] has no player\]> quit$'
expect "REPL: the session goes on" has "$OUT" '^42$'
run_in 'play sandbox --option attack=loop --humans none
quit
y
return 40 + 2' --max-time 200
expect "REPL, time: the error is shown" has "$OUT" 'sandbox.lua:52: time limit exceeded \(200 ms in one hook call\)'
expect "REPL, time: the session goes on" has "$OUT" '^42$'

# a human's move that goes past the limit is refused; the prompt asks again
run_in 'draw
quit
y' --max-instructions 100000 play sandbox --option attack=loop --seed 2
expect "play: the refused move is explained" has "$OUT" "instruction limit exceeded"
expect "play: quitting works after it" status 0
run_in 'draw
quit
y' --max-time 200 play sandbox --option attack=loop --seed 2
expect "play, time: the refused move is explained" has "$OUT" "sandbox.lua:52: time limit exceeded \(200 ms in one hook call\)"
expect "play, time: quitting works after it" status 0

# The time limit counts the CPU time of the call's thread, not the wall
# clock: on a loaded machine a hook waiting for a core is not stopped. Here
# two busy loops share one core with fuda at nice 10 (some 5% of that core);
# the deal's loop takes about 0.2 s of CPU, many times that in wall time,
# more than the 1000 ms limit.
if command -v taskset >/dev/null 2>&1; then
    cat >"$TMP/busy.lua" <<'LUA'
return {
  extends = "tiny",
  deal = function(g)
    local x = 0
    for i = 1, 20000000 do x = x + i % 7 end
    return fuda.variant("tiny").deal(g)
  end,
}
LUA
    taskset -c 0 sh -c 'while :; do :; done' & B1=$!
    taskset -c 0 sh -c 'while :; do :; done' & B2=$!
    T0=$(date +%s%N)
    taskset -c 0 nice -n 10 "$FUDA" --max-time 1000 sim "$TMP/busy.lua" -n 1 -j 1 >"$OUT" 2>"$ERR" </dev/null
    RC=$?
    T1=$(date +%s%N)
    kill $B1 $B2 2>/dev/null; wait $B1 $B2 2>/dev/null
    expect "a starved hook under its CPU time: sim exits 0" status 0
    expect "a starved hook under its CPU time: no time limit hit" hasnt "$ERR" 'time limit'
    echo "  (starved deal: $(( (T1 - T0) / 1000000 )) ms of wall time under a 1000 ms limit)" >&2
else
    expect "taskset is installed (util-linux)" false
fi

finish
