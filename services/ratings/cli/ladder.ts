/**
 * `npm run ladder -- --game G [--games N] [--minutes M] [--seed S] [--bots random,greedy,…]`: the
 * ladder calibration (services/ratings/ladder.ts) on this thread; prints τ as it goes and the N
 * (games) after which the ratings order the bots as they are known to be ordered.
 */
import { parseArgs } from 'node:util';
import { findGame, games } from '../../engine/registry.js';
import { LADDER, runLadder } from '../ladder.js';

const USAGE = `usage: npm run ladder -- --game G [--games N (default 400)] [--minutes M (default 10)] [--seed S (default ladder)] [--bots weakest,…,strongest]`;
const { values } = parseArgs({ options: { game: { type: 'string' }, games: { type: 'string' }, minutes: { type: 'string' }, seed: { type: 'string' }, bots: { type: 'string' } } });
const game = values.game === undefined ? undefined : findGame(values.game);
const maxGames = Number(values.games ?? 400);
const minutes = Number(values.minutes ?? 10);
if (!game || !Number.isInteger(maxGames) || maxGames < 1 || maxGames > 100_000 || !(minutes > 0 && minutes <= 600)) {
  console.error(`${USAGE}\n  games: ${games.map((g) => g.id).join(', ')}; at most 100000 games, 600 minutes`);
  process.exit(2);
}
const started = Date.now();
const report = runLadder({
  game,
  bots: values.bots?.split(',') ?? LADDER,
  seed: values.seed ?? 'ladder',
  maxGames,
  until: started + minutes * 60_000,
  onStep: (s) => {
    if (s.games % 10 === 0) console.log(`${s.games} games  τ ${s.tau.toFixed(2)}  μ−3σ ${s.ratings.map((r) => r.toFixed(1)).join(' ')}  ${((Date.now() - started) / 1000).toFixed(0)} s`);
  },
});
console.log(JSON.stringify({ ...report, seconds: Math.round((Date.now() - started) / 1000) }));
