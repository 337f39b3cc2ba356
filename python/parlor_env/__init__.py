"""Parlor's games for reinforcement learning: a PettingZoo AEC environment, a Gymnasium-style
single-agent wrapper against Parlor's bots, and a batched vector environment.

    from parlor_env import env
    e = env(game="scout", seats=3)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Standard library only; numpy and gymnasium are used when present. See docs/research-env.md.
"""
from ._server import ParlorEnvError, Server, shared
from .aec import ParlorAEC, ParlorGym, ParlorVecEnv
from .spaces import Box, Discrete


def env(game="scout", seats=2, options=None, **kw):
    """The PettingZoo AEC environment of a game (PettingZoo's `env()` factory convention)."""
    return ParlorAEC(game=game, seats=seats, options=options, **kw)


def gym_env(game="scout", seats=2, options=None, opponents="greedy", seat=0, **kw):
    """The single-agent environment: the learner at `seat`, `opponents` (a bot spec) elsewhere."""
    return ParlorGym(game=game, seats=seats, options=options, opponents=opponents, seat=seat, **kw)


def vector_env(n, game="scout", seats=2, options=None, seed=0, **kw):
    """`n` self-play games stepped together, one request per step."""
    return ParlorVecEnv(n, game=game, seats=seats, options=options, seed=seed, **kw)


__all__ = ["env", "gym_env", "vector_env", "ParlorAEC", "ParlorGym", "ParlorVecEnv", "ParlorEnvError", "Server", "shared", "Discrete", "Box"]
