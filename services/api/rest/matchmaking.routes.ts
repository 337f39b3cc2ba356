/**
 * The REST mirror of matchmaking (graphql/matchmaking.ts), registered inside the /v1 routes so it
 * shares their error shape and credential hook. Bodies and answers use the GraphQL names.
 */
import type { FastifyInstance } from 'fastify';
import { playerOf } from '../../players/index.js';
import type { PlayApi } from '../../play-by-turn.js';
import { entryDto, seekDto } from '../../matchmaking/view.js';
import { DEVICE_HEADER, joinSource } from '../tournaments.js';
import { challengeBotInput, quickPlayInput, seekInput, type ChallengeBotFields, type QuickPlayFields, type SeekInputFields } from '../matchmaking.js';
import { createGameProperties } from './play-by-turn.routes.js';
import { errorShape } from './shapes.js';

const refusals = { 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape, 409: errorShape, 429: errorShape };
const auth = [{ seatToken: [] }];
const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const nullable = (type: string) => ({ type: [type, 'null'] }) as const;
const byId = { type: 'object', properties: { id: { type: 'string', maxLength: 100 } }, required: ['id'] } as const;
const timeControlShape = { type: ['object', 'null'], properties: { perMove: nullable('string'), bank: nullable('string'), increment: nullable('string') } } as const;

const seekShape = {
  type: 'object',
  description: 'An open challenge (GraphQL type Seek)',
  properties: {
    id: str,
    game: str,
    seats: int,
    options: { type: 'object', additionalProperties: true },
    timeControl: timeControlShape,
    rated: { type: 'boolean' },
    ratingRange: { type: ['object', 'null'], properties: { min: nullable('number'), max: nullable('number') } },
    for: nullable('string'),
    creator: str,
    players: { type: 'array', items: { type: 'object', properties: { seat: int, player: str, name: str } } },
    status: { type: 'string', enum: ['OPEN', 'FILLED', 'CANCELLED', 'EXPIRED'] },
    createdAt: str,
    expiresAt: str,
    gameId: nullable('string'),
  },
} as const;

const entryShape = {
  type: 'object',
  description: "A player's place in a quick-play pool (GraphQL type QuickPlayEntry): gameId once seated",
  properties: { game: str, seats: int, timeControl: timeControlShape, rated: { type: 'boolean' }, bots: int, rating: { type: 'number' }, enqueuedAt: str, gameId: nullable('string') },
} as const;

const seekBody = {
  type: 'object',
  required: ['game', 'seats'],
  additionalProperties: false,
  properties: {
    game: { type: 'string', maxLength: 100 },
    seats: int,
    options: { type: ['object', 'null'], additionalProperties: true },
    timeControl: createGameProperties.timeControl,
    rated: nullable('boolean'),
    ratingRange: { type: ['object', 'null'], additionalProperties: false, properties: { min: nullable('number'), max: nullable('number') } },
    minutes: { type: ['integer', 'null'], description: 'How long it stays open (default 60)' },
  },
} as const;

const quickPlayBody = {
  type: 'object',
  required: ['game'],
  additionalProperties: false,
  properties: {
    game: { type: 'string', maxLength: 100 },
    seats: nullable('integer'),
    timeControl: createGameProperties.timeControl,
    rated: nullable('boolean'),
    bots: { type: ['integer', 'null'], description: 'Seats bots may fill after the wait (default 0)' },
  },
} as const;

const botBody = {
  type: 'object',
  required: ['game', 'bot'],
  additionalProperties: false,
  properties: { game: { type: 'string', maxLength: 100 }, bot: { type: 'string', maxLength: 40 }, seats: nullable('integer'), options: { type: ['object', 'null'], additionalProperties: true }, timeControl: createGameProperties.timeControl, rated: nullable('boolean') },
} as const;

