#!/bin/sh
# repl.sh -- end-to-end tests of the interactive session with piped input:
# Lua expressions and statements, continuation lines, commands, errors.
. "$(dirname "$0")/lib/check.sh"

run_in 'return 1+1'
expect "repl exits 0" status 0
expect "an expression prints its value" has "$OUT" '^2$'
expect "no prompt when not a terminal" hasnt "$OUT" 'fuda>'

run_in '1 + 2'
expect "a bare expression prints its value" has "$OUT" '^3$'

run_in 'for i = 1, 3 do
  print("i=" .. i)
end
print("done")'
expect "a for statement continues over lines" has "$OUT" '^i=3$'
expect "the session goes on after it" has "$OUT" '^done$'

run_in 'x = 6
return x * 7'
expect "globals persist between lines" has "$OUT" '^42$'

run_in 'error("oops")
return "after"'
expect "an error is reported" has "$ERR" 'oops'
expect "the session goes on after an error" has "$OUT" '^after$'

run_in 'list'
expect "a command runs" has "$OUT" '^gin +Gin Rummy'
run_in 'rules gin'
expect "a command with an argument runs" has "$OUT" '^players +2$'
run_in 'sim gin -n 2 --seed "1"'
expect "quotes are removed from words" has "$OUT" '^matches +2$'
run_in 'play gin --bogus
return "still here"'
expect "a usage error does not end the session" has "$OUT" '^still here$'
expect "a usage error is reported" has "$ERR" "unknown flag '--bogus'"
run_in 'list = 5
return list + 1'
expect "an assignment to a command name is Lua" has "$OUT" '^6$'
run_in 'quit
return "not reached"'
expect "quit ends the session" hasnt "$OUT" 'not reached'
run_in 'exit'
expect "exit ends the session" status 0
run_in 'help'
expect "help in the session" has "$OUT" 'any other line is Lua'

printf 'play gin --seed 3\nmoves\nquit\ny\nreturn "back"\n' | "$FUDA" >"$OUT" 2>"$ERR"
expect "play inside the session" has "$OUT" '^legal moves: '
expect "the session resumes after a match" has "$OUT" '^back$'

# A returned table prints its contents (raw reads: no metamethod runs).
run_in 'return {"7h", "8h", n = 2}'
expect "a table prints its contents" has "$OUT" '^\{ "7h", "8h", n = 2 \}$'
run_in 'return {}'
expect "an empty table" has "$OUT" '^\{\}$'
run_in 't = {1, 2}; t.self = t; t[5] = 3; t["a b"] = true; return t'
expect "a cycle is marked, keys sorted, odd keys bracketed" has "$OUT" '^\{ 1, 2, \["a b"\] = true, self = <cycle>, \[5\] = 3 \}$'
run_in 'return {{{{{{1}}}}}}'
expect "nesting is bounded" has "$OUT" '^\{ \{ \{ \{ \{\.\.\.\} \} \} \} \}$'
run_in 'local t = {} for i = 1, 100000 do t[i] = i end return t'
expect "a huge table is cut" has "$OUT" ', 200, \.\.\. \}$'
run_in 'return setmetatable({x = 1}, {__index = function() error("index ran") end,
  __tostring = function() error("tostring ran") end, __pairs = function() error("pairs ran") end,
  __len = function() error("len ran") end})'
expect "no metamethod runs" has "$OUT" '^\{ x = 1 \}$'
expect "... and no error" [ ! -s "$ERR" ]
run_in 'return {s = "a\"b\n", f = print, [true] = 1, ["end"] = 2}, 3'
expect "strings quoted, functions by address, values tab-separated" has "$OUT" '^\{ \["end"\] = 2, f = function: 0x[0-9a-f]+, s = "a\\"b\\n", \[true\] = 1 \}	3$'
run_in 'return fuda.show({"7h", "10d"})'
expect "fuda.show renders cards (plain off a terminal)" has "$OUT" '^7h 10d$'

# the matches one line makes of a variant share its Lua state (keeper.lua: a draw in any but the
# state's first match touches the first match's game), those of the next line get a fresh one
K='fuda.match{ variant = "tests/variants/keeper.lua", options = { attack = "read" } }'
run_in "a = $K b = $K print(b:apply(1, 'draw'))
c = $K
print('next line:', c:apply(1, 'draw'))"
expect "one line's matches share a state: another match's game is refused" has "$OUT" \
    '^nil	tests/variants/keeper.lua:[0-9]+: this game object belongs to another match'
expect "a new line's match has a state of its own" has "$OUT" '^next line:	true$'

finish
