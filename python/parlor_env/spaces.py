"""Tiny stand-ins for gymnasium's Discrete and Box, used when gymnasium is not installed."""
import random

try:
    import numpy as np
except ImportError:  # numpy is optional: plain lists then
    np = None


class Discrete:
    """The integers 0..n-1 (gymnasium.spaces.Discrete's shape: n, sample(mask), contains)."""

    def __init__(self, n, seed=None):
        self.n = n
        self._rng = random.Random(seed)

    def sample(self, mask=None):
        if mask is None:
            return self._rng.randrange(self.n)
        legal = [i for i, m in enumerate(mask) if m]
        return self._rng.choice(legal)

    def contains(self, x):
        return isinstance(x, int) and 0 <= x < self.n

    def seed(self, seed=None):
        self._rng.seed(seed)

    def __repr__(self):
        return "Discrete(%d)" % self.n


class Box:
    """A flat float32 vector of `shape` with values in [low, high]."""

    def __init__(self, low, high, shape):
        self.low, self.high, self.shape = low, high, shape
        self.dtype = "float32"

    def __repr__(self):
        return "Box(%s, %s, %s, float32)" % (self.low, self.high, self.shape)


def dense(size, o1, ox):
    """The observation from its sparse wire form: indices holding 1, then (index, value) pairs."""
    if np is not None:
        out = np.zeros(size, dtype=np.float32)
        if o1:
            out[o1] = 1.0
        if ox:
            out[ox[0::2]] = ox[1::2]
        return out
    out = [0.0] * size
    for i in o1:
        out[i] = 1.0
    for k in range(0, len(ox), 2):
        out[ox[k]] = ox[k + 1]
    return out


def mask_of(size, legal):
    """The legal-action mask (1 = legal) from the legal tokens."""
    if np is not None:
        out = np.zeros(size, dtype=np.int8)
        if legal:
            out[legal] = 1
        return out
    out = [0] * size
    for a in legal:
        out[a] = 1
    return out
