/**
 * The lab's anchor, in one place for the bench's main thread and its anchor thread
 * (bench/lab-anchor-worker.ts): the engine's random game `i` with the lab's seeds for game `i`
 * (`gameSeed`): bench/engine.ts's random game, but the secret seed a real game has (64 hex
 * characters, as the lab's and the server's: the seeded stream hashes it with each draw, and
 * `bench-<i>` fits one SHA-256 block where 64 characters take two, 2–8% of the engine's move), one
 * table for every game (the simulator thread's way: a table per game parsed the options each game,
 * and read SCOUT at 2 seats 1.2× slower), and the lab's creation and joins. The same deals as the
 * lab's games; the bots' draws are the engine bench's (`randomBot` on the engine's order). Seeds
 * are derived before any clock starts: deriving them is the lab's cost, not the engine's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fastRng, randomBot, type AnyGame, type Table, type TableState } from '../services/engine/core/index.js';
import type { gameSeed } from '../services/analytics/simulate.js';

export type GameSeeds = ReturnType<typeof gameSeed>;

/** Plays one game; `onMove` (if any) is told after each move (the anchor thread counts them where the main thread can read them). */
export function engineGame(game: AnyGame, seats: number, { seed, botSeed }: GameSeeds, t: Table, onMove?: () => void): number {
  const rng = fastRng(botSeed);
  let s: TableState = t.fold(t.decide(null, { type: 'create', game: game.id, seats, options: {}, seed, seedFixed: false }));
  for (let k = 0; k < seats; k++) s = t.fold(t.decide(s, { type: 'join', name: `bot${k}`, tokenHash: '' }), s);
  let moves = 0;
  while (!s.ended) {
    const toMove = t.status(s).toMove;
    const seat = toMove[rng.int(toMove.length)]!;
    s = t.fold(t.decide(s, { type: 'move', seat, move: randomBot(undefined, t.legalMoves(s, seat), rng) }), s);
    moves++;
    onMove?.();
  }
  return moves;
}

/**
 * CPU µs one thread of this process has run, by its kernel id (`tid`; the main thread's is the
 * process id): the scheduler's own count, in nanoseconds (/proc/self/task/<tid>/schedstat), where
 * `process.cpuUsage()` sums every thread, the engine's helpers (GC, compilers) and the file pool's included.
 */
export function threadCpuUs(tid: number): number {
  return Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e3;
}

/** The calling thread's kernel id. */
export const ownTid = (): number => Number(readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0]);

/** Every thread of this process now (kernel ids). */
export const threadIds = (): number[] => readdirSync('/proc/self/task').map(Number);
