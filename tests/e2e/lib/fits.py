#!/usr/bin/env python3
# fits.py WIDTH FILE -- succeed when every line of FILE takes at most WIDTH
# columns on a terminal (an East Asian wide character two, a combining mark
# none); else print the lines that do not fit, with their widths.
import sys, unicodedata

def columns(line):
    n = 0
    for ch in line:
        if unicodedata.combining(ch) or ch in "\u200b\u200c\u200d\ufeff":
            continue
        n += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return n

width = int(sys.argv[1])
bad = [(columns(l), l) for l in open(sys.argv[2], encoding="utf-8").read().split("\n") if columns(l) > width]
for n, l in bad[:10]:
    print("%d columns: %s" % (n, l))
sys.exit(1 if bad else 0)
