#!/bin/sh
# python.sh -- the Python module (make python, docs/python.md): `import fuda`
# from build/python, random play to the end of gin, zun, dobon and a script
# by path, the observation against fuda agent's act line, clone, resample,
# bad actions, hostile scripts, the AEC and single-agent wrappers
# (lib/python_env.py main); observation_tensor with numpy (tensor); a process
# under fuda.confine() (confined) and confine refused after an Env (late).
# The interpreter is $PYTHON (python3); the tensor part runs under the first
# of it and Debian's /usr/bin/python3 that has numpy (python3-numpy) and the
# same version, since the module is built for one.
FUDA=${1:?usage: sh python.sh FUDA}
case $FUDA in /*) ;; *) FUDA=$(pwd)/$FUDA ;; esac
PY=${PYTHON:-python3}
total_p=0
total_f=0
if ! make -s python >/dev/null 2>&1; then
    echo "FAIL: make python"
    make -s python 2>&1 | tail -5
    echo "0 passed, 1 failed"
    exit 1
fi
# part NAME INTERPRETER: run lib/python_env.py's part, add its counts
part() {
    out=$(PYTHONPATH=build/python FUDA_PATH= timeout 120 "$2" tests/e2e/lib/python_env.py "$FUDA" "$1" 2>&1)
    printf '%s\n' "$out" | grep -v '^[0-9]* passed, [0-9]* failed$'
    line=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -n 1)
    if [ -z "$line" ]; then
        echo "FAIL: part $1 printed no count"
        total_f=$((total_f + 1))
        return
    fi
    total_p=$((total_p + ${line%% passed*}))
    f=${line#*passed, }
    total_f=$((total_f + ${f%% failed*}))
}
part main "$PY"
numpy_py=
version=$("$PY" -c 'import sys; print(sys.version_info[:2])')
for p in "$PY" /usr/bin/python3; do
    if [ -x "$(command -v "$p")" ] && [ "$("$p" -c 'import sys; print(sys.version_info[:2])' 2>/dev/null)" = "$version" ] &&
        "$p" -c 'import numpy' 2>/dev/null; then
        numpy_py=$p
        break
    fi
done
if [ -n "$numpy_py" ]; then
    part tensor "$numpy_py"
else
    echo "FAIL: no python3 $version with numpy for the tensor checks (apt-get install python3-numpy)"
    total_f=$((total_f + 1))
fi
part confined "$PY"
part late "$PY"
echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
