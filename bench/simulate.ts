/**
 * What the rules-variant lab costs per move beside the engine alone: `npm run simulate`'s work for
 * one game (bots through the table decider, the commits a server would store, the export's lines)
 * against bench/engine.ts's random game, on the same seeds, interleaved, in one process (no I/O).
 */
import type { AnyGame } from '../services/engine/core/index.js';
import { botGame } from '../services/analytics/bot-game.js';
import { gameLines } from '../services/analytics/ndjson.js';
import { gameFacts } from '../services/analytics/record.js';
import { playRandomGame } from './engine.js';

/** Plays the same seeds both ways, alternating, for about `seconds`; µs per move of each. */
export function benchSimulate(game: AnyGame, seats: number, seconds: number) {
  let engineMs = 0;
  let labMs = 0;
  let moves = 0;
  // Warm both paths first: a cold JIT would be billed to whichever ran first.
  for (let i = 0; i < 20; i++) (playRandomGame(game, seats, i), labGame(game, seats, i));
  const start = performance.now();
  for (let i = 0; performance.now() - start < seconds * 1000; i++) {
    const t0 = performance.now();
    moves += playRandomGame(game, seats, i);
    const t1 = performance.now();
    labGame(game, seats, i);
    labMs += performance.now() - t1;
    engineMs += t1 - t0;
  }
  return { engineUs: (engineMs * 1000) / moves, labUs: (labMs * 1000) / moves, ratio: labMs / engineMs };
}

function labGame(game: AnyGame, seats: number, i: number): void {
  const commits = botGame(game, { seats, seed: `bench-${i}`, botSeed: i });
  gameLines({ ...gameFacts(`bench-${i}`, commits)!, bots: [] } as never, commits);
}
