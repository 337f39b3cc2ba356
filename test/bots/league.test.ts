import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { playLeagueGame } from '../../services/analytics/league/game.js';
import { league, leagueSpec } from '../../services/analytics/league/run.js';
import type { Bot } from '../../services/engine/core/index.js';
import { findGame } from '../../services/engine/registry.js';
import { seatSymmetry } from '../../services/analytics/league/tally.js';
import { bundled } from '../kit/server-bundle.js';

describe('npm run league: duplicate-paired games between bots', () => {
  it('every caller of one league game (the league, the ladder, tune-search) is capped by default: bots that cycle for ever stop', () => {
    type Move = { type: string; from?: number; to?: number; end?: string; flip?: boolean; at?: number };
    // SCOUT E15: scout the lone card back whenever there is one, else show the first card alone.
    const cycler: Bot = (_view, legal) =>
      (legal as Move[]).find((m) => m.type === 'scout' && m.end === 'left' && !m.flip && m.at === 0) ?? (legal as Move[]).find((m) => m.type === 'show' && m.from === 0 && m.to === 0) ?? legal[0];
    const g = playLeagueGame(findGame('scout')!, [cycler], leagueSpec('cycle', 0, 3, {}));
    expect(g).toMatchObject({ capped: true, scores: [], winners: [] });
  });

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

  it('--json prints one object; --help prints usage and exits 0', async () => {
    // The command bundled once per worker (test/kit/server-bundle.ts): the same sources as `npm run league`, without tsx's loader at each start.
    const file = await bundled('league');
    const cli = (...args: string[]) => execFileSync(process.execPath, [file, ...args], { encoding: 'utf8' });
    expect(cli('--help')).toMatch(/^usage: npm run league -- --game G --seats N --bots LINEUP --games K/);
    const out = JSON.parse(cli('--game', 'scout', '--seats', '2', '--bots', 'random', '--games', '2', '--workers', '1', '--json'));
    expect(Object.keys(out)).toEqual(['game', 'seats', 'games', 'capped', 'bots']);
    expect(out).toMatchObject({ game: 'scout', seats: 2, games: 2, bots: [{ bot: 'random', seatsPlayed: 4 }] });
  });
});

describe('npm run league -- --symmetry: self-play, one deal per game, per-seat win shares', () => {
  it('plays one bot in every seat, each game its own deal with a random start seat (Seledyne: by default the designated seat 0, here drawn)', async () => {
    const r = await league({ game: 'seledyne', seats: 3, bots: 'greedy', games: 30, workers: 1, seed: 'sym', symmetry: true });
    expect(r.games).toBe(30); // not rounded to rotations
    expect(r.options).toMatchObject({ firstStartPlayer: 'RANDOM' });
    const sym = r.symmetry!;
    expect(sym.seats.map((x) => x.seat)).toEqual([0, 1, 2]);
    expect(sym.seats.reduce((n, x) => n + x.wins, 0)).toBeCloseTo(30, 2);
    expect(sym.seats.reduce((n, x) => n + x.starts, 0)).toBe(30);
    expect(sym.seats.every((x) => x.starts > 0)).toBe(true);
    expect(sym.df).toBe(2);
  });

  it('refuses a line-up of several bots', async () => {
    await expect(league({ game: 'scout', seats: 3, bots: 'greedy,random', games: 3, workers: 1, symmetry: true })).rejects.toThrow(/self-play/);
  });

  it('flags wins piled on one seat, and a start seat that is not uniform', () => {
    const game = (winners: number[], startSeat: number) => ({ deal: 0, rotation: 0, seatBots: [0, 0, 0], scores: [0, 0, 0], winners, startSeat, decisionMs: [[]] });
    const even = [...Array(300).keys()].map((i) => game([i % 3], i % 3));
    expect(seatSymmetry(3, even)).toMatchObject({ chi2: 0, symmetric: true });
    const biased = [...Array(300).keys()].map((i) => game([i % 5 < 2 ? 0 : i % 3], i % 3));
    expect(seatSymmetry(3, biased).symmetric).toBe(false);
    const fixedStart = [...Array(300).keys()].map((i) => game([i % 3], 0));
    expect(seatSymmetry(3, fixedStart)).toMatchObject({ p: 1, symmetric: false });
  });
});
