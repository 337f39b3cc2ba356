import { describe, expect, it } from 'vitest';
import { fastRng, rngFor } from '../../services/engine/core/index.js';
import { GREEDY } from '../../services/bots/greedy/index.js';
import { search, type SearchResult } from '../../services/bots/search/index.js';
import type { Edge } from '../../services/bots/search/tree.js';
import { scout } from '../../services/engine/games/scout/index.js';
import { playedPositions } from '../kit/played-positions.js';
import { checkSampleWorld } from '../kit/sample-world.js';
import { highCard } from '../kit/high-card.js';

const context = (seats: number) => ({ game: highCard, seat: 0, setup: { seats, options: { cards: 10 } } });
const moves = [{ type: 'choose', swap: false }, { type: 'choose', swap: true }];
/** The tree's result: these games search a tree (tuning.ts). */
const treeOf = (r: SearchResult) => {
  if (r.mode !== 'tree') throw new Error(`expected a tree search, got ${r.mode}`);
  return r;
};
const decide = (hand: number, seats = 2, iterations = 200) =>
  treeOf(search({ hand, chosen: Array(seats).fill(false), revealed: null }, moves, rngFor('search', hand), context(seats), { iterations }));

describe('the search bot (SO-ISMCTS over sampled worlds)', () => {
  it("high card's sampled worlds keep the law", () => {
    expect(checkSampleWorld(highCard, { seats: 3, games: 30, samples: 3 })).toBeGreaterThan(100);
  });

  it('keeps a high card and swaps a low one: the value of each move comes from worlds it cannot tell apart', () => {
    expect(decide(9).move).toEqual(moves[0]);
    expect(decide(2).move).toEqual(moves[1]);
    expect(decide(2, 4).move).toEqual(moves[1]);
  });

  it('spends exactly its budget: every iteration visits one root move', () => {
    const r = decide(5, 2, 123);
    expect(r.edges.reduce((n, e) => n + e.visits, 0)).toBe(123);
    expect(r.edges.every((e) => e.available === 123)).toBe(true);
  });

  it('is a pure function of its sight and its rng', () => {
    const a = decide(6, 3, 150);
    const b = decide(6, 3, 150);
    expect(a.edges.map((e) => e.visits)).toEqual(b.edges.map((e) => e.visits));
    const other = treeOf(search({ hand: 6, chosen: [false, false, false], revealed: null }, moves, fastRng(99), context(3), { iterations: 150 }));
    expect(other.edges.map((e) => e.visits)).not.toEqual(a.edges.map((e) => e.visits));
  });
});

describe('the opponents in the search (tuning.ts `opponents`)', () => {
  const edgesBelow = (edges: readonly Edge[]): Edge[] => edges.flatMap((e) => [e, ...edgesBelow([...e.child.edges.values()].filter((c) => c.visits > 0))]);
  const position = () => {
    const { t, state, setup } = [...playedPositions(scout, { seats: 2, games: 1, bot: GREEDY.scout!, seed: 'opponents', rng: fastRng(2) })].find(({ t, state }) => t.legalMoves(state, t.status(state).toMove[0]!).length > 3)!;
    const seat = t.status(state).toMove[0]!;
    return { view: t.view(state, seat), legal: t.legalMoves(state, seat), context: { game: scout, seat, setup } };
  };

  it("are tree nodes by default: the tree holds the opponent's moves", () => {
    const { view, legal, context } = position();
    const r = treeOf(search(view, legal, fastRng(1), context, { iterations: 300, opponents: 'tree' }));
    expect(edgesBelow(r.edges).some((e) => e.actor !== context.seat)).toBe(true);
  });

  it('are played by the rollout policy where the tuning says so: the tree holds only the bot’s own moves', () => {
    const { view, legal, context } = position();
    const r = treeOf(search(view, legal, fastRng(1), context, { iterations: 300, opponents: 'policy' }));
    const below = edgesBelow(r.edges);
    expect(below.length).toBeGreaterThan(r.edges.length);
    expect(below.every((e) => e.actor === context.seat)).toBe(true);
  });
});
