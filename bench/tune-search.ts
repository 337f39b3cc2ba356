/**
 * Tuning the search bot: `npx tsx bench/tune-search.ts --game G --seats N --deals D --variants JSON`
 * plays each variant (SearchOptions overrides, e.g. `[{"c":0.3},{"c":0.7}]`) in one seat against
 * `greedy` in the others, on the same duplicate deals (every rotation), and prints each variant's
 * win share with its Wilson interval. Budgets are iterations, so a run is reproducible.
 */
import { parseArgs } from 'node:util';
import { wilson } from '../services/analytics/wilson.js';
import { GREEDY } from '../services/bots/greedy/index.js';
import { leagueSpec } from '../services/analytics/league/run.js';
import { playLeagueGame } from '../services/analytics/league/game.js';
import { search, searchLevel, type SearchOptions } from '../services/bots/search/index.js';
import { tuningOf } from '../services/bots/search/tuning.js';
import type { Bot } from '../services/engine/core/index.js';
import { findGame } from '../services/engine/registry.js';

const { values } = parseArgs({ options: { game: { type: 'string' }, seats: { type: 'string' }, deals: { type: 'string' }, variants: { type: 'string' }, seed: { type: 'string' }, level: { type: 'string' } } });
const game = findGame(values.game!)!;
const seats = Number(values.seats ?? 2);
const deals = Number(values.deals ?? 10);
const level = Number(values.level ?? 2);
const variants = JSON.parse(values.variants ?? '[{}]') as Partial<SearchOptions>[];
const seed = values.seed ?? 'tune';

console.log(`${game.id} search tuning (each variant overrides it): ${JSON.stringify(tuningOf(game.id))}`);
for (const variant of variants) {
  const iterations = variant.iterations ?? searchLevel(game.id, level);
  const bot: Bot = (view, legal, rng, context) => search(view, legal, rng, context, { iterations, ...variant }).move;
  const bots = [bot, ...Array(seats - 1).fill(GREEDY[game.id]!)];
  let wins = 0;
  let n = 0;
  const times: number[] = [];
  for (let i = 0; i < deals * seats; i++) {
    const g = playLeagueGame(game, bots, leagueSpec(seed, i, seats, {}));
    if (g.capped) continue; // stopped at the move cap: no result to count
    const seat = g.seatBots.indexOf(0);
    n++;
    if (g.winners.includes(seat)) wins += 1 / g.winners.length;
    times.push(...g.decisionMs[0]!);
  }
  times.sort((a, b) => a - b);
  const { low, high } = wilson(wins, n);
  const pct = (x: number) => (100 * x).toFixed(1);
  console.log(`${game.id} ${seats} seats ${JSON.stringify(variant)}: ${pct(wins / n)}% [${pct(low)}, ${pct(high)}] of ${n}; p50 ${times[Math.floor(times.length / 2)]?.toFixed(0)} ms`);
}
