/**
 * The catalog's large fields cost what they weigh (issue 26 finding 3): thirty aliases of the
 * whole catalog (~2 MB of answer) are refused by the cost limit before anything runs, while one
 * catalog read, and the reads the web page makes, are allowed. The catalog entry itself is built
 * once per game, not once per request.
 */
import { describe, expect, it } from 'vitest';
import { catalogBomb } from '../../bench/catalog-cost.js';
import { gameTypeDto } from '../../services/api/dto.js';
import { games } from '../../services/engine/registry.js';
import { useServer } from '../kit/server.js';

const server = useServer();

describe('the catalog costs what it weighs', () => {
  it('refuses 30 aliases of gameTypes { id options { schema } catalog moves } by cost (BAD_INPUT), before building the answer', async () => {
    const r = await server.gql(catalogBomb(30));
    expect(r.data ?? null).toBeNull();
    expect(r.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(r.errors?.[0]?.message).toMatch(/^query cost \d+ is over the limit of 2000$/);
  });

  it('answers one such read, and each read the web page makes of the catalog', async () => {
    for (const q of [catalogBomb(1), '{ gameTypes { id names { en fa } seats { min max } viewType } }', '{ gameTypes { id options { name description default schema } } }', '{ gameTypes { id catalog } }', '{ gameTypes { id moves events bots { kind } } }']) {
      const r = await server.gql(q);
      expect(r.errors, q).toBeUndefined();
      expect(Object.values(r.data)[0]).toHaveLength(games.length);
    }
  });

  it('builds a game type catalog entry once, whatever the number of reads', () => {
    expect(gameTypeDto(games[0]!)).toBe(gameTypeDto(games[0]!));
  });
});
