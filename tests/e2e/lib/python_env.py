"""python_env.py FUDA PART -- the checks of tests/e2e/python.sh, run with
PYTHONPATH=build/python from the source tree. PART is "main" (everything
but numpy), "tensor" (observation_tensor, with numpy) or "confined" (a
process under fuda.confine()). Prints "FAIL: ..." for each failed check,
then "N passed, N failed"; exits 1 on any failure."""
import json
import os
import random
import subprocess
import sys

import fuda

FUDA = sys.argv[1]
PART = sys.argv[2]
passed = failed = 0


def check(name, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL: %s %s" % (name, detail))


def raises(name, kinds, fn, text=None):
    """fn() raises one of kinds, whose message holds text."""
    try:
        fn()
    except kinds as e:
        check(name, text is None or text in str(e), "message: %r, want %r in it" % (str(e), text))
        return e
    except Exception as e:  # noqa: BLE001 -- a wrong kind is a failure, said so
        check(name, False, "raised %s: %s" % (type(e).__name__, e))
        return None
    check(name, False, "raised nothing")
    return None


def play_out(env, rng, limit=100000):
    """Random legal actions to the match's end; the steps taken."""
    n = 0
    while not env.done and n < limit:
        seat = env.current_player
        env.step(rng.choice(env.legal_actions(seat)), seat)
        n += 1
    return n


def hidden_ok(obs):
    """No pile shows the seat a card it may not see: another seat's hand
    shows none, a face-down pile none, a top pile at most its top."""
    for p in obs["piles"]:
        if p["size"] != len(p["cards"]) + p["hidden"]:
            return False
        if p["vis"] == "hidden" and p["cards"]:
            return False
        if p["vis"] == "owner" and p["owner"] != obs["seat"] and p["cards"]:
            return False
        if p["vis"] == "top" and len(p["cards"]) > 1:
            return False
    return True


def main_part():
    check("list_variants names the built-in games",
          {"gin", "zun", "dobon"} <= set(fuda.list_variants()), str(fuda.list_variants()))

    # random play to the end: gin, zun (4 seats), dobon (3), a script by path
    for variant, seats, kw in (("gin", 0, {}), ("zun", 4, {}), ("dobon", 3, {}),
                               ("tests/variants/tiny.lua", 3, {"trusted": True})):
        env = fuda.Env(variant, seats=seats, seed=7, **kw)
        rng = random.Random(7)
        steps, all_hidden_ok = 0, True
        while not env.done and steps < 100000:
            seat = env.current_player
            obs = env.observation(seat)
            all_hidden_ok &= hidden_ok(obs) and obs["moves"] == env.legal_moves(seat)
            acts = env.legal_actions(seat)
            env.step(rng.choice(acts), seat)
            steps += 1
        check("%s: random play ends the match" % variant, env.done, "after %d steps" % steps)
        totals, won = env.returns(), env.winners()
        top = [s for s, t in enumerate(totals, 1) if t == max(totals)]
        check("%s: the winners are the one top total (none on a tie)" % variant,
              won == (top if len(top) == 1 else []), "%s %s" % (won, totals))
        check("%s: the returns are the observation's scores" % variant,
              env.returns() == env.observation(1)["scores"])
        check("%s: no observation shows a hidden card, and its moves are legal_moves" % variant, all_hidden_ok)
        check("%s: nobody acts at the end" % variant, env.current_player is None and env.current_players() == [])
        raises("%s: a step after the end" % variant, ValueError, lambda: env.step(0), "the match is over")
        first = env.seed
        env.reset()
        check("%s: reset starts the next seed" % variant, env.seed == first + 1 and env.move_count == 0)

    # the same match as the same seed: the hash after the same actions
    a, b = fuda.Env("gin", seed=11), fuda.Env("gin", seed=11)
    play_out(a, random.Random(3))
    play_out(b, random.Random(3))
    check("gin: a seed and the same actions give the same match", a.hash() == b.hash() and a.log() == b.log())

    # the observation is the agent protocol's act line, the same source: the
    # other seats played by the variant's first bot in both
    for variant, seats, seat in (("gin", 2, 1), ("zun", 4, 4)):
        p = subprocess.Popen([FUDA, "agent", variant, "--seed", "3", "--seats", str(seats), "--seat", str(seat)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = p.stdout.readline()
        p.stdin.close()
        p.wait()
        env = fuda.Env(variant, seats=seats, seed=3)
        while seat not in env.current_players():
            s = env.current_player
            env.step(env.bot_action(s), s)
        check("%s: observation(%d) is fuda agent's first act line" % (variant, seat),
              json.loads(line) == env.observation(seat),
              "\n agent: %s\n env:   %s" % (line.strip(), json.dumps(env.observation(seat))))

    # bad actions: refused with the engine's message, the match as it was
    env = fuda.Env("gin", seed=5)
    play_out(env, random.Random(5), limit=15)
    h, n, obs = env.hash(), env.move_count, env.observation()
    seat = env.current_player
    nacts = len(env.legal_actions())
    raises("an action past the legal ones", ValueError, lambda: env.step(nacts),
           "seat %d has %d legal actions (0..%d)" % (seat, nacts, nacts - 1))
    raises("a negative action", ValueError, lambda: env.step(-1), "is not legal")
    raises("a move text that is not legal", ValueError, lambda: env.step("discard 7x"), "is not a legal move")
    raises("an action of a float", TypeError, lambda: env.step(1.5), "an action is an int")
    other = 3 - seat
    raises("a seat that cannot act", ValueError, lambda: env.step(0, other), "seat %d has no move now" % other)
    raises("a seat out of range", ValueError, lambda: env.step(0, 3), "bad seat 3 (seats are 1..2)")
    check("bad actions leave the match as it was",
          env.hash() == h and env.move_count == n and env.observation() == obs)
    text = env.legal_moves()[0]
    env.step(text)
    check("a move's text is an action", env.move_count == n + 1)

    # clone: the same match, independent of the original
    env = fuda.Env("gin", seed=21)
    play_out(env, random.Random(21), limit=25)
    c = env.clone()
    check("clone: the same hash, observations and log",
          c.hash() == env.hash() and c.observation(1) == env.observation(1)
          and c.observation(2) == env.observation(2) and c.log() == env.log())
    check("clone: the same bot choices", [c.bot_action(bot="random") for _ in range(5)]
          == [env.bot_action(bot="random") for _ in range(5)])
    h, n = env.hash(), env.move_count
    play_out(c, random.Random(1))
    check("clone: playing the copy to its end leaves the original as it was",
          c.done and env.hash() == h and env.move_count == n and not env.done)
    d = env.clone()
    play_out(env, random.Random(9))
    play_out(d, random.Random(9))
    check("clone: the copy and the original go on alike", d.hash() == env.hash() and d.returns() == env.returns())
    check("clone: a copy is an Env", isinstance(c, fuda.Env))
    import copy
    check("copy.deepcopy is clone", copy.deepcopy(env).hash() == env.hash())

    # resample: what the seat knows stays, what it does not is dealt anew
    env = fuda.Env("gin", seed=31)
    rng = random.Random(31)
    kept, moved, copies = True, False, True
    for k in range(12):
        play_out(env, rng, limit=4)
        if env.done:
            break
        seat = env.current_player
        o_seat, o_other, h = env.observation(seat), env.observation(3 - seat), env.hash()
        cards = env.resample(seat)
        kept &= env.observation(seat) == o_seat and cards > 0
        moved |= env.observation(3 - seat)["piles"] != o_other["piles"]
        copies &= env.clone().hash() == env.hash()
        if env.hash() == h:
            moved = False
    check("resample: the seat's observation is unchanged", kept)
    check("resample: the other seat's hand is dealt anew", moved)
    check("resample: a clone after it is the same match", copies)
    raises("resample: a bad seat", ValueError, lambda: env.resample(5), "bad seat 5")

    # bots as policies
    env = fuda.Env("gin", seed=41)
    ok = True
    while not env.done:
        a = fuda.Bot("basic")(env)
        ok &= a in env.legal_actions()
        env.step(a)
    check("Bot('basic') plays gin to the end with legal actions", ok and env.done)
    check("the bots every variant has", env.info["bots"] == ["basic", "simple", "random", "search"], str(env.info["bots"]))
    env.reset()
    raises("an unknown bot", fuda.Error, lambda: env.bot_action(bot="nosuch"), "nosuch")

    # loading: names, options, paths
    raises("a script by path is refused unless trusted", fuda.UntrustedError,
           lambda: fuda.Env("tests/variants/tiny.lua"), "trusted=True")
    check("UntrustedError is a PermissionError", issubclass(fuda.UntrustedError, PermissionError))
    raises("an unknown variant", fuda.Error, lambda: fuda.Env("nosuch"), "variant 'nosuch' not found")
    raises("a bad option", fuda.Error, lambda: fuda.Env("gin", options={"knock_limit": "x"}),
           "option 'knock_limit' must be an integer")
    env = fuda.Env("oklahoma", options={"target": 50, "spade_double": False})
    check("options are taken, True/False as booleans",
          env.info["options"]["target"] == "50" and env.info["options"]["spade_double"] == "false",
          str(env.info["options"]))
    raises("a script's syntax error names its line", fuda.Error,
           lambda: fuda.Env("tests/variants/bad_syntax.lua", trusted=True), "tests/variants/bad_syntax.lua:")

    # hostile scripts: each raises fuda.Error at its line, the match as it was
    for attack, text in (("loop", "sandbox.lua:52: instruction limit exceeded"),
                         ("pcall-loop", "sandbox.lua:53: instruction limit exceeded"),
                         ("rep", "memory limit exceeded (64 MiB"),
                         ("os", "sandbox.lua:56: undeclared global 'os'"),
                         ("io", "sandbox.lua:57: undeclared global 'io'")):
        env = fuda.Env("tests/variants/sandbox.lua", trusted=True, options={"attack": attack},
                       limits={"instructions": 1000000, "memory": 64})
        h = env.hash()
        raises("hostile %s: raises" % attack, fuda.Error, lambda: env.step("draw"), text)
        check("hostile %s: the match as it was" % attack, env.hash() == h and env.move_count == 0)
    env = fuda.Env("tests/variants/sandbox.lua", trusted=True, options={"attack": "memory"},
                   limits={"instructions": 0, "memory": 32})
    raises("hostile memory bomb: raises", fuda.Error, lambda: env.step("draw"),
           "memory limit exceeded (32 MiB for the game's scripts)")
    env.step("play 2s" if "play 2s" in env.legal_moves() else 0)
    check("hostile memory bomb: the Env goes on", env.move_count == 1)
    env = fuda.Env("tests/variants/sandbox.lua", trusted=True, options={"attack": "loop"},
                   limits={"instructions": 0, "time": 300})
    raises("hostile loop: the time limit stops it in Python", fuda.Error, lambda: env.step("draw"),
           "sandbox.lua:52: time limit exceeded (300 ms in one hook call)")
    raises("hostile load: a loop at load", fuda.Error,
           lambda: fuda.Env("tests/hostile/load_loop.lua", trusted=True, limits={"instructions": 1000000}),
           "tests/hostile/load_loop.lua:3: instruction limit exceeded")
    os.environ["FUDA_MAX_INSTRUCTIONS"] = "1000000"
    env = fuda.Env("tests/variants/sandbox.lua", trusted=True, options={"attack": "loop"})
    raises("the limits of FUDA_MAX_INSTRUCTIONS apply", fuda.Error, lambda: env.step("draw"),
           "instruction limit exceeded (1000000 instructions")
    del os.environ["FUDA_MAX_INSTRUCTIONS"]
    raises("a limit that is no number", ValueError, lambda: fuda.Env("gin", limits={"memory": "lots"}), "memory")
    raises("an unknown limit", ValueError, lambda: fuda.Env("gin", limits={"memroy": 5}), "unknown limit")

    # observation_tensor: a clear error without numpy; none for a variant without the hook
    sys.modules["numpy"] = None
    raises("observation_tensor without numpy", ImportError, lambda: fuda.Env("gin").observation_tensor(1),
           "python3-numpy")
    del sys.modules["numpy"]

    # the AEC loop: every agent taken out at the end, its rewards its points
    env = fuda.AECEnv("gin", seed=51)
    env.reset()
    rng = random.Random(51)
    got = {a: 0 for a in env.possible_agents}
    steps = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        got[agent] += reward
        action = None if term or trunc else rng.choice(info["legal_actions"])
        check_obs = obs["seat"] == int(agent[5:]) and (term or obs["moves"] == info["legal_moves"])
        if not check_obs:
            break
        env.step(action)
        steps += 1
    check("AEC: the loop ends with every agent out", env.agents == [] and check_obs, "after %d steps" % steps)
    check("AEC: the rewards add up to the totals", [got[a] for a in env.possible_agents] == env.env.returns(),
          "%s vs %s" % (got, env.env.returns()))
    env.reset()
    check("AEC: reset starts another match", env.agents == env.possible_agents and env.env.move_count == 0)

    # the single-agent wrapper: seat 1 against the basic bot
    env = fuda.SingleAgentEnv("gin", seat=1, opponents="basic", seed=61)
    obs, info = env.reset()
    rng = random.Random(61)
    total, ok = 0, obs["seat"] == 1 and 1 in obs["actors"]
    while True:
        obs, reward, term, trunc, info = env.step(rng.choice(info["legal_actions"]))
        total += reward
        if term or trunc:
            break
        ok &= 1 in obs["actors"] and obs["moves"] == info["legal_moves"]
    r = env.env.returns()
    check("single agent: the seat acts at every step, the bots between", ok)
    check("single agent: the rewards add up to the margin", term and total == r[0] - r[1], "%s %s" % (total, r))
    check("single agent: the winners at the end", info["winners"] == env.env.winners() != [])
    env = fuda.SingleAgentEnv("gin", seat=2, seed=62, max_moves=10)
    obs, info = env.reset()
    steps = 0
    while True:
        obs, reward, term, trunc, info = env.step(info["legal_actions"][0])
        steps += 1
        if term or trunc:
            break
    check("single agent: max_moves truncates", trunc and not term and env.env.move_count >= 10)


def tensor_part():
    import numpy
    env = fuda.Env("gin", seed=71)
    rng = random.Random(71)
    names = [r + s for s in "shdc" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    ok_hand = ok_other = ok_resample = ok_clone = True
    shape = None
    for k in range(40):
        if env.done:
            break
        seat = env.current_player
        t = env.observation_tensor(seat)
        shape = shape or (t.shape, t.dtype)
        obs = env.observation(seat)
        hand = [p for p in obs["piles"] if p["name"] == "hand" and p["owner"] == seat][0]["cards"]
        ok_hand &= sorted(names[i] for i in range(52) if t[i]) == sorted(hand)
        seen = set(names[i - 52] for i in range(52, 104) if t[i])
        other = [p for p in obs["piles"] if p["name"] == "hand" and p["owner"] != seat][0]
        ok_other &= len(seen) <= other["size"]
        c = env.clone()
        c.resample(seat)
        ok_resample &= numpy.array_equal(c.observation_tensor(seat), t)
        ok_clone &= numpy.array_equal(env.clone().observation_tensor(seat), t)
        env.step(rng.choice(env.legal_actions(seat)), seat)
    check("tensor: gin gives 263 float32 (5 planes of 52, 3 numbers)", shape == ((263,), numpy.float32), str(shape))
    check("tensor: its first plane is the seat's hand", ok_hand)
    check("tensor: the other hand's plane holds at most its size", ok_other)
    check("tensor: a resample for the seat leaves its tensor as it was", ok_resample)
    check("tensor: a clone's tensor is the original's", ok_clone)
    raises("tensor: a variant without the hook", NotImplementedError,
           lambda: fuda.Env("zun").observation_tensor(1), "declares no tensor hook")
    env = fuda.Env("partnership")
    check("tensor: none in a match of several tables", env.info["tensor"] is False)
    raises("tensor: asked in a match of several tables", fuda.Error, lambda: env.observation_tensor(1),
           "a match of several tables has no tensor")
    env = fuda.Env("tests/variants/peek.lua", trusted=True, seed=3)
    t = env.observation_tensor(1)
    check("tensor: a pile gives only what the seat sees (the other hand: nothing)",
          t.shape == (157,) and t[:52].sum() == 5 and t[52:104].sum() == 0 and t[104:156].sum() == 1,
          str(t.shape))
    env = fuda.Env("tests/variants/peek.lua", trusted=True, seed=3, options={"peek": True})
    h = env.hash()
    raises("tensor: a hook that lists a card the seat does not know", fuda.Error,
           lambda: env.observation_tensor(1), "tests/variants/peek.lua:9: tensor entry 5 shows")
    check("tensor: the refused hook left the match as it was", env.hash() == h)


def confined_part():
    line = fuda.confine(read=["tests/variants"])
    check("confine: says what is in force", "seccomp" in line, line)
    check("confine: the process is confined", fuda.confined())
    check("confine: no program runs", os.system("true 2>/dev/null") != 0)
    raises("confine: no network socket", OSError, lambda: __import__("socket").socket())
    raises("confine: no file outside the folders it reads", PermissionError, lambda: open("/etc/passwd").read())
    env = fuda.Env("tests/variants/sandbox.lua", options={"attack": "loop"}, limits={"instructions": 1000000})
    raises("confine: a script by path runs without trusted=True, its limits too", fuda.Error,
           lambda: env.step("draw"), "sandbox.lua:52: instruction limit exceeded")
    env = fuda.Env("tests/variants/tiny.lua", seats=2, seed=4)
    check("confine: a script plays to the end", play_out(env, random.Random(4)) > 0 and env.done)
    raises("confine: once only", fuda.Error, lambda: fuda.confine(), "confined already")


def late_part():
    fuda.Env("gin")
    raises("confine after an Env: refused (its time limit's thread)", fuda.Error, lambda: fuda.confine(),
           "needs a process of one thread")


{"main": main_part, "tensor": tensor_part, "confined": confined_part, "late": late_part}[PART]()
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
