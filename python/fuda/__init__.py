"""fuda for Python: any fuda variant (built in, or a Lua script) as an
environment to step in-process, for learning programs (docs/python.md).

    import fuda
    env = fuda.Env("gin", seats=2, seed=1)
    while not env.done:
        seat = env.current_player
        env.step(random.choice(env.legal_actions(seat)), seat)

Seats are numbered from 1, as everywhere in fuda. The engine and the Lua
sandbox are the fuda program's own (lua-bindings/); this package is a thin
face over the C extension fuda._fuda.
"""
import json as _json
import os as _os
import sys as _sys

from . import _fuda
from ._fuda import Error, UntrustedError, list_variants, search_budget, confined

try:
    from . import _paths
    _VARIANTS = _paths.VARIANTS
except ImportError:  # a copy without the file make writes: the folder beside the package
    _VARIANTS = _os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "variants")

_fuda._set_search_path([_VARIANTS])

__all__ = ["Env", "Bot", "Error", "UntrustedError", "list_variants", "search_budget", "confine", "confined",
           "AECEnv", "SingleAgentEnv"]

# The limits of the fuda program's environment variables (docs/user-guide.md,
# "Limits"): FUDA_MAX_MEMORY in MiB, FUDA_MAX_INSTRUCTIONS (0: none),
# FUDA_MAX_TIME and FUDA_MAX_MATCH_TIME in ms (match time 0: none).
_LIMIT_VARS = {"memory": "FUDA_MAX_MEMORY", "instructions": "FUDA_MAX_INSTRUCTIONS",
               "time": "FUDA_MAX_TIME", "match_time": "FUDA_MAX_MATCH_TIME"}


def _limits(given):
    out = {}
    for name, var in _LIMIT_VARS.items():
        v = os_v = _os.environ.get(var, "")
        if given and name in given:
            v = given[name]
        elif os_v == "":
            continue
        try:
            v = int(v)
        except (TypeError, ValueError):
            raise ValueError("limit %s must be a whole number, not %r" % (name, v)) from None
        if name == "match_time" and v == 0:
            v = -1  # no budget
        out[name] = v
    for name in given or {}:
        if name not in _LIMIT_VARS:
            raise ValueError("unknown limit %r (limits: %s)" % (name, ", ".join(_LIMIT_VARS)))
    return out


class Env(_fuda.Env):
    """One match of one variant. Env(variant, seats=0, seed=1, options=None,
    trusted=False, limits=None, events=True).

    variant   a built-in name ("gin", "zun", "dobon"...) or a script's path;
              a path needs trusted=True, or fuda.confine() before
    seats     0: the variant's default
    options   {name: value}, the variant's options (fuda rules VARIANT)
    limits    {"memory": MiB, "instructions": n, "time": ms, "match_time": ms}
              for each call into the script; default: the FUDA_MAX_* variables,
              else the fuda program's defaults
    events    keep each seat's events for its observation (False is faster)
    """

    def __init__(self, variant, seats=0, seed=1, options=None, trusted=False, limits=None, events=True):
        super().__init__(_os.fspath(variant), seats, seed, options, trusted, events, **_limits(limits))

    def observation(self, seat=None):
        """What seat (default: the first to act) may see, as a dict: the agent
        protocol's act line (docs/user-guide.md, "Agents"): seat, seats, hand,
        move_no, turn, claim, actors, scores, piles (only the cards the seat
        sees), view, moves (the legal moves, in the order of legal_actions)
        and events (those shown to the seat since its own last move)."""
        return _json.loads(self._observe(seat))

    def observation_tensor(self, seat=None):
        """What seat may see as a float32 numpy array, from the variant's
        tensor hook (docs/lua-api.md): for gin, card planes of 52 of the
        hand, the cards seen in the other hands, the discard pile, its top
        and the upcard, then the stock's size, the knock limit and whether
        the seat is to act. Needs numpy (Debian: python3-numpy)."""
        try:
            import numpy
        except ImportError:
            raise ImportError("observation_tensor needs numpy (Debian: apt-get install python3-numpy); "
                              "observation() needs nothing") from None
        raw = self._tensor(seat)
        if raw is None:
            raise NotImplementedError("variant %r declares no tensor hook (docs/lua-api.md, \"tensor\")"
                                      % self.info["name"])
        return numpy.frombuffer(raw, dtype=numpy.float32)

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def __repr__(self):
        return "<fuda.Env %s seats=%d seed=%d hand=%d moves=%d%s>" % (
            self.info["name"], self.num_seats, self.seed, self.hand, self.move_count, " done" if self.done else "")


class Bot:
    """A built-in bot as a policy: Bot("basic")(env, seat=None) -> an action.
    The names are those of env.info["bots"] ("random" and "search" in every
    variant)."""

    def __init__(self, name=None):
        self.name = name

    def __call__(self, env, seat=None):
        return env.bot_action(seat, self.name)

    def __repr__(self):
        return "fuda.Bot(%r)" % self.name


def confine(read=(), write=(), address_space=0):
    """Put this whole process under the OS layer the fuda program runs
    scripts under (seccomp, Landlock, rlimits): from then on it can run no
    program, open no network connection, read only under `read` (plus
    Python's own folders, the variants' and the system's libraries) and
    write only under `write`. It cannot be undone. Call it before the first
    Env (its time limit starts a thread) and before anything else starts a
    thread. After it, Env takes a script by path without trusted=True.
    Returns a line saying what is in force."""
    dirs = ["/usr", "/lib", "/lib64", "/lib32", "/etc/ld.so.cache", "/etc/localtime", "/dev/null", "/dev/urandom",
            "/sys/devices/system/cpu", _VARIANTS, _sys.prefix, _sys.exec_prefix, _sys.base_prefix]
    dirs += [p for p in _sys.path if p]
    dirs += [p for p in _os.environ.get("FUDA_PATH", "").split(":") if p]
    dirs += [_os.fspath(p) for p in read]
    seen, keep = set(), []
    for d in dirs:
        d = _os.path.abspath(d)
        if d not in seen and _os.path.exists(d):
            seen.add(d)
            keep.append(d)
    return _fuda._confine(keep, [_os.path.abspath(_os.fspath(p)) for p in write], address_space)


from .aec import AECEnv  # noqa: E402
from .single import SingleAgentEnv  # noqa: E402
