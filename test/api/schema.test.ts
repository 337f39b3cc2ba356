/**
 * schema.graphql is the contract third parties generate code from: it must be exactly what
 * the server serves, and every game's typed view must carry every field its view has.
 */
import { readFileSync } from 'node:fs';
import { buildSchema, isListType, isNonNullType, isObjectType, isScalarType, type GraphQLOutputType, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { composeSchema } from '../../services/api/graphql/schema.js';
import { schemaFile } from '../../services/api/graphql/print-schema.js';
import { table, fastRng, type AnyGame } from '../../services/engine/core/index.js';
import { games } from '../../services/engine/registry.js';
import { highCard } from '../kit/high-card.js';
import { randomPlaythrough } from '../kit/playthrough.js';

describe('schema.graphql', () => {
  it('is what the server serves (run `npm run schema` after changing a view)', () => {
    expect(readFileSync(schemaFile, 'utf8')).toBe(composeSchema(games));
  });

  it('is a valid schema', () => {
    expect(() => buildSchema(composeSchema(games))).not.toThrow();
  });
});

/** Checks a value against a GraphQL output type, collecting every mismatch. */
function conform(schema: GraphQLSchema, type: GraphQLOutputType, value: unknown, path: string, problems: string[]): void {
  if (isNonNullType(type)) {
    if (value === null || value === undefined) problems.push(`${path}: null in a non-null field`);
    else conform(schema, type.ofType, value, path, problems);
    return;
  }
  if (value === null || value === undefined) return;
  if (isListType(type)) {
    if (!Array.isArray(value)) problems.push(`${path}: not a list`);
    else value.forEach((v, i) => conform(schema, type.ofType, v, `${path}[${i}]`, problems));
    return;
  }
  if (isScalarType(type)) {
    const ok = { Int: Number.isInteger(value), Float: typeof value === 'number', String: typeof value === 'string', ID: typeof value === 'string' || typeof value === 'number', Boolean: typeof value === 'boolean' }[type.name];
    if (ok === false) problems.push(`${path}: ${JSON.stringify(value)} is not ${type.name}`);
    return;
  }
  if (isObjectType(type)) {
    if (typeof value !== 'object' || Array.isArray(value)) return void problems.push(`${path}: not an object`);
    const fields = type.getFields();
    for (const key of Object.keys(value)) if (!fields[key]) problems.push(`${path}.${key}: missing from ${type.name}`);
    for (const [name, field] of Object.entries(fields)) conform(schema, field.type, (value as Record<string, unknown>)[name], `${path}.${name}`, problems);
    return;
  }
  problems.push(`${path}: unions and interfaces are not allowed inside views`);
}

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
      for (const view of sampleViews(game, seats)) conform(schema, type as GraphQLOutputType, view, game.viewType, problems);
    }
    expect([...new Set(problems.map((p) => p.replace(/\[\d+\]/g, '[]')))]).toEqual([]);
  });
});
