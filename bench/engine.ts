/** Random games per second through the table decider, per game and seat count (no I/O). */
import { fastRng, randomBot, table, type AnyGame, type TableState } from '../services/engine/core/index.js';
import { perSecond } from './stats.js';

export function playRandomGame(game: AnyGame, seats: number, seed: number, options: unknown = {}): number {
  const t = table(game);
  const rng = fastRng(seed);
  let s: TableState = t.fold(t.decide(null, { type: 'create', game: game.id, seats, options, seed: `bench-${seed}`, seedFixed: true }));
  for (let i = 0; i < seats; i++) s = t.fold(t.decide(s, { type: 'join', name: `p${i}`, tokenHash: `${i}` }), s);
  let moves = 0;
  while (!s.ended) {
    const toMove = t.status(s).toMove;
    const seat = toMove[rng.int(toMove.length)]!;
    const move = randomBot(t.view(s, seat), t.legalMoves(s, seat), rng);
    s = t.fold(t.decide(s, { type: 'move', seat, move }), s);
    moves++;
  }
  return moves;
}

/**
 * Warmed first (games of other seeds for a quarter of the time, at most half a second), so no
 * figure pays the JIT's first runs; then wall time and this process's CPU time per move.
 */
export function benchEngine(game: AnyGame, seats: number, seconds: number, options: unknown = {}) {
  perSecond(Math.min(0.5, seconds / 4), (i) => playRandomGame(game, seats, 1e6 + i, options));
  let moves = 0;
  const cpu0 = process.cpuUsage();
  const { runs, perSecond: games } = perSecond(seconds, (i) => (moves += playRandomGame(game, seats, i, options)));
  const cpu = process.cpuUsage(cpu0);
  return { games: runs, gamesPerSecond: games, movesPerGame: moves / Math.max(runs, 1), cpuUsPerMove: (cpu.user + cpu.system) / Math.max(moves, 1) };
}
