"""A PettingZoo AEC-compatible environment over Parlor's games (docs/research-env.md).

Agents are "player_0" .. "player_{seats-1}". Actions are the game's tokens (a Discrete space);
obs is {"observation": float32 vector, "action_mask": int8 vector}. Rewards come at the end: each
winner gets 1 / (number of winners), every other seat 0; info holds the raw scores and winners.
"""
import copy

from ._server import shared
from .spaces import Box, Discrete, dense, mask_of

try:
    import gymnasium
except ImportError:  # gymnasium is optional: the tiny spaces of spaces.py stand in
    gymnasium = None


class ParlorAEC:
    metadata = {"render_modes": [], "name": "parlor_v0", "is_parallelizable": False}

    def __init__(self, game="scout", seats=2, options=None, server=None):
        self.server = server or shared()
        self.game, self.seats, self.options = game, seats, options or {}
        spec = self.server.request({"op": "spec", "game": game, "seats": seats, "options": self.options})
        self.spec = spec
        self.n_actions, self.obs_size = spec["actions"], spec["observation"]
        self.possible_agents = ["player_%d" % i for i in range(seats)]
        if gymnasium is not None:
            import numpy as np

            box = gymnasium.spaces.Box(-1e9, 1e9, (self.obs_size,), np.float32)
            mask = gymnasium.spaces.Box(0, 1, (self.n_actions,), np.int8)
            self._obs_space = gymnasium.spaces.Dict({"observation": box, "action_mask": mask})
            self._act_space = gymnasium.spaces.Discrete(self.n_actions)
        else:
            self._obs_space = Box(-1e9, 1e9, (self.obs_size,))
            self._act_space = Discrete(self.n_actions)
        self.env_id = None
        self.agents = []

    # spaces
    def action_space(self, agent):
        return self._act_space

    def observation_space(self, agent):
        return self._obs_space

    # lifecycle
    def reset(self, seed=None, options=None):
        if self.env_id is None:
            r = self.server.request({"op": "new", "game": self.game, "seats": self.seats, "options": self.options, "seed": 0 if seed is None else seed})
            self.env_id = r["env"]
        else:
            r = self.server.request({"op": "reset", "env": self.env_id, "seed": 0 if seed is None else seed})
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._take(r)

    def _take(self, r):
        self._step = r
        if r.get("done"):
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = r["returns"][i]
                self._cumulative_rewards[a] += r["returns"][i]
                self.terminations[a] = True
                self.infos[a] = {"scores": r["scores"], "winners": r["winners"]}
            self._final = r["final"]
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[r["player"]]

    def observe(self, agent):
        i = self.possible_agents.index(agent)
        r = self._step
        if r.get("done"):
            f = self._final[i]
            return {"observation": dense(self.obs_size, f["o1"], f["ox"]), "action_mask": mask_of(self.n_actions, [])}
        if r["player"] != i:
            o = self.server.request({"op": "obs", "env": self.env_id, "seat": i})
            return {"observation": dense(self.obs_size, o["o1"], o["ox"]), "action_mask": mask_of(self.n_actions, [])}
        return {"observation": dense(self.obs_size, r["o1"], r["ox"]), "action_mask": mask_of(self.n_actions, r["legal"])}

    def last(self, observe=True):
        a = self.agent_selection
        obs = self.observe(a) if observe else None
        return obs, self._cumulative_rewards[a], self.terminations[a], self.truncations[a], self.infos[a]

    def step(self, action):
        a = self.agent_selection
        if self.terminations[a] or self.truncations[a]:
            # PettingZoo's dead step: the finished agent leaves; the next finished one is selected.
            if action is not None:
                raise ValueError("a finished agent steps with None")
            self.agents.remove(a)
            del self._cumulative_rewards[a]
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        self._cumulative_rewards[a] = 0.0
        self._take(self.server.request({"op": "step", "env": self.env_id, "action": int(action)}))

    def agent_iter(self, max_iter=2**63):
        n = 0
        while self.agents and n < max_iter:
            yield self.agent_selection
            n += 1

    def legal_actions(self):
        """The legal tokens of the agent to act (what the mask marks)."""
        return list(self._step["legal"])

    def infostate(self, agent):
        """Canonical JSON of what the agent knows: its view, its redacted history, its move prefix."""
        return self.server.request({"op": "infostate", "env": self.env_id, "seat": self.possible_agents.index(agent)})["infostate"]

    def _copy(self, env_id):
        other = copy.copy(self)
        other.env_id = env_id
        other.agents = list(self.agents)
        for name in ("rewards", "_cumulative_rewards", "terminations", "truncations", "infos"):
            setattr(other, name, dict(getattr(self, name)))
        other._take_quiet(self.server.request({"op": "state", "env": env_id}))
        return other

    def _take_quiet(self, r):
        self._step = r
        if r.get("done"):
            self._final = r["final"]
        else:
            self.agent_selection = self.possible_agents[r["player"]]

    def clone(self):
        """An independent copy of this game (OpenSpiel's clone): the same actions give the same game."""
        return self._copy(self.server.request({"op": "clone", "env": self.env_id})["env"])

    def resample(self, agent, seed=0):
        """A copy in which the cards `agent` cannot see are dealt anew from what it knows (sampleWorld):
        its observation, mask and information state are unchanged; for search over hidden information."""
        return self._copy(self.server.request({"op": "resample", "env": self.env_id, "seat": self.possible_agents.index(agent), "seed": seed})["env"])

    def render(self):
        return None

    def close(self):
        if self.env_id is not None:
            self.server.request({"op": "close", "env": self.env_id})
            self.env_id = None


