#!/bin/sh
# confine.sh -- the operating system's layer under the Lua sandbox, through
# the program: a script's name for a bot never starts a program; the
# supervisor's verdict when the worker crashes, is stuck in a hook call past
# its time limit, or passes the run's deadline (with a replay command that
# works); check's log of a failure is never written through a planted link;
# `save` never replaces a file that is not a fuda log; `fuda sandbox`.
. "$(dirname "$0")/lib/check.sh"
SRC=$(pwd)
export FUDA_PATH="$SRC/tests/variants"

# the layers this machine gives (all of them, on this project's machines)
run sandbox
expect "sandbox: every layer here" status 0
expect "sandbox: seccomp" has "$OUT" '^os +seccomp on, Landlock ABI [0-9]+ \(files'
run sandbox --json
expect "sandbox --json parses" python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["seccomp"] and d["landlock"] >= 1 and d["supervisor"]' "$OUT"

# a bot named like an external agent: refused at load, nothing is run
cat >"$TMP/cmdbot.lua" <<LUA
return { extends = "tiny", bots = { ["cmd:touch $TMP/pwned"] = function(g, seat, moves) return moves[1] end } }
LUA
run sim "$TMP/cmdbot.lua" -n 1
expect "cmd: bot name: refused" status 1
expect "cmd: bot name: says why" has "$ERR" 'cmdbot.lua:1: bots: "cmd:touch .*" is not a bot name'
expect "cmd: bot name: nothing ran" [ ! -e "$TMP/pwned" ]
run check "$TMP/cmdbot.lua" -n 2
expect "cmd: bot name under check: nothing ran" [ ! -e "$TMP/pwned" ]
# ... and a program named on the command line still plays
run sim tiny -n 1 --bots "cmd:$FUDA agent tiny --seat 1 --bots random >/dev/null; echo gone,random"
expect "a cmd: agent from the command line is started (it ends early: the match fails)" has "$ERR" "agent '.*' \(seat 1\)"

# a slow variant: long matches, hooks busy for a while (decided by work, not time)
cat >"$TMP/slow.lua" <<'LUA'
return {
  extends = "tiny",
  moves = function(g, seat)
    local n = 0
    for i = 1, 20000 do n = n + i end
    return fuda.variant("tiny").moves(g, seat)
  end,
}
LUA
cp tests/variants/tiny.lua "$TMP/tiny.lua"

# worker_of PID: the worker process of the supervisor PID, once it is there
worker_of() {
    w=""
    for _ in $(seq 1 100); do
        w=$(pgrep -P "$1" | head -n 1)
        [ -n "$w" ] && break
        sleep 0.05
    done
    echo "$w"
}

# crash CMD SIGNAL ARGS...: run fuda CMD ARGS in $TMP, and once its worker
# has played a while, send the worker SIGNAL (stdout in $OUT, stderr in $ERR).
# (Built with AddressSanitizer, the worker must leave these signals alone:
# the sanitizer would report them itself and exit.)
crash() {
    cmd=$1 sig=$2
    shift 2
    (cd "$TMP" && ASAN_OPTIONS="${ASAN_OPTIONS:-}:handle_segv=0:handle_sigbus=0:handle_abort=0" \
        "$FUDA" "$cmd" "$@" >"$OUT" 2>"$ERR") &
    sup=$!
    w=$(worker_of $sup)
    sleep 1
    [ -n "$w" ] && kill "-$sig" "$w"
    wait $sup
    RC=$?
}

# a crash of the worker: the supervisor's verdict names the signal, the match
# and the seed, and its replay command plays that match again
crash check SEGV slow.lua -n 400 -j 1
expect "crash: exit 1" status 1
expect "crash: a clean verdict" has "$OUT" '^check: FAILED \(slow\.lua: the engine stopped with SIGSEGV at match [0-9]+, seed [0-9]+; replay: fuda check slow\.lua --from [0-9]+ -n [0-9]+ -j 1\)$'
expect "crash: no raw signal death on stderr" hasnt "$ERR" 'Segmentation|core dumped'
replay=$(sed -n 's/.*; replay: \(.*\))$/\1/p' "$OUT")
match=$(sed -n 's/.* at match \([0-9]*\), seed.*/\1/p' "$OUT")
(cd "$TMP" && eval "\"$FUDA\" ${replay#fuda }" >"$TMP/replay.out" 2>&1)
expect "crash: the replay command runs that match alone" has "$TMP/replay.out" '^check: OK \(1 matches, [0-9]+ moves\)'
expect "crash: ... the same match" [ -n "$match" ]

