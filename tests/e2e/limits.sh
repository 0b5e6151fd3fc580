#!/bin/sh
# limits.sh -- the sandbox limits through the program: --max-instructions and
# --max-memory (or FUDA_MAX_*) end a game whose script goes past them with a
# clear error, and sim, play and the REPL go on running.
. "$(dirname "$0")/lib/check.sh"
export FUDA_PATH=tests/variants

run --max-instructions 100000 sim sandbox --option attack=loop -n 3
expect "loop: sim exits 1" status 1
expect "loop: the error names the limit" has "$ERR" 'match 1 \(seed 1\): tests/variants/sandbox.lua:52: instruction limit exceeded \(100000 instructions in one hook call\) \(in play\)'
expect "loop: sim goes on and counts the failed matches" has "$OUT" '^failed +3 matches'

run --max-memory 8 sim sandbox --option attack=memory -n 2
expect "memory: sim exits 1" status 1
expect "memory: the error names the cap" has "$ERR" 'memory limit exceeded \(8 MiB for the game.s scripts\)'

FUDA_MAX_INSTRUCTIONS=50000 run sim sandbox --option attack=pcall-loop -n 1
expect "env: FUDA_MAX_INSTRUCTIONS sets the limit" has "$ERR" 'instruction limit exceeded \(50000 instructions'

run sim sandbox --option attack=os -n 1
expect "os: no os in the sandbox" has "$ERR" "sandbox.lua:[0-9]+: undeclared global 'os'"

run --max-memory 0 list
expect "a bad limit is a usage error" status 2

# a bot whose move goes past the limit: the match ends with the error, the
# session goes on to the next line
run_in 'play sandbox --option attack=loop --humans none
return 40 + 2' --max-instructions 100000
expect "REPL: the error is shown" has "$ERR" 'instruction limit exceeded'
expect "REPL: the session goes on" has "$OUT" '^42$'

# a human's move that goes past the limit is refused; the prompt asks again
run_in 'draw
quit
y' --max-instructions 100000 play sandbox --option attack=loop --seed 2
expect "play: the refused move is explained" has "$OUT" "instruction limit exceeded"
expect "play: quitting works after it" status 0

finish