export async function matchmakingRoutes(app: FastifyInstance, opts: { play: PlayApi }) {
  const m = opts.play.matchmaking;
  const tags = ['matchmaking'];
  app.get<{ Querystring: { game?: string; first?: string } }>(
    '/seeks',
    {
      schema: {
        summary: 'Open seeks anyone may accept, oldest first',
        tags,
        querystring: { type: 'object', additionalProperties: false, properties: { game: { type: 'string', maxLength: 100 }, first: { type: 'string', pattern: '^[0-9]{1,3}$', description: '1 to 100 (default 50)' } } },
        response: { 200: { type: 'array', items: seekShape }, ...refusals },
      },
    },
    async (req) => (await m.openSeeks(req.query.first === undefined ? 50 : Number(req.query.first), req.query.game)).map(seekDto),
  );
  app.post<{ Body: SeekInputFields }>(
    '/seeks',
    { schema: { summary: 'Open a seek (you take seat 0; limits: MATCH_LIMIT)', tags, security: auth, body: seekBody, response: { 200: seekShape, ...refusals } } },
    async (req) => seekDto(await m.openSeek(playerOf(req.credential), seekInput(req.body), joinSource(req.ip, req.headers[DEVICE_HEADER], req.credential))),
  );
  app.get('/seeks/mine', { schema: { summary: 'Your open seeks and the challenges addressed to you', tags, security: auth, response: { 200: { type: 'array', items: seekShape }, ...refusals } } }, async (req) =>
    (await m.mySeeks(playerOf(req.credential))).map(seekDto),
  );
  app.get<{ Params: { id: string } }>('/seeks/:id', { schema: { summary: 'A seek', tags, params: byId, response: { 200: seekShape, ...refusals } } }, async (req) => seekDto(await m.seek(req.params.id)));
  app.post<{ Params: { id: string } }>(
    '/seeks/:id/accept',
    { schema: { summary: 'Take a seat of the seek; the last seat starts the game (SEEK_CLOSED, RATING_OUT_OF_RANGE)', tags, security: auth, params: byId, response: { 200: seekShape, ...refusals } } },
    async (req) => seekDto(await m.acceptSeek(req.params.id, playerOf(req.credential), joinSource(req.ip, req.headers[DEVICE_HEADER], req.credential))),
  );
  app.post<{ Params: { id: string } }>(
    '/seeks/:id/cancel',
    { schema: { summary: 'Close your seek', tags, security: auth, params: byId, response: { 200: seekShape, ...refusals } } },
    async (req) => seekDto(await m.cancelSeek(req.params.id, playerOf(req.credential))),
  );
  app.post<{ Params: { id: string }; Body: SeekInputFields }>(
    '/players/:id/challenge',
    { schema: { summary: 'Challenge a player by id: a seek only they may accept', tags, security: auth, params: byId, body: seekBody, response: { 200: seekShape, ...refusals } } },
    async (req) => seekDto(await m.openSeek(playerOf(req.credential), { ...seekInput(req.body), for: req.params.id }, joinSource(req.ip, req.headers[DEVICE_HEADER], req.credential))),
  );
  app.post<{ Body: ChallengeBotFields }>(
    '/bots/challenge',
    { schema: { summary: 'Challenge a server bot by spec: the game starts at once', tags, security: auth, body: botBody, response: { 200: { type: 'object', properties: { gameId: str } }, ...refusals } } },
    async (req) => ({ gameId: (await m.challengeBot(playerOf(req.credential), challengeBotInput(req.body))).id }),
  );
  app.post<{ Body: QuickPlayFields }>(
    '/quick-play',
    { schema: { summary: 'Play now: enter the pool (you are paired at once if someone fits)', tags, security: auth, body: quickPlayBody, response: { 200: entryShape, ...refusals } } },
    async (req) => entryDto(await m.playNow(playerOf(req.credential), quickPlayInput(req.body), joinSource(req.ip, req.headers[DEVICE_HEADER], req.credential))),
  );
  app.post<{ Body: QuickPlayFields }>(
    '/quick-play/status',
    { schema: { summary: 'Your entry of that pool (paired first); gameId once seated; null if none', tags, security: auth, body: quickPlayBody, response: { 200: { anyOf: [entryShape, { type: 'null' }] }, ...refusals } } },
    async (req) => {
      const e = await m.quickPlayStatus(playerOf(req.credential), quickPlayInput(req.body));
      return e && entryDto(e);
    },
  );
  app.post<{ Body: QuickPlayFields }>(
    '/quick-play/leave',
    { schema: { summary: 'Leave the pool; left is false if you were seated meanwhile', tags, security: auth, body: quickPlayBody, response: { 200: { type: 'object', properties: { left: { type: 'boolean' } } }, ...refusals } } },
    async (req) => ({ left: await m.leavePool(playerOf(req.credential), quickPlayInput(req.body)) }),
  );
}
