/**
 * Every game in the catalog, played to the end by clients that know only the public
 * contract: create, join every seat, submit random entries of legalMoves, watch a
 * subscription. Then the stored history folds back to the live game.
 */
import { describe, expect, it } from 'vitest';
import { fastRng } from '../../services/engine/core/index.js';
import { games } from '../../services/engine/registry.js';
import { DynamoEventStore } from '../../services/store/index.js';
import { subscribe, useServer } from '../kit/server.js';

const server = useServer();

/** Variants a client should be able to play; Silver's editions over one round each to keep the suite short. */
const variants: Record<string, { label: string; options: object }[]> = {
  silver: [
    { label: 'Dagger', options: { edition: 'dagger', rounds: 1 } },
    { label: 'Coin', options: { edition: 'coin', rounds: 1 } },
    { label: 'the base deck (amulet)', options: { edition: 'amulet', rounds: 1 } },
    { label: 'a promo mix', options: { edition: 'dagger', mix: { '0': 'promo', '3': 'promo', '5': 'promo', '12': 'promo' }, token: 'coin', rounds: 1 } },
  ],
};

const cases = games.flatMap((g) =>
  (variants[g.id] ?? [{ label: 'default options', options: {} }]).flatMap((v) =>
    Array.from({ length: g.seats.max - g.seats.min + 1 }, (_, i) => [g.id, v.label, g.seats.min + i, v.options] as const),
  ),
);

describe.each(cases)('%s (%s) with %i seats through GraphQL', (game, _label, seats, options) => {
  it('plays a random game to the end, seen live on a subscription', async () => {
    const created = await server.gql('mutation($g: String!, $s: Int!, $o: JSON) { createGame(input: { game: $g, seats: $s, options: $o }) { game { id } } }', { g: game, s: seats, o: options });
    expect(created.errors).toBeUndefined();
    const id = created.data.createGame.game.id;
    const tokens: string[] = [];
    for (let s = 0; s < seats; s++) tokens.push((await server.gql('mutation($id: ID!) { joinGame(gameId: $id, name: "bot") { token } }', { id })).data.joinGame.token);

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
