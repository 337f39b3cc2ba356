/**
 * Query.stats: the counters the stats projection keeps in the table as games end (in-process
 * after each commit here, as npm start runs it) give each seat's wins exactly, a tie split; option
 * sets are never pooled; a redelivered commit is counted once; a running game is not counted; bad
 * arguments are refused.
 */
import { describe, expect, it } from 'vitest';
import { statsProjection } from '../../services/analytics/stats-projection.js';
import { DynamoStats } from '../../services/store/index.js';
import { WIN_UNITS } from '../../services/store/stats.js';
import { useServer } from '../kit/server.js';
import { playThroughService } from '../kit/service-play.js';

const server = useServer();
const STATS = `query ($game: String!, $seats: Int) { stats(game: $game, seats: $seats) {
  game seats options lineup games meanMoves winRateBySeat { seat wins rate low high } } }`;
const history = async (id: string) => (await server.service.finishedHistory(id)).commits;

describe('Query.stats', () => {
  it('counts every finished game once, by seat, and no running game', async () => {
    const finished = [];
    for (let i = 0; i < 4; i++) finished.push(await playThroughService(server.service, { game: 'scout', seats: 2, botSeed: i + 1 }));
    await playThroughService(server.service, { game: 'scout', seats: 2, maxMoves: 4 });
    const res = await server.gql(STATS, { game: 'scout', seats: 2 });
    const [scout2] = res.data!.stats;
    expect(scout2).toMatchObject({ game: 'scout', seats: 2, games: 4 });
    for (const seat of [0, 1]) {
      // A tie splits the win (the deals are random, so a tie can happen here).
      const wins = finished.reduce((n, agg) => {
        const { winners } = agg.table.status(agg.state).result!;
        return n + (winners.includes(seat) ? 1 / winners.length : 0);
      }, 0);
      expect(scout2.winRateBySeat[seat]).toMatchObject({ seat, wins, rate: wins / 4 });
      expect(scout2.winRateBySeat[seat].low).toBeLessThanOrEqual(wins / 4);
    }
    const moves = finished.reduce((n, agg) => n + agg.version - 3, 0) / 4;
    expect(scout2.meanMoves).toBeCloseTo(moves, 6);

    // A stream redelivering a game's last commit does not count it again.
    const last = finished[0]!;
    const { commits } = await server.service.finishedHistory(last.id);
    await statsProjection(new DynamoStats(server.client, 'parlor'), history).apply(last, commits.at(-1)!);
    expect((await server.gql(STATS, { game: 'scout', seats: 2 })).data!.stats[0].games).toBe(4);

    // Without seats: every seat count the game allows that has finished games.
    const all = (await server.gql(STATS, { game: 'scout' })).data!.stats;
    expect(all.map((s: { seats: number; games: number; lineup: string }) => [s.seats, s.games, s.lineup])).toEqual([[2, 4, 'ALL_HUMAN']]);
  });

  it('splits option sets: games of another option set are an entry of their own, never pooled', async () => {
    // One game of the default four rounds, two of one round (a one-round game costs a quarter as much): counts of their own.
    await playThroughService(server.service, { game: 'silver', seats: 2, botSeed: 10 });
    for (let i = 0; i < 2; i++) await playThroughService(server.service, { game: 'silver', seats: 2, botSeed: 20 + i, options: { rounds: 1 } });
    const entries = (await server.gql(STATS, { game: 'silver', seats: 2 })).data!.stats as { options: { rounds: number }; games: number }[];
    expect(entries.map((e) => [e.options.rounds, e.games]).sort()).toEqual([
      [1, 2],
      [4, 1],
    ]);
  });

  it('a tie splits the win exactly (a 2-way tie is half a win each, a 3-way a third): the seats add up to the games', async () => {
    const stats = new DynamoStats(server.client, 'parlor');
    const game = (gameId: string, winners: number[], lineup: 'all human' | 'with bots' = 'all human') => ({ gameId, game: 'tie-test', seats: 3, options: {}, lineup, winners, commits: 10, moves: 6, endedAt: '2026-12-01T10:00:00.000Z' });
    await stats.add(game('t1', [0, 1]));
    await stats.add(game('t2', [0, 1, 2]));
    await stats.add(game('t3', [2]));
    await stats.add(game('t4', [1], 'with bots'));
    const [human, bots] = await stats.read('tie-test', 3);
    expect(human).toMatchObject({ lineup: 'all human', games: 3 });
    expect(human!.wins).toEqual([1 / 2 + 1 / 3, 1 / 2 + 1 / 3, 1 / 3 + 1].map((w) => Math.round(w * WIN_UNITS) / WIN_UNITS));
    expect(human!.wins.reduce((a, b) => a + b, 0)).toBeCloseTo(3, 12);
    // Games with a bot's seat are counted apart, never with people's.
    expect(bots).toMatchObject({ lineup: 'with bots', games: 1, wins: [0, 1, 0] });
  });

  it('refuses an unknown game or a seat count it does not allow', async () => {
    expect((await server.gql(STATS, { game: 'chess' })).errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect((await server.gql(STATS, { game: 'scout', seats: 9 })).errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
  });
});
