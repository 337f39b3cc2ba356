/**
 * Tournaments (services/tournaments) in the GraphQL contract, and their resolvers.
 */
import type { IResolvers } from 'mercurius';
import type { ParlorService } from '../../app/service.js';
import { playerOf } from '../../players/index.js';
import type { PlayApi } from '../../play-by-turn.js';
import { DEVICE_HEADER, joinSource, joinTournament, tournamentInput, type TournamentInputFields } from '../tournaments.js';
import { tournamentDto } from '../../tournaments/view.js';
import { guarded, type GameHandle, type ParlorContext } from './context.js';
import { checkNotSealed } from '../../app/sealed.js';
import { DEFAULT_TIMEOUT_BOT } from '../../bots/spec.js';

export const tournamentSdl = /* GraphQL */ `
extend type Query {
  "A tournament: its entrants, standings and rounds (boards and their games)."
  tournament(id: ID!): Tournament!
  "The newest tournaments, newest first (1 to 50, default 20)."
  tournaments(first: Int = 20): [Tournament!]!
}

extend type Mutation {
  "Creates a tournament (send a player token: you are its creator; join it to play in it)."
  createTournament(input: CreateTournamentInput!): Tournament!
  """
  Enters the calling player; joining again changes nothing. Only before the start. Limits (docs/tournaments.md):
  entrants per client address and per device (ENTRY_LIMIT); in a duplicate tournament no account sharing an
  address or device with an entrant (LINKED_ENTRANT); a rated tournament needs an account old enough or with
  enough rated games of its game (ENTRY_TOO_NEW). The page sends its per-browser id in the Parlor-Device header.
  """
  joinTournament(id: ID!): Tournament!
  "Starts the tournament and pairs its first round (its creator only; entrants must fill whole tables; at least one must be a registered player, else TOURNAMENT_NEEDS_PLAYER)."
  startTournament(id: ID!): Tournament!
  """
  Takes entrant number index out before the start (its creator only); later entrants move up one. A
  removed player cannot join again. name: the entrant's name as the caller saw it at that index; if
  another entrant is there now (an earlier removal moved them up), VERSION_CONFLICT and no one is removed.
  """
  removeEntrant(id: ID!, index: Int!, name: String): Tournament!
}

extend type Game {
  "The tournament, round, board and table this game belongs to, or null (read the rest with Query.tournament)."
  tournament: GameTournamentLink
}

"Where a tournament game sits in its tournament."
type GameTournamentLink {
  "The tournament (Query.tournament)."
  id: ID!
  round: Int!
  "The board (the deal) within the round, from 0."
  board: Int!
  table: Int!
  "The deal is shared with other tables of the board: the game is private to its seats until they have all ended."
  sealed: Boolean!
}

"SWISS: each round sits entrants of like points together, never twice the same opponents if it can be helped. ROUND_ROBIN (two seats): everyone meets everyone (circle method)."
enum TournamentFormat {
  SWISS
  ROUND_ROBIN
}

"OPEN: taking entrants; RUNNING: rounds are played; FINISHED: every round has ended."
enum TournamentStatus {
  OPEN
  RUNNING
  FINISHED
}

input CreateTournamentInput {
  "The game type (GameType.id)."
  game: String!
  "Seats at each table."
  seats: Int!
  "How many rounds (1 to 15)."
  rounds: Int!
  format: TournamentFormat = SWISS
  "Every table of a board plays the same deal, and each result is scored against the others who held the same cards (docs/tournaments.md)."
  duplicate: Boolean = true
  "Each game's clock: { perMove } or { bank, increment }, ISO 8601 durations; a seat that runs out gets one bot move."
  timeControl: TimeControlInput
  "The game's options (GameType.options)."
  options: JSON
  "Bot entrants the server plays, by spec (\\"random\\", \\"greedy\\", \\"search:1\\"), at most 64."
  bots: [String!]
  "Its games are rated; entrants need an account old enough or enough rated games of the game (docs/tournaments.md)."
  rated: Boolean = false
  "The bot (\\"kind\\" or \\"kind:level\\") that plays a seat of its games whose player times out, resigns or forfeits. Default \\"${DEFAULT_TIMEOUT_BOT}\\"."
  timeoutBot: String
}

"A tournament of asynchronous rounds; the next round is paired once every game of the last one has ended."
type Tournament {
  id: ID!
  game: String!
  seats: Int!
  "How many rounds it has (rounds lists those started)."
  roundCount: Int!
  format: TournamentFormat!
  duplicate: Boolean!
  "Its games are rated."
  rated: Boolean!
  "The bot that plays a seat of its games whose player times out, resigns or forfeits."
  timeoutBot: String!
  "Each game's clock, as ISO 8601 durations; null for none."
  timeControl: TournamentTimeControl
  options: JSON!
  "The registered player who created it."
  creator: ID!
  status: TournamentStatus!
  "In entry order (index is the entrant number)."
  entrants: [TournamentEntrant!]!
  "Best first: points, then the sum of score differences. Only boards whose every table has ended count."
  standings: [TournamentStanding!]!
  "The rounds started so far, oldest first."
  rounds: [TournamentRound!]!
}

type TournamentTimeControl {
  perMove: String
  bank: String
  increment: String
}

"A player or a server bot entered in a tournament."
type TournamentEntrant {
  "The entry number, from 0."
  index: Int!
  name: String!
  "The registered player, or null for a server bot."
  player: ID
  "The server bot's spec, or null for a player."
  bot: String
}

type TournamentStanding {
  rank: Int!
  entrant: TournamentEntrant!
  "Table points (or matchpoints with duplicate): at most 1 per game."
  points: Float!
  "The sum of the entrant's score differences (its score minus the mean of its opponents'), the tie-break."
  difference: Float!
  "Games counted so far."
  games: Int!
}

type TournamentRound {
  round: Int!
  "Every game of the round has ended."
  completed: Boolean!
  "Who sits together this round."
  tables: [TournamentTable!]!
  "The deals of the round: with duplicate one per seat, played at every table; otherwise one per game."
  boards: [TournamentBoard!]!
}

type TournamentTable {
  table: Int!
  entrants: [TournamentEntrant!]!
}

"One deal of a round, committed by the hash of its seed when the round started."
type TournamentBoard {
  board: Int!
  "SHA-256 of the board's seed (each of its games publishes the same seedHash)."
  seedHash: String!
  "The seed, revealed once every table of the board has ended; null until then."
  seed: String
  "Every table of the board has ended."
  completed: Boolean!
  games: [TournamentGame!]!
}

"A game of a board: an ordinary game (records, replays, exports) linked to its tournament."
type TournamentGame {
  "The game's id (Query.game)."
  id: ID!
  table: Int!
  "The entrant holding each seat."
  seats: [TournamentEntrant!]!
  "The game has ended."
  ended: Boolean!
  "Final scores by seat, once every table of the board has ended."
  scores: [Float!]
  "The game as the caller sees it (FORBIDDEN for a spectator while the board's other tables play)."
  game: Game!
}
`;

