/**
 * The play-by-turn surface: registered players and their inbox, clocks, bots, leaving,
 * rematches and webhooks, as extensions of the base schema (schema.ts).
 */
export const playByTurnSchema = /* GraphQL */ `
extend type Query {
  "The calling player (send a player token); null without one."
  me: Player
}

extend type Mutation {
  "Registers a player. Keep the token: send it as Authorization: Bearer <token>; it acts for every seat the player holds."
  registerPlayer(name: String!): PlayerAuth!
  "Hands the caller's seat to a bot for the rest of the game; the result records the resignation."
  resign(gameId: ID!): Game!
  "A new game with the same players and options, seats rotated by one; the same game for every caller."
  rematch(gameId: ID!): Game!
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
  "Let the server play steps whose only legal move is a formality (default: true with a time control or bots)."
  autoAdvance: Boolean
  "One registered player may hold several seats (default false: joining again returns the same seat)."
  multiSeat: Boolean
  "How long the game may wait for players before it is cancelled, ISO 8601 (default P7D)."
  expiresIn: String
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
  "The seat's bot plays one move for it."
  BOT
  "The seat is out: a bot plays it to the end and the result records the forfeit."
  FORFEIT
}

input BotSeatInput {
  seat: Int!
  "A bot kind; \\"random\\" plays a random legal move."
  kind: String!
}

extend type Game {
  "Each seat's clock (empty without a time control)."
  clocks: [SeatClock!]!
  "The rematch of this game, once someone asked for it."
  rematch: ID
  "The game this one is a rematch of."
  rematchOf: ID
}

extend type SeatHolder {
  "The bot kind playing this seat (seated at creation, or since its player left), else null."
  bot: String
}

extend type GameResult {
  "Seats whose players resigned."
  resigned: [Int!]!
  "Seats whose players forfeited on time."
  forfeited: [Int!]!
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
  "My games: awaiting my move first (longest-waiting first), then the others by last activity."
  games(awaitingMyMove: Boolean, first: Int, after: String): PlayerGameConnection!
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
}

enum WebhookEvent {
  YOUR_TURN
  DEADLINE_WARNING
  GAME_OVER
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
