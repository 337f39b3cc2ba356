/**
 * The REST mirror of the GraphQL contract, under /v1, described in OpenAPI at /docs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { asAppError } from '../../app/errors.js';
import { checkNotSealed } from '../../app/sealed.js';
import type { ParlorService } from '../../app/service.js';
import type { Credential } from '../../app/service.js';
import { gameDto, gameTypeDto } from '../dto.js';
import { bearer, HTTP_STATUS } from '../errors.js';
import { createInput, joinAs, type CreateGameFields } from '../play-by-turn.js';
import { DEVICE_HEADER } from '../tournaments.js';
import type { PlayApi } from '../../play-by-turn.js';
import { RENEWED_TOKEN_HEADER } from '../../players/index.js';
import { playByTurnRoutes, createGameProperties } from './play-by-turn.routes.js';
import type { ApiPart } from '../parts.js';
import { streamRoutes } from './streams.routes.js';
import { analyticsRoutes } from './analytics.routes.js';
import type { Limits } from '../limits/settings.js';
import { errorShape, gameShape, gameTypeShape, historyEntryShape, joinShape, lobbyEntryShape } from './shapes.js';

const error = errorShape;
const anyObject = { type: 'object', additionalProperties: true } as const;
const gameId = { type: 'object', properties: { id: { type: 'string', maxLength: 100 } }, required: ['id'] } as const;
const auth = [{ seatToken: [] }];
const refusals = { 400: error, 401: error, 403: error, 404: error, 409: error, 422: error };

declare module 'fastify' {
  interface FastifyRequest {
    /** The bearer token as a credential (a player token verified). */
    credential: Credential;
  }
}

