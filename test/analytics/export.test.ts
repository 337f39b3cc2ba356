/**
 * npm run export against the embedded DynamoDB: many games over many small pages, only finished
 * games written, NDJSON and Parquet agreeing, filters, and an interrupted export resuming to the
 * very files an uninterrupted one writes.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportGames } from '../../services/analytics/export.js';
import { duckdb } from '../../services/analytics/parquet.js';
import type { AnyGame } from '../../services/engine/core/index.js';
import { scout } from '../../services/engine/games/scout/index.js';
import { DynamoLobby } from '../../services/store/index.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { highCard } from '../kit/high-card.js';
import { storeBotGame } from '../kit/table-fill.js';

const db = useEmbeddedDynamo();
const dir = () => mkdtemp(join(tmpdir(), 'parlor-export-'));
const lines = async (file: string) => (await readFile(file, 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l));

const finished: { id: string; type: string; events: number }[] = [];
const running: string[] = [];
let between = '';

beforeAll(async () => {
  const store = async (game: AnyGame, seats: number, botSeed: number, maxMoves?: number) => {
    const { id, commits } = await storeBotGame(db.store, game, { seats, botSeed, maxMoves });
    if (maxMoves !== undefined) return void running.push(id);
    finished.push({ id, type: game.id, events: commits.reduce((n, c) => n + c.events.length, 0) });
  };
  await Promise.all([...Array(4).keys()].map((i) => store(scout, 2, i)));
  await Promise.all([store(scout, 3, 100), store(highCard, 3, 101), store(scout, 2, 102, 6), store(highCard, 2, 103, 1)]);
  // Not a commit: the export must pass over it.
  await new DynamoLobby(db.client, db.tableName).put({ gameId: 'lobby-item', type: 'scout', seats: 2, taken: 1, version: 2 });
  await new Promise((r) => setTimeout(r, 20));
  between = new Date().toISOString();
  await Promise.all([store(scout, 2, 200), store(highCard, 2, 201)]);
});

describe('export', () => {
  it('writes every finished game and its events over many pages, never a running one, and Parquet agrees', async () => {
    const out = await dir();
    const progress: number[] = [];
    const summary = await exportGames(db.store, { out, pageSize: 7, onProgress: (p) => progress.push(p.scanned) });
    expect(summary).toMatchObject({ complete: true, resumed: false, games: finished.length });
    expect(progress.length).toBeGreaterThan(20);

    const games = await lines(join(out, 'games.ndjson'));
    expect(games.map((g) => g.id).sort()).toEqual(finished.map((g) => g.id).sort());
    for (const g of games) {
      expect(g).toMatchObject({ type: finished.find((f) => f.id === g.id)!.type, events: finished.find((f) => f.id === g.id)!.events });
      expect(Object.keys(g)).toEqual(expect.arrayContaining(['id', 'type', 'seats', 'options', 'seedHash', 'seed', 'seedFixed', 'createdAt', 'endedAt', 'players', 'result', 'commits', 'events']));
    }
    const events = await lines(join(out, 'events.ndjson'));
    expect(events.length).toBe(finished.reduce((n, g) => n + g.events, 0));
    expect(events.some((e) => running.includes(e.gameId))).toBe(false);
    expect(JSON.stringify(events)).not.toContain('tokenHash');
    // The moves table: a row per commit, in order, each with the command that made it.
    const moves = await lines(join(out, 'moves.ndjson'));
    for (const g of games) {
      const rows = moves.filter((m) => m.gameId === g.id);
      expect(rows.map((m) => m.version)).toEqual(Array.from({ length: g.commits }, (_, i) => i + 1));
      expect(rows.map((m) => m.kind)).toEqual(['create', ...Array(g.seats).fill('join'), ...Array(g.moves).fill('move')]);
      expect(rows.filter((m) => m.kind === 'move').every((m) => m.by === 'seat' && m.command.seat === m.seat && m.sincePreviousMs >= 0)).toBe(true);
    }
    expect(JSON.stringify(moves)).not.toMatch(/tokenHash|"seed"/);

    const sql = await duckdb(1);
    const count = async (file: string) => Number((await sql.runAndReadAll(`SELECT count(*) AS n FROM '${join(out, file)}'`)).getRowObjects()[0]!.n);
    expect(await count('games.parquet')).toBe(games.length);
    expect(await count('events.parquet')).toBe(events.length);
    expect(await count('moves.parquet')).toBe(moves.length);
    const winners = await sql.runAndReadAll(`SELECT id, result.winners AS w FROM '${join(out, 'games.parquet')}' ORDER BY id`);
    expect(winners.getRowObjectsJson().map((r) => [r.id, r.w])).toEqual(games.map((g) => [g.id, g.result.winners]).sort((a, b) => a[0].localeCompare(b[0])));
    sql.closeSync();
  });

  it('an interrupted export resumes from its checkpoint to the same files an uninterrupted one writes', async () => {
    const whole = await dir();
    await exportGames(db.store, { out: whole, pageSize: 7, parquet: false });
    const out = await dir();
    const first = await exportGames(db.store, { out, pageSize: 7, maxPages: 9, parquet: false });
    expect(first.complete).toBe(false);
    expect(first.games).toBeGreaterThan(0);
    expect(first.games).toBeLessThan(finished.length);
    const second = await exportGames(db.store, { out, pageSize: 7, parquet: false });
    expect(second).toMatchObject({ resumed: true, complete: true, games: finished.length });
    for (const file of ['games.ndjson', 'events.ndjson', 'moves.ndjson']) expect(await readFile(join(out, file), 'utf8')).toBe(await readFile(join(whole, file), 'utf8'));
  });

  it('--game keeps one type and --since the games that ended from then on', async () => {
    const byType = await exportGames(db.store, { out: await dir(), game: 'high-card', pageSize: 50, parquet: false });
    expect(byType.games).toBe(finished.filter((g) => g.type === 'high-card').length);
    const out = await dir();
    await exportGames(db.store, { out, since: between, parquet: false });
    expect((await lines(join(out, 'games.ndjson'))).map((g) => g.id).sort()).toEqual(finished.slice(-2).map((g) => g.id).sort());
    await expect(exportGames(db.store, { out, since: 'yesterday' })).rejects.toThrow(/ISO date/);
  });
});
