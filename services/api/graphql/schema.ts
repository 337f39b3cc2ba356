/**
 * The public GraphQL contract: the base schema below plus each game's view types,
 * joined in `union GameView`. `npm run schema` writes it to /schema.graphql, which a test
 * keeps in step with this code.
 */
import type { AnyGame } from '../../engine/core/index.js';
import type { DocumentNode, NameNode } from 'graphql';
import cjs from '../limits/graphql-cjs.cjs';
import { ERROR_CODES } from '../../app/errors.js';
import { analyticsSdl } from './analytics.js';
import { lobbySchema } from './lobby.js';
import { playByTurnSchema } from './play-by-turn.schema.js';
import { typedMovesSdl } from './typed-moves.js';
import type { ApiPart } from '../parts.js';
import { createHash } from 'node:crypto';
import { prebuilt, type PrebuiltSchema } from './prebuilt.js';
import { games as registry } from '../../engine/registry.js';

const base = /* GraphQL */ `
"""
Parlor: turn-based card games with hidden information.
Every refusal is a GraphQL error whose extensions.code is one of ErrorCode.
Send the seat token as Authorization: Bearer <token> (HTTP) or in the WebSocket
connection_init payload as { "authorization": "Bearer <token>" }. Without a token you are a spectator.
"""
schema {
  query: Query
  mutation: Mutation
  subscription: Subscription
}

"""
Any JSON value. The contract types what it can; a field stays JSON where its value is a document
(a JSON Schema, a game's record), where its shape is each game's own and published as JSON Schema
in GameType (options: GameType.options; events: GameType.events), or where it is kept for the
clients written before a typed field beside it (move beside typedMove, legalMoves beside
typedLegalMoves). Each such field's description says which.
"""
scalar JSON

"The stable codes of refusals (extensions.code); INTERNAL is a server fault, not a refusal."
enum ErrorCode {
  ${[...ERROR_CODES, 'INTERNAL'].join('\n  ')}
}

type Query {
  "The games this server offers, with their options and defaults."
  gameTypes: [GameType!]!
  "A game as the caller's seat (or a spectator) sees it."
  game(id: ID!): Game!
  "Games still waiting for players, oldest first; optionally of one game type. The first 100: page with lobby. It may be up to 3 s behind a change made through another server."
  openGames(type: String): [LobbyEntry!]!
}

type Mutation {
  "Creates a game; seats are then taken with joinGame. The game starts when every seat is taken."
  createGame(input: CreateGameInput!): CreateGamePayload!
  """
  Takes the next free seat. Keep the token: it authenticates the seat.
  entropy (optional, public, 1 to 200 characters): once any player adds some, the deal's seed is
  the hash of the server's committed seed and every player's entropy (see the game's record).
  joinKey: your own random secret (16 to 100 characters, e.g. a UUID); if the answer is lost,
  joining again with the same key returns the same seat and token instead of taking another.
  """
  joinGame(gameId: ID!, name: String!, entropy: String, joinKey: ID): JoinGamePayload!
  """
  Plays a move for the token's seat, given as exactly one of move or typedMove (both or neither:
  BAD_INPUT). move: one of the values legalMoves lists, unchanged. typedMove: the same move typed
  (MoveInput; typedLegalMoves lists them). Either is taken only as listed (else ILLEGAL_MOVE).
  expectedVersion: refuse with VERSION_CONFLICT unless the game is at this version; without it,
  the server re-decides on the newest state if another move lands first.
  commandId: an idempotency key; a retry with the same id returns the first result and changes nothing.
  """
  submitMove(gameId: ID!, move: JSON, typedMove: MoveInput, expectedVersion: Int, commandId: ID): SubmitMovePayload!
  """
  Takes the caller's last move back, while no one else has acted and the move showed no one
  anything (each game's rules page lists its moves that can be). The history keeps the move and
  adds MoveTakenBack naming its version; every clock is as it was before the move. Refused with
  TAKE_BACK_NOT_ALLOWED, the message starting with the reason: NO_MOVE, NOT_YOUR_MOVE,
  NEXT_PLAYER_ACTED, INFORMATION_REVEALED, SIMULTANEOUS, GAME_OVER, OPTION_OFF, TIME_RAN_OUT.
  """
  takeBack(gameId: ID!): SubmitMovePayload!
}

type Subscription {
  "The game as the subscriber's seat sees it: now, then after every change."
  gameUpdated(gameId: ID!): Game!
}

input CreateGameInput {
  "A catalog id from gameTypes, e.g. \\"scout\\"."
  game: String!
  seats: Int!
  "Options of the game type; omitted ones take their defaults. JSON: each game's own, their schemas in GameType.options."
  options: JSON
  "Fixes the shuffles (tests, tournaments). The game records that its seed was fixed."
  seed: String
}

type CreateGamePayload {
  game: Game!
}

type JoinGamePayload {
  seat: Int!
  "The seat's secret: send it as Authorization: Bearer <token>."
  token: String!
  game: Game!
}

type SubmitMovePayload {
  game: Game!
}

type GameType {
  id: ID!
  names: Names!
  seats: SeatRange!
  options: [GameOption!]!
  "The GameView member this game's view is."
  viewType: String!
  """
  The JSON Schema (draft-07) of this game's moves: a oneOf over the move kinds, each with its
  fields described. legalMoves lists the moves open to a seat now, in this shape. The same kinds,
  typed: MoveInput (to send) and the Move union (typedLegalMoves), written from the same source.
  """
  moves: JSON!
  "Extra catalog data the game publishes (e.g. Silver's card list with powers), or null. JSON: each game's own document."
  catalog: JSON
  """
  The JSON Schema (draft-07) of each event type a game's history and export hold, by type: the
  table's and the app's (clocks, seats, leaving), and the game's own where it declares them.
  """
  events: JSON!
}

"Where a page of a connection (Relay style) ends: pass endCursor as after for the next page."
type PageInfo {
  hasNextPage: Boolean!
  endCursor: String
}

"A game in the lobby: created, not yet full."
type LobbyEntry {
  gameId: ID!
  type: String!
  seats: Int!
  taken: Int!
  "The game's version when the entry was written."
  version: Int!
  createdAt: String!
}

type Names {
  en: String!
  fa: String!
}

type SeatRange {
  min: Int!
  max: Int!
}

type GameOption {
  name: String!
  description: String
  "The default value. JSON: its type is the option's (schema)."
  default: JSON
  "The option's JSON Schema."
  schema: JSON!
}

type Game {
  id: ID!
  "The catalog id of the game type."
  type: String!
  "How many commands the game has accepted; pass it as expectedVersion to pin a move."
  version: Int!
  seats: Int!
  players: [SeatHolder!]!
  "The caller's seat, or null for a spectator."
  seat: Int
  "The game's options, defaults filled in. JSON: each game's own, their schemas in GameType.options."
  options: JSON!
  "SHA-256 of the secret seed, public from creation."
  seedHash: String!
  "Whether the creator fixed the seed."
  seedFixed: Boolean!
  "The seed, revealed when the game is over, so anyone can replay the shuffles."
  seed: String
  status: GameStatus!
  "What the caller may see; null until every seat is taken."
  view: GameView
  """
  The moves the caller's seat may submit now (empty when it is not to move), as JSON: each is
  exactly what submitMove's move takes (the shapes: GameType.moves). typedLegalMoves lists the
  same moves typed.
  """
  legalMoves: [JSON!]!
  "The same moves as legalMoves, in its order, typed: __typename names the game and kind (ScoutShowMove)."
  typedLegalMoves: [Move!]!
  "Whether the caller's seat may take its last move back now (takeBack)."
  canTakeBack: Boolean!
  "The event history, redacted for the caller."
  history: [HistoryEntry!]!
}

"Who sits at a seat."
type SeatHolder {
  seat: Int!
  name: String!
}

type GameStatus {
  """
  Where the game stands; one of a documented list per game type (a string, so a new phase
  never breaks a client). Every game: waiting-for-players (seats still free), over.
  scout: rotate, play, scout-show (setup and between pass with no one to move).
  sea-salt-and-paper: draw, keep, play, crabPile, crabCard, shark.
  seledyne: setup, roll, round-draw, six-rule, turn-open, turn-ready, turn-select, turn-draws,
  turn-gifting, turn-closing, round-end, stage-end.
  silver: commander, peek, scoring, turn (a turn's main action), or the step a turn waits for:
  hold, place, power, rascal, score, commander.
  """
  phase: String!
  "Seats that must act now; several when the rules make players act simultaneously."
  toMove: [Int!]!
  over: Boolean!
  result: GameResult
}

"How a game ended. Read the winners from winners: which way the scores win depends on the game."
type GameResult {
  """
  Each seat's final total, by seat. scout, sea-salt-and-paper, seledyne: the highest total wins;
  silver: the lowest total wins. Ties are broken by each game's rules (docs/rules/<game>.md).
  A game stopped early (claimed, aborted) holds its public standing.
  """
  scores: [Int!]!
  "The seats that won (several on a shared win), by the game's own ranking and tie-breaks."
  winners: [Int!]!
}

"One accepted command and the events it caused."
type HistoryEntry {
  version: Int!
  "ISO-8601 time of the commit."
  at: String!
  "The seat that moved; null for create and join."
  seat: Int
  """
  The events, redacted for the caller (a part it may not know is null). JSON: their schemas, by
  type, are in GameType.events (the table's, the app's and the game's own). Typing them here as the
  moves are typed would add ~1,900 lines to this schema and ~20 ms of CPU to every server start.
  """
  events: [JSON!]!
}
`;