export async function restRoutes(app: FastifyInstance, opts: { service: ParlorService; play: PlayApi; limits: Pick<Limits, 'socketsPerClient' | 'streamBufferBytes'>; parts?: readonly ApiPart[] }) {
  const { service } = opts;
  app.decorateRequest('credential', undefined);
  app.addHook('preHandler', async (req, reply) => {
    req.credential = await opts.play.players.credential(bearer(req.headers.authorization), (fresh) => reply.header(RENEWED_TOKEN_HEADER, fresh));
  });
  const token = (req: FastifyRequest) => req.credential;
  const viewed = async (req: FastifyRequest<{ Params: { id: string } }>) => {
    const agg = await service.load(req.params.id);
    const viewer = service.seatOf(agg, token(req));
    checkNotSealed(agg, viewer);
    return { agg, viewer };
  };

  app.setErrorHandler((e: Error & { validation?: unknown; statusCode?: number }, _req, reply: FastifyReply) => {
    const known = asAppError(e);
    if (known?.code === 'BUSY') reply.header('retry-after', '1');
    if (known) return reply.status(HTTP_STATUS[known.code]).send({ error: { code: known.code, message: known.message } });
    throw e; // the app's handler (services/api/limits/http.ts) answers the rest in the same shape
  });

  app.get('/game-types', { schema: { summary: 'The games this server offers', tags: ['catalog'], response: { 200: { type: 'array', items: gameTypeShape } } } }, async () =>
    service.games.map(gameTypeDto),
  );

  app.get<{ Querystring: { type?: string; first?: string; after?: string } }>(
    '/games',
    {
      schema: {
        summary: 'Games still waiting for players (the lobby), oldest first; the header Parlor-Next-Cursor, when present, is the next page\'s `after`',
        tags: ['games'],
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { type: { type: 'string', maxLength: 100 }, first: { type: 'string', pattern: '^[0-9]{1,3}$', description: '1 to 100 (default 100)' }, after: { type: 'string', maxLength: 400 } },
        },
        response: { 200: { type: 'array', items: lobbyEntryShape } },
      },
    },
    async (req, reply) => {
      const page = await service.lobbyPage(req.query.type, req.query.first === undefined ? 100 : Number(req.query.first), req.query.after);
      if (page.pageInfo.hasNextPage && page.pageInfo.endCursor) reply.header('parlor-next-cursor', page.pageInfo.endCursor);
      return page.edges.map((e) => e.node);
    },
  );

  app.post<{ Body: CreateGameFields }>(
    '/games',
    {
      schema: {
        summary: 'Create a game',
        tags: ['games'],
        body: {
          type: 'object',
          required: ['game', 'seats'],
          additionalProperties: false,
          properties: { game: { type: 'string' }, seats: { type: 'integer' }, options: anyObject, seed: { type: 'string' }, ...createGameProperties },
        },
        response: { 201: gameShape, ...refusals },
      },
    },
    async (req, reply) => reply.status(201).send(gameDto(await service.create(createInput(req.body, token(req), service.now())), null)),
  );

  app.post<{ Params: { id: string }; Body: { name: string; entropy?: string; joinKey?: string } }>(
    '/games/:id/join',
    {
      schema: {
        summary: 'Take the next free seat; joining again with the same joinKey returns the same seat and token',
        tags: ['games'],
        params: gameId,
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: {
            name: { type: 'string' },
            entropy: { type: 'string', description: 'Public contribution to the deal’s seed' },
            joinKey: { type: 'string', description: 'Your own random secret (16 to 100 characters): a retried join with it returns the same seat and token' },
          },
        },
        response: { 200: joinShape, ...refusals },
      },
    },
    async (req) => {
      const { agg, seat, token: seatToken } = await joinAs(service, req.params.id, req.body.name, token(req), bearer(req.headers.authorization), { entropy: req.body.entropy, joinKey: req.body.joinKey, client: req.ip, device: req.headers[DEVICE_HEADER] });
      return { seat, token: seatToken, game: gameDto(agg, seat) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/games/:id',
    { schema: { summary: 'A game as the caller sees it', tags: ['games'], security: auth, params: gameId, response: { 200: gameShape, ...refusals } } },
    async (req) => {
      const { agg, viewer } = await viewed(req);
      return gameDto(agg, viewer);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/games/:id/legal-moves',
    { schema: { summary: "The caller's legal moves", tags: ['games'], security: auth, params: gameId, response: { 200: { title: 'LegalMoves', type: 'array', items: {} }, ...refusals } } },
    async (req) => {
      const { agg, viewer } = await viewed(req);
      return gameDto(agg, viewer).legalMoves;
    },
  );

  app.get<{ Params: { id: string } }>(
    '/games/:id/history',
    { schema: { summary: 'The event history, redacted for the caller', tags: ['games'], security: auth, params: gameId, response: { 200: { type: 'array', items: historyEntryShape }, ...refusals } } },
    async (req) => {
      const { agg, viewer } = await viewed(req);
      return service.history(agg, viewer);
    },
  );

  app.post<{ Params: { id: string }; Body: { move: unknown; expectedVersion?: number | null; commandId?: string | null } }>(
    '/games/:id/moves',
    {
      schema: {
        summary: 'Play a move (one of legal-moves, unchanged)',
        tags: ['games'],
        security: auth,
        params: gameId,
        body: {
          type: 'object',
          required: ['move'],
          additionalProperties: false,
          // null means "not given", as many clients send absent optionals.
          properties: { move: {}, expectedVersion: { type: ['integer', 'null'] }, commandId: { type: ['string', 'null'], minLength: 1, maxLength: 100 } },
        },
        response: { 200: gameShape, ...refusals },
      },
    },
    async (req) => {
      const { move, expectedVersion, commandId } = req.body;
      const agg = await service.move({ gameId: req.params.id, token: token(req), move, expectedVersion: expectedVersion ?? undefined, commandId: commandId ?? undefined });
      return gameDto(agg, service.seatOf(agg, token(req)));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/games/:id/take-back',
    {
      schema: {
        summary:
          'Take your last move back, while no one else has acted and the move showed no one anything; every clock is as before the move. Refused with TAKE_BACK_NOT_ALLOWED (409), the message starting with the reason: NO_MOVE, NOT_YOUR_MOVE, NEXT_PLAYER_ACTED, INFORMATION_REVEALED, SIMULTANEOUS, GAME_OVER, OPTION_OFF, TIME_RAN_OUT',
        tags: ['games'],
        security: auth,
        params: gameId,
        response: { 200: gameShape, ...refusals },
      },
    },
    async (req) => {
      const agg = await service.takeBack(req.params.id, token(req));
      return gameDto(agg, service.seatOf(agg, token(req)));
    },
  );

  await app.register(playByTurnRoutes, { service, play: opts.play });
  // Each concern's routes (services/modules), in the list's order.
  for (const part of opts.parts ?? []) if (part.routes) await app.register(part.routes, { service, play: opts.play });
  await app.register(streamRoutes, { service, play: opts.play, limits: opts.limits });
  await app.register(analyticsRoutes, { service });
}
