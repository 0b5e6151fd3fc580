"""A gym-style single-agent wrapper over fuda.Env: one seat learns, the
others are played by a built-in bot (docs/python.md, "One seat against
bots"). No dependency: reset() and step() have gymnasium's shapes.

    env = fuda.SingleAgentEnv("gin", seat=1, opponents="basic", seed=1)
    obs, info = env.reset()
    while True:
        obs, reward, terminated, truncated, info = env.step(random.choice(info["legal_actions"]))
        if terminated or truncated:
            break

The observation is fuda.Env.observation's dict, or with observation="tensor"
its observation_tensor (numpy). An action is an index into
info["legal_actions"] (or a move's text). The reward is the change of the
seat's margin, its column-1 total less the best other seat's, over the step
and the bots' moves after it (what fuda's search bot plays for).
"""
from . import Env


class SingleAgentEnv:
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, variant, seat=1, opponents=None, seats=0, seed=1, options=None, observation="dict",
                 max_moves=None, **kw):
        if observation not in ("dict", "tensor"):
            raise ValueError("observation is 'dict' or 'tensor', not %r" % (observation,))
        self.env = Env(variant, seats=seats, seed=seed, options=options, **kw)
        if not 1 <= seat <= self.env.num_seats:
            raise ValueError("seat must be 1..%d" % self.env.num_seats)
        self.seat = seat
        self.opponents = opponents
        self.kind = observation
        self.max_moves = max_moves
        self._started = False

    def _margin(self):
        t = self.env.returns()
        others = [v for s, v in enumerate(t, 1) if s != self.seat]
        return t[self.seat - 1] - (max(others) if others else 0)

    def _obs(self):
        if self.kind == "tensor":
            return self.env.observation_tensor(self.seat)
        return self.env.observation(self.seat)

    def _info(self):
        acts = not self.env.done and self.seat in self.env.current_players()
        return {"legal_actions": self.env.legal_actions(self.seat) if acts else [],
                "legal_moves": self.env.legal_moves(self.seat) if acts else [],
                "winners": self.env.winners()}

    def _bots(self):
        """The bots play until the seat must act, the match ends, or max_moves."""
        env = self.env
        while not env.done and not self._cut():
            players = env.current_players()
            if self.seat in players:
                return
            s = players[0]
            env.step(env.bot_action(s, self.opponents), s)

    def _cut(self):
        return self.max_moves is not None and self.env.move_count >= self.max_moves

    def reset(self, seed=None, options=None):
        if self._started or seed is not None:
            self.env.reset(seed)
        self._started = True
        self._bots()
        return self._obs(), self._info()

    def step(self, action):
        before = self._margin()
        self.env.step(action, self.seat)
        self._bots()
        reward = self._margin() - before
        terminated = self.env.done
        return self._obs(), reward, terminated, not terminated and self._cut(), self._info()

    def render(self):
        return self.env.view(self.seat)

    def close(self):
        pass
