/**
 * Messages in a game (services/messages): the SDL and its resolvers, beside the base and
 * play-by-turn surfaces. `Game.messages` is a field of Game, so gameUpdated delivers it too,
 * resolved for each subscriber's own seat.
 */
import type { IResolvers } from 'mercurius';
import type { PlayApi } from '../../play-by-turn.js';
import { MAX_MESSAGES, MAX_TEXT, RATE_COUNT } from '../../messages/index.js';
import { guarded, type GameHandle, type ParlorContext } from './context.js';
import type { ParlorService } from '../../app/service.js';

export const messagesSchema = /* GraphQL */ `
extend type Mutation {
  """
  Sends a message to the table from the caller's seat (seat token, or the player token of a seated
  player): plain text, 1 to ${MAX_TEXT} characters, at most ${RATE_COUNT} a minute per seat and
  ${MAX_MESSAGES} a game (RATE_LIMITED, FORBIDDEN); closed once the game is over (GAME_OVER).
  """
  sendMessage(gameId: ID!, text: String!): Message!
  "Hides (muted: true) or shows again a seat's messages to the caller's seat; no one else sees it."
  muteInGame(gameId: ID!, seat: Int!, muted: Boolean = true): Game!
}

extend input CreateGameInput {
  "Spectators may read the game's messages (default false: seated players only)."
  spectatorChat: Boolean
}

extend type Game {
  """
  The messages the caller may read, newest first (pass pageInfo.endCursor as after for older ones):
  seated players read them, spectators only when the game was created with spectatorChat.
  Messages from seats the caller muted are left out. Plain text: render it as text, never as HTML.
  """
  messages(first: Int, after: String): MessageConnection!
  "Whether spectators may read the game's messages."
  spectatorChat: Boolean!
  "The seats whose messages the caller muted (muteInGame)."
  mutedSeats: [Int!]!
}

"A message a seated player sent to the table."
type Message {
  "Unique in the game (the version of the commit that holds it)."
  id: ID!
  "The seat that sent it."
  seat: Int!
  "The name that seat joined with."
  name: String!
  "Plain text."
  text: String!
  "When it was sent (ISO 8601)."
  at: String!
}

"A page of a game's messages, newest first."
type MessageConnection {
  edges: [MessageEdge!]!
  pageInfo: PageInfo!
}

"One message and its cursor."
type MessageEdge {
  cursor: String!
  node: Message!
}
`;

export function messagesResolvers(service: ParlorService, play: PlayApi): IResolvers {
  return {
    Mutation: {
      sendMessage: (_root, args: { gameId: string; text: string }, ctx: ParlorContext) =>
        guarded(async () => {
          const agg = await play.messages.send(args.gameId, ctx.token, args.text);
          return (await play.messages.page(agg, service.seatOf(agg, ctx.token), 1)).edges[0]!.node;
        }),
      muteInGame: (_root, args: { gameId: string; seat: number; muted?: boolean | null }, ctx: ParlorContext) =>
        guarded(async () => {
          const agg = await play.messages.mute(args.gameId, ctx.token, args.seat, args.muted ?? true);
          return { agg, viewer: service.seatOf(agg, ctx.token) } satisfies GameHandle;
        }),
    },
    Game: {
      messages: (h: GameHandle, args: { first?: number | null; after?: string | null }) => guarded(() => play.messages.page(h.agg, h.viewer, args.first ?? undefined, args.after ?? undefined)),
      spectatorChat: (h: GameHandle) => h.agg.app.settings.spectatorChat === true,
      mutedSeats: (h: GameHandle) => play.messages.mutedBy(h.agg, h.viewer),
    },
  };
}
