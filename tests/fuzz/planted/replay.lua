-- fuzz-scripts: hseed=3 mem=16 instr=200000 time=200 paranoid=1 used=0
-- replay.lua -- keeps a count of moves hook calls in an upvalue and scores it: the harness asks
-- for moves more often than a replay does, so the log does not replay to the same state, and
-- the script fuzzer must report it (tests/e2e/fuzz_scripts.sh).
local base = fuda.variant("tiny")
local calls = 0
return {
  extends = "tiny",
  moves = function(g, seat)
    calls = calls + 1
    return base.moves(g, seat)
  end,
  play = function(g, seat, move)
    g.seat[seat].snaps = calls % 7
    return base.play(g, seat, move)
  end,
}
