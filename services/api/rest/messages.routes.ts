/**
 * The REST mirror of messages in a game (graphql/messages.ts): send, read a page, mute.
 */
import type { FastifyInstance } from 'fastify';
import type { ParlorService } from '../../app/service.js';
import type { PlayApi } from '../../play-by-turn.js';
import { MAX_TEXT } from '../../messages/index.js';
import { gameDto } from '../dto.js';
import { errorShape } from './shapes.js';

const refusals = { 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape, 409: errorShape, 429: errorShape };
const auth = [{ seatToken: [] }];
const gameId = { type: 'object', properties: { id: { type: 'string', maxLength: 100 } }, required: ['id'] } as const;
const message = {
  type: 'object',
  required: ['id', 'seat', 'name', 'text', 'at'],
  properties: { id: { type: 'string' }, seat: { type: 'integer' }, name: { type: 'string' }, text: { type: 'string', description: 'Plain text: render it as text, never as HTML' }, at: { type: 'string' } },
} as const;
const page = {
  type: 'object',
  required: ['edges', 'pageInfo', 'spectatorChat', 'mutedSeats'],
  properties: {
    edges: { type: 'array', items: { type: 'object', required: ['cursor', 'node'], properties: { cursor: { type: 'string' }, node: message } } },
    pageInfo: { type: 'object', required: ['hasNextPage', 'endCursor'], properties: { hasNextPage: { type: 'boolean' }, endCursor: { type: ['string', 'null'] } } },
    spectatorChat: { type: 'boolean', description: "Whether spectators may read the game's messages" },
    mutedSeats: { type: 'array', items: { type: 'integer' }, description: 'The seats whose messages the caller muted' },
  },
} as const;

export async function messagesRoutes(app: FastifyInstance, opts: { service: ParlorService; play: PlayApi }) {
  const { service, play } = opts;

  app.get<{ Params: { id: string }; Querystring: { first?: string; after?: string } }>(
    '/games/:id/messages',
    {
      schema: {
        summary: 'The messages the caller may read, newest first (Game.messages); spectators only with spectatorChat',
        tags: ['messages'],
        security: auth,
        params: gameId,
        querystring: { type: 'object', additionalProperties: false, properties: { first: { type: 'string', pattern: '^[0-9]{1,3}$' }, after: { type: 'string', maxLength: 400 } } },
        response: { 200: page, ...refusals },
      },
    },
    async (req) => {
      const agg = await service.load(req.params.id);
      const viewer = service.seatOf(agg, req.credential);
      const messages = await play.messages.page(agg, viewer, req.query.first === undefined ? undefined : Number(req.query.first), req.query.after);
      return { ...messages, spectatorChat: agg.app.settings.spectatorChat === true, mutedSeats: play.messages.mutedBy(agg, viewer) };
    },
  );

  app.post<{ Params: { id: string }; Body: { text: string } }>(
    '/games/:id/messages',
    {
      schema: {
        summary: `Send a message to the table from the caller's seat (sendMessage): plain text, 1 to ${MAX_TEXT} characters, rate-limited`,
        tags: ['messages'],
        security: auth,
        params: gameId,
        body: { type: 'object', required: ['text'], additionalProperties: false, properties: { text: { type: 'string', maxLength: MAX_TEXT * 4 } } },
        response: { 201: message, ...refusals },
      },
    },
    async (req, reply) => {
      const agg = await play.messages.send(req.params.id, req.credential, req.body.text);
      return reply.status(201).send((await play.messages.page(agg, service.seatOf(agg, req.credential), 1)).edges[0]!.node);
    },
  );

  app.post<{ Params: { id: string }; Body: { seat: number; muted?: boolean } }>(
    '/games/:id/mute',
    {
      schema: {
        summary: "Hide (muted: true, the default) or show again a seat's messages to the caller's seat (muteInGame)",
        tags: ['messages'],
        security: auth,
        params: gameId,
        body: { type: 'object', required: ['seat'], additionalProperties: false, properties: { seat: { type: 'integer' }, muted: { type: 'boolean', default: true } } },
        response: { 200: { type: 'object', additionalProperties: true }, ...refusals },
      },
    },
    async (req) => {
      const agg = await play.messages.mute(req.params.id, req.credential, req.body.seat, req.body.muted ?? true);
      return gameDto(agg, service.seatOf(agg, req.credential));
    },
  );
}
