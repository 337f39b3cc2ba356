/**
 * Matchmaking (services/matchmaking, docs/matchmaking.md) in the GraphQL contract: seeks (open
 * challenges) and their subscription, challenges by name, quick play.
 */
import { DEVICE_HEADER, joinSource } from '../tournaments.js';
import type { IResolvers } from 'mercurius';
import type { ParlorService } from '../../app/service.js';
import { playerOf } from '../../players/index.js';
import type { PlayApi } from '../../play-by-turn.js';
import { entryDto, seekDto } from '../../matchmaking/view.js';
import type { SeekState } from '../../matchmaking/seek.js';
import { challengeBotInput, quickPlayInput, seekInput, type ChallengeBotFields, type QuickPlayFields, type SeekInputFields } from '../matchmaking.js';
import { guarded, type ParlorContext } from './context.js';

/** Seek changes of one game type, and of every type. */
export const seekTopic = (game: string | null | undefined) => `seeks:${game ?? '*'}`;

export const matchmakingSdl = /* GraphQL */ `
extend type Query {
  "Open seeks anyone may accept, oldest first (1 to 100, default 50); game narrows them to one game type. Expired seeks are left out (and closed)."
  openSeeks(game: String, first: Int = 50): [Seek!]!
  seek(id: ID!): Seek!
  "The caller's own open seeks and the challenges addressed to the caller (send a player token)."
  mySeeks: [Seek!]!
  "The caller's quick-play entry of that pool, or null (the pool is paired first: gameId is set once seated)."
  quickPlay(input: QuickPlayInput!): QuickPlayEntry
}

extend type Mutation {
  """
  Opens a seek (send a player token: you take seat 0). It is listed in openSeeks until it fills, is cancelled
  or expires. Limits (docs/matchmaking.md): open seeks per player and per client address (MATCH_LIMIT);
  open challenges by name to one player (CHALLENGES_FULL).
  """
  openSeek(input: SeekInput!): Seek!
  "Takes a seat of the seek; the last seat starts the game (Seek.gameId). Refused: SEEK_CLOSED (filled, cancelled or expired), RATING_OUT_OF_RANGE."
  acceptSeek(id: ID!): Seek!
  "Closes your seek."
  cancelSeek(id: ID!): Seek!
  "Challenges a player by id (from their page): a seek only they may accept, not listed; it shows in their mySeeks."
  challengePlayer(player: ID!, input: SeekInput!): Seek!
  "Challenges a server bot by spec (from its ladder entry): the game starts at once, you in seat 0, the bot in the other seats. Returns the game's id."
  challengeBot(input: ChallengeBotInput!): ID!
  "Play now: enters the pool of the game, seats, clock and rated-or-not; you are seated with players of a near rating, or with bots after the wait if you gave them seats."
  playNow(input: QuickPlayInput!): QuickPlayEntry!
  "Leaves the pool; false if you were seated meanwhile (the game stands) or were not waiting."
  leaveQuickPlay(input: QuickPlayInput!): Boolean!
}

extend type Subscription {
  "Each change of a listed seek (opened, a seat taken, filled, cancelled, expired); game narrows it to one game type."
  seekChanged(game: String): Seek!
}

input SeekInput {
  "The game type (GameType.id)."
  game: String!
  seats: Int!
  "The game's options (GameType.options)."
  options: JSON
  timeControl: TimeControlInput
  rated: Boolean = false
  "Accepters' conservative rating of the game (μ − 3σ, as on the ladder) must lie in it."
  ratingRange: RatingRangeInput
  "How long the seek stays open, in minutes (default 60)."
  minutes: Int
}

input RatingRangeInput {
  min: Float
  max: Float
}

input ChallengeBotInput {
  game: String!
  "The bot's spec (\\"greedy\\", \\"search:1\\")."
  bot: String!
  "Default: the game's fewest seats."
  seats: Int
  options: JSON
  timeControl: TimeControlInput
  rated: Boolean = false
}

input QuickPlayInput {
  game: String!
  "Default: the game's fewest seats."
  seats: Int
  timeControl: TimeControlInput
  rated: Boolean = false
  "Seats you let bots fill once you have waited the bots' wait (default 0: humans only)."
  bots: Int = 0
}

"OPEN: taking players; FILLED: its game started (gameId); CANCELLED by its opener; EXPIRED."
enum SeekStatus {
  OPEN
  FILLED
  CANCELLED
  EXPIRED
}

"An open challenge: a game waiting for players who fit its terms."
type Seek {
  id: ID!
  game: String!
  seats: Int!
  options: JSON!
  timeControl: TournamentTimeControl
  rated: Boolean!
  ratingRange: RatingRange
  "A challenge by name: the only player who may accept."
  for: ID
  "The player who opened it (seat 0)."
  creator: ID!
  "Who holds a seat so far, by seat."
  players: [SeekPlayer!]!
  status: SeekStatus!
  createdAt: String!
  expiresAt: String!
  "The game, once filled."
  gameId: ID
}

type RatingRange {
  min: Float
  max: Float
}

type SeekPlayer {
  seat: Int!
  player: ID!
  name: String!
}

"A player's place in a quick-play pool."
type QuickPlayEntry {
  game: String!
  seats: Int!
  timeControl: TournamentTimeControl
  rated: Boolean!
  bots: Int!
  "Your conservative rating of the game at entry."
  rating: Float!
  enqueuedAt: String!
  "The game you were seated in; null while waiting."
  gameId: ID
}
`;

