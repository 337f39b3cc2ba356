/**
 * The ratings surface of the GraphQL API (services/ratings): rated games at creation, each game
 * type's leaderboard, a player's ratings and their history. Its own SDL and resolvers.
 */
import type { IResolvers } from 'mercurius';
import type { PlayApi } from '../../play-by-turn.js';
import type { RatingView } from '../../ratings/index.js';
import { playerProfile } from '../ratings.js';
import { guarded, type GameHandle } from './context.js';

export const ratingsSdl = /* GraphQL */ `
extend input CreateGameInput {
  """
  A rated game: its result changes the players' ratings (docs/ratings.md). Every seat is taken with
  a player token or is a bot seated at creation (else RATED_NEEDS_PLAYERS); no fixed seed
  (RATED_FIXED_SEED); no multiSeat (RATED_SEAT_TWICE). Default false: a casual game.
  """
  rated: Boolean
}

extend type Game {
  "Whether the result changes the players' ratings."
  rated: Boolean!
}

extend type Query {
  "The best-rated players of a game type first (by rating, μ − 3σ); server bots are on it as their kind and level."
  leaderboard(game: String!, first: Int, after: String): LeaderboardConnection!
  "A player's public profile and ratings; a server bot's id is \\"bot:<kind:level>\\" (e.g. \\"bot:search:2\\"). Null when there is no such player."
  playerProfile(id: ID!): PlayerProfile
}

extend type Player {
  "My rating in each game type I have played rated games of."
  ratings: [Rating!]!
}

"Who a rating belongs to: a registered player, or one of the server's bots at one level."
type PlayerProfile {
  id: ID!
  name: String!
  "A bot: the server's (id \\"bot:…\\") or a registered player of kind BOT."
  bot: Boolean!
  "Their rating in each game type they have played rated games of."
  ratings: [Rating!]!
}

"A player's Weng–Lin rating (openskill) in one game type, all seat counts together."
type Rating {
  game: String!
  "The conservative figure players are ranked by: mu − 3 sigma (0 before the first game)."
  rating: Float!
  "The skill estimate's mean."
  mu: Float!
  "Its uncertainty (a standard deviation): it shrinks as they play."
  sigma: Float!
  "Rated games played (counted ones: docs/ratings.md, fair play)."
  games: Int!
  "Off the leaderboard until the player has played counted games against enough distinct opponents (docs/ratings.md)."
  provisional: Boolean!
  "How it changed, one entry per rated game, newest first."
  history(first: Int, after: String): RatingHistoryConnection!
}

type LeaderboardConnection {
  edges: [LeaderboardEdge!]!
  pageInfo: PageInfo!
}

type LeaderboardEdge {
  node: LeaderboardEntry!
  cursor: String!
}

"One row of a leaderboard."
type LeaderboardEntry {
  player: PlayerProfile!
  "mu − 3 sigma."
  rating: Float!
  mu: Float!
  sigma: Float!
  games: Int!
}

type RatingHistoryConnection {
  edges: [RatingHistoryEdge!]!
  pageInfo: PageInfo!
}

type RatingHistoryEdge {
  node: RatingChange!
  cursor: String!
}

"A rating after one rated game."
type RatingChange {
  gameId: ID!
  "When the game ended (ISO 8601)."
  endedAt: String!
  "The player's place (1 = first; tied players share a place)."
  place: Int!
  "Players in the game."
  players: Int!
  "mu − 3 sigma after the game…"
  rating: Float!
  "…and before it."
  ratingBefore: Float!
  mu: Float!
  sigma: Float!
  "False: the game did not count and changed nothing: the two players had already played enough rated games together in the window, or (linkedSeats) two seats were taken from one client address or device (docs/ratings.md)."
  counted: Boolean!
  "True: the game did not count because two of its human seats were taken from one client address or device (RATED_LINKED_SEATS)."
  linkedSeats: Boolean!
}
`;

type Paging = { first?: number | null; after?: string | null };

export function ratingsResolvers(play: PlayApi): IResolvers {
  const { ratings } = play;
  const entry = (r: RatingView) => ({ ...r, ratingId: r.player.id });
  const ratingsOf = async (id: string) => (await ratings.playerRatings(id)).map(entry);
  return {
    Query: {
      leaderboard: (_root, args: { game: string } & Paging) =>
        guarded(async () => {
          const page = await ratings.leaderboard(args.game, args.first ?? undefined, args.after ?? undefined);
          return { edges: page.edges.map((e) => ({ cursor: e.cursor, node: entry(e.node) })), pageInfo: page.pageInfo };
        }),
      playerProfile: (_root, args: { id: string }) => guarded(() => playerProfile(play, args.id)),
    },
    Player: {
      ratings: (p: { id: string }) => guarded(() => ratingsOf(p.id)),
    },
    PlayerProfile: {
      ratings: (p: { id: string }) => guarded(() => ratingsOf(p.id)),
    },
    Rating: {
      history: (r: { ratingId: string; game: string }, args: Paging) =>
        guarded(async () => {
          const page = await ratings.history(r.ratingId, r.game, args.first ?? undefined, args.after ?? undefined);
          return { edges: page.edges.map((e) => ({ cursor: e.cursor, node: { ...e.node, place: e.node.rank + 1 } })), pageInfo: page.pageInfo };
        }),
    },
    Game: {
      rated: (h: GameHandle) => h.agg.app.settings.rated === true,
    },
  };
}
