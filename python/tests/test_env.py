"""The environment's laws from Python, for every game it offers (python3 -m unittest, standard library only).

Run from the repository: `cd python && python3 -m unittest discover -s tests -t .`
"""
import random
import unittest

from parlor_env import ParlorEnvError, env, gym_env, shared, vector_env

SERVER = shared()
GAMES = SERVER.request({"op": "games"})["games"]
SEATS = {"scout": 2, "silver": 2, "seledyne": 3, "sea-salt-and-paper": 2}


def legal_of(mask):
    return [i for i, m in enumerate(mask) if m]


def play(game, seats, seed, pick_seed, limit=400):
    """A random game through the AEC API: the observations seen, the actions, the final rewards."""
    e = env(game=game, seats=seats)
    e.reset(seed=seed)
    rng = random.Random(pick_seed)
    seen, actions, rewards = [], [], {}
    for agent in e.agent_iter(max_iter=limit):
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            rewards[agent] = (reward, info)
            e.step(None)
            continue
        seen.append(list(obs["observation"]))
        a = rng.choice(legal_of(obs["action_mask"]))
        actions.append(a)
        e.step(a)
    e.close()
    return seen, actions, rewards


class Laws(unittest.TestCase):
    def test_mask_in_accepted_out_refused(self):
        for game in GAMES:
            with self.subTest(game=game):
                r = SERVER.request({"op": "new", "game": game, "seats": SEATS[game], "seed": 5})
                env_id, rng = r["env"], random.Random(1)
                for _ in range(30):
                    if r.get("done"):
                        break
                    legal = set(r["legal"])
                    for a in sorted(legal)[:20]:
                        c = SERVER.request({"op": "clone", "env": env_id})["env"]
                        SERVER.request({"op": "step", "env": c, "action": a})
                        SERVER.request({"op": "close", "env": c})
                    outside = [a for a in range(0, env(game=game, seats=SEATS[game]).n_actions, 7) if a not in legal][:20]
                    for a in outside:
                        with self.assertRaises(ParlorEnvError) as err:
                            SERVER.request({"op": "step", "env": env_id, "action": a})
                        self.assertEqual(err.exception.code, "ENV_ILLEGAL_ACTION")
                    r = SERVER.request({"op": "step", "env": env_id, "action": rng.choice(r["legal"])})
                SERVER.request({"op": "close", "env": env_id})

    def test_returns_are_the_win_share(self):
        for game in GAMES:
            with self.subTest(game=game):
                _, _, rewards = play(game, SEATS[game], seed=3, pick_seed=3, limit=20000)
                self.assertEqual(len(rewards), SEATS[game], "every agent is told the end")
                winners = next(iter(rewards.values()))[1]["winners"]
                for i in range(SEATS[game]):
                    reward, info = rewards["player_%d" % i]
                    self.assertAlmostEqual(reward, 1 / len(winners) if i in winners else 0.0)
                    self.assertEqual(info["winners"], winners)

    def test_resampling_does_not_change_what_the_seat_sees(self):
        for game in GAMES:
            with self.subTest(game=game):
                r = SERVER.request({"op": "new", "game": game, "seats": SEATS[game], "seed": 11})
                env_id, rng = r["env"], random.Random(2)
                for step in range(25):
                    if r.get("done"):
                        break
                    w = SERVER.request({"op": "resample", "env": env_id, "seat": r["player"], "seed": step})["env"]
                    again = SERVER.request({"op": "obs", "env": w, "seat": r["player"]})
                    self.assertEqual((again["o1"], again["ox"]), (r["o1"], r["ox"]))
                    mine = SERVER.request({"op": "infostate", "env": env_id, "seat": r["player"]})
                    theirs = SERVER.request({"op": "infostate", "env": w, "seat": r["player"]})
                    self.assertEqual(mine, theirs)
                    SERVER.request({"op": "close", "env": w})
                    r = SERVER.request({"op": "step", "env": env_id, "action": rng.choice(r["legal"])})

    def test_clone_and_seed_reproduce(self):
        for game in GAMES:
            with self.subTest(game=game):
                a = play(game, SEATS[game], seed=21, pick_seed=4, limit=60)
                b = play(game, SEATS[game], seed=21, pick_seed=4, limit=60)
                self.assertEqual(a[0], b[0])
                r = SERVER.request({"op": "new", "game": game, "seats": SEATS[game], "seed": 21})
                c = SERVER.request({"op": "clone", "env": r["env"]})["env"]
                for action in a[1][:30]:
                    x = SERVER.request({"op": "step", "env": r["env"], "action": action})
                    y = SERVER.request({"op": "step", "env": c, "action": action})
                    self.assertEqual(x, y)
                    if x.get("done"):
                        break
                other = play(game, SEATS[game], seed=22, pick_seed=4, limit=2)
                self.assertNotEqual(a[0][0], other[0][0], "another seed deals otherwise")


