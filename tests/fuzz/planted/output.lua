-- fuzz-scripts: hseed=1 mem=16 instr=200000 time=200 paranoid=1 used=0
-- output.lua -- prints a line that is not print's marked output, as foreign output from the
-- engine would be: the script fuzzer must report it (tests/e2e/fuzz_scripts.sh).
print("check: OK")
return { extends = "tiny" }
