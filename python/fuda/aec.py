"""A PettingZoo-style AEC (agent environment cycle) loop over fuda.Env, in
plain Python with no dependency (docs/python.md, "AEC loop").

    env = fuda.AECEnv("gin", seed=1)
    env.reset()
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else random.choice(info["legal_actions"])
        env.step(action)

Agents are "seat_1" .. "seat_N". The action space is not a fixed Discrete
one: an action is an index into the agent's legal moves now
(info["legal_actions"], their texts info["legal_moves"]), as fuda.Env has it.
In a claim window several seats must act: they are selected one after the
other. A reward is the column-1 points the seat gained since its last move.
"""
from . import Env


class AECEnv:
    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, variant, seats=0, seed=1, options=None, max_moves=None, **kw):
        self.env = Env(variant, seats=seats, seed=seed, options=options, **kw)
        self.max_moves = max_moves
        self.metadata = dict(self.metadata, name="fuda_" + self.env.info["name"])
        self.possible_agents = ["seat_%d" % s for s in range(1, self.env.num_seats + 1)]
        self._started = False
        self._fill()

    def _seat(self, agent):
        return int(agent[5:])

    def _fill(self):
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def reset(self, seed=None, options=None):
        if self._started or seed is not None:
            self.env.reset(seed)
        self._started = True
        self._fill()

    def _select(self):
        live = [a for a in self.agents if not (self.terminations[a] or self.truncations[a])]
        if live:
            self.agent_selection = "seat_%d" % self.env.current_player
        elif self.agents:
            self.agent_selection = self.agents[0]
        for a in self.agents:
            s = self._seat(a)
            acts = a == self.agent_selection and a in live
            self.infos[a] = {"legal_actions": self.env.legal_actions(s) if acts else [],
                             "legal_moves": self.env.legal_moves(s) if acts else []}

    def observe(self, agent):
        return self.env.observation(self._seat(agent))

    def last(self, observe=True):
        a = self.agent_selection
        return (self.observe(a) if observe else None, self._cumulative_rewards[a], self.terminations[a],
                self.truncations[a], self.infos[a])

    def agent_iter(self, max_iter=2 ** 63):
        n = 0
        while self.agents and n < max_iter:
            yield self.agent_selection
            n += 1

    def step(self, action):
        a = self.agent_selection
        if self.terminations[a] or self.truncations[a]:
            if action is not None:
                raise ValueError("%s is done: step(None) takes it out" % a)
            self.agents.remove(a)
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        self._cumulative_rewards[a] = 0
        self.env.step(action, self._seat(a))
        gained = self.env.rewards()
        self.rewards = {b: gained[self._seat(b) - 1] for b in self.agents}
        for b in self.agents:
            self._cumulative_rewards[b] += self.rewards[b]
        over = self.env.done
        cut = not over and self.max_moves is not None and self.env.move_count >= self.max_moves
        for b in self.agents:
            self.terminations[b] = over
            self.truncations[b] = cut
        self._select()

    def render(self):
        seat = self.env.current_player or 0
        return self.env.view(seat)

    def close(self):
        pass