# the same with --json: one JSON object with the verdict
crash check BUS slow.lua -n 400 -j 1 --json
expect "crash --json: exit 1" status 1
expect "crash --json: a JSON verdict" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["ok"] is False and "SIGBUS" in d["error"] and d["match"] >= 1 and "--from" in d["replay"]' "$OUT"

# sim: the verdict on stderr, with the match's seed and a replay command
crash sim ABRT slow.lua -n 400 --seed 7
expect "sim crash: exit 1" status 1
expect "sim crash: verdict" has "$ERR" '^fuda: slow\.lua: the engine stopped with SIGABRT at match [0-9]+ \(seed [0-9]+\); replay: fuda sim slow\.lua --seed [0-9]+ -n 1 -j 1$'

# a hook call stuck in C past its time limit (here a write to a pipe nobody
# reads: print goes to stderr): the worker is ended a second past the limit,
# and the verdict names the script's place and the limit
cat >"$TMP/printer.lua" <<'LUA'
return {
  extends = "tiny",
  deal = function(g)
    local line = string.rep("x", 1000)
    for _ = 1, 2000 do print(line) end
    return fuda.variant("tiny").deal(g)
  end,
}
LUA
python3 - "$FUDA" "$TMP" >"$TMP/stuck.out" <<'PY'
import fcntl, os, subprocess, sys, time
fuda, tmp = sys.argv[1], sys.argv[2]
r, w = os.pipe()
fcntl.fcntl(w, 1031, 4096)  # F_SETPIPE_SZ: a small pipe, never read
t0 = time.time()
p = subprocess.run([fuda, "--max-time", "200", "check", "printer.lua", "-n", "1"], cwd=tmp,
                   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=w, timeout=60)
print(p.returncode)
print(p.stdout.decode(errors="replace").strip())
print("quick" if time.time() - t0 < 30 else "slow")
PY
expect "stuck: exit 1" [ "$(sed -n 1p "$TMP/stuck.out")" = 1 ]
expect "stuck: the verdict names the place and the limit" has "$TMP/stuck.out" \
    '^check: FAILED \(printer\.lua: .*printer\.lua:3: a hook call ran more than 1000 ms past its time limit \(200 ms\), stuck where the limit cannot stop it'
expect "stuck: ended at once, not at a whole-run deadline" has "$TMP/stuck.out" '^quick$'

# the whole run's deadline
run --max-run-time 1 check "$TMP/slow.lua" -n 100000
expect "deadline: exit 1" status 1
expect "deadline: verdict" has "$OUT" '^check: FAILED \(.*slow\.lua: the run went past its deadline \(--max-run-time 1 s\) and was ended'
run --max-run-time x check tiny
expect "--max-run-time needs a number" status 2

# check's log of a failed match is never written through a link planted where it goes
mkdir -p "$TMP/planted"
cp tests/broken/no_moves.lua "$TMP/planted/"
echo "precious" >"$TMP/victim"
ln -s "$TMP/victim" "$TMP/planted/fuda-check-no_moves-1.log"
(cd "$TMP/planted" && "$FUDA" check no_moves.lua -n 5 --seed 1 >"$OUT" 2>"$ERR")
RC=$?
expect "planted link: check fails as it should" status 1
expect "planted link: the victim is untouched" [ "$(cat "$TMP/victim")" = precious ]
expect "planted link: the log went elsewhere" has "$OUT" 'log saved to \./fuda-check-no_moves-1-1\.log$'
expect "planted link: ... and is a log" has "$TMP/planted/fuda-check-no_moves-1-1.log" '^fuda-log 1$'

# play's save: a fuda log may be written, nothing else replaced
echo "my notes" >"$TMP/notes.txt"
ln -s "$TMP/notes.txt" "$TMP/link.log"
printf 'save %s\nsave %s\nsave %s\nquit\ny\n' "$TMP/notes.txt" "$TMP/link.log" "$TMP/new.log" |
    "$FUDA" play tiny --seed 1 >"$OUT" 2>"$ERR"
expect "save over a file that is not a log: refused" has "$OUT" "could not save the log to $TMP/notes.txt: it is not a fuda log: refusing to replace it"
expect "save through a link to such a file: refused" has "$OUT" "could not save the log to $TMP/link.log: it is not a fuda log"
expect "the notes are untouched" [ "$(cat "$TMP/notes.txt")" = "my notes" ]
expect "save to a new file: done" has "$TMP/new.log" '^fuda-log 1$'
printf 'save %s\nquit\ny\n' "$TMP/new.log" | "$FUDA" play tiny --seed 2 >"$OUT" 2>"$ERR"
expect "save over a fuda log: done" has "$OUT" "^saved the log to $TMP/new.log"
expect "... it holds the new match" has "$TMP/new.log" '^seed 2$'

finish
