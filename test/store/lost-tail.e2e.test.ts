/**
 * A data folder that lost its tail is detected (issue 36, item 4). The server's pieces run on a
 * real embedded DynamoDB persisted to a temporary folder (LevelDB, as `npm start` keeps it); a game
 * is played, the server stops, and the LevelDB write-ahead log is cut back to its size at an
 * earlier version: what a disk or a copy that lost its newest writes leaves. The store itself then
 * looks sound, only shorter; only the heads kept beside the data (store/heads.ts) can tell.
 * Started again, the server refuses the game with STREAM_DAMAGED naming the versions missing and
 * appends nothing on top; `npm run verify-store` names the game and the versions and exits 1.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { Aggregate } from '../../services/app/aggregate.js';
import type { ParlorService } from '../../services/app/service.js';
import { createLocalParlor } from '../../services/local.js';
import { ensureTable, HEADS_FILE, localClient, startEmbeddedDynamo } from '../../services/store/index.js';
import { bundled } from '../kit/server-bundle.js';

const dataDir = mkdtempSync(join(tmpdir(), 'parlor-lost-tail-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The LevelDB write-ahead log the newest writes are in (not LevelDB's own text LOG). */
const wal = () => join(dataDir, readdirSync(dataDir).filter((f) => /^\d+\.log$/.test(f)).sort().at(-1)!);

/** The server on the data folder, as npm start wires it (heads beside the data). */
async function serve() {
  const dynamo = await startEmbeddedDynamo({ path: dataDir });
  const client = localClient(dynamo.endpoint);
  await ensureTable(client, 'parlor');
  const parlor = await createLocalParlor({ client, tableName: 'parlor', signingSecret: 's', heads: join(dataDir, HEADS_FILE) });
  const gql = async (query: string, token?: string) => (await parlor.app.inject({ method: 'POST', url: '/graphql', payload: { query }, headers: token ? { authorization: `Bearer ${token}` } : {} })).json();
  return { ...parlor, gql, close: async () => (await parlor.app.close(), client.destroy(), await dynamo.close()) };
}

/** A two-seat SCOUT game and its seat tokens. */
async function newGame(service: ParlorService, seed: string): Promise<{ agg: Aggregate; tokens: string[] }> {
  const created = await service.create({ game: 'scout', seats: 2, seed });
  const tokens = [(await service.join(created.id, 'Ann')).token, (await service.join(created.id, 'Bob')).token];
  return { agg: await service.load(created.id), tokens };
}

/** Plays the first legal move of the seat to move until the game is at `version`. */
async function playTo(service: ParlorService, game: { agg: Aggregate; tokens: string[] }, version: number): Promise<void> {
  while (game.agg.version < version && !game.agg.state.ended) {
    const seat = game.agg.table.status(game.agg.state).toMove[0]!;
    game.agg = await service.move({ gameId: game.agg.id, token: game.tokens[seat]!, move: game.agg.table.legalMoves(game.agg.state, seat)[0] });
  }
}

describe('a data folder cut short', () => {
  it('loses acknowledged commits: the restarted server refuses the game (STREAM_DAMAGED, naming the versions) and verify-store names it and exits 1', async () => {
    const before = await serve();
    const sound = await newGame(before.service, 'sound');
    await playTo(before.service, sound, 6);
    const cut = await newGame(before.service, 'cut');
    await playTo(before.service, cut, 8);
    const size = statSync(wal()).size; // every write up to the cut game's version 8
    await playTo(before.service, cut, 20);
    await before.close();
    expect(statSync(wal()).size, 'the stop kept the newest writes in the log').toBeGreaterThan(size);

    truncateSync(wal(), size);
    const after = await serve();
    try {
      const read = await after.gql(`{ game(id: "${cut.agg.id}") { version } }`);
      expect(read.errors?.[0]?.extensions?.code).toBe('STREAM_DAMAGED');
      expect(read.errors?.[0]?.message).toContain('versions 9–20');
      const move = await after.gql(`mutation { submitMove(gameId: "${cut.agg.id}", move: { type: "pass" }) { game { version } } }`, cut.tokens[0]);
      expect(move.errors?.[0]?.extensions?.code, 'nothing is appended on top of the cut').toBe('STREAM_DAMAGED');
      expect((await after.gql(`{ game(id: "${sound.agg.id}") { version } }`)).data.game.version, 'the game before the cut is served').toBe(6);
    } finally {
      await after.close();
    }

    const verify = await promisify(execFile)(process.execPath, [await bundled('verify-store')], { env: { ...process.env, DATA_DIR: dataDir } }).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    );
    expect(verify.code).toBe(1);
    expect(verify.stdout.split('\n').filter((l) => /LOST_TAIL|MISSING/.test(l))).toEqual([`${cut.agg.id}  LOST_TAIL  versions 9–20 acknowledged but missing (the data files lost their tail)`]);
    expect(verify.stdout).toContain('2 games checked, 1 damaged');
  }, 120_000);
});
