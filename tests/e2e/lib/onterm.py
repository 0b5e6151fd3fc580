#!/usr/bin/env python3
# onterm.py FUDA STEP... -- run FUDA's arguments up to "--" on a terminal; then
# each STEP is "wait:TEXT" (until the output shows TEXT, 20 s at most),
# "send:TEXT" (\x03 is Ctrl-C, \r Enter), "stopping:TEXT" (Ctrl-C at every
# "(Ctrl-C stops)" shown until TEXT shows, 20 s at most) or "exit" (wait for the
# end). Prints the output (escape sequences removed) and "exit status N".
import os, pty, re, select, sys, time
args = sys.argv[1:]
cut = args.index("--")
argv, steps = args[:cut], args[cut + 1:]
os.environ["HOME"] = os.environ["PTY_HOME"]
if os.environ.get("PTY_COLOR") != "1":
    os.environ["NO_COLOR"] = "1"
else:
    os.environ.pop("NO_COLOR", None)
pid, fd = pty.fork()
if pid == 0:
    if os.environ.get("PTY_COLS"):  # the terminal's width (default: none known), set before
        import fcntl, struct, termios  # fuda starts: it may read the width at once
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 50, int(os.environ["PTY_COLS"]), 0, 0))
    os.execv(argv[0], argv)
out = b""
seen = 0  # a wait looks at the output after the previous wait's text
def read(until, limit=20.0):
    global out
    end = time.time() + limit
    while time.time() < end and (until is None or until not in out[seen:]):
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                data = os.read(fd, 4096)
            except OSError:
                return
            if not data:
                return
            out += data.replace(b"\x07", b"")  # the bell of an ambiguous Tab
def passed(text):
    """Look on past `text` in the output, or mark that it never came."""
    global out, seen
    if text in out[seen:]:
        seen = out.index(text, seen) + len(text)
    else:
        out += b"\n<<timeout waiting for %s>>\n" % text
        seen = len(out)
status = None
for step in steps:
    kind, _, text = step.partition(":")
    text = text.encode().decode("unicode_escape").encode()
    if kind == "wait":
        read(text)
        passed(text)
    elif kind == "send":
        os.write(fd, text)
    elif kind == "stopping":
        end = time.time() + 20
        while time.time() < end and text not in out[seen:]:
            k = out.find(b"(Ctrl-C stops)", seen)
            if k >= 0:
                os.write(fd, b"\x03")
                seen = k + len(b"(Ctrl-C stops)")
            read(None, 0.05)
        passed(text)
    elif kind == "exit":
        read(None, 20.0)
for _ in range(100):  # 10 s more for the end, then kill it: a test must not hang
    done, st = os.waitpid(pid, os.WNOHANG)
    if done:
        break
    time.sleep(0.1)
else:
    os.kill(pid, 9)
    _, st = os.waitpid(pid, 0)
text = out.decode(errors="replace")
if os.environ.get("PTY_RAW") == "1":  # colour codes shown as <ESC>[31m
    text = text.replace("\x1b[31m", "<RED>").replace("\x1b[0m", "<RESET>")
text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)
sys.stdout.write(text.replace("\r\n", "\n").replace("\r", "\n"))
print("\nexit status %d" % (os.WEXITSTATUS(st) if os.WIFEXITED(st) else 128 + os.WTERMSIG(st)))
