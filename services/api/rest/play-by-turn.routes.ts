/**
 * The REST mirror of the play-by-turn surface (see graphql/play-by-turn.schema.ts), registered
 * inside the /v1 routes so it shares their error shape and credential hook.
 */
import type { FastifyInstance } from 'fastify';
import type { ParlorService } from '../../app/service.js';
import { playerOf } from '../../players/index.js';
import type { PlayApi } from '../../play-by-turn.js';
import type { PlayerKind } from '../../players/registry.js';
import { gameDto } from '../dto.js';
import { DEVICE_HEADER, joinSource } from '../tournaments.js';
import { WEBHOOK_EVENTS } from '../../notifications/webhooks.js';
import { WEBHOOK_PAYLOAD_SCHEMA } from '../../notifications/payload.js';

const error = {
  type: 'object',
  properties: { error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } }, required: ['code', 'message'] } },
} as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
const refusals = { 400: error, 401: error, 403: error, 404: error, 409: error, 422: error };
const auth = [{ seatToken: [] }];
const gameId = { type: 'object', properties: { id: { type: 'string', maxLength: 100 } }, required: ['id'] } as const;
const duration = { type: ['string', 'null'], maxLength: 40 } as const;

/** The play-by-turn fields of POST /v1/games (CreateGameInput's, same names). */
export const createGameProperties = {
  timeControl: {
    type: ['object', 'null'],
    additionalProperties: false,
    properties: { perMove: duration, bank: duration, increment: duration },
  },
  onTimeout: { type: ['string', 'null'], enum: ['BOT', 'FORFEIT', 'ASK', null] },
  bots: {
    type: ['array', 'null'],
    maxItems: 16,
    items: {
      type: 'object',
      required: ['seat', 'kind'],
      additionalProperties: false,
      properties: { seat: { type: 'integer' }, kind: { type: 'string', maxLength: 40, description: 'A kind of the game type’s bots' }, level: { type: ['integer', 'null'], description: 'One of its levels (default: its defaultLevel)' } },
    },
  },
  timeoutBot: { type: ['string', 'null'], maxLength: 40, description: 'The bot ("kind" or "kind:level") that plays for a seat that times out, resigns or forfeits' },
  autoAdvance: { type: ['boolean', 'null'] },
  multiSeat: { type: ['boolean', 'null'] },
  expiresIn: duration,
  spectatorChat: { type: ['boolean', 'null'], description: "Spectators may read the game's messages (default false)" },
  rated: { type: ['boolean', 'null'], description: 'The result changes the players’ ratings: needs player tokens, no fixed seed, no multiSeat' },
  requireRegistered: { type: ['boolean', 'null'], description: 'Seats are taken with a player token only (an anonymous join is FORBIDDEN); default false' },
  takeBack: { type: ['boolean', 'null'], description: 'A seat may take its last move back (POST /v1/games/{id}/take-back); default true, false for rated games (true with rated is BAD_INPUT)' },
} as const;