class WorkedExample(unittest.TestCase):
    def test_the_scout_learner_beats_random(self):
        """docs/research-env.md's example, shortened: 500 training games, 200 to evaluate (seeded; it reaches 0.76, untrained 0.52)."""
        import os
        import sys

        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
        import scout_learner

        policy = scout_learner.Policy(seed=1)
        scout_learner.play(policy, 500, "random", seed=1, learn=True)
        share = scout_learner.play(policy, 200, "random", seed=900000)
        self.assertGreater(share, 0.6)


class Api(unittest.TestCase):
    def test_pettingzoo_shape(self):
        e = env(game="scout", seats=3)
        self.assertEqual(e.possible_agents, ["player_0", "player_1", "player_2"])
        self.assertEqual(e.action_space("player_0").n, 2396)
        e.reset(seed=7)
        obs, reward, term, trunc, info = e.last()
        self.assertEqual(len(obs["observation"]), e.obs_size)
        self.assertEqual(len(obs["action_mask"]), 2396)
        self.assertEqual((reward, term, trunc), (0.0, False, False))
        e.close()

    def test_clone_and_resample_from_the_aec_env(self):
        e = env(game="sea-salt-and-paper", seats=2)
        e.reset(seed=4)
        for _ in range(5):
            obs = e.last()[0]
            e.step(legal_of(obs["action_mask"])[0])
        agent = e.agent_selection
        mine = e.last()[0]
        w = e.resample(agent, seed=9)
        self.assertEqual(w.agent_selection, agent)
        theirs = w.last()[0]
        self.assertEqual(list(theirs["observation"]), list(mine["observation"]))
        self.assertEqual(list(theirs["action_mask"]), list(mine["action_mask"]))
        self.assertEqual(w.infostate(agent), e.infostate(agent))
        c = e.clone()
        a = legal_of(mine["action_mask"])[-1]
        c.step(a)
        e.step(a)
        self.assertEqual(list(c.last()[0]["observation"]), list(e.last()[0]["observation"]))
        for x in (e, c, w):
            x.close()

    def test_gym_against_greedy(self):
        g = gym_env(game="scout", seats=2, opponents="greedy", seat=1)
        obs, info = g.reset(seed=2)
        done, steps, rng = False, 0, random.Random(0)
        while not done:
            obs, reward, done, trunc, info = g.step(rng.choice(legal_of(obs["action_mask"])))
            steps += 1
        self.assertIn(reward, (0.0, 0.5, 1.0))
        self.assertIn("scores", info)
        g.close()

    def test_vector_env_restarts_finished_games(self):
        v = vector_env(8, game="scout", seats=2, seed=1, dense_obs=False)
        rng, finished = random.Random(0), 0
        for _ in range(200):
            out, done = v.step([rng.choice(legal) for _, _, legal in v.last])
            finished += sum(1 for d in done if d)
        self.assertGreater(finished, 0)
        v.close()

    def test_bad_input_has_a_code(self):
        with self.assertRaises(ParlorEnvError) as err:
            env(game="chess")
        self.assertEqual(err.exception.code, "ENV_UNKNOWN_GAME")


if __name__ == "__main__":
    unittest.main()
