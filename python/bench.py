"""Random-play steps per second from Python (`npm run bench` prints it; BENCH_ONLY=env).

Usage: python3 python/bench.py [seconds] [games-per-batch] — self-play SCOUT at 2 seats, every
seat's token drawn uniformly from its legal tokens, N games stepped per request (vector env),
observations decoded to float32 vectors (numpy when present).
"""
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from parlor_env import env, vector_env  # noqa: E402


def node_cpu(server):
    """CPU seconds the Node process has used (Linux /proc), or None elsewhere."""
    try:
        with open("/proc/%d/stat" % server.proc.pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return None


def batched(seconds, n, dense):
    """Steps per wall second, and per CPU second of both processes (the machine may be shared)."""
    v = vector_env(n, game="scout", seats=2, seed=1, dense_obs=dense)
    rng = random.Random(0)
    for _ in range(100):  # warm-up: the Node side JIT-compiles the engine
        v.step([rng.choice(legal) for _, _, legal in v.last])
    steps, t0, c0, n0 = 0, time.time(), time.process_time(), node_cpu(v.server)
    while time.time() - t0 < seconds:
        v.step([rng.choice(legal) for _, _, legal in v.last])
        steps += n
    wall, py = time.time() - t0, time.process_time() - c0
    node = node_cpu(v.server)
    v.close()
    return steps / wall, steps / (py + node - n0) if node is not None else float("nan"), py, node - n0 if node is not None else float("nan")


def aec(seconds):
    e = env(game="scout", seats=2)
    rng = random.Random(0)
    steps, t0, seed = 0, time.time(), 0
    while time.time() - t0 < seconds:
        e.reset(seed=seed)
        seed += 1
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            mask = obs["action_mask"]
            e.step(rng.choice([i for i, m in enumerate(mask) if m]) if not hasattr(mask, "nonzero") else int(rng.choice(mask.nonzero()[0])))
            steps += 1
    return steps / (time.time() - t0)


if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 256
    for dense in (False, True):
        wall, cpu, py, node = batched(seconds, n, dense)
        kind = "float32 observations" if dense else "sparse observations"
        print("python vector env, %d games per request, %s: %.0f steps/s wall, %.0f steps per CPU second (python %.2f s + node %.2f s)" % (n, kind, wall, cpu, py, node))
    print("python AEC env, one game, one request per step: %.0f steps/s" % aec(seconds))