export function matchmakingResolvers(_service: ParlorService, play: PlayApi): IResolvers {
  const m = play.matchmaking;
  // The address and the device: holder keys, and a rated game's linked seats (app/seat-marks.ts).
  const from = (ctx: ParlorContext) => joinSource(ctx.reply.request.ip, ctx.reply.request.headers[DEVICE_HEADER], ctx.token);
  return {
    Query: {
      openSeeks: (_root, args: { game?: string | null; first?: number | null }) => guarded(async () => (await m.openSeeks(args.first ?? 50, args.game ?? undefined)).map(seekDto)),
      seek: (_root, args: { id: string }) => guarded(async () => seekDto(await m.seek(args.id))),
      mySeeks: (_root, _args, ctx: ParlorContext) => guarded(async () => (await m.mySeeks(playerOf(ctx.token))).map(seekDto)),
      quickPlay: (_root, args: { input: QuickPlayFields }, ctx: ParlorContext) =>
        guarded(async () => {
          const e = await m.quickPlayStatus(playerOf(ctx.token), quickPlayInput(args.input));
          return e && entryDto(e);
        }),
    },
    Mutation: {
      openSeek: (_root, args: { input: SeekInputFields }, ctx: ParlorContext) => guarded(async () => seekDto(await m.openSeek(playerOf(ctx.token), seekInput(args.input), from(ctx)))),
      acceptSeek: (_root, args: { id: string }, ctx: ParlorContext) => guarded(async () => seekDto(await m.acceptSeek(args.id, playerOf(ctx.token), from(ctx)))),
      cancelSeek: (_root, args: { id: string }, ctx: ParlorContext) => guarded(async () => seekDto(await m.cancelSeek(args.id, playerOf(ctx.token)))),
      challengePlayer: (_root, args: { player: string; input: SeekInputFields }, ctx: ParlorContext) => guarded(async () => seekDto(await m.openSeek(playerOf(ctx.token), { ...seekInput(args.input), for: args.player }, from(ctx)))),
      challengeBot: (_root, args: { input: ChallengeBotFields }, ctx: ParlorContext) => guarded(async () => (await m.challengeBot(playerOf(ctx.token), challengeBotInput(args.input))).id),
      playNow: (_root, args: { input: QuickPlayFields }, ctx: ParlorContext) => guarded(async () => entryDto(await m.playNow(playerOf(ctx.token), quickPlayInput(args.input), from(ctx)))),
      leaveQuickPlay: (_root, args: { input: QuickPlayFields }, ctx: ParlorContext) => guarded(() => m.leavePool(playerOf(ctx.token), quickPlayInput(args.input))),
    },
    Subscription: {
      seekChanged: {
        subscribe: (_root: unknown, args: { game?: string | null }, ctx: ParlorContext) => guarded(async () => ctx.pubsub.subscribe(seekTopic(args.game))),
        resolve: (seek: SeekState) => seekDto(seek),
      },
    },
  };
}