export function tournamentResolvers(service: ParlorService, play: PlayApi): IResolvers {
  const t = play.tournaments;
  return {
    Query: {
      tournament: (_root, args: { id: string }) => guarded(async () => tournamentDto(await t.get(args.id))),
      tournaments: (_root, args: { first?: number | null }) => guarded(async () => (await t.newest(args.first ?? 20)).map(tournamentDto)),
    },
    Mutation: {
      createTournament: (_root, args: { input: TournamentInputFields }, ctx: ParlorContext) => guarded(async () => tournamentDto(await t.create(playerOf(ctx.token), tournamentInput(args.input)))),
      joinTournament: (_root, args: { id: string }, ctx: ParlorContext) =>
        guarded(async () => tournamentDto(await joinTournament(play, args.id, playerOf(ctx.token), joinSource(ctx.reply.request.ip, ctx.reply.request.headers[DEVICE_HEADER], ctx.token)))),
      removeEntrant: (_root, args: { id: string; index: number; name?: string | null }, ctx: ParlorContext) => guarded(async () => tournamentDto(await t.remove(args.id, playerOf(ctx.token), args.index, args.name ?? undefined))),
      startTournament: (_root, args: { id: string }, ctx: ParlorContext) => guarded(async () => tournamentDto(await t.start(args.id, playerOf(ctx.token)))),
    },
    Game: {
      tournament: (h: GameHandle) => h.agg.app.settings.tournament ?? null,
    },
    TournamentGame: {
      game: (g: { id: string }, _args: unknown, ctx: ParlorContext) =>
        guarded(async () => {
          const agg = await service.load(g.id);
          const viewer = service.seatOf(agg, ctx.token);
          checkNotSealed(agg, viewer);
          return { agg, viewer } satisfies GameHandle;
        }),
    },
  };
}
