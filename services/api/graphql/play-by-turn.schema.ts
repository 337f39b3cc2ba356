/**
 * The play-by-turn surface: registered players and their inbox, clocks, bots, leaving,
 * rematches and webhooks, as extensions of the base schema (schema.ts).
 */
import { DEFAULT_TIMEOUT_BOT } from '../../bots/spec.js';
import { WEBHOOK_EVENT_MEANINGS } from '../../notifications/events.js';

export const playByTurnSchema = /* GraphQL */ `
extend type Query {
  "The calling player (send a player token); null without one."
  me: Player
}

extend type Mutation {
  """
  Registers a player. Keep the token: send it as Authorization: Bearer <token>; it acts for every seat the player holds.
  kind BOT: a bot you run yourself, playing through this API like any player; every seat it takes is shown as a bot.
  """
  registerPlayer(name: String!, kind: PlayerKind = HUMAN): PlayerAuth!
  "Hands the caller's seat to a bot for the rest of the game; the result records the resignation."
  resign(gameId: ID!): Game!
  "Offers a rematch (see offerRematch); answers with this game."
  rematch(gameId: ID!): Game! @deprecated(reason: "A rematch is an offer now: use offerRematch and answerRematch")
  """
  Offers a rematch of a finished game to its former human players (resigned and forfeited ones too):
  the same options, seats rotated by one, bots re-seated. It counts as the caller's acceptance; while an
  offer is pending, offering again is accepting it. Answers with this game (see Game.rematchOffer).
  """
  offerRematch(gameId: ID!): Game!
  """
  Accepts or declines the pending rematch offer. When every former human player has accepted, the rematch
  is created and started (Game.rematch links it); one decline ends the offer. Answers with this game.
  """
  answerRematch(gameId: ID!, accept: Boolean!): Game!
  "Cancels a game that has not started (its creator only)."
  cancelGame(gameId: ID!): Game!
  "Sends the calling player's chosen events to url, signed per the Standard Webhooks specification."
  addWebhook(url: String!, events: [WebhookEvent!]): Webhook!
  removeWebhook(id: ID!): Boolean!
}

extend type Subscription {
  "The calling player's inbox entries as they change."
  myGames: PlayerGame!
}

extend input CreateGameInput {
  "A clock per seat: { perMove } or { bank, increment }, ISO 8601 durations."
  timeControl: TimeControlInput
  "What happens when a seat's time runs out (default BOT)."
  onTimeout: TimeoutAction
  "Seats the server plays from the start; the game starts when the humans have joined."
  bots: [BotSeatInput!]
  """
  The bot ("kind" or "kind:level", a kind of GameType.bots) that plays for a seat whose time runs out
  (onTimeout), whose player resigns or forfeits. Default "${DEFAULT_TIMEOUT_BOT}".
  """
  timeoutBot: String
  "Let the server play steps whose only legal move is a formality (default: true with a time control or bots)."
  autoAdvance: Boolean
  "One registered player may hold several seats (default false: joining again returns the same seat)."
  multiSeat: Boolean
  "How long the game may wait for players before it is cancelled, ISO 8601 (default P7D)."
  expiresIn: String
  "Seats are taken with a player token only: an anonymous joinGame is FORBIDDEN (default false)."
  requireRegistered: Boolean
  "A seat may take its last move back (takeBack): default true; false for rated and tournament games (true with rated is BAD_INPUT)."
  takeBack: Boolean
}

input TimeControlInput {
  "Each move's budget, e.g. \\"P2D\\" or \\"PT30S\\"."
  perMove: String
  "Each seat's bank at the start (Board Game Arena style)…"
  bank: String
  "…and what each move adds to it, capped at the bank."
  increment: String
}

enum TimeoutAction {
  "The game's timeoutBot plays one move for the seat."
  BOT
  "The seat is out: a bot plays it to the end and the result records the forfeit."
  FORFEIT
  "The game waits: the other players choose (claimTimeout: BOT, END or WAIT); see Game.timeoutClaim."
  ASK
}

input BotSeatInput {
  seat: Int!
  "A bot kind of GameType.bots, e.g. \\"greedy\\" or \\"search\\"."
  kind: String!
  "One of the kind's levels; omitted: its defaultLevel."
  level: Int
}

"A bot the server can seat (GameType.bots)."
type BotKind {
  "What BotSeatInput.kind names, e.g. \\"search\\"."
  kind: String!
  "How it plays."
  description: String!
  "The levels it takes (higher plays stronger); empty when it has none."
  levels: [Int!]!
  "The level when none is given."
  defaultLevel: Int
}

enum PlayerKind {
  "A person."
  HUMAN
  "A bot its author runs through the public API."
  BOT
}

extend type GameType {
  "The bots that may take this game's seats, with their levels."
  bots: [BotKind!]!
}

extend type Game {
  "Whether seats are taken with a player token only (the creator's requireRegistered)."
  requireRegistered: Boolean!
  "Whether seats may take their last move back in this game (the takeBack setting)."
  takeBack: Boolean!
  "Each seat's clock (empty without a time control)."
  clocks: [SeatClock!]!
  "The rematch of this game, once every former player accepted the offer."
  rematch: ID
  "The newest rematch offer of this game, if any (an expired or declined one stays shown until another is made)."
  rematchOffer: RematchOffer
  "The game this one is a rematch of."
  rematchOf: ID
  "The bot (\\"kind:level\\") that plays for a seat that times out, resigns or forfeits."
  timeoutBot: String!
}

extend type SeatHolder {
  "The server's bot playing this seat (\\"search:2\\"; seated at creation, or since its player left), else null."
  bot: String
  "BOT when a bot plays the seat: the server's (bot), or a registered player of kind BOT."
  kind: PlayerKind!
}

extend type HistoryEntry {
  """
  Who played this commit for its seat when not the seat's holder: "bot:<kind:level>" for a bot
  (a bot seat, or a seat that timed out, resigned or forfeited), "auto" for a formality the
  server played (the only legal move); null when the holder played it.
  """
  by: String
}

extend type GameResult {
  "Seats whose players resigned."
  resigned: [Int!]!
  "Seats whose players forfeited on time."
  forfeited: [Int!]!
  "A rated game in which some player made fewer than the server's minimum of moves themself: it changed no rating (docs/ratings.md)."
  aborted: Boolean!
}

"A rematch offered to a finished game's former human players; seats are this game's."
type RematchOffer {
  "The seat of the player who offered."
  offeredBy: Int!
  "Seats of the players who accepted (the offerer's included)."
  accepted: [Int!]!
  "Seats of the players who declined (one decline ends the offer)."
  declined: [Int!]!
  "When the offer lapses unanswered (ISO 8601)."
  expiresAt: String!
}

type SeatClock {
  seat: Int!
  "What the seat has left when its clock is stopped; its budget for the move while it runs."
  remainingMs: Float!
  "While the clock runs: when it runs out (ISO 8601)."
  deadline: String
}

type Player {
  id: ID!
  name: String!
  kind: PlayerKind!
  "My games: awaiting my move first (longest-waiting first), then the others by last activity."
  games(awaitingMyMove: Boolean, first: Int, after: String): PlayerGameConnection!
  "How many of my games await my move (counted up to 1000)."
  awaitingCount: Int!
  "My webhooks, with their delivery health."
  webhooks: [Webhook!]!
}

type PlayerAuth {
  player: Player!
  "A signed JWT (EdDSA)."
  token: String!
}

type PlayerGameConnection {
  edges: [PlayerGameEdge!]!
  pageInfo: PageInfo!
}

type PlayerGameEdge {
  node: PlayerGame!
  cursor: String!
}


type PlayerGame {
  game: Game!
  gameId: ID!
  "My seat (the one to move, when I hold several)."
  seat: Int!
  awaitingMyMove: Boolean!
  "When my clock runs out, if the game has one (ISO 8601)."
  deadline: String
  "Since when the game waits for me."
  waitingSince: String
  lastActivity: String!
  "A rematch of this finished game is offered and waits for my answer (answerRematch)."
  rematchOffered: Boolean!
}

enum WebhookEvent {
${Object.entries(WEBHOOK_EVENT_MEANINGS).map(([event, meaning]) => `  "${meaning.replaceAll('"', '\\"')}"\n  ${event}`).join('\n')}
}

type Webhook {
  id: ID!
  url: String!
  events: [WebhookEvent!]!
  "The whsec_ signing secret (shown in full to its owner)."
  secret: String!
  "Set after repeated failed deliveries; add the webhook again to resume."
  disabled: Boolean!
  "Failed deliveries in a row."
  failures: Int!
  lastError: String
}
`;
