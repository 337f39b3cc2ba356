/**
 * `npm run bench`: engine random games per second for every game in the catalog, and
 * submitMove latency through HTTP beside the bare PutItem floor. Figures compare as ratios
 * within one run (the machine is noisy); this is not a test and asserts nothing.
 *   BENCH_SECONDS (per engine figure, default 2)  BENCH_MOVES (HTTP moves, default 400)
 */
import { games } from '../services/engine/registry.js';
import { benchEngine } from './engine.js';
import { benchHttp } from './http.js';
import { ms } from './stats.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const moves = Number(process.env.BENCH_MOVES ?? 400);

/** Option sets measured apart (Silver per edition); every other game with its defaults. */
const variants: Record<string, { label: string; options: object }[]> = {
  silver: ['dagger', 'coin', 'amulet'].map((edition) => ({ label: edition, options: { edition } })),
};

console.log(`Engine: random games through the table decider (${seconds}s each)`);
for (const game of games) {
  for (const { label, options } of variants[game.id] ?? [{ label: '', options: {} }]) {
    for (const seats of new Set([game.seats.min, Math.min(game.seats.max, Math.max(game.seats.min, 4)), game.seats.max])) {
      const r = benchEngine(game, seats, seconds, options);
      const name = label ? `${game.id} (${label})` : game.id;
      console.log(`  ${name.padEnd(20)} ${seats} seats  ${r.gamesPerSecond.toFixed(1).padStart(9)} games/s  (${r.games} games, ${r.movesPerGame.toFixed(0)} moves/game)`);
    }
  }
}

const game = process.env.BENCH_GAME ?? 'scout';
const http = await benchHttp({ game, seats: 4, moves, puts: moves });
console.log(`\nHTTP: submitMove on the embedded DynamoDB (${game}, 4 seats, ${http.move.n} moves, one client)`);
console.log(`  submitMove        p50 ${ms(http.move.p50)}  p99 ${ms(http.move.p99)}  ${http.movesPerSecond.toFixed(0)} moves/s`);
console.log(`  bare PutItem      p50 ${ms(http.put.p50)}  p99 ${ms(http.put.p99)}`);
console.log(`  ratio submitMove/PutItem  p50 ${(http.move.p50 / http.put.p50).toFixed(2)}x  p99 ${(http.move.p99 / http.put.p99).toFixed(2)}x`);
