#!/usr/bin/env python3
"""callgraph.py -- the link-level call graph of fuda's top folders.

Usage: tools/callgraph.py [--build DIR] [--cycles] [FOLDER...]

Reads the objects the build made (DIR/FOLDER/*.o, DIR is `build` unless
given) with `nm`, and for each FOLDER (core, lua-bindings and repl unless
given) prints which file calls which: an arrow a -> b when a.o uses a symbol
that b.o defines, with the symbols. This is the real dependency graph: an
#include says what a file could use, nm says what it does use.

Then the files that reach each other (strongly connected groups: a cycle)
and, for the rest, the layers: layer 0 calls no file of the folder, layer n
calls only files of lower layers.

--cycles prints only the cycles, one line a group ("a b c"), sorted, and
nothing when there are none: the form tests/e2e/layers.sh compares.

Exit status: 0, or 2 on a usage error or when an object is missing (build
first).
"""
import os
import subprocess
import sys

DEFAULT_FOLDERS = ["core", "lua-bindings", "repl"]


def symbols(obj):
    """(defined, used) symbol sets of one object file, from nm."""
    out = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            used.add(parts[1])
        elif len(parts) == 3 and parts[1] in "TDBRCGSV":
            defined.add(parts[2])
    return defined, used


def graph(build, folder):
    """{file: {callee file: [symbols]}} over the objects of one folder."""
    d = os.path.join(build, folder)
    if not os.path.isdir(d):
        sys.exit("callgraph.py: no %s (run make first)" % d)
    objs = sorted(f for f in os.listdir(d) if f.endswith(".o"))
    if not objs:
        sys.exit("callgraph.py: no objects in %s (run make first)" % d)
    defs, uses = {}, {}
    for o in objs:
        name = o[:-2]
        defs[name], uses[name] = symbols(os.path.join(d, o))
    owner = {}
    for name, syms in defs.items():
        for s in syms:
            owner[s] = name
    g = {}
    for name in defs:
        edges = {}
        for s in sorted(uses[name]):
            callee = owner.get(s)
            if callee and callee != name:
                edges.setdefault(callee, []).append(s)
        g[name] = edges
    return g


def sccs(g):
    """Tarjan's strongly connected components, each a sorted list."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def layers(g, comps):
    """{group representative: layer}, a group's layer one above its highest callee."""
    group = {}
    for c in comps:
        for v in c:
            group[v] = c[0]
    level = {}

    def depth(rep, seen=()):
        if rep in level:
            return level[rep]
        members = [c for c in comps if c[0] == rep][0]
        below = {group[w] for v in members for w in g[v]} - {rep}
        level[rep] = 1 + max((depth(b) for b in below), default=-1)
        return level[rep]

    for c in comps:
        depth(c[0])
    return level


def report(folder, g):
    comps = sccs(g)
    cycles = [c for c in comps if len(c) > 1]
    nedges = sum(len(e) for e in g.values())
    print("%s: %d files, %d arrows" % (folder, len(g), nedges))
    for name in sorted(g):
        if g[name]:
            print("  %-12s -> %s" % (name, ", ".join(
                "%s [%s]" % (c, " ".join(g[name][c][:3]) + (" ..." if len(g[name][c]) > 3 else ""))
                for c in sorted(g[name]))))
    if cycles:
        print("  cycles (files that reach each other):")
        for c in cycles:
            print("    " + " ".join(c))
    else:
        print("  no cycle")
    level = layers(g, comps)
    by = {}
    for c in comps:
        by.setdefault(level[c[0]], []).append("(" + " ".join(c) + ")" if len(c) > 1 else c[0])
    print("  layers, bottom first:")
    for n in sorted(by):
        print("    L%d  %s" % (n, " ".join(sorted(by[n]))))


def main(argv):
    build = "build"
    only_cycles = False
    folders = []
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--build" and args:
            build = args.pop(0)
        elif a == "--cycles":
            only_cycles = True
        elif a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        elif a.startswith("-"):
            print("callgraph.py: unknown option %s (see --help)" % a, file=sys.stderr)
            return 2
        else:
            folders.append(a.rstrip("/"))
    for folder in folders or DEFAULT_FOLDERS:
        g = graph(build, folder)
        if only_cycles:
            for c in sccs(g):
                if len(c) > 1:
                    print("%s: %s" % (folder, " ".join(c)))
        else:
            report(folder, g)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
