/**
 * A bounded exhaustive search from a constructed position: every legal move of every seat to
 * move, to a depth, through the game's own functions. It checks the kit's invariant (a seat to
 * move has a legal move, test/kit/playthrough.ts) at every position it reaches, and a game's own
 * check after every move. Random playthroughs rarely reach a rare position; this reaches all of
 * them near a position built to be close to it.
 */
import { fastRng, type AnyGame } from '../../services/engine/core/index.js';
import { expectMoversCanMove } from './playthrough.js';

export interface Explore<S> {
  seats: number;
  /** Moves deep from the start (each move of any seat counts one). */
  depth: number;
  /** Stop after this many distinct positions (a guard, not a target). */
  maxPositions?: number;
  /** After every move: the position before, the position after, and the positions that led to it (the start first). */
  check?: (before: S, after: S, path: readonly S[]) => void;
}

/** Explores from `start`; returns the number of distinct positions checked. */
export function explore<S>(game: AnyGame, start: S, o: Explore<S>): number {
  const seen = new Set<string>();
  const max = o.maxPositions ?? 50_000;
  const rng = fastRng(1);
  const visit = (s: S, depth: number, path: S[]) => {
    const key = JSON.stringify(s);
    if (seen.has(key) || seen.size >= max) return;
    seen.add(key);
    const status = game.status(s);
    if (status.over) return;
    expectMoversCanMove(status.toMove, o.seats, (seat) => game.legalCommands(s, seat), ` (phase ${status.phase}, after ${path.length} moves)`);
    if (depth === 0) return;
    for (const seat of status.toMove)
      for (const move of game.legalCommands(s, seat)) {
        const next = game.decide(s, move, seat, rng).reduce((x: S, e: unknown) => game.evolve(x, e) as S, s);
        o.check?.(s, next, path);
        visit(next, depth - 1, [...path, s]);
      }
  };
  visit(start, o.depth, []);
  return seen.size;
}
