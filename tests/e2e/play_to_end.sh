#!/bin/sh
# play_to_end.sh -- every game can be played to the end in the terminal by a
# person: a driver (python3) sits at seat 1, reads each prompt, asks `moves`
# and types one of the legal moves (answering claim questions too), until the
# match is over. Several seeds and seat counts per game.
. "$(dirname "$0")/lib/check.sh"

cat >"$TMP/driver.py" <<'PY'
import os, random, re, select, subprocess, sys, time
fuda, seed = sys.argv[1], int(sys.argv[2])
args = sys.argv[3:]
rng = random.Random(seed)
env = dict(os.environ, NO_COLOR="1")
p = subprocess.Popen([fuda, "play"] + args + ["--seed", str(seed)], stdin=subprocess.PIPE,
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
buf = b""
def until(pattern, limit=30.0):
    """Read until the output (since the last call) matches pattern or the program ends."""
    global buf
    end = time.time() + limit
    while True:
        m = re.search(pattern, buf)
        if m:
            got, buf = buf[:m.end()], buf[m.end():]
            return got, m
        r, _, _ = select.select([p.stdout], [], [], max(0.0, end - time.time()))
        if not r:
            sys.exit("timeout; last output: %r" % buf[-400:])
        chunk = os.read(p.stdout.fileno(), 65536)
        if not chunk:
            got, buf = buf, b""
            return got, None
        buf += chunk
def send(line):
    p.stdin.write(line.encode() + b"\n")
    p.stdin.flush()
# Lock step: a line is typed only right after the prompt it answers has been
# read, and fuda reads one line per prompt, so fuda never exits with a line
# of ours unread (a write could then fail with a broken pipe). A prompt ends
# the output ($) because fuda waits for the answer after printing it.
prompt = rb"\[seat \d\]> $|\[y/N\] $|Press Enter for the next (?:hand|game)\n"
typed, over = 0, False
while typed < 20000:
    got, m = until(prompt)
    if m is None:
        over = b"Match over" in got
        break
    text = m.group(0)
    if text.startswith(b"Press Enter"):  # not a terminal: fuda goes on by itself
        continue
    if text.endswith(b"[y/N] "):
        send(rng.choice(["y", ""]))
    else:
        send("moves")
        got, m2 = until(rb"legal moves: (.*)\n")
        if m2 is None:
            sys.exit("fuda ended after 'moves'; last output: %r" % got[-400:])
        moves = m2.group(1).decode().split(", ")
        got, m3 = until(prompt)  # the same prompt again: the move answers it
        if m3 is None or m3.group(0) != text:
            sys.exit("no prompt after the legal moves; last output: %r" % got[-400:])
        send(rng.choice(moves))
    typed += 1
p.stdin.close()
p.wait()
rest = buf + p.stdout.read()
over = over or b"Match over" in rest
print("moves typed %d, exit %d, %s" % (typed, p.returncode, "match over" if over else "NOT OVER"))
sys.exit(0 if over and p.returncode == 0 else 1)
PY

play_to_end() { # name, seed, play arguments...
    name=$1 seed=$2
    shift 2
    python3 "$TMP/driver.py" "$FUDA" "$seed" "$@" >"$OUT" 2>"$ERR"
    RC=$?
    expect "$name (seed $seed) is played to the end by a person at seat 1" status 0
}

play_to_end "gin" 1 gin --target 40
play_to_end "gin-bicycle" 2 gin-bicycle --target 40
play_to_end "gin-intro" 3 gin-intro --target 40
play_to_end "oklahoma" 8 oklahoma --target 40
play_to_end "tedesco" 9 tedesco --target 40
play_to_end "straight-gin" 8 straight-gin --target 60
play_to_end "straight-gin, a series" 9 straight-gin --option series=true
play_to_end "hollywood" 10 hollywood --target 40
play_to_end "round-the-corner" 11 round-the-corner --target 60
play_to_end "celebes" 10 celebes --target 40
play_to_end "battle-royale" 12 battle-royale --target 60
play_to_end "cutthroat" 13 cutthroat --target 40
play_to_end "chouette" 14 chouette --target 40
play_to_end "celebes, passing" 11 celebes --target 40 --option non_dealer_declines=passing
play_to_end "zun, 4 players" 4 zun --seats 4 --option games=2
play_to_end "zun, 2 players" 5 zun --seats 2 --option games=3
play_to_end "dobon, 3 players" 6 dobon --seats 3 --option games=2
play_to_end "dobon, 8 players" 7 dobon --seats 8 --option games=4
play_to_end "partnership (two tables)" 12 partnership --target 40
play_to_end "partnership, hot seat at both tables" 13 partnership --target 30 --humans 1,4
play_to_end "teams, 6 players" 14 teams --seats 6 --option target_by_size=false --target 40
finish
