/**
 * The REST mirror of the ratings surface (graphql/ratings.ts), registered inside the /v1 routes
 * so it shares their error shape and credential hook. Pages are { edges, pageInfo } as in GraphQL.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../app/errors.js';
import { playerOf } from '../../players/index.js';
import type { PlayApi } from '../../play-by-turn.js';
import { playerProfile } from '../ratings.js';
import { errorShape } from './shapes.js';

const num = { type: 'number' } as const;
const ratingShape = {
  type: 'object',
  required: ['game', 'player', 'rating', 'mu', 'sigma', 'games'],
  properties: {
    game: { type: 'string' },
    player: { type: 'object', required: ['id', 'name', 'bot'], properties: { id: { type: 'string' }, name: { type: 'string' }, bot: { type: 'boolean' } } },
    rating: { type: 'number', description: 'mu − 3 sigma: what the leaderboard ranks by' },
    mu: num,
    sigma: num,
    games: { type: 'integer' },
    provisional: { type: 'boolean', description: 'off the leaderboard until enough distinct opponents' },
  },
} as const;
const changeShape = {
  type: 'object',
  properties: { gameId: { type: 'string' }, endedAt: { type: 'string' }, place: { type: 'integer' }, players: { type: 'integer' }, rating: num, ratingBefore: num, mu: num, sigma: num, counted: { type: 'boolean' }, linkedSeats: { type: 'boolean' } },
} as const;
const pageOf = (node: object) => ({
  type: 'object',
  required: ['edges', 'pageInfo'],
  properties: {
    edges: { type: 'array', items: { type: 'object', properties: { cursor: { type: 'string' }, node } } },
    pageInfo: { type: 'object', properties: { hasNextPage: { type: 'boolean' }, endCursor: { type: ['string', 'null'] } } },
  },
});
const paging = {
  type: 'object',
  additionalProperties: false,
  // Query strings are text: no coercion happens, so the shapes are spelled out.
  properties: { first: { type: 'string', pattern: '^[0-9]{1,3}$', description: '1 to 100 (default 20)' }, after: { type: 'string', maxLength: 200 } },
} as const;
const refusals = { 400: errorShape, 401: errorShape, 404: errorShape };
const idParam = (...names: string[]) => ({ type: 'object', required: names, properties: Object.fromEntries(names.map((n) => [n, { type: 'string', maxLength: 100 }])) });
const first = (q: { first?: string }) => (q.first === undefined ? undefined : Number(q.first));

export async function ratingsRoutes(app: FastifyInstance, opts: { play: PlayApi }) {
  const { ratings } = opts.play;

  app.get<{ Params: { game: string }; Querystring: { first?: string; after?: string } }>(
    '/leaderboard/:game',
    { schema: { summary: 'A game type’s leaderboard, best rating (mu − 3 sigma) first; server bots are on it as their kind and level', tags: ['ratings'], params: idParam('game'), querystring: paging, response: { 200: pageOf(ratingShape), ...refusals } } },
    async (req) => ratings.leaderboard(req.params.game, first(req.query), req.query.after),
  );

  app.get<{ Params: { id: string } }>(
    '/players/:id',
    {
      schema: {
        summary: 'A player’s public profile and ratings (a server bot: id "bot:<kind:level>")',
        tags: ['ratings'],
        params: idParam('id'),
        response: { 200: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, bot: { type: 'boolean' }, ratings: { type: 'array', items: ratingShape } } }, ...refusals },
      },
    },
    async (req) => {
      const profile = await playerProfile(opts.play, req.params.id);
      if (!profile) throw new AppError('NOT_FOUND', `no player ${req.params.id}`);
      return { ...profile, ratings: await ratings.playerRatings(req.params.id) };
    },
  );

  app.get<{ Params: { id: string; game: string }; Querystring: { first?: string; after?: string } }>(
    '/players/:id/ratings/:game/history',
    { schema: { summary: 'How a player’s rating of a game type changed, one entry per rated game, newest first', tags: ['ratings'], params: idParam('id', 'game'), querystring: paging, response: { 200: pageOf(changeShape), ...refusals } } },
    async (req) => {
      const page = await ratings.history(req.params.id, req.params.game, first(req.query), req.query.after);
      return { edges: page.edges.map((e) => ({ cursor: e.cursor, node: { ...e.node, place: e.node.rank + 1 } })), pageInfo: page.pageInfo };
    },
  );

  app.get('/me/ratings', { schema: { summary: 'The calling player’s ratings', tags: ['ratings'], security: [{ seatToken: [] }], response: { 200: { type: 'array', items: ratingShape }, ...refusals } } }, async (req) =>
    ratings.playerRatings(playerOf(req.credential)),
  );
}
