/**
 * The analytics surface of the GraphQL API: finished games' verifiable records and headline
 * statistics. Its own SDL, extending the base schema, and its own resolvers.
 */
import type { IResolvers } from 'mercurius';
import { gameRecord } from '../../analytics/record.js';
import { AppError } from '../../app/errors.js';
import type { ParlorService } from '../../app/service.js';
import { guarded } from './context.js';
import { wilson } from '../../analytics/wilson.js';
import type { StatsCounters } from '../../analytics/stats-projection.js';

export const analyticsSdl = /* GraphQL */ `
extend type Query {
  """
  A finished game's public record: the spectator's history, every command, the revealed seed.
  The very document \`npm run verify -- FILE\` checks. FORBIDDEN while the game runs.
  """
  gameRecord(id: ID!): JSON!
  """
  Headline statistics of finished games of one type, per seat count (one, or each the game
  allows), from counters kept up to date as games end. npm run stats has the full set.
  """
  stats(game: String!, seats: Int): [GameStats!]!
}

"Finished games of one type and seat count."
type GameStats {
  game: String!
  seats: Int!
  games: Int!
  winRateBySeat: [SeatWinRate!]!
  "Mean moves per game (commands after the seats were taken); null without games."
  meanMoves: Float
  meanCommits: Float
}

"A seat's wins (a tie is a win for every winner) and their rate with its 95% Wilson interval."
type SeatWinRate {
  seat: Int!
  wins: Int!
  rate: Float!
  low: Float!
  high: Float!
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
      stats: (_root, args: { game: string; seats?: number | null }) => guarded(async () => (await service.stats(args.game, args.seats ?? undefined)).map(headline)),
    },
  };
}

function headline(c: StatsCounters) {
  return {
    game: c.game,
    seats: c.seats,
    games: c.games,
    winRateBySeat: c.wins.map((wins, seat) => ({ seat, wins, rate: c.games ? wins / c.games : 0, ...wilson(wins, c.games) })),
    meanMoves: c.games ? c.moves / c.games : null,
    meanCommits: c.games ? c.commits / c.games : null,
  };
}
