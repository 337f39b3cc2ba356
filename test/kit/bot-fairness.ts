/**
 * Non-interference for bots, for every game: at positions of real play, the real state and a twin
 * that differs only in what the seat to move cannot know (its hidden cards redrawn by the game's
 * `sampleWorld`, another secret seed) give every bot kind the same sight, hence the same decision
 * with the same seed. Decisions go through the server's own path: `sightOf` an aggregate, then
 * `botMove`, as the runner plays them.
 */
import { describe, expect, it } from 'vitest';
import { fastRng, type AnyGame, type Bot, type Table, type TableState } from '../../services/engine/core/index.js';
import { playedPositions } from './played-positions.js';
import type { Aggregate } from '../../services/app/aggregate.js';
import { initialAppState } from '../../services/app/app-events.js';
import { sightOf } from '../../services/app/bot-sight.js';
import { botMove } from '../../services/bots/kinds.js';
import { GREEDY } from '../../services/bots/greedy/index.js';
import { games } from '../../services/engine/registry.js';

export interface BotFairness {
  seats: number;
  options?: unknown;
  games: number;
  /** Bot specs whose decisions are compared, e.g. ["greedy", "search:1"]. */
  specs: string[];
  /** Who plays the games that give the positions (default random). */
  bot?: Bot;
  /** Check every Nth position (default 1); stop after `positions` checks. */
  every?: number;
  positions?: number;
  seed?: string;
}

const aggregate = (t: Table, state: TableState, version: number): Aggregate => ({ id: 'fairness', version, table: t, state, commandIds: {}, app: initialAppState() });

/** Returns how many decisions it compared and at how many of them the twin's hidden cards differed. */
export function checkBotFairness(game: AnyGame, law: BotFairness): { compared: number; differing: number } {
  const sample = game.sampleWorld;
  if (!sample) throw new Error(`${game.id} has no sampleWorld`);
  const rng = fastRng(11);
  const max = law.positions ?? Infinity;
  let compared = 0;
  let differing = 0;
  let position = 0;
  for (const { t, state, setup, version } of playedPositions(game, { ...law, seed: law.seed ?? 'fair', rng })) {
    if (compared >= max) break;
    if (position++ % (law.every ?? 1) !== 0) continue;
    for (const seat of t.status(state).toMove) {
      if (t.legalMoves(state, seat).length < 2 || compared >= max) continue;
      const twin: TableState = { ...state, seed: 'another secret', play: sample(game.view(state.play, seat), seat, rng, setup) };
      expect(t.view(twin, seat), 'the twin looks the same to the seat').toEqual(t.view(state, seat));
      if (JSON.stringify(twin.play) !== JSON.stringify(state.play)) differing++;
      for (const spec of law.specs) {
        const [real, other] = [state, twin].map((s) => {
          const sight = sightOf(aggregate(t, s, version), seat);
          return JSON.stringify(botMove(sight, spec, sight.key, sight.stream));
        });
        expect(other, `${spec} decided differently for seat ${seat} on a state that differs only in what it cannot know`).toBe(real);
      }
      compared++;
    }
  }
  return { compared, differing };
}

/**
 * The law for one game of the registry, at 2 and 4 seats (those it allows): random, greedy,
 * search:1 and search:2 at positions of greedy play, search:3 at fewer. Each game has its own file
 * (test/bots/fairness-<id>.test.ts, checked by test/bots/fairness.test.ts): the searches take tens of
 * seconds a game, and apart the files spread over the workers instead of one file ending the run.
 */
export function describeBotFairness(id: string): void {
  const game = games.find((g) => g.id === id);
  if (!game) throw new Error(`no game ${id} in the registry`);
  describe('bots decide from what their seat knows: a state differing only in the unknown gives the same move', () => {
    for (const seats of [2, 4].filter((n) => n >= game.seats.min && n <= game.seats.max)) {
      it(`${game.id}, ${seats} seats: random, greedy, search:1 and search:2 at positions of greedy play; search:3 at fewer`, () => {
        const bot = GREEDY[game.id];
        const r = checkBotFairness(game, { seats, games: 3, every: 9, positions: 6, bot, specs: ['random', 'greedy', 'search:1', 'search:2'] });
        expect(r.compared).toBe(6);
        expect(r.differing).toBeGreaterThan(r.compared / 2);
        expect(checkBotFairness(game, { seats, games: 1, every: 11, positions: 2, bot, specs: ['search:3'], seed: 'deep' }).compared).toBe(2);
      });
    }
  });
}
