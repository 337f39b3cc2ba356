/**
 * The lab's anchor, in one place for the bench's main thread and its anchor thread
 * (bench/lab-anchor-worker.ts): the engine driven by the lab's own bots on the lab's seeds for
 * game `i` (`gameSeed`), so both sides play the very same games: the seat to move drawn as the
 * lab's harness draws it (services/analytics/bot-game.ts), each seat's bot of the line-up
 * (`lineupBots`: the lab's "random" is seat-relative, services/bots/seat-order.ts, and draws other
 * moves than the engine bench's `randomBot` wherever a move names a seat), a view only for a bot
 * that reads one, one context per seat and game. What the lab adds on top (its harness's checks,
 * the record, the batches, the files) is then the whole difference. The secret seed is a real
 * game's (64 hex characters, as the lab's and the server's: the seeded stream hashes it with each
 * draw, and `bench-<i>` fits one SHA-256 block where 64 characters take two, 2–8% of the engine's
 * move), one table for every game (the simulator thread's way: a table per game parsed the options
 * each game, and read SCOUT at 2 seats 1.2× slower), and the lab's creation and joins. Seeds are
 * derived before any clock starts: deriving them is the lab's cost, not the engine's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fastRng, type AnyGame, type Bot, type BotContext, type Table, type TableState } from '../services/engine/core/index.js';
import type { gameSeed } from '../services/analytics/simulate.js';
import { botMemory } from '../services/bots/repeat.js';
import { readsView } from '../services/bots/viewless.js';

export type GameSeeds = ReturnType<typeof gameSeed>;

/** Plays one game with `bots` (one per seat); `onMove` (if any) is told after each move (the anchor thread counts them where the main thread can read them). */
export function engineGame(game: AnyGame, seats: number, { seed, botSeed }: GameSeeds, t: Table, bots: readonly Bot[], onMove?: () => void): number {
  const rng = fastRng(botSeed);
  let s: TableState = t.fold(t.decide(null, { type: 'create', game: game.id, seats, options: {}, seed, seedFixed: false }));
  for (let k = 0; k < seats; k++) s = t.fold(t.decide(s, { type: 'join', name: `bot${k}`, tokenHash: '' }), s);
  const setup = { seats, options: s.options };
  const contexts = Array.from({ length: seats }, (_, seat) => ({ game, seat, setup, memory: botMemory() }) as BotContext);
  const views = bots.map(readsView);
  let moves = 0;
  while (!s.ended) {
    const toMove = t.status(s).toMove;
    const seat = toMove[rng.int(toMove.length)]!;
    s = t.fold(t.decide(s, { type: 'move', seat, move: bots[seat]!(views[seat] ? t.view(s, seat) : undefined, t.legalMoves(s, seat), rng, contexts[seat]!) }), s);
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
