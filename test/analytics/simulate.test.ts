/**
 * The rules-variant lab: games played by bots on worker threads land in the export format, are
 * whole finished games, and a run is reproducible from its seed whatever the thread count.
 */
import { appendFile, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../services/analytics/simulate.js';
import { computeStats } from '../../services/analytics/stats.js';

const dir = () => mkdtemp(join(tmpdir(), 'parlor-sim-'));
const lines = async (file: string) => (await readFile(file, 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l));
/** A game line without what depends on the clock. */
const timeless = ({ createdAt: _c, endedAt: _e, ...rest }: Record<string, unknown>) => rest;

describe('simulate', () => {
  it('two threads write every game, whole, with the options given, and the same games as one thread from the same seed', async () => {
    const [a, b] = [await dir(), await dir()];
    const options = { twoPlayerAllowPass: true };
    // Both runs at once: their threads start (and load the engine) side by side.
    const [two, one] = await Promise.all([
      simulate({ game: 'scout', seats: 2, games: 12, out: a, workers: 2, seed: 'lab', options }),
      simulate({ game: 'scout', seats: 2, games: 12, out: b, workers: 1, seed: 'lab', options }),
    ]);
    expect(two).toMatchObject({ games: 12, workers: 2 });
    const games = await lines(join(a, 'games.ndjson'));
    expect(new Set(games.map((g) => g.id)).size).toBe(12);
    expect(games.every((g) => g.type === 'scout' && g.seats === 2 && g.result.winners.length >= 1 && g.options.twoPlayerAllowPass === true)).toBe(true);
    const events = await lines(join(a, 'events.ndjson'));
    expect(events.length).toBe(two.events);
    for (const g of games) expect(events.filter((e) => e.gameId === g.id).length).toBe(g.events);
    const sorted = (gs: Record<string, unknown>[]) => gs.map(timeless).sort((x, y) => String(x.id).localeCompare(String(y.id)));
    expect(sorted(await lines(join(b, 'games.ndjson')))).toEqual(sorted(games));
    expect(one.events).toBe(two.events);
  });

  it('refuses bad options, seats, bots or game types before starting a thread', async () => {
    const out = await dir();
    await expect(simulate({ game: 'scout', seats: 2, games: 4, out, options: { twoPlayerAllowPass: 'yes' } })).rejects.toThrow(/options/);
    await expect(simulate({ game: 'scout', seats: 9, games: 4, out })).rejects.toThrow(/seats/);
    await expect(simulate({ game: 'scout', seats: 2, games: 4, out, bots: 'genius' })).rejects.toThrow(/unknown bot/);
    await expect(simulate({ game: 'chess', seats: 2, games: 4, out })).rejects.toThrow(/unknown game/);
    await expect(simulate({ game: 'scout', seats: 2, games: 0, out })).rejects.toThrow(/--games/);
  });

  it('--bots seats one bot per seat (external processes included), records them in games.ndjson, and stats splits by line-up', async () => {
    const [mixed, greedy, both] = [await dir(), await dir(), await dir()];
    const runs = await Promise.all([
      simulate({ game: 'scout', seats: 3, games: 4, out: mixed, workers: 1, seed: 'lineup', bots: 'random,external:node examples/external-bot.mjs' }),
      simulate({ game: 'scout', seats: 3, games: 3, out: greedy, workers: 1, seed: 'lineup' }),
    ]);
    // A short line-up repeats its last entry; no line-up is greedy everywhere.
    expect(runs.map((r) => r.lineup)).toEqual([
      ['random', 'external:node examples/external-bot.mjs', 'external:node examples/external-bot.mjs'],
      ['greedy', 'greedy', 'greedy'],
    ]);
    for (const [out, run] of [[mixed, runs[0]], [greedy, runs[1]]] as const) {
      const games = await lines(join(out, 'games.ndjson'));
      expect(games.map((g) => g.bots)).toEqual(games.map(() => run.lineup));
      for (const file of ['games.ndjson', 'events.ndjson']) await appendFile(join(both, file), await readFile(join(out, file)));
    }
    const report = await computeStats(both);
    expect(report.games.map((g) => [g.lineup, g.n])).toEqual([
      ['greedy,greedy,greedy', 3],
      ['random,external:node examples/external-bot.mjs,external:node examples/external-bot.mjs', 4],
    ]);
  });
});
