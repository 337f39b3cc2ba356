/**
 * The contract explains itself: each game type publishes the JSON Schema of its moves (GraphQL
 * GameType.moves, the REST catalog and OpenAPI), and every move a seat is ever offered fits it.
 */
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { table, type TableState } from '../../services/engine/core/index.js';
import { games } from '../../services/engine/registry.js';
import { randomPlaythrough } from '../kit/playthrough.js';
import { useServer } from '../kit/server.js';

const server = useServer();

describe('move schemas', () => {
  it('every game type publishes its moves as JSON Schema, with the descriptions from the code', async () => {
    const r = await server.gql('{ gameTypes { id moves } }');
    expect(r.errors).toBeUndefined();
    for (const type of r.data.gameTypes) {
      expect(type.moves.oneOf.length, type.id).toBeGreaterThan(1);
      const kinds = type.moves.oneOf.map((m: any) => m.properties.type.const);
      expect(new Set(kinds).size, `${type.id} move kinds are distinct`).toBe(kinds.length);
    }
    const scout = r.data.gameTypes.find((t: any) => t.id === 'scout');
    expect(JSON.stringify(scout.moves)).toContain('turn the whole hand 180°');
  });

  it('every legal move of random games of each game fits the published schemas, and with one field more fits none', async () => {
    const published = (await server.rest('GET', '/v1/game-types')).body as { id: string; moves: object }[];
    const doc = (await server.rest('GET', '/docs/json')).body;
    const ajv = new Ajv({ strict: false });
    for (const game of games) {
      // The same schema twice: the catalog's (gameTypes, /v1/game-types) and the OpenAPI component.
      const validators = [
        ajv.compile(published.find((t) => t.id === game.id)!.moves),
        ajv.compile(doc.components.schemas[`${game.viewType.replace(/View$/, '')}Move`]),
      ];
      for (const valid of validators) expect(valid({ type: 'no-such-move' }), game.id).toBe(false);
      const offered = new Set<string>();
      const t = table(game);
      const check = (state: TableState) => {
        if (!state.started || state.ended) return;
        for (let seat = 0; seat < state.seats; seat++) {
          for (const move of t.legalMoves(state, seat)) {
            for (const valid of validators) {
              if (!valid(move)) expect.fail(`${game.id}: offered ${JSON.stringify(move)} does not fit: ${ajv.errorsText(valid.errors)}`);
              // The server refuses an unknown field (BAD_INPUT): the schema must refuse it too.
              if (valid({ ...(move as object), note: 'hi' })) expect.fail(`${game.id}: ${JSON.stringify(move)} with an extra field fits the schema`);
            }
            offered.add((move as { type: string }).type);
          }
        }
      };
      randomPlaythrough(game, { seats: game.seats.min, seed: `contract-${game.id}`, check, deepEvery: 1_000 });
      expect(offered.size, `${game.id} offered several kinds of move`).toBeGreaterThan(2);
    }
  });

  it('OpenAPI names each game type\'s move schema and uses them for the move body', async () => {
    const doc = (await server.rest('GET', '/docs/json')).body;
    const names = games.map((g) => `${g.viewType.replace(/View$/, '')}Move`);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(names));
    const move = doc.paths['/v1/games/{id}/moves'].post.requestBody.content['application/json'].schema.properties.move;
    expect(move.oneOf.map((r: { $ref: string }) => r.$ref)).toEqual(names.map((n) => `#/components/schemas/${n}`));
    const game = doc.paths['/v1/games/{id}'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(game.properties)).toEqual(expect.arrayContaining(['id', 'version', 'seat', 'status', 'view', 'legalMoves', 'seedFixed']));
  });
});