export async function playByTurnRoutes(app: FastifyInstance, opts: { service: ParlorService; play: PlayApi }) {
  const { service, play } = opts;

  app.post<{ Body: { name: string; kind?: PlayerKind } }>(
    '/players',
    {
      schema: {
        summary: 'Register a player; the token (a JWT) acts for every seat the player holds. kind BOT: a bot you run, shown to the others as a bot',
        tags: ['players'],
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: { name: { type: 'string', maxLength: 100 }, kind: { type: 'string', enum: ['HUMAN', 'BOT'], default: 'HUMAN' } },
        },
        response: { 201: anyObject, ...refusals },
      },
    },
    async (req, reply) => reply.status(201).send(await play.players.register(req.body.name, req.body.kind, req.headers['user-agent'])),
  );

  app.get('/me', { schema: { summary: 'The calling player, with awaitingCount: how many games await their move (up to 1000)', tags: ['players'], security: auth, response: { 200: anyObject, ...refusals } } }, async (req) => {
    const id = playerOf(req.credential);
    const [player, awaitingCount] = await Promise.all([play.players.registry.get(id), play.players.inbox.awaitingCount(id)]);
    return { ...(player ?? { id, name: '', kind: 'HUMAN' }), awaitingCount };
  });

  app.get<{ Querystring: { awaitingMyMove?: 'true' | 'false'; first?: string; after?: string } }>(
    '/me/games',
    {
      schema: {
        summary: "The calling player's games: awaiting my move first (longest-waiting first), then by last activity",
        tags: ['players'],
        security: auth,
        querystring: {
          type: 'object',
          additionalProperties: false,
          // Query strings are text: no coercion happens, so the shapes are spelled out.
          properties: { awaitingMyMove: { type: 'string', enum: ['true', 'false'] }, first: { type: 'string', pattern: '^[0-9]{1,3}$' }, after: { type: 'string', maxLength: 400 } },
        },
        response: { 200: anyObject, ...refusals },
      },
    },
    async (req) => {
      const { awaitingMyMove, first, after } = req.query;
      const page = await play.players.inbox.page(playerOf(req.credential), {
        awaitingMyMove: awaitingMyMove === undefined ? undefined : awaitingMyMove === 'true',
        first: first === undefined ? undefined : Number(first),
        after,
      });
      const edges = await Promise.all(
        page.edges.map(async ({ node, cursor }) => {
          const agg = await service.load(node.gameId);
          return { cursor, node: { ...node, game: gameDto(agg, service.seatOf(agg, req.credential)) } };
        }),
      );
      return { edges, pageInfo: page.pageInfo };
    },
  );

  app.post<{ Body: { url: string; events?: string[] | null } }>(
    '/me/webhooks',
    {
      schema: {
        summary: 'Add a webhook: the chosen events are POSTed to url, signed per Standard Webhooks with the returned whsec_ secret',
        tags: ['players'],
        security: auth,
        body: {
          type: 'object',
          required: ['url'],
          additionalProperties: false,
          properties: { url: { type: 'string', maxLength: 2000 }, events: { type: ['array', 'null'], maxItems: WEBHOOK_EVENTS.length, items: { type: 'string', enum: [...WEBHOOK_EVENTS] } } },
        },
        response: { 201: anyObject, ...refusals },
      },
    },
    async (req, reply) => reply.status(201).send(await play.webhooks.add(playerOf(req.credential), req.body.url, req.body.events ?? undefined)),
  );

  app.get('/webhooks/schema', { schema: { summary: 'The JSON Schema of every webhook delivery body', tags: ['players'], response: { 200: anyObject } } }, async () => WEBHOOK_PAYLOAD_SCHEMA);

  app.get('/me/webhooks', { schema: { summary: "The calling player's webhooks and their delivery health", tags: ['players'], security: auth, response: { 200: { type: 'array', items: anyObject }, ...refusals } } }, async (req) =>
    play.webhooks.list(playerOf(req.credential)),
  );

  app.delete<{ Params: { id: string } }>(
    '/me/webhooks/:id',
    { schema: { summary: 'Remove a webhook', tags: ['players'], security: auth, params: gameId, response: { 200: anyObject, ...refusals } } },
    async (req) => ({ removed: await play.webhooks.remove(playerOf(req.credential), req.params.id) }),
  );

  for (const [action, summary] of [
    ['resign', 'Hand the caller’s seat to a bot for the rest of the game'],
    ['rematch', 'Deprecated: offers a rematch (see offer-rematch)'],
    ['offer-rematch', 'Offer a rematch of a finished game to its former human players (your acceptance); created and started when all accepted'],
    ['cancel', 'Cancel a game that has not started (its creator only)'],
  ] as const) {
    app.post<{ Params: { id: string } }>(
      `/games/:id/${action}`,
      { schema: { summary, tags: ['games'], security: auth, params: gameId, response: { 200: anyObject, ...refusals } } },
      async (req) => {
        const agg =
          action === 'resign'
            ? await play.lifecycle.resign(req.params.id, req.credential)
            : action === 'rematch' || action === 'offer-rematch'
              ? await play.lifecycle.offerRematch(req.params.id, playerOf(req.credential), joinSource(req.ip, req.headers[DEVICE_HEADER], req.credential))
              : await play.lifecycle.cancel(req.params.id, playerOf(req.credential));
        return gameDto(agg, service.seatOf(agg, req.credential));
      },
    );
  }

  app.post<{ Params: { id: string }; Body: { accept: boolean } }>(
    '/games/:id/answer-rematch',
    {
      schema: {
        summary: 'Accept or decline the pending rematch offer; the last acceptance creates and starts the rematch (the game\'s rematch links it)',
        tags: ['games'],
        security: auth,
        params: gameId,
        body: { type: 'object', required: ['accept'], additionalProperties: false, properties: { accept: { type: 'boolean' } } },
        response: { 200: anyObject, ...refusals },
      },
    },
    async (req) => {
      const agg = await play.lifecycle.answerRematch(req.params.id, playerOf(req.credential), req.body.accept, joinSource(req.ip, req.headers[DEVICE_HEADER], req.credential));
      return gameDto(agg, service.seatOf(agg, req.credential));
    },
  );
}
