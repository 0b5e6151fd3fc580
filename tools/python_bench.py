"""python_bench.py [SECONDS] [RUNS] -- steps per CPU second of random play of
gin from Python through the fuda module (docs/performance.md, "Python"):
uniform random legal actions for both seats, matches played to the end, one
after another (reset with the next seed). Three loops, each RUNS times
(3) for SECONDS of CPU time (2) each, alternately; prints the median and
the range of each:

  bare      legal_actions + step (events off)
  obs       the same, and the acting seat's observation() dict each step
  tensor    the same, and its observation_tensor() (numpy) each step, as
            RLCard's gin environment gives its agents a state every step

Run it as PYTHONPATH=build/python python3 tools/python_bench.py (the tensor
loop needs numpy: Debian's python3-numpy, for /usr/bin/python3)."""
import random
import sys
import time

import fuda


def loop(kind, seconds):
    env = fuda.Env("gin", seed=1, events=(kind != "bare"))
    rng = random.Random(1)
    steps = 0
    t0 = time.process_time()
    while True:
        if env.done:
            env.reset()
        seat = env.current_player
        if kind == "obs":
            env.observation(seat)
        elif kind == "tensor":
            env.observation_tensor(seat)
        acts = env.legal_actions(seat)
        env.step(acts[rng.randrange(len(acts))], seat)
        steps += 1
        if steps % 1000 == 0 and time.process_time() - t0 >= seconds:
            return steps / (time.process_time() - t0)


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    kinds = ["bare", "obs", "tensor"]
    got = {k: [] for k in kinds}
    for _ in range(runs):
        for k in kinds:
            got[k].append(loop(k, seconds))
    for k in kinds:
        v = sorted(got[k])
        print("%-7s %9.0f steps/s (CPU), median of %d, range %.0f..%.0f" % (k, v[len(v) // 2], runs, v[0], v[-1]))


if __name__ == "__main__":
    main()
