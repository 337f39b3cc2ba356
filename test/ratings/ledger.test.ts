/**
 * The ratings ledger on a real DynamoDB API: each game rated exactly once whatever the
 * concurrency (games ending at the same moment) and wherever a crash stops a rating between
 * two writes, and the read models always the fold of the ledger.
 */
import { describe, expect, it } from 'vitest';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { DynamoRatings } from '../../services/store/ratings.js';
import { catchUp, entryFor, rateOnce } from '../../services/ratings/ledger.js';
import { foldRatings } from '../../services/ratings/rebuild.js';
import type { RatedGame } from '../../services/ratings/outcome.js';

const db = useEmbeddedDynamo();
let games = 0;
/** A finished game of `game` among `players`, placed in that order. */
const outcome = (game: string, players: string[], ranks = players.map((_, i) => i)): RatedGame => ({
  gameId: `g${++games}`,
  game,
  endedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, games)).toISOString(),
  seats: players.map((ratingId, seat) => ({ seat, ratingId, name: ratingId, rank: ranks[seat]! })),
});

/** The store's current ratings equal the fold of its ledger, in ledger order. */
async function expectFoldOfLedger(store: DynamoRatings, game: string, expectedEntries: number) {
  const ledger = await store.entriesAfter(game, 0, 1000);
  expect(ledger.map((e) => e.seq)).toEqual([...Array(expectedEntries).keys()].map((i) => i + 1));
  const folded = foldRatings(ledger.map(({ seq: _s, seats, ...g }) => ({ ...g, seats: seats.map(({ before: _b, after: _a, ...s }) => s) })));
  const stored = await store.ratings(game, [...folded.keys()]);
  // Rating, games and the fair-play state (opponents, pair counts, provisional) alike.
  for (const [id, r] of folded) {
    const { ratingId: _i, game: _g, name: _n, seq: _q, ...held } = stored.get(id)!;
    expect(held, id).toEqual(r);
  }
  expect(await store.materializedUpTo(game)).toBe(expectedEntries);
}

describe('each game is rated exactly once', () => {
  it('games ending at the same moment each take their own seq, each computed from all before it', async () => {
    const store = new DynamoRatings(db.client, db.tableName);
    const ends = [outcome('race', ['a', 'b']), outcome('race', ['b', 'c']), outcome('race', ['c', 'a', 'd']), outcome('race', ['a', 'b'], [0, 0]), outcome('race', ['d', 'b']), outcome('race', ['a', 'c'])];
    // Two stores, as two processes (or two stream shards) would have.
    const other = new DynamoRatings(db.client, db.tableName);
    await Promise.all(ends.map((g, i) => rateOnce(i % 2 ? store : other, g)));
    await expectFoldOfLedger(store, 'race', ends.length);
  });

  it('a repeat delivery, concurrent or later, changes nothing', async () => {
    const store = new DynamoRatings(db.client, db.tableName);
    const g = outcome('repeat', ['a', 'b']);
    // The loser of the race for seq 1 catches up, finds the game rated, and stops.
    const seqs = await Promise.all([rateOnce(store, g), rateOnce(store, g)]);
    expect(seqs).toEqual([1, 1]);
    expect(await rateOnce(store, g)).toBe(1);
    await expectFoldOfLedger(store, 'repeat', 1);
  });

  it('a crash after the entry is written and before its read models are: the next delivery completes it, once', async () => {
    const store = new DynamoRatings(db.client, db.tableName);
    await rateOnce(store, outcome('crash', ['a', 'b']));
    const g = outcome('crash', ['b', 'c']);
    const head = await catchUp(store, 'crash');
    expect(await store.append(await entryFor(store, g, head + 1))).toBe(true); // …and then the process died
    expect(await store.ratedAt('crash', g.gameId)).toBeNull();
    expect(await rateOnce(store, g)).toBe(head + 1);
    await expectFoldOfLedger(store, 'crash', 2);
  });

  it('a crash with the read models half written: whoever comes next (another game) repairs them first', async () => {
    const store = new DynamoRatings(db.client, db.tableName);
    const g = outcome('half', ['a', 'b', 'c']);
    const entry = await entryFor(store, g, 1);
    await store.append(entry);
    // Only the first player's rating was written before the crash: the write of a later seq wins, an older one never overwrites it.
    await store.writeReadModels({ ...entry, seats: entry.seats.slice(0, 1) });
    await rateOnce(store, outcome('half', ['c', 'a']));
    expect(await store.ratedAt('half', g.gameId)).toBe(1);
    await expectFoldOfLedger(store, 'half', 2);
  });
});
