/**
 * The REST mirror of tournaments (graphql/tournaments.ts), registered inside the /v1 routes so
 * it shares their error shape and credential hook. Bodies and answers use the GraphQL names.
 */
import type { FastifyInstance } from 'fastify';
import { playerOf } from '../../players/index.js';
import type { PlayApi } from '../../play-by-turn.js';
import { tournamentDto } from '../../tournaments/view.js';
import { DEVICE_HEADER, joinSource, joinTournament, tournamentInput, type TournamentInputFields } from '../tournaments.js';
import { createGameProperties } from './play-by-turn.routes.js';
import { errorShape } from './shapes.js';

const refusals = { 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape, 409: errorShape, 422: errorShape };
const auth = [{ seatToken: [] }];
const byId = { type: 'object', properties: { id: { type: 'string', maxLength: 100 } }, required: ['id'] } as const;
const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const entrant = { type: 'object', properties: { index: int, name: str, player: { type: ['string', 'null'] }, bot: { type: ['string', 'null'] } } } as const;

export const tournamentShape = {
  type: 'object',
  description: 'A tournament (GraphQL type Tournament): a board’s seed is null until every table of the board has ended.',
  properties: {
    id: str,
    game: str,
    seats: int,
    roundCount: int,
    format: { type: 'string', enum: ['SWISS', 'ROUND_ROBIN'] },
    duplicate: { type: 'boolean' },
    rated: { type: 'boolean' },
    timeoutBot: str,
    timeControl: { type: ['object', 'null'], properties: { perMove: { type: ['string', 'null'] }, bank: { type: ['string', 'null'] }, increment: { type: ['string', 'null'] } } },
    options: { type: 'object', additionalProperties: true },
    creator: str,
    status: { type: 'string', enum: ['OPEN', 'RUNNING', 'FINISHED'] },
    entrants: { type: 'array', items: entrant },
    standings: { type: 'array', items: { type: 'object', properties: { rank: int, entrant, points: { type: 'number' }, difference: { type: 'number' }, games: int } } },
    rounds: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          round: int,
          completed: { type: 'boolean' },
          tables: { type: 'array', items: { type: 'object', properties: { table: int, entrants: { type: 'array', items: entrant } } } },
          boards: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                board: int,
                seedHash: str,
                seed: { type: ['string', 'null'] },
                completed: { type: 'boolean' },
                games: { type: 'array', items: { type: 'object', properties: { id: str, table: int, seats: { type: 'array', items: entrant }, ended: { type: 'boolean' }, scores: { type: ['array', 'null'], items: { type: 'number' } } } } },
              },
            },
          },
        },
      },
    },
  },
} as const;

const createBody = {
  type: 'object',
  required: ['game', 'seats', 'rounds'],
  additionalProperties: false,
  properties: {
    game: { type: 'string', maxLength: 100 },
    seats: int,
    rounds: int,
    format: { type: ['string', 'null'], enum: ['SWISS', 'ROUND_ROBIN', null] },
    duplicate: { type: ['boolean', 'null'] },
    timeControl: createGameProperties.timeControl,
    options: { type: ['object', 'null'], additionalProperties: true },
    bots: { type: ['array', 'null'], maxItems: 64, items: { type: 'string', maxLength: 40 }, description: 'Bot entrants by spec ("random", "greedy", "search:1")' },
    rated: { type: ['boolean', 'null'], description: 'Its games are rated; entrants need an account old enough or enough rated games' },
    timeoutBot: { type: ['string', 'null'], maxLength: 40, description: 'The bot ("kind" or "kind:level") that plays a seat of its games whose player times out, resigns or forfeits (default "search:1")' },
  },
} as const;

export async function tournamentRoutes(app: FastifyInstance, opts: { play: PlayApi }) {
  const t = opts.play.tournaments;
  const tags = ['tournaments'];
  app.post<{ Body: TournamentInputFields }>(
    '/tournaments',
    { schema: { summary: 'Create a tournament (send a player token: you are its creator)', tags, security: auth, body: createBody, response: { 200: tournamentShape, ...refusals } } },
    async (req) => tournamentDto(await t.create(playerOf(req.credential), tournamentInput(req.body))),
  );
  app.get<{ Querystring: { first?: string } }>(
    '/tournaments',
    {
      schema: {
        summary: 'The newest tournaments, newest first',
        tags,
        querystring: { type: 'object', additionalProperties: false, properties: { first: { type: 'string', pattern: '^[0-9]{1,2}$', description: '1 to 50 (default 20)' } } },
        response: { 200: { type: 'array', items: tournamentShape }, ...refusals },
      },
    },
    async (req) => (await t.newest(req.query.first === undefined ? 20 : Number(req.query.first))).map(tournamentDto),
  );
  app.get<{ Params: { id: string } }>(
    '/tournaments/:id',
    { schema: { summary: 'A tournament: entrants, standings, rounds, boards and their games', tags, params: byId, response: { 200: tournamentShape, ...refusals } } },
    async (req) => tournamentDto(await t.get(req.params.id)),
  );
  app.post<{ Params: { id: string } }>(
    '/tournaments/:id/join',
    { schema: { summary: 'Enter the calling player (joining again changes nothing; limits: ENTRY_LIMIT, LINKED_ENTRANT, ENTRY_TOO_NEW)', tags, security: auth, params: byId, response: { 200: tournamentShape, ...refusals } } },
    async (req) => tournamentDto(await joinTournament(opts.play, req.params.id, playerOf(req.credential), joinSource(req.ip, req.headers[DEVICE_HEADER], req.credential))),
  );
  app.delete<{ Params: { id: string; index: string }; Querystring: { name?: string } }>(
    '/tournaments/:id/entrants/:index',
    {
      schema: {
        summary: 'Take entrant number index out before the start (the creator only; later entrants move up one); with ?name=, only if that entrant is still there (else 409 VERSION_CONFLICT)',
        tags,
        security: auth,
        params: { type: 'object', properties: { id: { type: 'string', maxLength: 100 }, index: { type: 'string', pattern: '^[0-9]{1,2}$' } }, required: ['id', 'index'] },
        querystring: { type: 'object', properties: { name: { type: 'string', maxLength: 100 } }, additionalProperties: false },
        response: { 200: tournamentShape, ...refusals },
      },
    },
    async (req) => tournamentDto(await t.remove(req.params.id, playerOf(req.credential), Number(req.params.index), req.query.name)),
  );
  app.post<{ Params: { id: string } }>(
    '/tournaments/:id/start',
    { schema: { summary: 'Start the tournament and pair its first round (its creator only)', tags, security: auth, params: byId, response: { 200: tournamentShape, ...refusals } } },
    async (req) => tournamentDto(await t.start(req.params.id, playerOf(req.credential))),
  );
}
