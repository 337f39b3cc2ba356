/**
 * JSON Schemas of what the REST mirror answers, for OpenAPI and client generators. Objects other
 * parts of the server may grow keep `additionalProperties: true`, so a new field is never dropped
 * by the serializer before its schema is written here.
 */
import { HTTP_STATUS } from '../errors.js';

const open = { additionalProperties: true } as const;
const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const seats = { type: 'array', items: int } as const;

/** `title` marks the shapes the OpenAPI document names as components (rest/openapi.ts). */
export const errorShape = {
  title: 'Error',
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string', enum: Object.keys(HTTP_STATUS) }, message: str } } },
} as const;

export const gameShape = {
  title: 'Game',
  type: 'object',
  ...open,
  required: ['id', 'type', 'version', 'seats', 'players', 'seat', 'options', 'seedHash', 'seedFixed', 'seed', 'status', 'view', 'legalMoves'],
  properties: {
    id: str,
    type: { type: 'string', description: 'The catalog id of the game type.' },
    version: { type: 'integer', description: 'How many commands the game has accepted; pass it as expectedVersion to pin a move.' },
    seats: int,
    players: {
      type: 'array',
      items: {
        type: 'object',
        ...open,
        required: ['seat', 'name', 'bot', 'kind'],
        properties: {
          seat: int,
          name: str,
          bot: { type: ['string', 'null'], description: 'The server’s bot playing the seat ("search:2"), else null.' },
          kind: { type: 'string', enum: ['HUMAN', 'BOT'], description: 'BOT when a bot plays the seat: the server’s, or a registered player of kind BOT.' },
        },
      },
    },
    timeoutBot: { type: 'string', description: 'The bot that plays for a seat that times out, resigns or forfeits.' },
    timeoutClaim: {
      type: ['object', 'null'],
      required: ['seat', 'since', 'answerers'],
      properties: { seat: int, since: str, answerers: seats },
      description: 'The open claim on a timed-out seat (onTimeout ASK): who ran out, since when, which seats may answer (POST /v1/games/{id}/claim-timeout).',
    },
    requireRegistered: { type: 'boolean', description: 'Whether seats are taken with a player token only.' },
    takeBack: { type: 'boolean', description: 'Whether seats may take their last move back in this game (the takeBack setting).' },
    canTakeBack: { type: 'boolean', description: "Whether the caller's seat may take its last move back now (POST /v1/games/{id}/take-back)." },
    seat: { type: ['integer', 'null'], description: "The caller's seat, or null for a spectator." },
    options: { type: 'object', ...open },
    seedHash: { type: 'string', description: 'SHA-256 of the secret seed, public from creation.' },
    seedFixed: { type: 'boolean', description: 'Whether the creator fixed the seed (then the creator knows every deal).' },
    seed: { type: ['string', 'null'], description: 'Revealed when the game is over.' },
    status: {
      type: 'object',
      required: ['phase', 'toMove', 'over', 'result'],
      properties: {
        phase: { type: 'string', description: "Where the game stands: one of the game type's documented phases (schema.graphql, GameStatus.phase)." },
        toMove: { ...seats, description: 'Seats that must act now; several when the rules make players act simultaneously.' },
        over: { type: 'boolean' },
        result: { type: ['object', 'null'], required: ['scores', 'winners'], properties: { scores: { ...seats, description: 'Final totals by seat. scout, sea-salt-and-paper, seledyne: highest wins; silver: lowest wins. Read winners, not the order of scores.' }, winners: { ...seats, description: 'The seats that won (several on a shared win).' }, resigned: seats, forfeited: seats, claimed: { type: 'boolean', description: 'Ended by claim on a timed-out seat (onTimeout ASK, END)' }, aborted: { type: 'boolean', description: 'A rated game with too few moves by some player: unrated' } } },
      },
    },
    view: { type: ['object', 'null'], ...open, description: "What the caller may see (the game type's view, as in schema.graphql); null until every seat is taken." },
    legalMoves: { type: 'array', items: {}, description: "The moves the caller's seat may submit now, each in the game type's move schema." },
  },
} as const;

export const joinShape = {
  type: 'object',
  ...open,
  required: ['seat', 'token', 'game'],
  properties: { seat: int, token: { type: 'string', description: 'The seat secret, shown once: send it as Authorization: Bearer <token>.' }, game: gameShape },
} as const;

export const gameTypeShape = {
  type: 'object',
  ...open,
  required: ['id', 'names', 'seats', 'viewType', 'moves', 'options', 'catalog', 'bots'],
  properties: {
    id: str,
    names: { type: 'object', required: ['en', 'fa'], properties: { en: str, fa: str } },
    seats: { type: 'object', required: ['min', 'max'], properties: { min: int, max: int } },
    viewType: { type: 'string', description: 'The GameView member (schema.graphql) this game type views as.' },
    moves: { type: 'object', ...open, description: "JSON Schema of the game's moves." },
    options: {
      type: 'array',
      items: { type: 'object', required: ['name', 'description', 'default', 'schema'], properties: { name: str, description: { type: ['string', 'null'] }, default: {}, schema: { type: 'object', ...open } } },
    },
    catalog: { description: 'Extra data the game publishes (card lists, setup tables), or null.' },
    bots: {
      type: 'array',
      description: 'The bots that may take this game’s seats (BotSeatInput kind and level).',
      items: {
        type: 'object',
        required: ['kind', 'description', 'levels', 'defaultLevel'],
        properties: { kind: str, description: str, levels: { type: 'array', items: int }, defaultLevel: { type: ['integer', 'null'] } },
      },
    },
  },
} as const;

export const lobbyEntryShape = {
  type: 'object',
  ...open,
  required: ['gameId', 'type', 'seats', 'taken', 'createdAt'],
  properties: { gameId: str, type: str, seats: int, taken: int, version: int, seedFixed: { type: 'boolean', description: 'The creator fixed the seed and so knows every deal' }, createdAt: str },
} as const;

export const historyEntryShape = {
  type: 'object',
  ...open,
  required: ['version', 'at', 'seat', 'by', 'events'],
  properties: {
    version: int,
    at: { type: 'string', description: 'ISO-8601 time of the commit.' },
    seat: { type: ['integer', 'null'], description: 'The seat whose command it was, or null for the table.' },
    by: { type: ['string', 'null'], description: 'Who played it for the seat when not its holder: "bot:<kind:level>" for a bot, "auto" for a formality; null when the holder did.' },
    events: { type: 'array', items: { type: 'object', ...open, required: ['type'], properties: { type: str } }, description: 'Redacted for the caller.' },
  },
} as const;
