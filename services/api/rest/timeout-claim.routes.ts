/**
 * The REST mirror of claim or wait (graphql/timeout-claim.ts): POST /v1/games/{id}/claim-timeout.
 */
import type { FastifyInstance } from 'fastify';
import type { TimeoutClaimChoice } from '../../app/app-events.js';
import type { ParlorService } from '../../app/service.js';
import { claimTimeout } from '../../clocks/claim.js';
import { gameDto } from '../dto.js';
import { errorShape } from './shapes.js';

const refusals = { 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape, 409: errorShape };
const gameId = { type: 'object', properties: { id: { type: 'string', maxLength: 100 } }, required: ['id'] } as const;

export async function timeoutClaimRoutes(app: FastifyInstance, opts: { service: ParlorService }) {
  const { service } = opts;
  app.post<{ Params: { id: string }; Body: { choice: TimeoutClaimChoice } }>(
    '/games/:id/claim-timeout',
    {
      schema: {
        summary: 'Answer the open claim on a timed-out seat (onTimeout ASK; the game\'s timeoutClaim): BOT plays it to the end, END ends the game as it stands (that seat last), WAIT gives it a fresh period',
        tags: ['games'],
        security: [{ seatToken: [] }],
        params: gameId,
        body: { type: 'object', required: ['choice'], additionalProperties: false, properties: { choice: { type: 'string', enum: ['BOT', 'END', 'WAIT'] } } },
        response: { 200: { type: 'object', additionalProperties: true }, ...refusals },
      },
    },
    async (req) => {
      const agg = await claimTimeout(service, req.params.id, req.credential, req.body.choice);
      return gameDto(agg, service.seatOf(agg, req.credential));
    },
  );
}
