/**
 * The rules-variant lab: games played by bots on worker threads land in the export format, are
 * whole finished games, and a run is reproducible from its seed whatever the thread count; a
 * game that would not end is stopped at the move cap and written flagged; a stopped run keeps
 * what it wrote and `resume` completes it to the same dataset; the compact record unless asked.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { duration } from '../../services/analytics/cli/progress.js';
import { botGame } from '../../services/analytics/bot-game.js';
import { gameLines } from '../../services/analytics/ndjson.js';
import { duckdb } from '../../services/analytics/parquet.js';
import { gameFacts } from '../../services/analytics/record.js';
import type { Bot } from '../../services/engine/core/index.js';
import { findGame } from '../../services/engine/registry.js';
import { DEFAULT_MAX_MOVES, simulate } from '../../services/analytics/simulate.js';
import { computeStats } from '../../services/analytics/stats.js';
import { textReport } from '../../services/analytics/stats-report.js';
import { bundled } from '../kit/server-bundle.js';

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
      simulate({ game: 'scout', seats: 2, games: 12, out: a, workers: 2, seed: 'lab', options, format: 'ndjson' }),
      simulate({ game: 'scout', seats: 2, games: 12, out: b, workers: 1, seed: 'lab', options, format: 'ndjson' }),
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
      simulate({ game: 'scout', seats: 3, games: 4, out: mixed, workers: 1, seed: 'lineup', bots: 'random,external:node examples/external-bot.mjs', format: 'ndjson' }),
      simulate({ game: 'scout', seats: 3, games: 3, out: greedy, workers: 1, seed: 'lineup', format: 'ndjson' }),
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

  it('a game still running at the move cap is written flagged move-cap with no result, and stats count it apart', async () => {
    const out = await dir();
    // SCOUT at 2 seats takes 20 to 35 moves with random bots: a cap of 25 stops some games and lets others end.
    const run = await simulate({ game: 'scout', seats: 2, games: 20, bots: 'random', out, workers: 1, seed: 'cap', maxMoves: 25, format: 'ndjson' });
    const games = await lines(join(out, 'games.ndjson'));
    const capped = games.filter((g) => g.endReason === 'move-cap');
    expect(games).toHaveLength(20);
    expect(capped.length).toBe(run.capped);
    expect(capped.length).toBeGreaterThan(0);
    expect(capped.length).toBeLessThan(20);
    for (const g of capped) expect(g).toMatchObject({ result: null, moves: 25, seed: expect.any(String) });
    for (const g of games.filter((g) => g.endReason !== 'move-cap')) expect(g.moves).toBeLessThanOrEqual(25);
    const report = await computeStats(out);
    expect(report.moveCapped).toBe(capped.length);
    expect(report.games[0]!.n).toBe(20 - capped.length);
    expect(textReport([report])).toContain(`${capped.length} game(s) stopped at the move cap`);
  });

  it('a line-up that cycles for ever (SCOUT E15: show one card, scout it back) is stopped by the default cap and recorded, not lost', () => {
    type Move = { type: string; from?: number; to?: number; end?: string; flip?: boolean; at?: number };
    // Scout whenever the table has a card (left end, unturned, at the front); else show the first card alone.
    const cycler: Bot = (_view, legal) =>
      (legal as Move[]).find((m) => m.type === 'scout' && m.end === 'left' && !m.flip && m.at === 0) ?? (legal as Move[]).find((m) => m.type === 'show' && m.from === 0 && m.to === 0) ?? legal[0];
    const commits = botGame(findGame('scout')!, { seats: 3, seed: 'cycle', botSeed: 1, bots: [cycler, cycler, cycler], maxMoves: DEFAULT_MAX_MOVES });
    expect(gameFacts('cycle', commits)).toBeNull(); // not over by the rules
    const facts = gameFacts('cycle', commits, { moveCap: true })!;
    expect(facts).toMatchObject({ endReason: 'move-cap', result: null, commits: 1 + 3 + DEFAULT_MAX_MOVES });
    expect(JSON.parse(gameLines(facts, commits).game)).toMatchObject({ endReason: 'move-cap', moves: DEFAULT_MAX_MOVES });
  });

  it('a run stopped midway keeps the games it wrote, and --resume completes it to the records of an uninterrupted run', async () => {
    const [whole, stopped] = [await dir(), await dir()];
    // Two shares of 20: the stop comes after the first batch of one share, so part of the run is always left (150 games cost ~4 s more CPU and guard no more).
    const GAMES = 40;
    const settings = { game: 'scout', seats: 3, games: GAMES, bots: 'random', workers: 2, seed: 'resume', trajectories: true } as const;
    const reference = simulate({ ...settings, out: whole });
    const stop = new AbortController();
    let seen = 0;
    await expect(simulate({ ...settings, out: stopped, signal: stop.signal, onProgress: (done) => ((seen = done), stop.abort()) })).rejects.toThrow(/--resume/);
    // What the run reported done is on disk, as NDJSON (the Parquet files come at the end).
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(GAMES);
    expect(await lines(join(stopped, 'games.ndjson'))).toHaveLength(seen);
    // A kill in the middle of a batch leaves a part of it: the resumed run cuts the files back to the checkpoint.
    // The part is longer than what the rest of the run writes, so writing over it from the checkpoint would not hide it.
    for (const file of ['games.ndjson', 'events.ndjson', 'moves.ndjson', 'trajectories.ndjson']) await appendFile(join(stopped, file), `{"half a line${'x'.repeat(4 << 20)}`);
    await expect(simulate({ ...settings, out: stopped })).rejects.toThrow(/unfinished simulation/);
    await expect(simulate({ ...settings, seed: 'other', out: stopped, resume: true })).rejects.toThrow(/seed differs/);
    const resumed = await simulate({ out: stopped, resume: true } as Parameters<typeof simulate>[0]);
    expect(resumed).toMatchObject({ games: GAMES, resumed: seen });
    expect((await reference).games).toBe(GAMES);
    const db = await duckdb(1);
    try {
      const table = async (out: string, file: string, order: string, without = '') =>
        (await db.runAndReadAll(`SELECT * ${without} FROM read_parquet('${join(out, file)}') ORDER BY ${order}`)).getRowsJson();
      for (const [file, order, without] of [
        ['games.parquet', 'id', 'EXCLUDE (createdAt, endedAt)'],
        ['events.parquet', 'gameId, version, "index"', 'EXCLUDE ("at")'],
        ['moves.parquet', 'gameId, version', 'EXCLUDE ("at", sincePreviousMs)'],
        ['trajectories.parquet', 'gameId, version', ''],
      ] as const) {
        const [a, b] = [await table(whole, file, order, without), await table(stopped, file, order, without)];
        expect(b.length, file).toBe(a.length);
        expect(b, file).toEqual(a);
      }
      expect((await table(stopped, 'games.parquet', 'id')).length).toBe(GAMES);
    } finally {
      db.closeSync();
    }
  });

  it('a run killed (SIGKILL) has every game of its last checkpoint on disk, whole', async () => {
    const out = await dir();
    // More games than it can play before the kill: the run is surely cut midway.
    const child = spawn(process.execPath, [await bundled('simulate'), '--game', 'scout', '--seats', '3', '--games', '1000000', '--bots', 'random', '--workers', '1', '--seed', 'kill', '--out', out], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const checkpoint = async () => (existsSync(join(out, 'simulation.json')) ? JSON.parse(await readFile(join(out, 'simulation.json'), 'utf8')) : null);
    let saved = await checkpoint();
    while (!(saved?.position.games > 0)) {
      await new Promise((r) => setTimeout(r, 50));
      saved = await checkpoint().catch(() => null);
    }
    child.kill('SIGKILL');
    await exited;
    saved = await checkpoint();
    const games = (await readFile(join(out, 'games.ndjson'))).subarray(0, saved.position.gamesBytes).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    expect(games).toHaveLength(saved.position.games);
    expect(new Set(games.map((g) => g.id)).size).toBe(saved.position.games);
    expect(saved.shares[0].next).toBe(saved.position.games);
  });

  it('writes the compact record by default, Parquet or NDJSON when asked, and stats reads the default output', async () => {
    const [compact, parquet, both] = [await dir(), await dir(), await dir()];
    await Promise.all([
      simulate({ game: 'scout', seats: 3, games: 5, out: compact, workers: 1, seed: 'format' }),
      simulate({ game: 'scout', seats: 3, games: 5, out: parquet, workers: 1, seed: 'format', format: 'parquet' }),
      simulate({ game: 'scout', seats: 3, games: 5, out: both, workers: 1, seed: 'format', format: 'both' }),
    ]);
    const data = async (out: string) => (await readdir(out)).filter((f) => f !== 'simulation.json').sort();
    expect(await data(compact)).toEqual(['games.ndjson', 'plays.ndjson']);
    expect(await data(parquet)).toEqual(['events.parquet', 'games.parquet', 'moves.parquet']);
    expect(await data(both)).toEqual(['events.ndjson', 'events.parquet', 'games.ndjson', 'games.parquet', 'moves.ndjson', 'moves.parquet']);
    expect(existsSync(join(parquet, 'games.ndjson'))).toBe(false);
    expect((await computeStats(parquet)).games.map((g) => g.n)).toEqual([5]);
    // Stats of the compact run derive its events first (kept for the next reader), to the same figures.
    const clockless = async (out: string) => (await computeStats(out)).games.map(({ length: { seconds: _wall, ...length }, ...g }) => ({ ...g, length }));
    expect(await clockless(compact)).toEqual(await clockless(parquet));
    expect(await data(compact)).toEqual(['events.ndjson', 'games.ndjson', 'moves.ndjson', 'plays.ndjson']);
    // A new run in a used folder clears the old tables first: stopped midway (after its first batch), it leaves no old Parquet for stats to read.
    // Far more games than a batch holds, so the stop always lands midway (200 once fit in the first batch, which then ended the run).
    const stop = new AbortController();
    await expect(simulate({ game: 'scout', seats: 3, games: 100_000, out: both, workers: 1, seed: 'format-again', format: 'both', signal: stop.signal, onProgress: () => stop.abort() })).rejects.toThrow(/--resume/);
    expect(await data(both)).toEqual(['events.ndjson', 'games.ndjson', 'moves.ndjson']);
    // … and a compact run's derived tables and plays too.
    await expect(simulate({ game: 'scout', seats: 3, games: 200, out: compact, workers: 1, seed: 'format-again', format: 'parquet', signal: stop.signal })).rejects.toThrow(/--resume/);
    expect(await data(compact)).toEqual(['events.ndjson', 'games.ndjson', 'moves.ndjson']);
  });

  it('the progress line gives the ETA in hours and minutes, minutes and seconds, or seconds', () => {
    expect([duration(5.4), duration(65), duration(3_725), duration(Infinity)]).toEqual(['5s', '1m 05s', '1h 02m', '?']);
  });
});
