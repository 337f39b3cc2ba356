/**
 * The trajectories table: one line per decision, holding exactly what the deciding seat was
 * shown (its view and legal moves, as a bot receives them) and the move it made.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { botGame } from '../../services/analytics/bot-game.js';
import { ExportSink } from '../../services/analytics/ndjson.js';
import { duckdb } from '../../services/analytics/parquet.js';
import { gameFacts } from '../../services/analytics/record.js';
import { simulate } from '../../services/analytics/simulate.js';
import { TRAJECTORIES_FILE, type TrajectoryLine } from '../../services/analytics/trajectories.js';
import { randomBot, type Bot } from '../../services/engine/core/index.js';
import { games } from '../../services/engine/registry.js';

const lines = async (file: string) => (await readFile(file, 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l));
const json = <T>(x: T): T => JSON.parse(JSON.stringify(x));

describe('trajectories', () => {
  it.each(games.map((g) => [g.id, g] as const))('%s: each line is what the seat saw when it chose (view, legal moves) and the move it made', async (_id, game) => {
    const seen: { seat: number; view: unknown; legalMoves: readonly unknown[]; move: unknown }[] = [];
    const recording: Bot = (view, legalMoves, rng, context) => {
      const move = randomBot(view, legalMoves, rng);
      seen.push(json({ seat: context.seat, view, legalMoves, move }));
      return move;
    };
    const dir = await mkdtemp(join(tmpdir(), 'parlor-trajectories-'));
    const sink = await ExportSink.open(dir, undefined, { trajectories: true });
    const commits = botGame(game, { seats: 2, seed: `trajectories-${game.id}`, botSeed: 7, bot: recording });
    await sink.add(gameFacts('t1', commits)!, commits);
    await sink.close();

    const written = (await lines(join(dir, TRAJECTORIES_FILE))) as TrajectoryLine[];
    expect(written.length).toBe(seen.length);
    written.forEach((line, i) => {
      expect({ seat: line.seat, view: line.view, legalMoves: line.legalMoves, move: line.move }).toEqual(seen[i]);
      expect(line.legalMoves[line.moveIndex]).toEqual(line.move);
      expect(line).toMatchObject({ gameId: 't1', type: game.id, seats: 2, by: 'seat' });
    });
  });

  it('npm run simulate --trajectories writes them beside the other tables', async () => {
    const out = await mkdtemp(join(tmpdir(), 'parlor-trajectories-sim-'));
    await simulate({ game: 'scout', seats: 2, games: 2, bots: 'random', out, workers: 1, seed: 'trajectories', trajectories: true, format: 'both' });
    const written = (await lines(join(out, TRAJECTORIES_FILE))) as TrajectoryLine[];
    const moves = (await lines(join(out, 'moves.ndjson'))).filter((m) => m.kind === 'move');
    expect(written.map((l) => [l.gameId, l.version, l.seat])).toEqual(moves.map((m) => [m.gameId, m.version, m.seat]));
    // The Parquet table holds the same lines, typed (JSON columns as JSON text).
    const db = await duckdb(1);
    try {
      const rows = (await db.runAndReadAll(`SELECT gameId, version, seat, moveIndex, view FROM read_parquet('${join(out, 'trajectories.parquet')}')`)).getRowObjectsJson();
      expect(rows.map((r) => [r.gameId, r.version, r.seat, r.moveIndex, JSON.parse(String(r.view))])).toEqual(written.map((l) => [l.gameId, l.version, l.seat, l.moveIndex, l.view]));
    } finally {
      db.closeSync();
    }
  });
});
