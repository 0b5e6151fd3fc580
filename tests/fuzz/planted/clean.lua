-- fuzz-scripts: hseed=5 mem=16 instr=200000 time=200 paranoid=1 used=0
-- clean.lua -- a plain game: the script fuzzer finds nothing (tests/e2e/fuzz_scripts.sh).
return { extends = "tiny", options = { hand_size = 3 } }
