/**
 * The analytics surface over REST, as GraphQL has it (issue #37): a finished game's verifiable
 * record (`gameRecord`) and headline statistics (`stats`).
 */
import type { FastifyInstance } from 'fastify';
import type { ParlorService } from '../../app/service.js';
import { headline, recordOf } from '../graphql/analytics.js';
import { errorShape } from './shapes.js';

const refusals = { 400: errorShape, 403: errorShape, 404: errorShape };
const winRate = {
  type: 'object',
  required: ['seat', 'wins', 'rate', 'low', 'high'],
  properties: { seat: { type: 'integer' }, wins: { type: 'number' }, rate: { type: 'number' }, low: { type: 'number' }, high: { type: 'number' } },
} as const;
const statsShape = {
  type: 'object',
  required: ['game', 'seats', 'options', 'lineup', 'games', 'winRateBySeat', 'meanMoves', 'meanCommits'],
  properties: {
    game: { type: 'string' },
    seats: { type: 'integer' },
    options: { type: 'object', additionalProperties: true, description: 'The option set as the games were created (every option, defaults included).' },
    lineup: { type: 'string', enum: ['ALL_HUMAN', 'WITH_BOTS'] },
    games: { type: 'integer' },
    winRateBySeat: { type: 'array', items: winRate, description: "A seat's wins (a tie splits the win) and their rate with its 95% Wilson interval." },
    meanMoves: { type: ['number', 'null'] },
    meanCommits: { type: ['number', 'null'] },
  },
} as const;

export async function analyticsRoutes(app: FastifyInstance, opts: { service: ParlorService }) {
  const { service } = opts;
  app.get<{ Params: { id: string } }>(
    '/games/:id/record',
    {
      schema: {
        summary: "A finished game's public record (GraphQL gameRecord): the spectator's history, every command, the revealed seed; what npm run verify checks. 403 while the game runs",
        tags: ['analytics'],
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 100 } } },
        response: { 200: { type: 'object', additionalProperties: true }, ...refusals },
      },
    },
    async (req) => recordOf(service, req.params.id),
  );
  app.get<{ Querystring: { game: string; seats?: string } }>(
    '/stats',
    {
      schema: {
        summary: 'Headline statistics of finished games of one type (GraphQL stats): per seat count, option set and line-up',
        tags: ['analytics'],
        querystring: {
          type: 'object',
          required: ['game'],
          additionalProperties: false,
          properties: { game: { type: 'string', maxLength: 100 }, seats: { type: 'string', pattern: '^[0-9]{1,2}$' } },
        },
        response: { 200: { type: 'array', items: statsShape }, ...refusals },
      },
    },
    async (req) => (await service.stats(req.query.game, req.query.seats === undefined ? undefined : Number(req.query.seats))).map(headline),
  );
}
