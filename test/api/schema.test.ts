/**
 * schema.graphql is the contract third parties generate code from: it must be exactly what
 * the server serves, and every game's typed view must carry every field its view has.
 */
import { readFileSync } from 'node:fs';
import { buildSchema, type GraphQLOutputType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { composeSchema } from '../../services/api/graphql/schema.js';
import { schemaFile } from '../../services/modules/print-schema.js';
import { MODULES } from '../../services/modules/index.js';
import { table, fastRng, type AnyGame } from '../../services/engine/core/index.js';
import { games } from '../../services/engine/registry.js';
import { highCard } from '../kit/high-card.js';
import { randomPlaythrough } from '../kit/playthrough.js';
import { viewMismatches } from '../kit/view-schema.js';

describe('schema.graphql', () => {
  it('is what the server serves (run `npm run schema` after changing a view)', () => {
    expect(readFileSync(schemaFile, 'utf8')).toBe(composeSchema(games, MODULES));
  });

  it('is a valid schema', () => {
    expect(() => buildSchema(composeSchema(games, MODULES))).not.toThrow();
  });
});

/** Views along a few random games, for every seat and the spectator. */
function sampleViews(game: AnyGame, seats: number): unknown[] {
  const views: unknown[] = [];
  const t = table(game);
  randomPlaythrough(game, {
    seats,
    botSeed: 7,
    deepEvery: 1_000_000,
    check: (state) => {
      if (fastRng(state.events).int(4) !== 0) return;
      for (let s = 0; s < seats; s++) views.push(t.view(state, s));
      views.push(t.view(state, null));
    },
  });
  return views;
}

describe.each([highCard, ...games].map((g) => [g.id, g] as const))('the typed view of %s', (_id, game) => {
  it('describes exactly the object view() returns', () => {
    const schema = buildSchema(composeSchema([game]));
    const type = schema.getType(game.viewType);
    expect(type, `${game.viewType} is defined`).toBeDefined();
    const problems: string[] = [];
    for (const seats of [game.seats.min, game.seats.max]) {
      for (const view of sampleViews(game, seats)) viewMismatches(type as GraphQLOutputType, view, game.viewType, problems);
    }
    expect([...new Set(problems.map((p) => p.replace(/\[\d+\]/g, '[]')))]).toEqual([]);
  });
});
