/**
 * The REST mirror of the GraphQL contract, under /v1, described in OpenAPI at /docs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { asAppError } from '../../app/errors.js';
import type { ParlorService } from '../../app/service.js';
import type { Credential } from '../../app/service.js';
import { gameDto, gameTypeDto } from '../dto.js';
import { bearer, HTTP_STATUS } from '../errors.js';
import { createInput, joinAs, type CreateGameFields } from '../play-by-turn.js';
import type { PlayApi } from '../../play-by-turn.js';
import { playByTurnRoutes, createGameProperties } from './play-by-turn.routes.js';
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

export async function restRoutes(app: FastifyInstance, opts: { service: ParlorService; play: PlayApi }) {
  const { service } = opts;
  app.decorateRequest('credential', undefined);
  app.addHook('preHandler', async (req) => {
    req.credential = await opts.play.players.credential(bearer(req.headers.authorization));
  });
  const token = (req: FastifyRequest) => req.credential;
  const viewed = async (req: FastifyRequest<{ Params: { id: string } }>) => {
    const agg = await service.load(req.params.id);
    return { agg, viewer: service.seatOf(agg, token(req)) };
  };

  app.setErrorHandler((e: Error & { validation?: unknown; statusCode?: number }, _req, reply: FastifyReply) => {
    const known = asAppError(e);
    if (known) return reply.status(HTTP_STATUS[known.code]).send({ error: { code: known.code, message: known.message } });
    if (e.validation || (e.statusCode && e.statusCode < 500)) return reply.status(400).send({ error: { code: 'BAD_INPUT', message: e.message } });
    reply.log.error({ err: e }, 'request failed');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: 'internal error' } });
  });

  app.setNotFoundHandler((req, reply) => reply.status(404).send({ error: { code: 'NOT_FOUND', message: `no route ${req.method} ${req.url}` } }));

  app.get('/game-types', { schema: { summary: 'The games this server offers', tags: ['catalog'], response: { 200: { type: 'array', items: gameTypeShape } } } }, async () =>
    service.games.map(gameTypeDto),
  );

  app.get<{ Querystring: { type?: string } }>(
    '/games',
    {
      schema: {
        summary: 'Games still waiting for players (the lobby)',
        tags: ['games'],
        querystring: { type: 'object', properties: { type: { type: 'string' } } },
        response: { 200: { type: 'array', items: lobbyEntryShape } },
      },
    },
    async (req) => service.openGames(req.query.type),
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

  app.post<{ Params: { id: string }; Body: { name: string } }>(
    '/games/:id/join',
    {
      schema: {
        summary: 'Take the next free seat; the token is shown once',
        tags: ['games'],
        params: gameId,
        body: { type: 'object', required: ['name'], additionalProperties: false, properties: { name: { type: 'string' } } },
        response: { 200: joinShape, ...refusals },
      },
    },
    async (req) => {
      const { agg, seat, token: seatToken } = await joinAs(service, req.params.id, req.body.name, token(req), bearer(req.headers.authorization));
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
    { schema: { summary: "The caller's legal moves", tags: ['games'], security: auth, params: gameId, response: { 200: { type: 'array', items: {} }, ...refusals } } },
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

  await app.register(playByTurnRoutes, { service, play: opts.play });
}
