/**
 * The OpenAPI document of the REST mirror (served at /docs/json): typed bodies and responses,
 * each game's move and view schemas as components, and a game as a `oneOf` discriminated by its
 * `type` (its view and legalMoves typed per game), so a client generator types a game as GraphQL
 * does. Every operation lists the refusals any route can give (429 RATE_LIMITED, 503 BUSY …), each
 * `{ error: { code, message } }` with `code` one of the ErrorCode enum. Validation of a move stays
 * with the game (its zod schema, through the service): the route schemas Fastify runs are
 * unchanged, only the document is rewritten here.
 */
import type { SwaggerOptions } from '@fastify/swagger';
import type { AnyGame } from '../../engine/core/index.js';
import { moveSchema } from '../dto.js';
import { HTTP_STATUS } from '../errors.js';
import { viewComponents } from './view-schemas.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const moveComponent = (game: AnyGame) => `${game.viewType.replace(/View$/, '')}Move`;
const gameComponent = (game: AnyGame) => `${game.viewType.replace(/View$/, '')}Game`;

/** What any operation may answer beside its own refusals (services/api/limits, services/api/errors.ts). */
const COMMON_REFUSALS: Record<string, string> = {
  '400': 'BAD_INPUT: the request does not fit its schema',
  '401': 'UNAUTHENTICATED: a token was sent and is not valid',
  '429': 'RATE_LIMITED: over a rate limit or the requests in flight per client; Retry-After says when to come back',
  '503': 'BUSY: the server has as many requests in flight as it takes (Retry-After); STREAM_DAMAGED: the game is not served until repaired',
};

type Json = Record<string, unknown>;

/** Replaces, everywhere in `node`, the schemas titled as a key of `by` with what it gives. */
function replaceTitled(node: unknown, by: Record<string, (found: Json) => unknown>): unknown {
  if (Array.isArray(node)) return node.map((n) => replaceTitled(n, by));
  if (!node || typeof node !== 'object') return node;
  const title = (node as Json).title;
  if (typeof title === 'string' && by[title]) return by[title](node as Json);
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, replaceTitled(v, by)]));
}

export function openapiOptions(games: readonly AnyGame[]): SwaggerOptions {
  const moveComponents = Object.fromEntries(games.map((g) => [moveComponent(g), moveSchema(g)]));
  const errorCodes = Object.keys(HTTP_STATUS);
  return {
    openapi: {
      info: {
        title: 'Parlor',
        version: '1',
        description:
          'REST mirror of the GraphQL API (/graphql); this document is served at /docs/json. Errors: { error: { code, message } }, code one of ErrorCode. Any route may answer 429 RATE_LIMITED or 503 BUSY with Retry-After. Streams: GET /v1/games/{id}/stream and GET /v1/me/games/stream answer NDJSON, one JSON object a line.',
      },
      components: {
        securitySchemes: { seatToken: { type: 'http', scheme: 'bearer', description: 'The token joinGame returned, or a player token' } },
        schemas: moveComponents as Record<string, object>,
      },
    },
    transformObject: (documentObject) => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const doc = (documentObject as { openapiObject: any }).openapiObject as { paths?: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> } };
      let common: Json | undefined;
      doc.paths = replaceTitled(doc.paths ?? {}, {
        Game: (found) => {
          common ??= found;
          return ref('Game');
        },
        Error: () => ref('Error'),
        LegalMoves: () => ({ type: 'array', items: { oneOf: games.map((g) => ref(moveComponent(g))) }, description: "The caller's legal moves, in its game type's move schema." }),
      }) as typeof doc.paths;
      const schemas = doc.components.schemas;
      schemas.ErrorCode = { type: 'string', enum: errorCodes, description: 'The stable refusal codes (GraphQL extensions.code, REST error.code).' };
      schemas.Error = {
        type: 'object',
        required: ['error'],
        properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: ref('ErrorCode'), message: { type: 'string' } } } },
      };
      Object.assign(schemas, viewComponents(games));
      if (common) {
        const { title: _t, properties, required, ...rest } = common as { title: string; properties: Json; required: string[] };
        const { type: _type, view: _view, legalMoves: _legal, ...others } = properties;
        schemas.GameCommon = { ...rest, required: required.filter((r) => !['type', 'view', 'legalMoves'].includes(r)), properties: others };
        for (const g of games) {
          schemas[gameComponent(g)] = {
            allOf: [
              ref('GameCommon'),
              {
                type: 'object',
                required: ['type', 'view', 'legalMoves'],
                properties: {
                  type: { type: 'string', enum: [g.id], description: 'The catalog id of the game type.' },
                  view: { allOf: [ref(g.viewType)], nullable: true, description: 'What the caller may see; null until every seat is taken.' },
                  legalMoves: { type: 'array', items: ref(moveComponent(g)), description: "The moves the caller's seat may submit now (none for a spectator)." },
                },
              },
            ],
          };
        }
        schemas.Game = {
          oneOf: games.map((g) => ref(gameComponent(g))),
          discriminator: { propertyName: 'type', mapping: Object.fromEntries(games.map((g) => [g.id, `#/components/schemas/${gameComponent(g)}`])) },
          description: 'A game as the caller sees it, typed by its game type.',
        };
      }
      for (const operations of Object.values(doc.paths ?? {})) {
        for (const op of Object.values(operations)) {
          if (!op || typeof op !== 'object' || !('responses' in op)) continue;
          for (const [status, description] of Object.entries(COMMON_REFUSALS)) {
            op.responses[status] ??= { description, content: { 'application/json': { schema: ref('Error') } } };
          }
        }
      }
      const body = doc.paths?.['/v1/games/{id}/moves']?.post?.requestBody?.content?.['application/json']?.schema;
      if (body?.properties?.move) {
        body.properties.move = {
          description: "One of the caller's legalMoves, unchanged; its shape is the game type's move schema (GameType.moves).",
          oneOf: games.map((g) => ref(moveComponent(g))),
        };
      }
      return doc;
    },
  };
}
