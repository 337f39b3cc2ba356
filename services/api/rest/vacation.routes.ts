/**
 * The REST mirror of vacations (graphql/vacation.ts): read, start and end the caller's vacation.
 */
import type { FastifyInstance } from 'fastify';
import { playerOf } from '../../players/index.js';
import type { PlayApi } from '../../play-by-turn.js';
import { errorShape } from './shapes.js';

const status = {
  type: 'object',
  required: ['vacationDaysLeft', 'onVacationUntil'],
  properties: {
    vacationDaysLeft: { type: 'integer', description: 'Vacation days left this calendar year (UTC); every started day counts' },
    onVacationUntil: { type: ['string', 'null'], description: 'While on vacation: when its days run out and the clocks resume by themselves' },
  },
} as const;
const responses = { 200: status, 401: errorShape, 403: errorShape };
const auth = [{ seatToken: [] }];

export async function vacationRoutes(app: FastifyInstance, opts: { play: PlayApi }) {
  const { vacations } = opts.play;
  app.get('/me/vacation', { schema: { summary: "The calling player's vacation days and vacation under way", tags: ['players'], security: auth, response: responses } }, async (req) =>
    vacations.status(playerOf(req.credential)),
  );
  app.post('/me/vacation', { schema: { summary: "Start a vacation (startVacation): the player's clocks stop in every running game", tags: ['players'], security: auth, response: responses } }, async (req) =>
    vacations.start(playerOf(req.credential)),
  );
  app.delete('/me/vacation', { schema: { summary: 'End the vacation (endVacation): every clock runs again from what it had left', tags: ['players'], security: auth, response: responses } }, async (req) =>
    vacations.end(playerOf(req.credential)),
  );
}
