/**
 * The OpenAPI document of the REST mirror: typed bodies and responses, and each game's move
 * schema as a component, so a client generator knows what a move looks like per game.
 * Validation of a move stays with the game (its zod schema, through the service): the move
 * body is documented as "one of the games' moves", which only the game id can narrow.
 */
import type { SwaggerOptions } from '@fastify/swagger';
import type { AnyGame } from '../../engine/core/index.js';
import { moveSchema } from '../dto.js';

const moveComponent = (game: AnyGame) => `${game.viewType.replace(/View$/, '')}Move`;

export function openapiOptions(games: readonly AnyGame[]): SwaggerOptions {
  const moveComponents = Object.fromEntries(games.map((g) => [moveComponent(g), moveSchema(g)]));
  return {
    openapi: {
      info: { title: 'Parlor', version: '1', description: 'REST mirror of the GraphQL API (/graphql). Errors: { error: { code, message } }. Any route may answer 503 BUSY with Retry-After when the server has as many requests in flight as it takes.' },
      components: {
        securitySchemes: { seatToken: { type: 'http', scheme: 'bearer', description: 'The token joinGame returned' } },
        schemas: moveComponents as Record<string, object>,
      },
    },
    transformObject: (documentObject) => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const doc = (documentObject as { openapiObject: any }).openapiObject as { paths?: Record<string, Record<string, any>> };
      const body = doc.paths?.['/v1/games/{id}/moves']?.post?.requestBody?.content?.['application/json']?.schema;
      if (body?.properties?.move) {
        body.properties.move = {
          description: "One of the caller's legalMoves, unchanged; its shape is the game type's move schema (GameType.moves).",
          oneOf: games.map((g) => ({ $ref: `#/components/schemas/${moveComponent(g)}` })),
        };
      }
      return doc;
    },
  };
}