/** The base schema, then each concern's SDL in `parts` (in the list's order: services/modules), then the games' views and typed moves. */
export function composeSchema(games: readonly AnyGame[], parts: readonly ApiPart[] = []): string {
  const views = games.map((g) => g.viewSchema.trim()).join('\n\n');
  const union = games.length ? `"What a seat sees, one type per game."\nunion GameView = ${games.map((g) => g.viewType).join(' | ')}` : '';
  const concerns = parts.flatMap((p) => (p.sdl ? [`${p.sdl.trim()}\n\n`] : [])).join('');
  const moves = typedMovesSdl(games);
  return `${base.trim()}\n\n${analyticsSdl.trim()}\n\n${lobbySchema.trim()}\n\n${playByTurnSchema.trim()}\n\n${concerns}${union}\n\n${views}\n${moves && `\n${moves}\n`}`;
}

/**
 * The composed schema, built by mercurius's graphql build (one realm for the schema and the
 * functions that run it). `check` (the development tools: tests, `npm start`) checks the SDL in
 * full; in production the same SDL, checked by every test run, is trusted and parsed without
 * source locations (~15 ms less per cold start), and in a Lambda bundle it is the document made
 * at bundle time, without descriptions, which production never serves (./prebuilt.ts).
 */
export function buildParlorSchema(games: readonly AnyGame[], check: boolean, parts: readonly ApiPart[] = []) {
  if (check) return cjs.graphql.buildSchema(composeSchema(games, parts));
  return cjs.graphql.buildASTSchema(parsedSchema(games, parts), { assumeValidSDL: true, assumeValid: true });
}

