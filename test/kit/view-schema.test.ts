/** The one view-vs-GraphQL checker is strict: a missing nullable field is a mismatch, not a null. */
import { buildSchema, type GraphQLOutputType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { viewMismatches } from './view-schema.js';

const type = buildSchema('type V { hand: Int, chosen: [Boolean!]! } type Query { v: V }').getType('V') as GraphQLOutputType;

describe('viewMismatches', () => {
  it('accepts exactly the described object, nullable fields null', () => {
    expect(viewMismatches(type, { hand: null, chosen: [true] }, 'v')).toEqual([]);
  });

  it('reports a missing nullable field, an extra field, a null in a non-null list item and a wrong scalar', () => {
    expect(viewMismatches(type, { chosen: [null], extra: 1 }, 'v')).toEqual(['v.extra: missing from V', 'v.hand: missing (a nullable field must be null)', 'v.chosen[0]: null in a non-null field']);
    expect(viewMismatches(type, { hand: 1.5, chosen: [] }, 'v')).toEqual(['v.hand: 1.5 is not Int']);
  });
});
