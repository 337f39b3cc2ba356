/**
 * The analytics surface of the GraphQL API: finished games' verifiable records (and, later,
 * headline statistics). Its own SDL, extending the base schema, and its own resolvers.
 */
import type { IResolvers } from 'mercurius';
import { gameRecord } from '../../analytics/record.js';
import { AppError } from '../../app/errors.js';
import type { ParlorService } from '../../app/service.js';
import { guarded } from './resolvers.js';

export const analyticsSdl = /* GraphQL */ `
extend type Query {
  """
  A finished game's public record: the spectator's history, every command, the revealed seed.
  The very document \`npm run verify -- FILE\` checks. FORBIDDEN while the game runs.
  """
  gameRecord(id: ID!): JSON!
}
`;

export function analyticsResolvers(service: ParlorService): IResolvers {
  return {
    Query: {
      gameRecord: (_root, args: { id: string }) =>
        guarded(async () => {
          const { agg, commits } = await service.finishedHistory(args.id);
          const record = gameRecord(args.id, commits, agg.table);
          if (!record) throw new AppError('FORBIDDEN', 'the game has no complete record');
          return record;
        }),
    },
  };
}
