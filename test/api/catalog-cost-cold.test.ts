/**
 * The catalog's cost weights (limits/catalog-cost.ts) build every game's JSON Schemas, ~100 ms of
 * CPU: a cold start's first createGame or move must not pay for them (issue 33 item 5). Costing a
 * document that reads no catalog field leaves them unbuilt; one that does still builds and counts them.
 */
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'graphql';

const built = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../services/api/limits/catalog-cost.js', async (original) => {
  const real = await original<typeof import('../../services/api/limits/catalog-cost.js')>();
  return { ...real, catalogFieldCosts: () => (built.n++, real.catalogFieldCosts()) };
});

// Files share their worker's modules (isolate: false): start this file's imports afresh, so the
// mock above is what documents.js imports even when an earlier file loaded the real one.
vi.resetModules();
const { costOf } = await import('../../services/api/limits/documents.js');
const { buildParlorSchema } = await import('../../services/api/graphql/schema.js');
const { games } = await import('../../services/engine/registry.js');

describe('the catalog weights at a cold start', () => {
  const schema = buildParlorSchema(games, false);
  it('are not built to cost createGame, submitMove or a game read', () => {
    for (const q of [
      'mutation { createGame(input: { game: "scout", seats: 2 }) { game { id version } } }',
      'mutation M($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { id version view { __typename } legalMoves } } }',
      '{ game(id: "x") { id version status } }',
    ])
      expect(costOf(schema, parse(q), { id: 'x', m: { type: 'pass' } })).toBeGreaterThan(0);
    expect(built.n).toBe(0);
  });
  it('are built, and counted, for the catalog fields', () => {
    const plain = costOf(schema, parse('{ gameTypes { id } }'));
    const heavy = costOf(schema, parse('{ gameTypes { id moves catalog } }'));
    expect(built.n).toBeGreaterThan(0);
    expect(heavy - plain).toBeGreaterThan(100);
  });
});
