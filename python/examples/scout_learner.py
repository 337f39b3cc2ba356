"""A small learner that beats random play at SCOUT (2 seats), standard library only.

The policy is tabular over what kind of move a token is (SCOUT's token layout, docs/research-env.md):
rotate or keep the hand; a show of k cards (k = to - from + 1, capped at 8); scout; scout & show;
pass. It plays a softmax over the legal tokens with one learned preference per kind, trained by
REINFORCE (reward: the win share at the end, minus a running baseline) against the random bot,
in batches of games stepped together (the vector env, opponents inside the Node process).

    python3 python/examples/scout_learner.py [training-games] [evaluation-games]
"""
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from parlor_env import vector_env  # noqa: E402

MAX, SHOW, SCOUT = 45, 2, 2 + 45 * 45
SCOUT_SHOW, PASS = SCOUT + 4 * 46, SCOUT + 8 * 46


def kind(token):
    """The move kind of a SCOUT token."""
    if token < SHOW:
        return "rotate" if token == 1 else "keep"
    if token < SCOUT:
        size = (token - SHOW) % MAX - (token - SHOW) // MAX + 1
        return "show%d" % min(size, 8)
    if token < SCOUT_SHOW:
        return "scout"
    return "scoutShow" if token < PASS else "pass"


class Policy:
    def __init__(self, seed=0):
        self.theta = {}
        self.rng = random.Random(seed)

    def probs(self, legal):
        logits = [self.theta.get(kind(a), 0.0) for a in legal]
        top = max(logits)
        w = [math.exp(x - top) for x in logits]
        z = sum(w)
        return [x / z for x in w]

    def act(self, legal):
        p = self.probs(legal)
        return self.rng.choices(legal, weights=p)[0]

    def update(self, episode, advantage, lr):
        """REINFORCE: theta += lr * advantage * grad log pi(a | legal) for each step of the episode."""
        for legal, action in episode:
            p = self.probs(legal)
            grad = {}
            for a, pa in zip(legal, p):
                grad[kind(a)] = grad.get(kind(a), 0.0) - pa
            grad[kind(action)] = grad.get(kind(action), 0.0) + 1.0
            for k, g in grad.items():
                self.theta[k] = self.theta.get(k, 0.0) + lr * advantage * g


def play(policy, games, opponents, seed, learn=False, lr=0.05, batch=64):
    """Plays `games` games (half at each seat) with the policy against `opponents`; returns the mean win share."""
    total, done_games, baseline = 0.0, 0, 0.5
    for seat in (0, 1):
        want = games // 2
        v = vector_env(min(batch, want), game="scout", seats=2, seed=seed + seat * 100003, opponents=opponents, seat=seat, dense_obs=False)
        episodes = [[] for _ in v.envs]
        finished = 0
        while finished < want:
            actions = []
            for i, (_, _, legal) in enumerate(v.last):
                a = policy.act(legal)
                episodes[i].append((legal, a))
                actions.append(a)
            _, ends = v.step(actions)
            for i, end in enumerate(ends):
                if end is None:
                    continue
                reward = end[0][seat]
                if finished < want:
                    total += reward
                    finished += 1
                    if learn:
                        policy.update(episodes[i], reward - baseline, lr)
                        baseline += 0.01 * (reward - baseline)
                episodes[i] = []
        v.close()
        done_games += finished
    return total / done_games


def interval(p, n):
    """The 95% normal interval of a win share measured over n games."""
    half = 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / n)
    return "%.3f ± %.3f" % (p, half)


if __name__ == "__main__":
    train = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    evaluate = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    policy, untrained = Policy(seed=1), Policy(seed=2)
    print("before training, against random: %s (n=%d)" % (interval(play(untrained, evaluate, "random", seed=900000), evaluate), evaluate))
    play(policy, train, "random", seed=1, learn=True)
    print("trained on %d games against random; preferences: %s" % (train, ", ".join("%s %+.2f" % kv for kv in sorted(policy.theta.items(), key=lambda kv: -kv[1]))))
    print("after training, against random: %s (n=%d)" % (interval(play(policy, evaluate, "random", seed=900000), evaluate), evaluate))
    print("after training, against greedy: %s (n=%d)" % (interval(play(policy, evaluate, "greedy", seed=700000), evaluate), evaluate))
