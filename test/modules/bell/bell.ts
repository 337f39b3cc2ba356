/**
 * The smallest concern, as a module: a bell that rings once for each commit of a game, read over
 * GraphQL (bellRings) and REST (GET /v1/games/:id/bell). It exists to show what adding a concern
 * takes: this file and a place in a list of modules (services/modules/index.ts in production).
 */
import type { Module } from '../../../services/modules/module.js';

/** The stream function's extra table action: one no other module needs, so the grant is seen to follow the module. */
export const BELL_ACTION = 'dynamodb:ConditionCheckItem';

export function bellModule(): Module & { rings(gameId: string): number } {
  // Versions heard per game: a redelivered commit rings no second time (reactions are at least once).
  const heard = new Map<string, Set<number>>();
  const rings = (gameId: string) => heard.get(gameId)?.size ?? 0;
  return {
    name: 'bell',
    rings,
    sdl: /* GraphQL */ `
extend type Query {
  "How many commits of the game the bell heard."
  bellRings(gameId: ID!): Int!
}`,
    resolvers: () => ({ Query: { bellRings: (_: unknown, args: { gameId: string }) => rings(args.gameId) } }),
    routes: async (app) => {
      app.get<{ Params: { id: string } }>(
        '/games/:id/bell',
        { schema: { summary: 'How many commits of the game the bell heard', tags: ['bell'], params: { type: 'object', properties: { id: { type: 'string', maxLength: 100 } }, required: ['id'] } } },
        async (req) => ({ rings: rings(req.params.id) }),
      );
    },
    reactions: () => [
      {
        name: 'bell',
        apply: async (agg, commit) => {
          heard.set(agg.id, (heard.get(agg.id) ?? new Set()).add(commit.version));
        },
      },
    ],
    settings: [{ env: 'BELL_VOLUME', default: 1, doc: 'Unused: shows a setting declared with its module' }],
    aws: { tableActions: { stream: [BELL_ACTION] } },
  };
}
