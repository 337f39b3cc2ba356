/**
 * Simultaneous steps through GraphQL: every seat listed in status.toMove submits at the same
 * moment, without pinning expectedVersion; all must land (the server re-decides on conflict),
 * and no seat sees another's pending choice.
 */
import { describe, expect, it } from 'vitest';
import { fastRng } from '../../services/engine/core/index.js';
import { createAndSeat } from '../kit/seat.js';
import { useServer } from '../kit/server.js';

const server = useServer();
const STATUS = 'query($id: ID!) { game(id: $id) { version status { toMove over } legalMoves } }';
const MOVE = 'mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }';

/**
 * SCOUT's simultaneous step is each round's opening choice: its rounds are cut at a few actions
 * (the option roundActionLimit), so the three rounds come without playing two whole rounds between.
 */
const SHORT_SCOUT_ROUNDS = { roundActionLimit: 4 };

describe.each([
  ['scout', 4, SHORT_SCOUT_ROUNDS],
  ['seledyne', 3, {}],
  ['seledyne', 6, {}],
])('%s with %i seats', (game, seats, options) => {
  it('seats choosing at once all land, whatever order the server sees them in', async () => {
    const { id, tokens } = await createAndSeat(server.gql, { game, seats, options });
    const rng = fastRng(seats);
    let concurrentRounds = 0;
    for (let step = 0; step < 400 && concurrentRounds < 3; step++) {
      const { status, version } = (await server.gql(STATUS, { id }, tokens[0])).data.game;
      if (status.over) break;
      const movers: number[] = status.toMove;
      const picks = await Promise.all(movers.map(async (seat) => (await server.gql(STATUS, { id }, tokens[seat])).data.game.legalMoves[0]));
      if (movers.length > 1) {
        const results = await Promise.all(movers.map((seat, i) => server.gql(MOVE, { id, m: picks[i] }, tokens[seat])));
        expect(results.map((r) => r.errors?.[0]?.extensions?.code ?? 'ok')).toEqual(movers.map(() => 'ok'));
        const after = (await server.gql(STATUS, { id }, tokens[0])).data.game;
        expect(after.version).toBeGreaterThanOrEqual(version + movers.length);
        concurrentRounds++;
      } else {
        const legal = (await server.gql(STATUS, { id }, tokens[movers[0]!])).data.game.legalMoves;
        expect((await server.gql(MOVE, { id, m: legal[rng.int(legal.length)] }, tokens[movers[0]!])).errors).toBeUndefined();
      }
    }
    expect(concurrentRounds, 'the game reached simultaneous steps').toBeGreaterThan(0);
  });
});

describe('the catalog', () => {
  it('lists every Silver card with its power text, or powerKnown: false', async () => {
    const types = (await server.gql('{ gameTypes { id catalog } }')).data.gameTypes;
    const silver = types.find((t: { id: string }) => t.id === 'silver');
    const cards = silver.catalog as { powerKnown: boolean; powerText: string | null; names: { en: string; fa: string } }[];
    expect(cards.length).toBeGreaterThan(50);
    for (const card of cards) {
      expect(card.names.en && card.names.fa).toBeTruthy();
      if (card.powerKnown) expect(card.powerText).toBeTruthy();
    }
    expect(cards.some((c) => !c.powerKnown)).toBe(true);
  });

  it('names every game in English and Persian, with its options and defaults', async () => {
    const types = (await server.gql('{ gameTypes { id names { en fa } seats { min max } options { name default description } } }')).data.gameTypes;
    expect(types.map((t: { id: string }) => t.id).sort()).toEqual(['scout', 'sea-salt-and-paper', 'seledyne', 'silver']);
    for (const t of types) {
      expect(t.names.fa).toMatch(/[\u0600-\u06FF]/);
      for (const o of t.options) expect(o.description, `${t.id}.${o.name} is described`).toBeTruthy();
    }
  });
});
