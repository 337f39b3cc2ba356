/**
 * The view's GraphQL SDL describes exactly the object view() returns: every field present,
 * no extra field, null only where the SDL allows it; every type prefixed "Scout" and described.
 */
import { buildSchema, isObjectType, type GraphQLOutputType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { fastRng, table } from '../../../services/engine/core/index.js';
import { scout } from '../../../services/engine/games/scout/index.js';
import { viewMismatches } from '../../kit/view-schema.js';
import { seated } from './history.js';

const schema = buildSchema(`${scout.viewSchema}\ntype Query { view: ${scout.viewType} }`);

const conforms = (value: unknown, type: GraphQLOutputType, path: string) => expect(viewMismatches(type, value, path)).toEqual([]);

describe('view schema (GraphQL SDL)', () => {
  it('names every type with the Scout prefix and describes every type', () => {
    const own = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__') && isObjectType(t) && t.name !== 'Query');
    expect(own.map((t) => t.name).every((n) => n.startsWith('Scout'))).toBe(true);
    expect(own.every((t) => t.description)).toBe(true);
  });

  it.each([2, 3, 4, 5])('%i seats: every view along a random game matches the SDL exactly, with `seat` the viewer and `toMove` the table status', (seats) => {
    const t = table(scout);
    const viewType = schema.getType(scout.viewType) as GraphQLOutputType;
    const rng = fastRng(seats);
    for (let g = 0; g < 2; g++) {
      let { state } = seated(t, seats, g === 1 ? { hideScoutInsertPosition: true, ownerPersistsWhenSetEmptied: false } : {}, `schema-${g}`);
      const phases = new Set<string>();
      for (let n = 0; ; n++) {
        const status = t.status(state);
        // Every phase change and every 10th command (views are checked for every seat and a spectator).
        if (n % 10 === 0 || !phases.has(status.phase) || status.phase === 'scout-show' || state.ended)
          for (const viewer of [...Array.from({ length: seats }, (_, s) => s), null]) {
            const view = t.view(state, viewer) as { seat: unknown; toMove: unknown };
            conforms(view, viewType, `view(${viewer})`);
            // One vocabulary across games: the viewer is `seat`, the seats to act are `toMove`.
            expect(view.seat).toBe(viewer);
            expect(view.toMove).toEqual(status.toMove);
          }
        phases.add(status.phase);
        if (state.ended) break;
        const seat = status.toMove[rng.int(status.toMove.length)]!;
        const moves = t.legalMoves(state, seat);
        state = t.fold(t.decide(state, { type: 'move', seat, move: moves[rng.int(moves.length)] }), state);
      }
      expect(phases).toContain('over');
    }
  });
});
