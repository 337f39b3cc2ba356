/**
 * SCOUT's greedy bot, one ply from what the rules reward: the strongest Show (it sheds the most
 * cards and is the hardest to beat); else a Scout & Show that can show; else the Scout that best
 * extends a set of the hand. At round start it holds the hand the way up whose sets are bigger.
 * Ties go to the rng, so play stays varied and deterministic.
 */
import type { Bot, Rng } from '../../engine/core/index.js';
import type { Command } from '../../engine/games/scout/commands.js';
import { canBeat, forEachSetFrom, shapeOf, valuesOf, type SetShape } from '../../engine/games/scout/sets.js';
import type { ScoutView } from '../../engine/games/scout/view.js';
import { seatRelative } from '../seat-order.js';

/** How well a hand holds together: Σ size² over its sets, each taken as long as it goes from the left. */
export function handCohesion(values: readonly number[]): number {
  let score = 0;
  for (let i = 0; i < values.length; ) {
    let end = i;
    forEachSetFrom(values, i, (j) => void (end = j));
    score += (end - i + 1) ** 2;
    i = end + 1;
  }
  return score;
}

/** The best of `moves` by `score` (higher is better), ties drawn by the rng. */
function best<M>(moves: readonly M[], score: (m: M) => number, rng: Rng): M {
  let top = moves[0] as M;
  let topScore = -Infinity;
  let ties = 0;
  for (const m of moves) {
    const s = score(m);
    if (s > topScore) [top, topScore, ties] = [m, s, 1];
    else if (s === topScore && rng.int(++ties) === 0) top = m;
  }
  return top;
}

/** A set's strength as one number that orders like `stronger` (size, then match over run, then min). */
const strength = (shape: SetShape) => shape.size * 100 + (shape.kind === 'match' ? 50 : 0) + shape.min;

type ScoutMove = Extract<Command, { type: 'scout' | 'scoutShow' }>;

export const greedyScout: Bot = seatRelative((view, legalMoves, rng) => {
  const v = view as ScoutView;
  const moves = legalMoves as readonly Command[];
  const values = valuesOf(v.hand!);
  if (moves[0]!.type === 'rotate') {
    const rotated = values.map((up, i) => v.hand![i]!.lo + v.hand![i]!.hi - up).reverse();
    return moves.find((m) => m.type === 'rotate' && m.rotate === handCohesion(rotated) > handCohesion(values))!;
  }
  const shows = moves.filter((m) => m.type === 'show');
  if (shows.length) return best(shows, (m) => strength(shapeOf(v.hand!.slice(m.from, m.to + 1))!), rng);

  const scouts = moves.filter((m): m is ScoutMove => m.type === 'scout' || m.type === 'scoutShow');
  if (scouts.length === 0) return moves[0]!; // only a pass is left
  const active = v.activeSet!.cards;
  const ends = { left: active[0]!, right: active[active.length - 1]! };
  // The set a Scout & Show must then beat: what the scout leaves of the Active Set.
  const leftBehind = (end: 'left' | 'right') => {
    const rest = end === 'left' ? active.slice(1) : active.slice(0, -1);
    return shapeOf(rest);
  };
  const targets = { left: leftBehind('left'), right: active.length > 1 ? leftBehind('right') : null };
  // One buffer for every candidate hand: a decision looks at up to ~100 of them.
  const hand = new Array<number>(values.length + 1);
  const after = (m: ScoutMove) => {
    const taken = ends[m.end];
    for (let i = 0, j = 0; i < hand.length; i++) hand[i] = i === m.at ? (m.flip ? taken.lo + taken.hi - taken.up : taken.up) : values[j++]!;
    return hand;
  };
  const showing = scouts.filter((m) => m.type === 'scoutShow' && canBeat(after(m), targets[m.end]));
  const plain = scouts.filter((m) => m.type === 'scout');
  return best(showing.length ? showing : plain.length ? plain : scouts, (m) => handCohesion(after(m)), rng);
});
