#!/bin/sh
# profile.sh -- where a random gin sim spends its time, down to the functions
# of the Lua VM: builds Lua 5.4 from Debian's source with symbols, a fuda
# linked against it, and profiles `fuda sim` with perf (callgrind when perf
# cannot record). Run by `make profile`; everything goes to build-profile/.
#
#   sh tools/profile.sh [SIM ARGS...]   (default: gin -n 20 --seed 1 --bots random)
#
# Lua's source: Debian's lua5.4 source package, fetched by `apt-get source`
# with a private apt configuration (build-profile/apt/: a sources.list with
# one deb-src line for deb.debian.org bookworm, its own lists and cache), so
# no file of the system changes; apt checks the download against Debian's
# signed release file as usual. Fetched once, kept in build-profile/src/.
# Needs: apt-get and dpkg-source (dpkg-dev), perf (linux-perf) or valgrind.
#
# Lua is compiled as Debian compiles it (LUA_COMPAT_5_3, LUA_USE_LINUX, -O2)
# plus -g -fno-omit-frame-pointer, into build-profile/lua/liblua.a; fuda's own
# sources with the same flags, against that library's headers, by the
# project's Makefile with BUILD=build-profile. The profiled program therefore
# matches ./fuda but for the frame pointers.
#
# Prints the top of `perf report` (self time per function, then with callees
# included); the data stays in build-profile/perf.data for `perf report -i`.
# Exit status: 0, or 1 when a step fails (with its message).
set -u
OUT=build-profile
PROF_CFLAGS="-O2 -g -fno-omit-frame-pointer"
DIST=${PROFILE_DIST:-bookworm}
[ $# -gt 0 ] || set -- gin -n 20 --seed 1 --bots random
mkdir -p "$OUT" || exit 1

fail() { echo "profile.sh: $*" >&2; exit 1; }

# ---- Lua's source, from Debian ----
fetch_lua() {
    apt=$(pwd)/$OUT/apt
    mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$OUT/src"
    echo "deb-src http://deb.debian.org/debian $DIST main" >"$apt/sources.list"
    set -- -o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null \
        -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" \
        -o Debug::NoLocking=1 -o APT::Sandbox::User="$(id -un)"
    echo "== fetching Debian's lua5.4 source ($DIST) into $OUT/src"
    apt-get "$@" -q update >"$OUT/apt.log" 2>&1 || { cat "$OUT/apt.log" >&2; fail "apt-get update failed"; }
    (cd "$OUT/src" && apt-get "$@" -q source lua5.4) >>"$OUT/apt.log" 2>&1 ||
        { tail -n 20 "$OUT/apt.log" >&2; fail "apt-get source lua5.4 failed"; }
}

luasrc() { for d in "$OUT"/src/lua5.4-*/src; do [ -f "$d/lvm.c" ] && echo "$d" && return 0; done; return 1; }

src=$(luasrc) || { fetch_lua; src=$(luasrc) || fail "no Lua source in $OUT/src"; }

# ---- liblua.a with symbols ----
lib=$OUT/lua
mkdir -p "$lib/obj" "$lib/include"
if [ ! -f "$lib/liblua.a" ]; then
    echo "== building Lua from $src with $PROF_CFLAGS"
    # Debian's luaconf.h includes a header its build writes: the same here
    arch=$(cc -print-multiarch 2>/dev/null)
    printf '#ifndef _LUA_DEB_MULTIARCH_\n#define _LUA_DEB_MULTIARCH_\n#define DEB_HOST_MULTIARCH "%s"\n#endif\n' \
        "${arch:-x86_64-linux-gnu}" >"$lib/include/lua5.4-deb-multiarch.h"
    for c in "$src"/*.c; do
        case ${c##*/} in lua.c | luac.c) continue ;; esac
        o=$lib/obj/$(basename "$c" .c).o
        cc $PROF_CFLAGS -DLUA_COMPAT_5_3 -DLUA_USE_LINUX -I"$lib/include" -c -o "$o" "$c" || fail "compiling $c failed"
    done
    cp "$src"/lua.h "$src"/luaconf.h "$src"/lualib.h "$src"/lauxlib.h "$lib/include/" || exit 1
    ar rcs "$lib/liblua.a" "$lib"/obj/*.o || exit 1
fi

# ---- fuda against it ----
echo "== building $OUT/fuda"
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -j2 BUILD="$OUT" CFLAGS="$PROF_CFLAGS" \
    LUA_CFLAGS="-I$lib/include" LUA_LIBS="$lib/liblua.a -ldl" "$OUT/fuda" >"$OUT/make.log" 2>&1 ||
    { tail -n 20 "$OUT/make.log" >&2; fail "building $OUT/fuda failed"; }

# ---- the profile ----
echo "== fuda sim $*"
if command -v perf >/dev/null 2>&1 &&
    FUDA_CONFINE=off perf record -q -g -o "$OUT/perf.data" "$OUT/fuda" sim "$@" >"$OUT/sim.txt" 2>"$OUT/perf.log"; then
    grep -E '^(hands|moves|hands/s) ' "$OUT/sim.txt"
    # self time by where the function lives: Lua (a symbol of liblua.a),
    # fuda's own C (the rest of the program), libc, the kernel, elsewhere
    nm --defined-only "$lib/liblua.a" 2>/dev/null | awk 'NF == 3 { print $3 }' >"$OUT/lua.syms"
    perf report -i "$OUT/perf.data" --stdio --no-children --sort dso,sym -g none 2>/dev/null |
        grep -v '^#' | grep -v '^$' >"$OUT/self.txt"
    echo "== self time by part"
    awk -v exe="$(basename "$OUT/fuda")" 'NR == FNR { lua[$1] = 1; next }
        { p = $1; sub(/%/, "", p); sym = $4; sub(/\..*/, "", sym)
          if ($2 == exe) part = (sym in lua) ? "Lua VM and C API" : "fuda (core, bindings, repl)"
          else if ($2 ~ /^libc/) part = "libc"
          else if ($2 ~ /kernel/) part = "kernel"
          else part = "other (" $2 ")"
          sum[part] += p }
        END { for (k in sum) printf "  %6.2f%%  %s\n", sum[k], k }' "$OUT/lua.syms" "$OUT/self.txt" | sort -rn
    echo "== perf report: self time"
    head -n 40 "$OUT/self.txt"
    echo "== perf report: with callees (children)"
    perf report -i "$OUT/perf.data" --stdio --children --sort sym -g none --percent-limit 3 2>/dev/null |
        grep -v '^#' | grep -v '^$' | head -n 40
    echo "(the whole profile: perf report -i $OUT/perf.data)"
elif command -v valgrind >/dev/null 2>&1; then
    echo "perf cannot record here ($(tail -n 1 "$OUT/perf.log" 2>/dev/null)); callgrind instead"
    FUDA_CONFINE=off valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind.out" "$OUT/fuda" sim "$@" >"$OUT/sim.txt" 2>"$OUT/callgrind.log" ||
        { tail -n 20 "$OUT/callgrind.log" >&2; fail "callgrind failed"; }
    grep -E '^(hands|moves) ' "$OUT/sim.txt"
    echo "== callgrind: self cost"
    callgrind_annotate "$OUT/callgrind.out" 2>/dev/null | sed -n '1,60p' | grep -E '^ *[0-9,]+ +\(' | head -n 40
    echo "== callgrind: with callees"
    callgrind_annotate --inclusive=yes "$OUT/callgrind.out" 2>/dev/null | grep -E '^ *[0-9,]+ +\(' | head -n 40
    echo "(the whole profile: callgrind_annotate $OUT/callgrind.out)"
else
    fail "neither perf nor valgrind is installed (Debian packages linux-perf, valgrind)"
fi
exit 0