class ParlorGym:
    """Single-agent, Gymnasium-style: the learner holds one seat, Parlor's bots play the others.

    reset(seed) -> (obs, info); step(action) -> (obs, reward, terminated, truncated, info), where
    obs = {"observation", "action_mask"} of the learner's seat and the reward is paid at the end.
    One request per step: the bots play inside the Node process until the learner's turn.
    """

    def __init__(self, game="scout", seats=2, options=None, opponents="greedy", seat=0, server=None):
        self.server = server or shared()
        self.game, self.seats, self.options, self.opponents, self.seat = game, seats, options or {}, opponents, seat
        spec = self.server.request({"op": "spec", "game": game, "seats": seats, "options": self.options})
        self.n_actions, self.obs_size = spec["actions"], spec["observation"]
        self.action_space = Discrete(self.n_actions) if gymnasium is None else gymnasium.spaces.Discrete(self.n_actions)
        self.env_id = None

    def _obs(self, r):
        if r.get("done"):
            f = r["final"][self.seat]
            return {"observation": dense(self.obs_size, f["o1"], f["ox"]), "action_mask": mask_of(self.n_actions, [])}
        return {"observation": dense(self.obs_size, r["o1"], r["ox"]), "action_mask": mask_of(self.n_actions, r["legal"])}

    def _result(self, r):
        info = {"legal": r["legal"]}
        if r.get("done"):
            info.update(scores=r["scores"], winners=r["winners"])
            return self._obs(r), r["returns"][self.seat], True, False, info
        return self._obs(r), 0.0, False, False, info

    def reset(self, seed=None, options=None):
        seed = 0 if seed is None else seed
        if self.env_id is None:
            r = self.server.request({"op": "new", "game": self.game, "seats": self.seats, "options": self.options, "seed": seed, "opponents": self.opponents, "seat": self.seat})
            self.env_id = r["env"]
        else:
            r = self.server.request({"op": "reset", "env": self.env_id, "seed": seed})
        obs, _, _, _, info = self._result(r)
        return obs, info

    def step(self, action):
        return self._result(self.server.request({"op": "step", "env": self.env_id, "action": int(action)}))

    def close(self):
        if self.env_id is not None:
            self.server.request({"op": "close", "env": self.env_id})
            self.env_id = None


class ParlorVecEnv:
    """Many games stepped by one request each step (self-play: the caller acts for every seat).

    step(actions) returns, per game, (player, obs, mask, returns or None); a finished game is
    restarted with the next seed in the same reply (its returns reported once).
    `dense_obs=False` leaves observations in their sparse wire form (o1, ox) for speed.
    """

    def __init__(self, n, game="scout", seats=2, options=None, seed=0, opponents=None, seat=0, dense_obs=True, server=None):
        self.server = server or shared()
        req = {"op": "vnew", "n": n, "game": game, "seats": seats, "options": options or {}, "seed": seed}
        if opponents:
            req.update(opponents=opponents, seat=seat)
        spec = self.server.request({"op": "spec", "game": game, "seats": seats, "options": options or {}})
        self.n_actions, self.obs_size, self.dense_obs = spec["actions"], spec["observation"], dense_obs
        r = self.server.request(req)
        self.envs = r["envs"]
        self.last = [self._unpack(s) for s in r["steps"]]

    def _unpack(self, s):
        obs = dense(self.obs_size, s["o1"], s["ox"]) if self.dense_obs else (s["o1"], s["ox"])
        return s["player"], obs, s["legal"]

    def step(self, actions):
        r = self.server.request({"op": "vstep", "envs": self.envs, "actions": [int(a) for a in actions]})
        out, finished = [], []
        for s in r["steps"]:
            if s.get("done"):
                finished.append((s["returns"], s["scores"]))
                s = s["next"]
            else:
                finished.append(None)
            out.append(self._unpack(s))
        self.last = out
        return out, finished

    def close(self):
        self.server.request({"op": "close", "envs": self.envs})
