/**
 * The REST mirror of replays (graphql/replay.ts): GET /v1/games/{id}/at/{version}?seat=n.
 */
import type { FastifyInstance } from 'fastify';
import { gameAt, historyAt, legalMovesAt, sightOf, statusAt, viewAt, viewsAt } from '../../app/game-at.js';
import type { ParlorService } from '../../app/service.js';
import { errorShape, historyEntryShape } from './shapes.js';

const refusals = { 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape };
const view = { type: ['object', 'null'], additionalProperties: true } as const;

const gameAtShape = {
  type: 'object',
  required: ['version', 'seat', 'status', 'view', 'views', 'legalMoves', 'history'],
  properties: {
    version: { type: 'integer', description: 'The version read.' },
    seat: { type: ['integer', 'null'], description: 'Whose point of view: a seat, or null (face-up once the game is over, else a spectator).' },
    status: { type: ['object', 'null'], additionalProperties: true, description: "The game's status at that version; null at version 0." },
    view: { ...view, description: 'What that seat saw then; face-up, the board everyone sees.' },
    views: { type: ['array', 'null'], items: view, description: "Once the game is over, every seat's view by seat (all cards face-up); null before." },
    legalMoves: { type: 'array', items: {}, description: "The moves that seat had then." },
    history: { type: 'array', items: historyEntryShape, description: 'The history up to that version as that seat saw it (face-up: unredacted).' },
  },
} as const;

export async function replayRoutes(app: FastifyInstance, opts: { service: ParlorService }) {
  const { service } = opts;
  app.get<{ Params: { id: string; version: string }; Querystring: { seat?: string } }>(
    '/games/:id/at/:version',
    {
      schema: {
        summary: 'The game right after a version, for replays (Game.at): any seat or face-up once it is over; only your own seat before',
        tags: ['games'],
        security: [{ seatToken: [] }],
        params: { type: 'object', required: ['id', 'version'], properties: { id: { type: 'string', maxLength: 100 }, version: { type: 'string', pattern: '^-?[0-9]{1,9}$', description: '0 to the game’s version' } } },
        querystring: { type: 'object', additionalProperties: false, properties: { seat: { type: 'string', pattern: '^[0-9]{1,3}$', description: 'Whose point of view; omitted: face-up once the game is over, else your own seat' } } },
        response: { 200: gameAtShape, ...refusals },
      },
    },
    async (req) => {
      const at = await gameAt(service, await service.load(req.params.id), req.credential, Number(req.params.version));
      const sight = sightOf(at, req.query.seat === undefined ? undefined : Number(req.query.seat));
      const seat = typeof sight === 'number' ? sight : null;
      return { version: at.version, seat, status: statusAt(at), view: viewAt(at, sight), views: at.open ? viewsAt(at) : null, legalMoves: legalMovesAt(at, sight), history: historyAt(at, sight) };
    },
  );
}
