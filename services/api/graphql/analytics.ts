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
  allows), option set and line-up: one entry for each that has finished games, never pooled.
  From counters kept up to date as games end; a tie splits the win. npm run stats has the full set.
  """
  stats(game: String!, seats: Int): [GameStats!]!
}

"Who played: every seat its person's to the end, or some seat a bot's (seated as one, a bot account, or handed to one by resigning, forfeiting or a timeout claim)."
enum StatsLineup {
  ALL_HUMAN
  WITH_BOTS
}

"Finished games of one type, seat count, option set and line-up."
type GameStats {
  game: String!
  seats: Int!
  "The option set as the games were created (every option, defaults included)."
  options: JSON!
  lineup: StatsLineup!
  games: Int!
  winRateBySeat: [SeatWinRate!]!
  "Mean moves per game (a seat's moves; creation, joins, resignations and messages are not moves); null without games."
  meanMoves: Float
  meanCommits: Float
}

"A seat's wins (a tie splits the win: a 2-way tie is half a win each, so the seats add up to the games) and their rate with its 95% Wilson interval."
type SeatWinRate {
  seat: Int!
  wins: Float!
  rate: Float!
  low: Float!
  high: Float!
}
`;

export function analyticsResolvers(service: ParlorService): IResolvers {
  return {
    Query: {
      gameRecord: (_root, args: { id: string }) => guarded(() => recordOf(service, args.id)),
      stats: (_root, args: { game: string; seats?: number | null }) => guarded(async () => (await service.stats(args.game, args.seats ?? undefined)).map(headline)),
    },
  };
}

/** A finished game's public record (GraphQL gameRecord, REST GET /v1/games/:id/record). */
export async function recordOf(service: ParlorService, id: string) {
  const { agg, commits } = await service.finishedHistory(id);
  const record = gameRecord(id, commits, agg.table);
  if (!record) throw new AppError('FORBIDDEN', 'the game has no complete record');
  return record;
}

/** One entry of GraphQL stats and REST GET /v1/stats. */
export function headline(c: StatsCounters) {
  return {
    game: c.game,
    seats: c.seats,
    options: c.options,
    lineup: c.lineup === 'all human' ? 'ALL_HUMAN' : 'WITH_BOTS',
    games: c.games,
    winRateBySeat: c.wins.map((wins, seat) => ({ seat, wins, rate: c.games ? wins / c.games : 0, ...wilson(wins, c.games) })),
    meanMoves: c.games ? c.moves / c.games : null,
    meanCommits: c.games ? c.commits / c.games : null,
  };
}
