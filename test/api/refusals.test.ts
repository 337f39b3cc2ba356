/**
 * Refusals through GraphQL, for every game: the client gets the table's own code and message,
 * unchanged, and nothing is written. That the table's refusals reveal nothing a seat cannot
 * see is checked per game by the non-interference tests (test/kit/playthrough.ts `observe`
 * compares every refusal of the seat's command space).
 */
import { describe, expect, it } from 'vitest';
import { games } from '../../services/engine/registry.js';
import { answers } from '../kit/command-spaces.js';
import { createAndSeat } from '../kit/seat.js';
import { useServer } from '../kit/server.js';

const server = useServer();
const MOVE = 'mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }';
/** Refused commands tried per seat, spread over its space. */
const TRIES = 6;

describe.each(games.map((g) => [g.id, g.seats.min] as const))('%s', (game, seats) => {
  it('a refused move reaches the client as the table refused it (code and message) and changes nothing', async () => {
    const { id, tokens } = await createAndSeat(server.gql, { game, seats, seed: `refusals-${game}` });
    const agg = await server.service.load(id);
    const toMove = agg.table.status(agg.state).toMove;
    for (const seat of [toMove[0]!, (toMove[0]! + 1) % seats]) {
      const refused = Object.entries(answers(agg.table, agg.state, seat)).filter(([, answer]) => answer !== 'accepted');
      expect(refused.length).toBeGreaterThan(TRIES);
      const step = Math.floor(refused.length / TRIES);
      for (let i = 0; i < refused.length; i += step) {
        const [move, answer] = refused[i]!;
        const r = await server.gql(MOVE, { id, m: JSON.parse(move) }, tokens[seat]);
        expect(`${r.errors?.[0]?.extensions?.code}: ${r.errors?.[0]?.message}`, move).toBe(answer);
      }
    }
    expect((await server.service.load(id)).version).toBe(agg.version);
  });
});
