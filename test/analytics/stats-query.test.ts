/**
 * Query.stats: the counters the stats projection keeps in the table as games end (in-process
 * after each commit here, as npm start runs it) give each seat's wins exactly; a redelivered
 * commit is counted once; a running game is not counted; bad arguments are refused.
 */
import { describe, expect, it } from 'vitest';
import { statsProjection } from '../../services/analytics/stats-projection.js';
import { DynamoStats } from '../../services/store/index.js';
import { useServer } from '../kit/server.js';
import { playThroughService } from '../kit/service-play.js';

const server = useServer();
const STATS = `query ($game: String!, $seats: Int) { stats(game: $game, seats: $seats) {
  game seats games meanMoves winRateBySeat { seat wins rate low high } } }`;

describe('Query.stats', () => {
  it('counts every finished game once, by seat, and no running game', async () => {
    const finished = [];
    for (let i = 0; i < 4; i++) finished.push(await playThroughService(server.service, { game: 'scout', seats: 2, botSeed: i + 1 }));
    await playThroughService(server.service, { game: 'scout', seats: 2, maxMoves: 4 });
    const res = await server.gql(STATS, { game: 'scout', seats: 2 });
    const [scout2] = res.data!.stats;
    expect(scout2).toMatchObject({ game: 'scout', seats: 2, games: 4 });
    for (const seat of [0, 1]) {
      const wins = finished.filter((agg) => agg.table.status(agg.state).result!.winners.includes(seat)).length;
      expect(scout2.winRateBySeat[seat]).toMatchObject({ seat, wins, rate: wins / 4 });
      expect(scout2.winRateBySeat[seat].low).toBeLessThanOrEqual(wins / 4);
    }
    const moves = finished.reduce((n, agg) => n + agg.version - 3, 0) / 4;
    expect(scout2.meanMoves).toBeCloseTo(moves, 6);

    // A stream redelivering a game's last commit does not count it again.
    const last = finished[0]!;
    const { commits } = await server.service.finishedHistory(last.id);
    await statsProjection(new DynamoStats(server.client, 'parlor')).apply(last, commits.at(-1)!);
    expect((await server.gql(STATS, { game: 'scout', seats: 2 })).data!.stats[0].games).toBe(4);

    // Without seats: every seat count the game allows, the others empty.
    const all = (await server.gql(STATS, { game: 'scout' })).data!.stats;
    expect(all.map((s: { seats: number; games: number }) => [s.seats, s.games])).toEqual([[2, 4], [3, 0], [4, 0], [5, 0]]);
  });

  it('refuses an unknown game or a seat count it does not allow', async () => {
    expect((await server.gql(STATS, { game: 'chess' })).errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect((await server.gql(STATS, { game: 'scout', seats: 9 })).errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
  });
});
