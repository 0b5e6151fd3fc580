-- fuzz-scripts: hseed=1 mem=16 instr=200000 time=200 paranoid=1 used=0
-- reach.lua -- prints what a probe prints when it reaches what the sandbox leaves out: the
-- script fuzzer must report it (tests/e2e/fuzz_scripts.sh).
print("\1E", "planted")
return { extends = "tiny" }
