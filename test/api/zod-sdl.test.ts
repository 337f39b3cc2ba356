/**
 * The zod-to-GraphQL writer behind the typed moves (services/api/graphql/zod-sdl.ts), on shapes no
 * move has yet: what it types, and what it leaves JSON, saying why, so a new game's moves never
 * get a GraphQL type that refuses or garbles what zod accepts.
 */
import { buildSchema, isEnumType, isInputObjectType, isListType, isNonNullType, isObjectType, type GraphQLType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLines, SdlTypes } from '../../services/api/graphql/zod-sdl.js';

const shape = {
  bounded: z.number().int().min(0).max(9).describe('A position'),
  wide: z.number().int(),
  ratio: z.number(),
  maybe: z.boolean().optional(),
  given: z.number().int().min(1).max(3).default(2),
  side: z.enum(['left', 'right']),
  pick: z.union([z.literal('one'), z.literal('two')]),
  either: z.union([z.object({ a: z.number() }), z.object({ b: z.string() })]),
  pair: z.tuple([z.number().int().min(0).max(5), z.number().int().min(0).max(5)]),
  mixed: z.tuple([z.number(), z.string()]),
  list: z.array(z.string()).min(1).max(4),
  nested: z.object({ x: z.number().int().min(0).max(1), side: z.enum(['up', 'down']) }),
  free: z.record(z.string(), z.number()),
  anything: z.unknown(),
};

/** The fields as SDL, in a schema of their own (output: a type; input: an input read by a query's argument). */
function built(mode: 'input' | 'output') {
  const types = new SdlTypes();
  const lines = fieldLines(shape, mode, 'Toy', types, 'T').join('\n');
  const sdl =
    mode === 'output'
      ? `scalar JSON\ntype Query { toy: Toy }\ntype Toy {\n${lines}\n}\n${types}`
      : `scalar JSON\ntype Query { toy(arg: ToyArg): Int }\ninput ToyArg {\n${lines}\n}\n${types}`;
  const schema = buildSchema(sdl);
  const fields = mode === 'output' ? (schema.getType('Toy') as { getFields(): Record<string, { type: GraphQLType; description?: string | null }> }).getFields() : (schema.getType('ToyArg') as { getFields(): Record<string, { type: GraphQLType; description?: string | null }> }).getFields();
  return { schema, fields };
}

const show = (t: GraphQLType): string => (isNonNullType(t) ? `${show(t.ofType)}!` : isListType(t) ? `[${show(t.ofType)}]` : t.name);

describe('zod to GraphQL', () => {
  it.each(['output', 'input'] as const)('types what GraphQL can say, in %s', (mode) => {
    const { schema, fields } = built(mode);
    const types = Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, show(f.type)]));
    expect(types).toEqual({
      bounded: 'Int!',
      wide: 'Float!', // an integer beyond 32 bits would not fit GraphQL's Int
      ratio: 'Float!',
      maybe: 'Boolean',
      given: 'Int', // a default: may be left out
      side: 'TSide!',
      pick: 'TPick!',
      either: 'JSON!',
      pair: '[Int!]!',
      mixed: 'JSON!',
      list: '[String!]!',
      nested: mode === 'input' ? 'ToyNestedInput!' : 'ToyNested!',
      free: 'JSON!',
      anything: 'JSON!',
    });
    expect(isEnumType(schema.getType('TSide'))).toBe(true);
    const nested = schema.getType(mode === 'input' ? 'ToyNestedInput' : 'ToyNested');
    expect(mode === 'input' ? isInputObjectType(nested) : isObjectType(nested)).toBe(true);
  });

  it('says the limits JSON Schema states, and why a field stays JSON', () => {
    const { fields } = built('output');
    expect(fields.bounded!.description).toBe('A position (0 to 9)');
    expect(fields.pair!.description).toBe('(2 items; each 0 to 5)');
    expect(fields.list!.description).toBe('(1 to 4 items)');
    expect(fields.wide!.description ?? null).toBeNull();
    expect(fields.either!.description).toMatch(/JSON: one of several shapes/);
    expect(fields.mixed!.description).toMatch(/JSON: a tuple of mixed types/);
    expect(fields.free!.description).toMatch(/JSON: free-form \(record\)/);
  });

  it('names an enum by its scope and field unless other values have that name', () => {
    const types = new SdlTypes();
    fieldLines({ end: z.enum(['left', 'right']) }, 'output', 'AMove', types, 'G');
    fieldLines({ end: z.enum(['left', 'right']) }, 'output', 'BMove', types, 'G');
    fieldLines({ end: z.enum(['top', 'bottom']) }, 'output', 'CMove', types, 'G');
    expect(String(types)).toBe('enum GEnd {\n  left\n  right\n}\n\nenum CMoveEnd {\n  top\n  bottom\n}');
  });

  it('refuses a field name GraphQL cannot carry rather than rename it', () => {
    expect(() => fieldLines({ 'two-words': z.number() }, 'output', 'Toy', new SdlTypes())).toThrow(/not a GraphQL name/);
  });
});
