import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { league } from '../../services/bots/league/run.js';

describe('npm run league: duplicate-paired games between bots', () => {
  it('plays each deal once per rotation, and the counts add up (a tie splits the win)', async () => {
    const r = await league({ game: 'scout', seats: 3, bots: 'greedy,random', games: 5, workers: 2, seed: 'league-test' });
    expect(r.games).toBe(6); // rounded up to whole deals of 3 rotations
    expect(r.bots.map((b) => b.bot)).toEqual(['greedy', 'random']);
    expect(r.bots.map((b) => b.seatsPlayed)).toEqual([6, 12]); // greedy holds one seat of three in each game
    expect(r.bots.reduce((n, b) => n + b.wins, 0)).toBeCloseTo(r.games, 2);
    for (const b of r.bots) {
      expect(b.winShare).toBeCloseTo(b.wins / b.seatsPlayed, 2);
      expect(b.low).toBeLessThanOrEqual(b.winShare);
      expect(b.high).toBeGreaterThanOrEqual(b.winShare);
      expect(Object.keys(b).sort()).toEqual(['bot', 'decisionMs', 'high', 'low', 'meanScore', 'seatsPlayed', 'winShare', 'wins']);
      expect(b.decisionMs.p99).toBeGreaterThanOrEqual(b.decisionMs.p50);
    }
  });

  it('the same seed plays the same games', async () => {
    const run = () => league({ game: 'sea-salt-and-paper', seats: 2, bots: 'random', games: 4, workers: 1, seed: 'again' });
    const [a, b] = [await run(), await run()];
    expect(a.bots.map(({ wins, meanScore }) => ({ wins, meanScore }))).toEqual(b.bots.map(({ wins, meanScore }) => ({ wins, meanScore })));
  });

  it('stops a game still running at the move cap, counts it as capped and leaves it out of the figures', async () => {
    // SCOUT at 2 seats takes about 30 to 40 moves with random bots (forced moves included): a cap of 35 stops some games and lets others end.
    const r = await league({ game: 'scout', seats: 2, bots: 'random', games: 20, workers: 1, seed: 'cap', maxMoves: 35 });
    expect(r.capped).toBeGreaterThan(0);
    expect(r.games).toBeGreaterThan(0);
    expect(r.games + r.capped).toBe(20);
    expect(r.bots[0]!.seatsPlayed).toBe(2 * r.games);
    expect(r.bots[0]!.wins).toBeCloseTo(r.games, 2);
    await expect(league({ game: 'scout', seats: 2, bots: 'random', games: 2, maxMoves: 0 })).rejects.toThrow(/--max-moves/);
  });

  it('seats an external bot: one process per line-up entry, in the worker threads', async () => {
    const r = await league({ game: 'scout', seats: 2, bots: 'external:node examples/external-bot.mjs,random', games: 2, workers: 1, seed: 'ext' });
    expect(r.bots.map((b) => [b.bot, b.seatsPlayed])).toEqual([['external:node examples/external-bot.mjs', 2], ['random', 2]]);
  });

  it('--json prints one object; --help prints usage and exits 0', () => {
    const cli = (...args: string[]) => execFileSync('npx', ['tsx', 'services/bots/league/cli.ts', ...args], { encoding: 'utf8' });
    expect(cli('--help')).toMatch(/^usage: npm run league -- --game G --seats N --bots LINEUP --games K/);
    const out = JSON.parse(cli('--game', 'scout', '--seats', '2', '--bots', 'random', '--games', '2', '--workers', '1', '--json'));
    expect(Object.keys(out)).toEqual(['game', 'seats', 'games', 'capped', 'bots']);
    expect(out).toMatchObject({ game: 'scout', seats: 2, games: 2, bots: [{ bot: 'random', seatsPlayed: 4 }] });
  });
});