/**
 * Each parsed document by the very lists it was composed from: a process that builds several apps
 * (tests, ~100 servers a run) composes and parses each SDL once, ~20 ms of CPU less a server. The
 * document is only read (buildASTSchema builds a new schema from it each time: mercurius sets each
 * app's resolvers on its own schema, so the schema itself is not shared). A Lambda builds one app.
 */
const parsedByInputs = new WeakMap<readonly AnyGame[], WeakMap<readonly ApiPart[], DocumentNode>>();

/**
 * The SDL parsed without source locations. In a Lambda bundle, the document it carries stands in
 * when it was made from these very inputs: the registry's own games (the bundle's, whose typed
 * moves are read from their zod schemas: composing would evaluate every game) and concerns whose
 * SDL is the same. Only where introspection is refused (`check` off), the only reader of descriptions.
 */
export function parsedSchema(games: readonly AnyGame[], parts: readonly ApiPart[], carried: PrebuiltSchema | undefined = prebuilt, own: readonly AnyGame[] = registry): DocumentNode {
  if (carried && games === own && carried.partsSha256 === partsHash(parts)) return documentFrom(carried.document);
  const byParts = parsedByInputs.get(games) ?? parsedByInputs.set(games, new WeakMap()).get(games)!;
  return byParts.get(parts) ?? byParts.set(parts, cjs.graphql.parse(composeSchema(games, parts), { noLocation: true })).get(parts)!;
}

/**
 * A parsed document (no locations) as compact JSON for a bundle to carry: each name a string
 * instead of a Name node, empty lists left out (graphql's AST has them optional). ~140 KB for
 * the schema without descriptions, against ~225 KB as the plain tree.
 */
export function compactDocument(doc: DocumentNode): string {
  return JSON.stringify(doc, (key, value: unknown) => {
    if (Array.isArray(value) && value.length === 0) return undefined;
    if (key === 'name' && (value as NameNode | undefined)?.kind === 'Name') return (value as NameNode).value;
    return value;
  });
}

/** The document compactDocument wrote, JSON-parsed: its names made Name nodes again, in place. */
export function documentFrom(compact: unknown): DocumentNode {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) for (const n of node) visit(n);
    else if (node !== null && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      for (const key in o) {
        const v = o[key];
        if (key === 'name' && typeof v === 'string') o[key] = { kind: 'Name', value: v };
        else if (v !== null && typeof v === 'object') visit(v);
      }
    }
  };
  visit(compact);
  return compact as DocumentNode;
}

/** SHA-256 of the concerns' SDL, in their order: what a prebuilt text was made with besides the games. */
export const partsHash = (parts: readonly ApiPart[]) => sdlHash(parts.map((p) => p.sdl ?? '').join('\0'));

export const sdlHash = (sdl: string) => createHash('sha256').update(sdl).digest('hex');

/** `sdl` printed without its descriptions (made at bundle time: infra/bundle.ts). */
export function withoutDescriptions(sdl: string): string {
  const doc = cjs.graphql.parse(sdl, { noLocation: true });
  return cjs.graphql.print(cjs.graphql.visit(doc, { enter: (node) => ('description' in node && node.description ? { ...node, description: undefined } : undefined) }));
}
