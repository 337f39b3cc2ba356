/**
 * What the lab's engine figure should be: the engine's random game three ways, interleaved game
 * by game, CPU µs per move — as bench/engine.ts's `playRandomGame` is called with no table (a
 * table made per game), with one table, and with one table and the lab's seeds (`gameSeed`).
 * All are 64 hex characters, as every real game's (playRandomGame hashes `bench-<i>`; it used the
 * short text itself, which made each draw's hash cheaper than a real game's). bench/simulate.ts compares the lab with
 * the last, the engine as the simulator's thread runs it; this says how far the others are from it.
 *   nice -n 5 npx tsx bench/lab-anchor.ts [CPU seconds per row, default 3]
 */
import { randomBot, fastRng, type AnyGame, type Table, type TableState } from '../services/engine/core/index.js';
import { games } from '../services/engine/registry.js';
import { gameSeed } from '../services/analytics/simulate.js';
import { currentEngine, playRandomGame } from './engine.js';

const cpu = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};

/** bench/simulate.ts's engine game: the lab's seeds for game `i`, its creation and joins, through `t`. */
function labSeeded(game: AnyGame, seats: number, { seed, botSeed }: { seed: string; botSeed: number }, t: Table): number {
  const rng = fastRng(botSeed);
  let s: TableState = t.fold(t.decide(null, { type: 'create', game: game.id, seats, options: {}, seed, seedFixed: false }));
  for (let k = 0; k < seats; k++) s = t.fold(t.decide(s, { type: 'join', name: `bot${k}`, tokenHash: '' }), s);
  let moves = 0;
  for (; !s.ended; moves++) {
    const toMove = t.status(s).toMove;
    const seat = toMove[rng.int(toMove.length)]!;
    s = t.fold(t.decide(s, { type: 'move', seat, move: randomBot(undefined, t.legalMoves(s, seat), rng) }), s);
  }
  return moves;
}

const seconds = Number(process.argv[2] ?? 3);
console.log(`The engine's random game, CPU µs per move, ${seconds}s of CPU per row after 1 s of warm-up, three ways interleaved game by game:`);
console.log('  a table per game (playRandomGame with no table) | one table, playRandomGame\'s seeds | one table, the lab\'s seeds (bench/simulate.ts); each × the last');
for (const game of games) {
  for (const seats of [...new Set([game.seats.min, Math.min(game.seats.max, 4)])]) {
    const t = currentEngine.table(game);
    const us = [0, 0, 0];
    const moves = [0, 0, 0];
    const one = (i: number, measure: boolean) => {
      const seeds = gameSeed('bench', i);
      const runs = [() => playRandomGame(game, seats, i), () => playRandomGame(game, seats, i, {}, currentEngine, t), () => labSeeded(game, seats, seeds, t)];
      runs.forEach((run, k) => {
        const c0 = cpu();
        const m = run();
        if (measure) (us[k]! += cpu() - c0), (moves[k]! += m);
      });
    };
    for (let i = 0, c0 = cpu(); cpu() - c0 < 1e6; i++) one(1e6 + i, false);
    for (let i = 0, c0 = cpu(); cpu() - c0 < seconds * 1e6; i++) one(i, true);
    const per = us.map((u, k) => u / moves[k]!);
    console.log(`  ${game.id.padEnd(20)} ${seats} seats  ${per.map((p) => `${p.toFixed(2)} µs ${(p / per[2]!).toFixed(2)}×`).join(' | ')}`);
  }
}
