/**
 * What a server bot is handed (services/app/bot-sight.ts) is exactly what its seat's player gets
 * through the API: the seat's view and legal moves, the public setup, a public key, and nothing
 * else (never the state, which holds every hand and the seed). Real server, every game type, a
 * position some moves into the game, compared with what GET /v1/games/{id} gives the seat.
 */
import { describe, expect, it } from 'vitest';
import { sightOf } from '../../services/app/bot-sight.js';
import { games } from '../../services/engine/registry.js';
import { registerPlayer } from '../kit/players.js';
import { useServer } from '../kit/server.js';

const server = useServer();
const plain = (x: unknown) => JSON.parse(JSON.stringify(x));

describe('a bot sees what its seat sees, nothing more', () => {
  for (const game of games) {
    it(`${game.id}: the bot's view and legal moves are the seat's, as the API gives them to its player`, async () => {
      const seats = Math.min(3, game.seats.max);
      const ann = await registerPlayer(server, `Ann ${game.id}`);
      const bots = Array.from({ length: seats - 1 }, (_, i) => ({ seat: i + 1, kind: 'random' }));
      const created = await server.rest('POST', '/v1/games', { game: game.id, seats, bots, seed: `sight-${game.id}` }, ann.token);
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      expect((await server.rest('POST', `/v1/games/${id}/join`, { name: ann.name }, ann.token)).status).toBe(200);
      await server.play.settle(); // the bots moved until Ann is to move (or the opening asks everyone)
      const agg = await server.service.load(id);
      const shown = (await server.rest('GET', `/v1/games/${id}`, undefined, ann.token)).body;
      expect(shown.version).toBe(agg.version);

      const sight = sightOf(agg, 0);
      expect(Object.keys(sight).sort()).toEqual(['context', 'key', 'legalMoves', 'stream', 'view']);
      expect(plain(sight.view), 'the view the player gets').toEqual(shown.view);
      expect(plain(sight.legalMoves)).toEqual(shown.legalMoves);
      expect(Object.keys(sight.context.setup).sort()).toEqual(['options', 'seats']);
      // And every bot seat's sight is its own seat's view, not more.
      for (const { seat } of bots) expect(plain(sightOf(agg, seat).view)).toEqual(plain(agg.table.view(agg.state, seat)));
    });
  }
});
