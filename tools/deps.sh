#!/bin/sh
# deps.sh [test] -- install the Debian packages fuda needs, if any is missing
# (python3-dev: the headers of $PYTHON, python3 unless set, for make python);
# with `test`, also what the test suite needs (clang and libFuzzer for the
# fuzz smoke run, lua5.4 for the C-module test, groff for the manual page
# test, python3-numpy for the Python module's tensor test, GNU parallel for
# the sharded run); with `bench`, what
# tools/bench.sh needs (time); with `profile`, what tools/profile.sh needs
# (dpkg-dev for apt-get source, linux-perf); with `openspiel`, what
# tools/openspiel.sh needs to build OpenSpiel's gin_rummy (g++, nlohmann's
# json header; abseil comes with OpenSpiel's sources) and time it. Runs apt-get as root, or
# through sudo; does nothing when all are present.
set -e
need=""
pkg-config --exists lua5.4 2>/dev/null || need="$need liblua5.4-dev"
[ -f /usr/include/readline/readline.h ] || need="$need libreadline-dev"
[ -f /usr/include/seccomp.h ] || need="$need libseccomp-dev"   # the OS layer of the sandbox
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
command -v cc >/dev/null 2>&1 || need="$need build-essential"
command -v make >/dev/null 2>&1 || need="$need make"
# the Python module (make python): the headers of the python3 it is built for
PY=${PYTHON:-python3}
if ! command -v "$PY" >/dev/null 2>&1; then
    need="$need python3 python3-dev"
else
    inc=$("$PY" -c 'import sysconfig; print(sysconfig.get_paths()["include"])' 2>/dev/null)
    [ -n "$inc" ] && [ -f "$inc/Python.h" ] || need="$need python3-dev"
fi
if [ "${1:-}" = test ]; then
    command -v clang >/dev/null 2>&1 || need="$need clang"
    dpkg -s libclang-rt-14-dev >/dev/null 2>&1 || need="$need libclang-rt-14-dev"
    command -v lua5.4 >/dev/null 2>&1 || need="$need lua5.4"
    command -v python3 >/dev/null 2>&1 || need="$need python3"   # terminal-driving tests
    command -v groff >/dev/null 2>&1 || need="$need groff-base"  # the manual page test
    # the Python module's tensor test: Debian's numpy (for /usr/bin/python3)
    dpkg -s python3-numpy >/dev/null 2>&1 || need="$need python3-numpy"
    command -v parallel >/dev/null 2>&1 || need="$need parallel"  # shard.sh: a sharded sim through it
fi
if [ "${1:-}" = bench ]; then
    [ -x /usr/bin/time ] || need="$need time"
fi
if [ "${1:-}" = openspiel ]; then
    command -v g++ >/dev/null 2>&1 || need="$need g++"
    [ -f /usr/include/nlohmann/json.hpp ] || need="$need nlohmann-json3-dev"
    [ -x /usr/bin/time ] || need="$need time"
fi
if [ "${1:-}" = profile ]; then
    command -v dpkg-source >/dev/null 2>&1 || need="$need dpkg-dev"
    command -v perf >/dev/null 2>&1 || command -v valgrind >/dev/null 2>&1 || need="$need linux-perf"
fi
[ -z "$need" ] && exit 0
echo "fuda: installing Debian packages:$need"
if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need
