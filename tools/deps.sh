#!/bin/sh
# deps.sh -- install the Debian packages fuda needs, if any is missing.
# Runs apt-get as root, or through sudo; does nothing when all are present.
set -e
need=""
pkg-config --exists lua5.4 2>/dev/null || need="$need liblua5.4-dev"
command -v lua5.4 >/dev/null 2>&1 || need="$need lua5.4"   # the C-module test
[ -f /usr/include/readline/readline.h ] || need="$need libreadline-dev"
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
command -v cc >/dev/null 2>&1 || need="$need build-essential"
command -v make >/dev/null 2>&1 || need="$need make"
# the fuzz targets (a short smoke run is part of the tests): clang and libFuzzer
command -v clang >/dev/null 2>&1 || need="$need clang"
dpkg -s libclang-rt-14-dev >/dev/null 2>&1 || need="$need libclang-rt-14-dev"
[ -z "$need" ] && exit 0
echo "fuda: installing Debian packages:$need"
if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need
