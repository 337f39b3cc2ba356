/**
 * What one server bot decision costs, in CPU time (robust on a shared machine): the first
 * `--moves` decisions of a 2-seat self-play game per kind, through the same bots the server seats.
 * With the pool's default of one worker thread, bots spend at most 60 CPU-seconds a minute,
 * so 60 s / (CPU per decision) bounds the bot moves a server makes per minute (docs/bots.md).
 *
 *   nice -n 5 npx tsx bench/bot-cost.ts [--game scout] [--moves 40]
 */
import { findGame } from '../services/engine/registry.js';
import { botFor } from '../services/bots/kinds.js';
import { botGame } from '../services/analytics/bot-game.js';
import type { Bot } from '../services/engine/core/index.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const game = findGame(arg('game', 'scout'));
if (!game) throw new Error('unknown game');
const moves = Math.min(400, Math.max(1, Number(arg('moves', '40'))));

for (const spec of ['greedy', 'search:1', 'search:2', 'search:3']) {
  const bot = botFor(game.id, spec);
  const cpu: number[] = [];
  const timed: Bot = (view, legal, rng, context) => {
    const t = process.cpuUsage();
    const move = bot(view, legal, rng, context);
    const d = process.cpuUsage(t);
    cpu.push((d.user + d.system) / 1000);
    return move;
  };
  botGame(game, { seats: 2, seed: 'bot-cost', botSeed: 1, bot: timed, maxMoves: moves });
  const sorted = [...cpu].sort((a, b) => a - b);
  const mean = cpu.reduce((a, b) => a + b, 0) / cpu.length;
  console.log(`${game.id} ${spec}: ${cpu.length} decisions, CPU per decision mean ${mean.toFixed(1)} ms, p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms; one worker: at most ${Math.round(60_000 / mean)} such decisions a minute`);
}
