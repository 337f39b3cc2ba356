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

const server = useServer({ limits: { devTools: true } }); // serves /docs/json, and checks the SDL and the route schemas at start

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
    expect(game).toEqual({ $ref: '#/components/schemas/Game' });
    expect(Object.keys(doc.components.schemas.GameCommon.properties)).toEqual(expect.arrayContaining(['id', 'version', 'seat', 'status', 'seedFixed']));
  });

  it('OpenAPI types a game per game type (discriminated by type), its error codes, and every operation lists 429 and 503', async () => {
    const doc = (await server.rest('GET', '/docs/json')).body;
    const schemas = doc.components.schemas;
    expect(schemas.Game.discriminator.propertyName).toBe('type');
    expect(Object.keys(schemas.Game.discriminator.mapping).sort()).toEqual(games.map((g) => g.id).sort());
    for (const g of games) {
      const name = g.viewType.replace(/View$/, '');
      const own = schemas[`${name}Game`].allOf[1].properties;
      expect(own.type.enum).toEqual([g.id]);
      expect(own.view.allOf[0].$ref).toBe(`#/components/schemas/${g.viewType}`);
      expect(own.legalMoves.items.$ref).toBe(`#/components/schemas/${name}Move`);
      expect(Object.keys(schemas[g.viewType].properties)).toEqual(expect.arrayContaining(['seat', 'phase', 'toMove']));
    }
    expect(schemas.ErrorCode.enum).toEqual(expect.arrayContaining(['BAD_INPUT', 'ILLEGAL_MOVE', 'RATE_LIMITED', 'BUSY', 'STREAM_DAMAGED']));
    expect(schemas.Error.properties.error.properties.code).toEqual({ $ref: '#/components/schemas/ErrorCode' });
    let operations = 0;
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)) {
      if (!path.startsWith('/v1')) continue;
      for (const [method, op] of Object.entries(methods)) {
        operations++;
        for (const status of ['400', '401', '429', '503']) expect(op.responses[status], `${method} ${path} lists ${status}`).toBeDefined();
      }
    }
    expect(operations).toBeGreaterThan(50);
  });

  it("a game's REST answer fits the OpenAPI Game schema of its type, and not another type's", async () => {
    const doc = (await server.rest('GET', '/docs/json')).body;
    // OpenAPI 3.0's `nullable` as JSON Schema, so ajv reads the document's components.
    const asJsonSchema = (x: unknown): unknown => {
      if (Array.isArray(x)) return x.map(asJsonSchema);
      if (!x || typeof x !== 'object') return x;
      const { nullable, discriminator: _d, ...rest } = x as Record<string, unknown>;
      const out = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, asJsonSchema(v)]));
      return nullable ? { anyOf: [out, { type: 'null' }] } : out;
    };
    const ajv = new Ajv({ strict: false });
    ajv.addSchema({ $id: 'doc', components: asJsonSchema(doc.components) });
    const valid = ajv.compile({ $ref: 'doc#/components/schemas/Game' });
    for (const g of games) {
      const created = await server.rest('POST', '/v1/games', { game: g.id, seats: g.seats.min });
      const tokens: string[] = [];
      for (let seat = 0; seat < g.seats.min; seat++) tokens.push((await server.rest('POST', `/v1/games/${created.body.id}/join`, { name: `p${seat}` })).body.token);
      const seen = await Promise.all(tokens.map(async (t) => (await server.rest('GET', `/v1/games/${created.body.id}`, undefined, t)).body));
      const game = seen.find((s) => s.legalMoves.length > 0)!;
      expect(game, g.id).toBeDefined();
      if (!valid(game)) expect.fail(`${g.id}: ${ajv.errorsText(valid.errors)}`);
      const other = games.find((o) => o.id !== g.id)!;
      expect(valid({ ...(game as object), type: other.id }), `${g.id} as ${other.id}`).toBe(false);
    }
  });
});
