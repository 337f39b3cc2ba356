/**
 * Every game in the catalog, played to the end by clients that know only the public
 * contract: create, join every seat, submit random entries of legalMoves, watch a
 * subscription. Then the stored history folds back to the live game.
 */
import { describe, expect, it } from 'vitest';
import { fastRng } from '../../services/engine/core/index.js';
import { games } from '../../services/engine/registry.js';
import { DynamoEventStore } from '../../services/store/index.js';
import { createAndSeat } from '../kit/seat.js';
import { subscribe, useServer } from '../kit/server.js';

const server = useServer();

/**
 * One game per game and variant, each at another seat count and shortened where an option
 * allows: extra seat counts exercise no other API code (the engine playthroughs cover every
 * seat count), so the counts rotate over the cases instead.
 */
const cases: { name: string; game: string; seats: number; options: object }[] = [
  { name: 'SCOUT with 3 seats (3 rounds)', game: 'scout', seats: 3, options: {} },
  { name: 'Sea Salt & Paper with 4 seats, to 12 points', game: 'sea-salt-and-paper', seats: 4, options: { targetScore: 12 } },
  { name: 'Seledyne with 5 seats, one stage', game: 'seledyne', seats: 5, options: { stages: 1 } },
  { name: 'Silver (Dagger) with 2 seats, one round', game: 'silver', seats: 2, options: { edition: 'dagger', rounds: 1 } },
  { name: 'Silver (Coin) with 3 seats, one round', game: 'silver', seats: 3, options: { edition: 'coin', rounds: 1 } },
  { name: 'Silver (the base deck, amulet) with 4 seats, one round', game: 'silver', seats: 4, options: { edition: 'amulet', rounds: 1 } },
  { name: 'Silver (a promo mix, coin token) with 3 seats, one round', game: 'silver', seats: 3, options: { edition: 'dagger', mix: { '0': 'promo', '3': 'promo', '5': 'promo', '12': 'promo' }, token: 'coin', rounds: 1 } },
];

describe('every game through GraphQL alone', () => {
  it('covers every game in the catalog', () => {
    expect([...new Set(cases.map((c) => c.game))].sort()).toEqual(games.map((g) => g.id).sort());
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s: random legal moves are accepted to the end, a subscriber sees the final version, and the stored history folds to the live game', async (_name, { game, seats, options }) => {
    const { id, tokens } = await createAndSeat(server.gql, { game, seats, options });

    const watcher = subscribe(server.ws(tokens[0]), 'subscription($id: ID!) { gameUpdated(gameId: $id) { version seat status { over } view { __typename } } }', { id });
    await watcher.until(1);

    const rng = fastRng(seats * 1000 + game.length);
    let status = (await server.gql('query($id: ID!) { game(id: $id) { status { toMove over } } }', { id })).data.game.status;
    let moves = 0;
    while (!status.over) {
      const seat = status.toMove[rng.int(status.toMove.length)];
      const legal = (await server.gql('query($id: ID!) { game(id: $id) { legalMoves } }', { id }, tokens[seat])).data.game.legalMoves;
      expect(legal.length, 'a seat that must act has a legal move').toBeGreaterThan(0);
      const r = await server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { status { toMove over } } } }', { id, m: legal[rng.int(legal.length)] }, tokens[seat]);
      expect(r.errors).toBeUndefined();
      status = r.data.submitMove.game.status;
      expect(++moves).toBeLessThan(20_000);
    }

    const final = (await server.gql('query($id: ID!) { game(id: $id) { version seed status { over result { scores winners } } } }', { id })).data.game;
    expect(final.status.over).toBe(true);
    expect(final.seed).toBeTruthy();
    const seen = await watcher.until(final.version - seats); // one message now, then one per move
    expect(seen.at(-1)!.data.gameUpdated).toMatchObject({ version: final.version, seat: 0, status: { over: true } });
    watcher.dispose();

    const history = await new DynamoEventStore({ client: server.client, tableName: 'parlor' }).history(id);
    const live = await server.service.load(id);
    expect(live.table.fold(history.flatMap((c) => c.events) as never[])).toEqual(live.state);
  });
});
